"""Partner play: the guide's "Jogo em Parceiros" (000 ch.2) for the partners modes.

Teams are seat ``s`` and seat ``s + n/2`` (partners sit opposite, as in
:mod:`unokit.match`'s ``partners`` mode). :class:`PartnerBot` is a
:class:`~unokit.bots.strategist.StrategistBot` that plays for its team:

- it never catches, challenges or accuses its partner, never makes the partner
  draw, never donates to the partner, and counts the partner's chance to
  follow a colour as a gain ("Dupla Continuidade");
- and it adds the partner components of :data:`PARTNER_COMPONENTS`: division of
  tasks, facilitated wild, supply, isolation (simple, systematic, fatal), the
  compass (T), the short "Olha o Avião", zero in pairs and the double trébuchet.

Signals ("Sinais") go through a :class:`TeamChannel`:

``'open'``    messages become :class:`~unokit.core.actions.Say` actions at the table: they are in the
              public history, every seat (opponents included) reads them, and the rules judge
              them (a silence rule, S, punishes them; a ``PartnerBot`` keeps quiet during one).
``'secret'``  only the partner receives them. They never touch the engine: the *simulation*
              passes them (:func:`play_team_hand` delivers them between steps, at the moment an
              open message would have been said). This models the secret gestures of the guide;
              the engine's records and replays do not contain them.
``'none'``    no messages at all; partners play on what the table shows.

Signals are short text lines ``#sig <kind> <value>`` (see :func:`unokit.bots.knowledge.parse_signal`):

==========  =================  =====================================================
kind        guide's signal     value
==========  =================  =====================================================
``attack``  Número de Cartas   number of attack cards held (Skip, Reverse, +2, wilds)
            de Ataque
``skips``   Número de Cartas   number of Skips held
            Pular
``got``     Comprei uma Carta  the kind of attack card just drawn (``S``, ``R``, ``+2``,
            de Ataque          ``W``, ``W+4``)
``lacks``   Sem esta Cor       the colours not held, as letters (``RG``; ``-``: none)
``want``    Que Cor?           the colour preferred (most held)
``change``  Mude a Cor         the pile's colour is bad for me (value: its letter)
==========  =================  =====================================================

Bots may only return legal actions; chat is not among them, so a bot never
"says" a signal itself: it posts it on the channel and :func:`play_team_hand`
(the harness for team play) applies it. Played with :func:`unokit.lab.sim.play_hand`
an open or secret channel is simply never delivered (the bots then play as with
``'none'``).

>>> ch = TeamChannel('secret')
>>> ch.send(0, 2, 'lacks', 'R')
>>> ch.flush(None)
>>> ch.received(2)
[(0, 'lacks', 'R')]
"""

from __future__ import annotations

from collections import defaultdict

from ..core.actions import Play, Say
from ..core.cards import COLORS, Card, Color, Face
from ..core.errors import IllegalActionError
from .knowledge import SIGNAL_PREFIX
from .strategist import CARD, COMPONENTS, Component, StrategistBot, _Ctx, _danger, _rest

__all__ = ["TeamChannel", "PartnerBot", "PARTNER_COMPONENTS", "ALL_COMPONENTS", "partner_of", "CHANNEL_MODES"]

CHANNEL_MODES = ("open", "secret", "none")


def partner_of(seat: int, players: int) -> int | None:
    """The partner of ``seat``: the seat opposite (``None`` at an odd table)."""
    if players < 4 or players % 2:
        return None
    return (seat + players // 2) % players


class TeamChannel:
    """The team-talk medium shared by the partners of a table (see the module docstring).

    ``send`` queues a message; ``flush(game)`` delivers the queue: as ``Say`` actions applied to
    ``game`` (``'open'``) or into the partner's inbox (``'secret'``). ``log`` keeps every message
    delivered, for tests and analysis.
    """

    def __init__(self, mode: str = "secret"):
        if mode not in CHANNEL_MODES:
            raise ValueError(f"channel mode must be one of {', '.join(CHANNEL_MODES)}, not {mode!r}")
        self.mode = mode
        self.outbox: list[tuple[int, int, str, str]] = []   # (from, to, kind, value)
        self.inbox: dict[int, list] = defaultdict(list)      # seat -> [(from, kind, value)]
        self.log: list[tuple[int, int, str, str]] = []

    @staticmethod
    def text(kind: str, value: str = "") -> str:
        return f"{SIGNAL_PREFIX} {kind} {value}".rstrip()

    def send(self, seat: int, to: int, kind: str, value: str = "") -> None:
        if self.mode == "none":
            return
        self.outbox.append((seat, to, kind, str(value)))

    def flush(self, game) -> None:
        """Deliver the queued messages (the simulation calls this between steps)."""
        out, self.outbox = self.outbox, []
        for seat, to, kind, value in out:
            if self.mode == "secret":
                self.inbox[to].append((seat, kind, value))
                self.log.append((seat, to, kind, value))
            elif self.mode == "open" and game is not None and not game.over:
                say = Say(seat, self.text(kind, value))
                try:
                    game.apply(say)
                except IllegalActionError:
                    continue
                self.log.append((seat, to, kind, value))

    def received(self, seat: int) -> list:
        """Secret messages delivered to ``seat`` so far (oldest first)."""
        return list(self.inbox.get(seat, ()))

    def reset(self) -> None:
        """Forget everything (a new hand)."""
        self.outbox.clear()
        self.inbox.clear()
        self.log.clear()


_P = [
    Component("division_of_tasks", "ch.2 Dupla Continuidade: Divisão de Tarefas, Neutralidade",
              "One partner runs (plays for continuity, to go out), the other manages (attacks the opponents, "
              "helps the runner). The manager is the one with more attack cards (signalled), or the bigger "
              "hand when the runner is well ahead. The runner's own management counts half; the manager's "
              "own continuity counts half and its management half again."),
    Component("facilitated_wild", "ch.2 O Curinga Facilitado; Sinais: Que Cor?, Sem esta Cor, Mude a Cor",
              "Choose colours the partner can follow (the colour it wants, never one it lacks), the more so "
              "when it keeps a wild for its last card."),
    Component("supply", "ch.2 Abastecimento",
              "Make the opponent with the fewest cards draw: when that opponent plays right after the partner "
              "and the partner signalled a draw card, set the colour the partner wants, so it can hit them."),
    Component("isolation", "ch.2 Isolamento; Isolamento Sistemático; Isolamento Fatal",
              "Skips that pass the turn to the partner are worth more (simple isolation), still more when "
              "the partner signalled Skips too (systematic); Skips are kept as the last cards when both "
              "partners hold them (fatal)."),
    Component("compass", "ch.3 Estratégias Específicas: Bússola (T with partners)",
              "Under T, swap hands with the partner when it holds a small hand that the opponent before it "
              "may attack: the small hand moves out of reach."),
    Component("aviao_short", "ch.2 \"Olha o Avião\" Curto",
              "Naming a colour for the partner close to going out, sometimes name another one, so that the "
              "opponent in between changes it (maybe to the partner's colour).", params={"rate": 0.15}),
    Component("zero_pairs", "ch.2 Zero em Duplas",
              "The runner keeps its 0 longer when the partner manages the table."),
    Component("trebuchet_double", "ch.2 Trébuchet Duplo",
              "The trébuchet is played only when the team is behind (the team's smallest hand against the "
              "opponents'), and both partners keep drawing."),
    Component("signals", "ch.2 Sinais",
              "Send the guide's signals on the team channel (attack cards, Skips, attack card drawn, colours "
              "lacked, colour wanted, change the colour)."),
]

#: The partner components (added to :data:`~unokit.bots.strategist.COMPONENTS` by :class:`PartnerBot`).
PARTNER_COMPONENTS: dict[str, Component] = {c.name: c for c in _P}
ALL_COMPONENTS: dict[str, Component] = {**COMPONENTS, **PARTNER_COMPONENTS}


def _attack(c) -> bool:
    return c.is_wild or c.face in (Face.SKIP, Face.REVERSE, Face.DRAW_TWO)


class PartnerBot(StrategistBot):
    """A :class:`StrategistBot` playing for the team ``seat`` / ``seat + n/2`` (see the module docstring).

    ``channel``: the team's :class:`TeamChannel` (shared by both partners; ``None``: a private
    ``'none'`` channel). ``partner``: the partner's seat when it is not the opposite one.
    """

    name = "partner"
    TABLE = ALL_COMPONENTS

    def __init__(self, seed: int | None = None, components: dict | None = None, channel: TeamChannel | None = None,
                 partner: int | None = None):
        super().__init__(seed, components)
        self.channel = channel if channel is not None else TeamChannel("none")
        self.partner = partner
        self._sent: dict = {}
        self._hand_seen: tuple[Card, ...] | None = None

    # ------------------------------------------------------------------ team
    def partner_seat(self, view) -> int | None:
        return self.partner if self.partner is not None else partner_of(view.seat, view.players)

    def friends(self, view) -> set:
        p = self.partner_seat(view)
        return {p} if p is not None and p not in view.eliminated else set()

    def partner_signals(self, view) -> dict:
        """The partner's latest value of each signal kind (channel inbox or the public history)."""
        p = self.partner_seat(view)
        out: dict = {}
        if p is None:
            return out
        if self.channel.mode == "secret":
            for frm, kind, value in self.channel.received(view.seat):
                if frm == p:
                    out[kind] = value
        elif self.channel.mode == "open":
            for frm, kind, value in self.knowledge(view).signals:
                if frm == p:
                    out[kind] = value
        return out

    def role(self, view, sig: dict | None = None) -> str:
        """'runner' or 'manager' (division of tasks), 'solo' without a partner or with the component off."""
        p = self.partner_seat(view)
        if p is None or not self.on("division_of_tasks"):
            return "solo"
        sig = self.partner_signals(view) if sig is None else sig
        mine, theirs = len(view.hand), view.hand_sizes[p]
        if theirs + 3 <= mine:
            return "manager"
        if mine + 3 <= theirs:
            return "runner"
        my_attack = sum(1 for c in view.hand if _attack(c))
        try:
            their_attack = int(sig.get("attack", -1))
        except ValueError:
            their_attack = -1
        if their_attack < 0:  # nothing said: the bigger hand manages (ties: the lower seat runs)
            return "manager" if (mine, view.seat) > (theirs, p) else "runner"
        if my_attack != their_attack:
            return "manager" if my_attack > their_attack else "runner"
        return "manager" if (mine, view.seat) > (theirs, p) else "runner"

    # ------------------------------------------------------------------ signals
    def _signal(self, view) -> None:
        p = self.partner_seat(view)
        if p is None or not self.on("signals") or self.channel.mode == "none":
            return
        if self.channel.mode == "open" and view.silence:
            return  # an open signal during a silence costs cards
        hand = view.hand
        state = {
            "attack": str(sum(1 for c in hand if _attack(c))),
            "skips": str(sum(1 for c in hand if c.face == Face.SKIP)),
            "lacks": "".join(c.letter for c in COLORS if not any(x.color is c for x in hand)) or "-",
        }
        counts = {c: sum(1 for x in hand if x.color is c) for c in COLORS}
        best = max(COLORS, key=lambda c: (counts[c], -int(c)))
        if counts[best]:
            state["want"] = best.letter
        if not any(x.color is view.color or x.is_wild for x in hand):
            state["change"] = view.color.letter
        else:
            state["change"] = "-"
        # an attack card just drawn
        prev = self._hand_seen
        if prev is not None and len(hand) == len(prev) + 1:
            new = list(hand)
            for c in prev:
                if c in new:
                    new.remove(c)
            if len(new) == 1 and _attack(new[0]):
                self.channel.send(view.seat, p, "got", new[0].code if new[0].color is None else new[0].code[1:])
        self._hand_seen = tuple(hand)
        for kind, value in state.items():
            if self._sent.get(kind) != value:
                self._sent[kind] = value
                self.channel.send(view.seat, p, kind, value)

    def act(self, view, legal):
        self._signal(view)
        return super().act(view, legal)

    def react(self, view, legal):
        if not legal:
            self._signal(view)
            return None
        a = super().react(view, legal)
        self._signal(view)
        return a

    # ------------------------------------------------------------------ scoring
    def _team_ctx(self, ctx: _Ctx) -> dict:
        t = getattr(ctx, "team", None)
        if t is None:
            view = ctx.view
            sig = self.partner_signals(view)
            t = ctx.team = {"partner": self.partner_seat(view), "sig": sig, "role": self.role(view, sig)}
            lacks = sig.get("lacks", "")
            t["lacks"] = {c for c in COLORS if c.letter in lacks}
            t["want"] = Color.parse(sig["want"]) if sig.get("want", "") in ("R", "Y", "G", "B") else None
            try:
                t["skips"] = int(sig.get("skips", 0))
            except ValueError:
                t["skips"] = 0
            t["got_draw"] = sig.get("got", "") in ("+2", "W+4")
        return t

    def _value_raw(self, ctx: _Ctx, a: Play, depth: int = 0, hand=None, color=None, top_face=None,
                   sizes=None) -> float:
        v = super()._value_raw(ctx, a, depth, hand, color, top_face, sizes)
        p = self.partner_seat(ctx.view)
        if p is None or not a.cards or depth:
            return v
        t = self._team_ctx(ctx)
        cards = a.cards
        last = cards[-1]
        col = a.color if a.color is not None else last.color
        w = self.w
        hand = ctx.hand if hand is None else hand
        rest = _rest(hand, cards + a.give)
        if not rest:
            return v
        nxt = ctx.nxt(ctx.me)
        # the partner plays right after the next player (4 seats) or later
        partner_next2 = ctx.nxt(nxt) == p
        if w["facilitated_wild"] > 0 and last.is_wild and t["role"] != "solo":
            if col in t["lacks"]:
                v -= w["facilitated_wild"] * CARD * (0.4 + _danger(ctx.sizes[p]))
            if t["want"] is col:
                v += w["facilitated_wild"] * CARD * (0.3 + 0.5 * _danger(ctx.sizes[p]))
        elif w["facilitated_wild"] > 0 and t["role"] == "manager" and col in t["lacks"]:
            v -= w["facilitated_wild"] * CARD * 0.3 * _danger(ctx.sizes[p])
        if w["supply"] > 0 and partner_next2 and t["got_draw"] and t["want"] is col:
            target = ctx.nxt(p)
            if target in ctx.opps and ctx.sizes[target] == ctx.min_opp:
                v += w["supply"] * CARD * (0.3 + _danger(ctx.sizes[target]))
        if w["isolation"] > 0 and last.face == Face.SKIP and partner_next2 and ctx.na >= 4:
            victim = nxt
            bonus = 0.3 + (0.3 if t["skips"] > 0 else 0.0) + 0.5 * _danger(ctx.sizes[victim])
            v += w["isolation"] * CARD * bonus
        if w["isolation"] > 0 and t["skips"] > 0 and 1 <= len(rest) <= 3 and all(c.face == Face.SKIP for c in rest):
            v += w["isolation"] * CARD * 0.5  # fatal isolation: Skips kept for the end
        if w["zero_pairs"] > 0 and t["role"] == "runner" and any(c.number == 0 for c in cards) \
                and ctx.t_card != 0 and ctx.car_card != 0:
            v -= w["zero_pairs"] * 0.4
        if w["aviao_short"] > 0 and last.is_wild and t["role"] == "manager" and ctx.sizes[p] <= 2 \
                and t["want"] is not None and col is not t["want"] and col not in t["lacks"]:
            # the short "Olha o Avião": a decoy colour, decided by a seeded coin in _decoy
            v += self._decoy(ctx) * CARD
        return v

    def _decoy(self, ctx: _Ctx) -> float:
        key = ("decoy", len(ctx.view.history))
        if getattr(ctx, "_decoy_key", None) != key:
            ctx._decoy_key = key
            ctx._decoy_val = 1.5 if self.rng.random() < self.params["aviao_short"]["rate"] else 0.0
        return ctx._decoy_val

    def weights(self, ctx: _Ctx) -> dict:
        """Division of tasks: the manager plays less for its own continuity and more for management,
        the runner the other way round."""
        cached = getattr(ctx, "_weights", None)
        if cached is not None:
            return cached
        w = self.w
        role = self._team_ctx(ctx)["role"] if self.partner_seat(ctx.view) is not None else "solo"
        if role == "manager":
            w = dict(w)
            for k in ("continuity", "color_over_number", "card_counting"):
                w[k] *= 0.5
            w["management"] *= 1.5
        elif role == "runner":
            w = dict(w)
            w["management"] *= 0.5
        ctx._weights = w
        return w

    def context(self, view) -> _Ctx:
        """The decision context, with the partner's secret signals added to what is known of it."""
        ctx = super().context(view)
        p = self.partner_seat(view)
        info = ctx.k.seats.get(p) if p is not None else None
        if info is not None and self.channel.mode == "secret":
            t = self._team_ctx(ctx)
            for c in t["lacks"]:
                info.lack_color[c] = (0.95, info.acquired)
            if t["want"] is not None:
                info.named = (t["want"], 0.9)
        return ctx

    def _compass(self, ctx: _Ctx, mine: int, q: int, sizes) -> float:
        """T with the partner (Bússola): move the partner's small hand out of the attacker's reach."""
        w = self.w["compass"]
        if w <= 0:
            return -5.0 * CARD
        theirs = sizes[q]
        attacker = ctx.nxt(q, 1, -ctx.d)  # the seat just before the partner
        if theirs <= 3 and mine >= theirs + 3 and attacker in ctx.opps:
            return w * CARD * (0.4 + _danger(theirs))
        return -2.0 * CARD

    def _trebuchet(self, ctx: _Ctx) -> bool:
        if self.on("trebuchet_double") and self.partner_seat(ctx.view) is not None:
            return self._team_trebuchet(ctx)
        return super()._trebuchet(ctx)

    def _team_trebuchet(self, ctx: _Ctx) -> bool:
        k = ctx.k
        others = [s for s in ctx.active if s != ctx.me]
        if not others or not all(s in k.stuck for s in others):
            return False
        if any(ctx.sizes[q] <= 1 for q in ctx.opps) or len(ctx.hand) <= 2:
            return False
        p = self.partner_seat(ctx.view)
        team_min = min(len(ctx.hand), ctx.sizes[p]) if p is not None else len(ctx.hand)
        return team_min >= ctx.min_opp + 2
