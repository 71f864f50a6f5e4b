"""StrategistBot: the strategies of the guide's chapter 2, as named, switchable components.

The guide (``000_29ba263adbf96ee5.txt``, chapter 2, "Estratégias do Jogo Oficial",
and chapter 3, "Estratégias Específicas") describes a player as constantly
balancing *continuity* (playing so that the next turn still has a card to play)
against *management* (controlling the others, stopping the one about to win).
This bot scores every legal action with a sum of terms, one per component of
:data:`COMPONENTS`; each component is one section of the guide, has a weight
and can be switched off::

    StrategistBot(seed=1)                                      # everything on
    StrategistBot(seed=1, components={"trebuchet": False})     # one strategy off
    StrategistBot(seed=1, components={"management": 2.0})      # one strategy doubled
    StrategistBot(seed=1, components={"duel": {"style": "assertive"}})  # a parameter

The bot sees only its :class:`~unokit.engine.view.PlayerView` and the legal actions;
what it knows about the others comes from :func:`unokit.bots.knowledge.analyze`
(card counting and reading of draws, wilds, reveals and team signals).

Scores are in "card units": 1.0 is worth about one card less in hand. A play is
valued by the cards it sheds, the effects it has (skips, draws, swaps), the
cards it spends that were worth keeping, and the position it leaves: the bot's
own next turn (continuity) and the chance that the next opponents can follow
(management). In a two-player hand a Skip, Reverse or draw card gives another
turn, and the bot looks ahead through such chains.

>>> from unokit.engine.game import Game
>>> g = Game.from_position(['W R1', 'G5 G6'], discard='R6')
>>> bot = StrategistBot(seed=0)
>>> str(bot.act(g.view(0), g.legal_actions(0)))   # keeps the wild for the last card (Curinga Surpresa)
'0 play R1 uno'
>>> str(StrategistBot(seed=0, components={"surprise_wild": False}).act(g.view(0), g.legal_actions(0)))
'0 play W>R uno'
>>> [(str(a), s) for a, s in bot.last_scores][:2]  # doctest: +ELLIPSIS
[('0 play R1 uno', ...), ('0 play W>R uno', ...)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..core.actions import (
    Accuse,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    Discard,
    Draw,
    Notice,
    Pass,
    Play,
    SayUno,
    Slap,
)
from ..core.cards import COLORS, FLEXED_NUMBER, Card, Color, Face
from ..rules import RuleSet
from ..rules.editions.extreme import LAUNCHER, launcher_mean
from ..rules.editions.nomercy import MERCY
from ..rules.mistake import CallUnready
from .base import Bot, event_cards, event_color, fallback_action, rest_of_hand
from .knowledge import Knowledge, Tracker

__all__ = ["StrategistBot", "COMPONENTS", "Component", "resolve_components"]


@dataclass(frozen=True)
class Component:
    """One strategy of the guide: ``name``, the guide ``section`` it comes from, what it does
    (``doc``), its default ``weight`` (0 = off) and parameters."""

    name: str
    section: str
    doc: str
    weight: float = 1.0
    params: dict = field(default_factory=dict)


_C = [
    Component("continuity", "ch.2 Continuidade do Jogo; Escolha das Cartas em Virtude da Continuidade",
              "Prefer the play that leaves the most cards playable at the next turn: the chance of having a "
              "play when the colour stays or changes, plus the number of cards that follow the new top "
              "(keeping one of two equal cards keeps both the number and the colour)."),
    Component("color_over_number", "ch.2 Escolha das Cartas em Virtude da Continuidade; Resumo",
              "Between eliminating a colour and a number from the hand, eliminate the number: keep the "
              "variety of colours (25 cards per colour against 8 per number)."),
    Component("management", "ch.2 Estratégia Geral; Continuidade (gerenciar x escapar ao gerenciamento)",
              "Action cards are kept while nobody threatens to go out (playing them early wastes them) and "
              "spent to stop an opponent close to going out: a Skip, a draw card, a colour the next player "
              "cannot follow; a Reverse is avoided when the previous player is the dangerous one, a Skip "
              "when the player after the next is. The less cards in hand, the less is kept. ``hold``: "
              "how much a wild is worth keeping (in cards); ``victim``: what a card inflicted on a calm "
              "opponent is worth (in cards); ``pressure``: what leaving a calm next player without a "
              "play is worth (in cards; doubled at a two-player table).",
              params={"hold": 0.65, "victim": 0.5, "pressure": 0.2}),
    Component("read_opponents", "ch.2 As Cartas dos Outros: A Compra; O Uso do Curinga",
              "Use what draws and wilds told: a player who drew on red 8 had no red and no 8; a Wild Draw "
              "Four says its player had no card of the colour in force; the colour named is usually held. "
              "Choose colours (and plays) that the next player lacks. Off: every colour looks alike to them."),
    Component("card_counting", "ch.2 Memorização das Cartas; Resumo",
              "Count the cards: keep the colours and numbers that are still plentiful among the unseen cards "
              "(they will come back), let go of those mostly played (two of each 1-9, one 0 per colour)."),
    Component("surprise_wild", "ch.2 O Curinga Surpresa",
              "Keep a wild for the last card: with one wild left only a draw card can stop the win."),
    Component("olha_o_aviao", "ch.2 \"Olha o Avião\" Longo",
              "With two cards, a wild and one coloured card, sometimes name a colour you lack, so that "
              "readers change it, perhaps to your colour. Only at tables of ``min_players`` or more (the "
              "colour rarely survives a round there) and never when an opponent has one card.",
              params={"rate": 0.3, "min_players": 3}),
    Component("zero", "ch.2 Jogue o Zero, Mantenha o Zero",
              "Dump the 0 (fewer 0s: worse continuity) when you are ahead; keep it (it scores nothing for the "
              "winner) when an opponent is ahead."),
    Component("consumismo", "ch.2 O Consumismo",
              "Drawing is a candidate even when a card could be played: when every play spends a card worth "
              "keeping or hands the next player a colour they can follow, drawing (and perhaps finding a "
              "better card) may be worth more."),
    Component("trebuchet", "ch.2 Trébuchet Longo; Trébuchet Curto",
              "When the pile is dead (everyone has been drawing since the last play) and you are behind, do "
              "not play the card you could play: keep drawing while the others draw, so that the leaders "
              "take cards too."),
    Component("extra_points", "ch.2 Pontos Extras",
              "Keep a Draw Two or Wild Draw Four as the last card: going out on it makes the next player draw "
              "and those cards count for you."),
    Component("duel", "ch.2 Jogo em Dupla: Assertividade, Oportunismo, Flexibilidade",
              "Two players: Skip, Reverse and draw cards give another turn and are chained. 'assertive' spends "
              "them early; 'opportunist' keeps them for a final chain (or an opponent close to going out); "
              "'flexible' spends one at a time when the opponent is ahead.", params={"style": "flexible"}),
    Component("points", "ch.2 Estratégia Geral (não conceder pontos); Resumo",
              "Among otherwise equal plays shed the high-point cards first, the more so when an opponent is "
              "close to going out (wilds 50, action cards 20)."),
    Component("bluff_caution", "ch.2 A Mente dos Outros: Não blefe",
              "A Wild Draw Four played while holding the colour in force (a bluff) costs the expected penalty "
              "of being challenged (``challenged``: the chance of it).", params={"challenged": 0.6}),
    Component("surprise_group", "ch.3 Estratégias Específicas: Grupo Surpresa (DR, DD)",
              "With DR or DD, keep a group (equal numbers or symbols; identical cards under DD) for the end: "
              "it goes out at once, without an UNO call."),
    Component("weapons", "ch.3 Estratégias Específicas: Valorização das Armas",
              "Cards armed by house rules are weapons kept for the right moment: the 0 under T, the 2 under "
              "DOA, the 4 under DAD, the Reverse under BA; their effects are valued when they are played."),
    Component("scene_stealing", "ch.3 Estratégias Específicas: Roubo de Cena (T, CAR)",
              "Under T swap hands with a player who has fewer cards (one in UNO above all); under CAR play the "
              "0 when the hand that comes to you is smaller than yours. Off: the swap is never taken."),
    Component("abstention", "ch.3 Estratégias Específicas: Abstenção (DED)",
              "Under DED put a playable card face down (an honest play, never a bluff) when playing it face "
              "up would help the next player: the card is gone and the pile stays as it is."),
    Component("say_uno", "official rules; ch.2 (a missed UNO costs cards)",
              "Always say UNO with the next-to-last card (and at once whenever holding one card unsaid)."),
    Component("catch_uno", "official rules",
              "Catch every missed UNO, notice every wrong play, slap when M asks for it, call an unready "
              "opponent out (MISTAKE)."),
    Component("challenge", "ch.2 O Uso do Curinga; Memorização das Cartas",
              "Challenge a Wild Draw Four when the inferred chance that its player still holds the colour in "
              "force exceeds ``threshold`` (challenging pays above about 0.25).", params={"threshold": 0.4}),
    Component("accuse", "ch.3 Regra do Duplo Descarte (DED)",
              "Accuse a face-down play when it is more likely a lie than not (from the cards that could have "
              "been played honestly), and always when it ends the hand."),
]

#: Every component, by name. ``StrategistBot(components={name: False})`` switches one off.
COMPONENTS: dict[str, Component] = {c.name: c for c in _C}


def resolve_components(overrides: dict | None, table: dict | None = None) -> tuple[dict, dict]:
    """``{name: bool | float | dict}`` -> (weights, params) over ``table`` (default :data:`COMPONENTS`)."""
    table = COMPONENTS if table is None else table
    weights = {n: c.weight for n, c in table.items()}
    params = {n: dict(c.params) for n, c in table.items()}
    for name, v in (overrides or {}).items():
        if name not in table:
            raise ValueError(f"unknown component {name!r}; choose from {', '.join(sorted(table))}")
        if isinstance(v, bool):
            weights[name] = table[name].weight if v else 0.0
        elif isinstance(v, (int, float)):
            weights[name] = float(v)
        elif isinstance(v, dict):
            v = dict(v)
            if "weight" in v:
                weights[name] = float(v.pop("weight"))
            elif "enabled" in v:
                weights[name] = table[name].weight if v.pop("enabled") else 0.0
            unknown = set(v) - set(table[name].params)
            if unknown:
                raise ValueError(f"component {name!r} has no parameter {', '.join(sorted(unknown))}")
            params[name].update(v)
        else:
            raise ValueError(f"component {name!r}: give True/False, a weight or a dict, not {v!r}")
    return weights, params


def _danger(size: float) -> float:
    """How close a hand of ``size`` cards is to going out (1.0: one card)."""
    if size <= 1:
        return 1.0
    if size <= 2:
        return 0.55
    if size <= 3:
        return 0.25
    if size <= 4:
        return 0.1
    return 0.0


#: Chance that the colour in force survives until my next turn, by active players (0.25 beyond).
_STAY = {2: 0.5, 3: 0.35}
#: What one card more (or less) in hand is worth: the unit of every score.
CARD = 2.5


class _Ctx:
    """Everything one decision needs, computed once."""

    # set on first use by a partner (unokit.bots.partners.PartnerBot) and absent until then: read with getattr
    team: dict
    _decoy_key: tuple
    _decoy_val: float
    _weights: dict

    def __init__(self, bot: StrategistBot, view):
        self.view = view
        self.bot = bot
        self.me = view.seat
        self.n = view.players
        self.rs = RuleSet.parse(view.rules)
        self.eliminated = set(view.eliminated)
        self.active = [s for s in range(self.n) if s not in self.eliminated]
        self.na = len(self.active)
        self.d = view.direction
        self.k: Knowledge = bot.knowledge(view)
        self.sizes = list(view.hand_sizes)
        self.hand = list(view.hand)
        self.friends = bot.friends(view)
        self.opps = [s for s in self.active if s != self.me and s not in self.friends]
        self.max_danger = max((_danger(self.sizes[q]) for q in self.opps), default=0.0)
        self.min_opp = min((self.sizes[q] for q in self.opps), default=99)
        self.evidence = bot.w["read_opponents"] > 0
        self._pc: dict = {}
        self.t_card = self.rs.card_of("T") if self.rs.has("T") else None
        self.car_card = self.rs.card_of("CAR") if self.rs.has("CAR") else None
        self.car_dir = 0            # the direction the CAR card passes hands (0: the direction of play)
        # No Mercy (unokit.rules.editions.nomercy): its 7 swaps like T, its 0 passes every hand left, a
        # player with MERCY cards is out, and its own cards have their own effects (_value_raw)
        self.nomercy = self.rs.has("NOMERCY")
        self.colorless = self.rs.has("ALLWILD")   # All Wild: no card names a colour
        if self.nomercy:
            self.t_card, self.car_card = 7, 0
            self.car_dir = 1 if self.rs.param("NOMERCY", "zero") == "left" else 0
        self.doa_card = self.rs.card_of("DOA") if self.rs.has("DOA") else None
        self.dad_card = self.rs.card_of("DAD") if self.rs.has("DAD") else None
        self.group_rule = "DR" if self.rs.has("DR") else "DD" if self.rs.has("DD") else None
        self.ba_ready = self.rs.has("BA") and _twin_numbers(view)

    def nxt(self, seat: int, steps: int = 1, d: int | None = None) -> int:
        d = self.d if d is None else d
        s = seat
        for _ in range(steps):
            s = (s + d) % self.n
            while s in self.eliminated:
                s = (s + d) % self.n
        return s

    def p_can_play(self, q: int, color: Color | None, face, size: int | None = None) -> float:
        key = (q, color, face, size)
        hit = self._pc.get(key)
        if hit is None:
            if size is not None and size != self.sizes[q]:
                # the seat will hold ``size`` cards: scale the chance of having no match
                base = self.k.p_can_play(q, color, face, self.evidence)
                old = max(self.sizes[q], 1)
                hit = 1.0 - (1.0 - base) ** (max(size, 0) / old) if size > 0 else 0.0
            else:
                hit = self.k.p_can_play(q, color, face, self.evidence)
            self._pc[key] = hit
        return hit


# Extreme: cards the launcher's victim takes on average (Hit 2: two presses; Wild Hit: until some come out)
#: UNO Flip's Wild Draw Colour: cards drawn until one of the colour named comes (26 of each dark colour
#: in 112 cards: about 4.3)
_UNTIL_COLOR = 112 / 26
_LAUNCHED: dict[int, float] = {Face.HIT_TWO: 2 * launcher_mean(),
                               Face.WILD_HIT: launcher_mean() / (1 - LAUNCHER[0] / 100)}


def _twin_numbers(view) -> bool:
    """The last two visible plays were equal numbers by different players (BA, CHU)."""
    last = []
    for e in reversed(view.history):
        if e.kind in ("play", "cut"):
            try:
                last.append((e.player, event_cards(e.detail[0])[-1]))
            except (IndexError, ValueError, TypeError):
                return False
            if len(last) == 2:
                break
    if len(last) < 2:
        return False
    (p2, c2), (p1, c1) = last
    return p1 != p2 and c1.number is not None and c1.number == c2.number


_rest = rest_of_hand   # (UNO Flex: a flexed face is played from its flex card)


def _named_color(a: Play) -> int:
    """The colour ``a`` names, as a number (to sort plays that each name one)."""
    assert a.color is not None
    return int(a.color)


def _is_group(cards, rule: str | None) -> bool:
    if len(cards) < 2 or rule is None:
        return False
    first = cards[0]
    if rule == "DD":
        return all(c is first for c in cards)
    return all(c.face == first.face for c in cards)


class StrategistBot(Bot):
    """See the module docstring and :data:`COMPONENTS`."""

    name = "strategist"
    TABLE = COMPONENTS

    def __init__(self, seed: int | None = None, components: dict | None = None):
        super().__init__(seed)
        self.w, self.params = resolve_components(components, self.TABLE)
        self.components = dict(self.w)
        self.last_scores: list = []   # (action, score) of the last turn decision, best first (for explaining)
        self._tracker = Tracker()

    def knowledge(self, view) -> Knowledge:
        """:func:`~unokit.bots.knowledge.analyze` of ``view``, read incrementally."""
        return self._tracker.analyze(view)

    # ------------------------------------------------------------------ hooks for subclasses
    def friends(self, view) -> set:
        """Seats on this bot's side (none in an individual game; the partner in :mod:`partners`)."""
        return set()

    def on(self, name: str) -> bool:
        return self.w.get(name, 0.0) > 0

    def context(self, view) -> _Ctx:
        """Everything one decision needs (the knowledge read from ``view`` included)."""
        return _Ctx(self, view)

    def weights(self, ctx: _Ctx) -> dict:
        """The component weights for this decision (a partner changes them with its role)."""
        return self.w

    # ------------------------------------------------------------------ in turn
    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        free = self._free_gain(view, legal)
        if free is not None:
            return free
        ctx = self.context(view)
        phase = view.phase
        if phase == "COLOR":
            picks = [a for a in legal if type(a) is ChooseColor]
            if picks:
                return self._choose_color(ctx, picks)
        elif phase == "FREE_DISCARD":
            discards = [a for a in legal if type(a) is Discard]
            if discards:
                return max(discards, key=lambda a: self._static(ctx, _rest(ctx.hand, (a.card,)), view.color,
                                                                view.top.face, ctx.nxt(ctx.me)))
        elif phase == "HIDDEN_FINISH":
            accuse = next((a for a in legal if type(a) is Accuse), None)
            if accuse is not None and self.on("accuse"):  # passing ends the hand: the claim is worth testing
                return accuse
        elif phase == "PENDING":
            challenge = next((a for a in legal if type(a) is Challenge), None)
            if challenge is not None and self.on("challenge") and \
                    self._bluff_probability(ctx) > self.params["challenge"]["threshold"]:
                return challenge
        best = self._best_turn_action(ctx, legal)
        if best is not None:
            return best
        return fallback_action(legal)

    # ------------------------------------------------------------------ out of turn
    def react(self, view, legal: list[Action]) -> Action | None:
        if not legal:
            return None
        free = self._free_gain(view, legal)
        if free is not None:
            return free
        accuse = next((a for a in legal if type(a) is Accuse), None)
        if accuse is not None and self.on("accuse") and self._accuse(view):
            return accuse
        cuts = [a for a in legal if type(a) is Play and a.cards and not a.hidden]
        if cuts:
            ctx = self.context(view)
            cuts = self._uno_variant(cuts, len(view.hand))
            return max(cuts, key=lambda a: self._value(ctx, a))
        return None

    def _free_gain(self, view, legal: list[Action]) -> Action | None:
        if self.on("say_uno"):
            a = next((a for a in legal if type(a) is SayUno), None)
            if a is not None:
                return a
        if self.on("catch_uno"):
            friends = self.friends(view)
            for a in legal:
                t = type(a)
                if type(a) is CatchUno and a.target not in friends:
                    return a
                if t is Notice or t is Slap:
                    return a
                if t is CallUnready and view.to_act not in friends:
                    return a
        return None

    def _accuse(self, view) -> bool:
        """DED: accuse the open face-down play when a lie is more likely than not (or it ends the hand)."""
        claim = view.open_claim
        if claim is None:
            return False
        claimer = claim[1]
        if claimer in self.friends(view):
            return False
        if view.hand_sizes[claimer] <= 1:
            return True
        k = self.knowledge(view)
        # an honest hidden card matches the colour or face before it: how likely is that for a random card?
        playable = sum(v for c, v in k.unseen.items()
                       if c.is_wild or c.color is view.color or c.face == view.top.face)
        frac = playable / max(1, sum(k.unseen.values()))
        p_lie = (1.0 - frac) * (1.0 - k.p_can_play(claimer, view.color, view.top.face)) + (1.0 - frac) * 0.5 * \
            k.p_can_play(claimer, view.color, view.top.face)
        return p_lie > 0.55

    def _bluff_probability(self, ctx: _Ctx) -> float:
        """The Wild Draw Four on top: chance its player still holds the colour in force before it."""
        view = ctx.view
        bluffer = prev = None
        color = None
        for e in view.history:
            if e.kind in ("play", "cut"):
                try:
                    cards = event_cards(e.detail[0])
                    named = event_color(e.detail[1]) if len(e.detail) > 1 else None
                except (IndexError, ValueError, TypeError):
                    continue
                if cards[-1].face == Face.WILD_DRAW_FOUR:
                    bluffer, prev = e.player, color
                color = named if named is not None else cards[-1].color
            elif e.kind == "first":
                try:
                    color = event_cards(e.detail[0])[-1].color
                except (IndexError, ValueError, TypeError):
                    pass
            elif e.kind == "color":
                color = event_color(e.detail[0])
        if prev is None and len(view.discard) >= 2:
            prev = view.discard[-2].color
        if bluffer is None or prev is None or bluffer == ctx.me:
            return 0.0
        if bluffer in ctx.friends:
            return 0.0
        return ctx.k.bluff_probability(bluffer, prev)

    # ------------------------------------------------------------------ choosing a turn action
    @staticmethod
    def _uno_variant(plays: list[Play], hand_size: int | None = None) -> list[Play]:
        """One variant per play: saying UNO when the play leaves one card (else not)."""
        best: dict = {}
        for a in plays:
            key = (a.cards, a.color, a.target, a.hidden, a.claim, a.give, a.first)
            left = None if hand_size is None else hand_size - len(a.cards) - len(a.hidden) - len(a.give)
            if key not in best or (a.uno and left in (None, 1)) or (not a.uno and left not in (None, 1)):
                best[key] = a
        return list(best.values())

    def _best_turn_action(self, ctx: _Ctx, legal: list[Action]) -> Action | None:
        view = ctx.view
        phase = view.phase
        plays = [a for a in legal if type(a) is Play and (a.cards or a.hidden)]
        if not self.on("say_uno"):
            plays = [a for a in plays if not a.uno]
        else:
            plays = self._uno_variant(plays, len(view.hand))
        visible = [a for a in plays if not a.hidden]
        hidden = [a for a in plays if a.hidden and not a.cards]
        if self.on("abstention") and phase in ("PLAY", "DRAWN"):
            visible += [a for a in hidden if self._honest_hidden(ctx, a)]
        if not self.on("scene_stealing") and ctx.t_card is not None:
            no_swap = [a for a in visible if a.target is None or not any(c.number == ctx.t_card for c in a.cards)]
            visible = no_swap or visible
        visible = self._prune(ctx, visible)
        draw = next((a for a in legal if type(a) is Draw), None)
        pas = next((a for a in legal if type(a) is Pass), None)
        cands: list[tuple[float, int, Action]] = []
        for i, a in enumerate(visible):
            cands.append((self._value(ctx, a), -i, a))
        trebuchet = self.on("trebuchet") and not ctx.nomercy and self._trebuchet(ctx)
        if phase == "PENDING":
            if draw is not None:
                out = ctx.nomercy and len(ctx.hand) + view.pending >= MERCY   # drawing them puts me out
                cands.append((-float(view.pending) * CARD - (200.0 if out else 0.0)
                              + self._static(ctx, ctx.hand, view.color, view.top.face, ctx.nxt(ctx.me)), -999, draw))
        elif phase == "DRAWN":
            if pas is not None:
                v = self._static(ctx, ctx.hand, view.color, view.top.face, ctx.nxt(ctx.me))
                if trebuchet:
                    v += 3.0 * self.w["trebuchet"]
                if not cands or trebuchet or (self.on("consumismo") and not ctx.nomercy and self._consume(ctx, visible)):
                    cands.append((v, -999, pas))
        elif phase == "PLAY" and draw is not None:   # noqa: SIM102 - an elif chain: the condition stays inside
            if not cands or trebuchet or (self.on("consumismo") and not ctx.nomercy and self._consume(ctx, visible)):
                v = self._draw_value(ctx)
                if trebuchet:
                    v += 3.0 * self.w["trebuchet"]
                cands.append((v, -999, draw))
        if not cands:
            return None
        self.last_scores = [(a, round(v, 3)) for v, _, a in sorted(cands, key=lambda t: (-t[0], -t[1]))]
        best = max(cands, key=lambda t: (t[0], t[1]))[2]
        if type(best) is Play and best.cards and best.cards[-1].is_wild and self.on("olha_o_aviao"):
            best = self._olha_o_aviao(ctx, best, visible)
        return best

    def _consume(self, ctx: _Ctx, plays: list[Play]) -> bool:
        """Consumismo (ch.2): drawing is worth weighing against playing when every play spends a card
        worth keeping while the game is cold, or when the next player is about to go out and no play
        stops them (a drawn card might)."""
        if not plays:
            return True
        two = ctx.na == 2
        cold = ctx.max_danger < 0.3 and len(ctx.hand) >= 5
        if cold and all(any(self._hold_value(ctx, c, two) > 0 for c in a.cards) for a in plays if a.cards):
            return True
        nxt = ctx.nxt(ctx.me)
        if nxt in ctx.opps and ctx.sizes[nxt] <= 1:
            for a in plays:
                if not a.cards:
                    continue
                last = a.cards[-1]
                col = a.color if a.color is not None else last.color
                if last.draw or last.face == Face.SKIP or (last.face == Face.REVERSE and two) or \
                        ctx.p_can_play(nxt, col, last.face) < 0.5:
                    return False
            return True
        return False

    def _prune(self, ctx: _Ctx, plays: list[Play]) -> list[Play]:
        """Keep at most a few donation variants per play (DOA offers every pair of cards for every seat)."""
        if ctx.doa_card is None or len(plays) < 40:
            return plays
        by_key: dict = {}
        for a in plays:
            by_key.setdefault((a.cards, a.color, a.uno), []).append(a)
        out = []
        for group in by_key.values():
            if len(group) <= 6:
                out += group
                continue
            target = min((q for q in ctx.opps), key=lambda q: ctx.sizes[q], default=None)
            g2 = [a for a in group if a.target == target] or group
            # give the cards that are least worth keeping: off-colour, high points, never wilds
            g2.sort(key=lambda a: (sum(1 for c in a.give if c.is_wild), -sum(c.points for c in a.give)))
            out += g2[:6]
        return out

    def _honest_hidden(self, ctx: _Ctx, a: Play) -> bool:
        c = a.hidden[0]
        if len(a.hidden) != 1 or a.claim:
            return False
        if ctx.view.phase == "DRAWN" and c is not ctx.view.drawn:
            return False
        return c.is_wild or c.color is ctx.view.color or c.face == ctx.view.top.face

    def _trebuchet(self, ctx: _Ctx) -> bool:
        """Everyone has been drawing since the last play, and I am behind (Trébuchet, ch.2)."""
        k = ctx.k
        others = [s for s in ctx.active if s != ctx.me]
        if not others or not all(s in k.stuck for s in others):
            return False
        if ctx.me not in k.stuck and ctx.view.phase != "DRAWN":
            return False  # it is not yet a round of draws: the pile may only be bad for the others
        if ctx.view.phase == "DRAWN" and ctx.me not in k.stuck and k.draws_since_play < ctx.na:
            return False
        if any(ctx.sizes[q] <= 1 for q in ctx.opps):
            return False
        if len(ctx.hand) <= 2:
            return False
        return len(ctx.hand) >= ctx.min_opp + 2

    def _olha_o_aviao(self, ctx: _Ctx, best: Play, plays: list[Play]) -> Play:
        p = self.params["olha_o_aviao"]
        rest = _rest(ctx.hand, best.cards)
        if len(rest) != 1 or rest[0].is_wild or rest[0].color is None:
            return best
        if ctx.na < p["min_players"] or any(ctx.sizes[q] <= 1 for q in ctx.opps):
            return best
        if best.color is not rest[0].color:
            return best
        if self.rng.random() >= p["rate"]:
            return best
        alts = [a for a in plays if a.cards == best.cards and a.color is not None and a.color is not rest[0].color
                and a.target == best.target and a.uno == best.uno]
        if not alts:
            return best
        return self.rng.choice(sorted(alts, key=_named_color))

    def _choose_color(self, ctx: _Ctx, picks: list[ChooseColor]) -> ChooseColor:
        """The first discard is a Wild: I name the colour and play next, so my own follow-up decides."""
        def score(a):
            return self._static(ctx, ctx.hand, a.color, Face.WILD, ctx.me, again=True) + \
                0.01 * sum(c.points for c in ctx.hand if c.color is a.color)
        return max(picks, key=lambda a: (score(a), -int(a.color)))

    # ------------------------------------------------------------------ valuing
    def _hold_value(self, ctx: _Ctx, c: Card, two: bool) -> float:
        """What a card is worth keeping for later (management and weapons), before scaling."""
        w = self.w
        v = 0.0
        if w["management"] > 0:
            hold = self.params["management"]["hold"] * CARD * w["management"]
            if c.face == Face.WILD_DRAW_FOUR:
                v += 1.1 * hold
            elif c.is_wild:
                v += hold
            elif not two:
                if c.face == Face.DRAW_TWO:
                    v += 0.6 * hold
                elif c.face in (Face.SKIP, Face.REVERSE):
                    v += 0.35 * hold
        if w["weapons"] > 0 and c.number is not None:
            if c.number == ctx.t_card:
                v += 1.2 * w["weapons"]
            if c.number == ctx.doa_card:
                v += 0.5 * w["weapons"]
            if c.number == ctx.dad_card:
                v += 0.7 * w["weapons"]
        if w["weapons"] > 0 and c.face == Face.REVERSE and ctx.rs.has("BA"):
            v += 0.4 * w["weapons"]
        return v

    def _value(self, ctx: _Ctx, a: Play, depth: int = 0, hand=None, color=None, top_face=None,
               sizes=None) -> float:
        """Score of play ``a`` from the bot's hand (``hand``/``color``/``top_face`` for look-ahead).

        A Wild Draw Four bluff (the colour in force still held) is, with ``bluff_caution``, worth its
        value if unchallenged and a penalty of four cards (and the turn) if challenged."""
        v = self._value_raw(ctx, a, depth, hand, color, top_face, sizes)
        wb = self.w["bluff_caution"]
        if wb > 0 and a.cards and a.cards[-1].face == Face.WILD_DRAW_FOUR:
            cur = ctx.view.color if color is None else color
            hand = ctx.hand if hand is None else hand
            if any(c.color is cur for c in _rest(hand, a.cards)):
                pc = min(1.0, self.params["bluff_caution"]["challenged"] * wb)
                v = (1.0 - pc) * v - pc * 5.0 * CARD
        return v

    def _value_raw(self, ctx: _Ctx, a: Play, depth: int = 0, hand=None, color=None, top_face=None,
                   sizes=None) -> float:
        view = ctx.view
        w = self.w
        hand = ctx.hand if hand is None else hand
        sizes = list(ctx.sizes) if sizes is None else list(sizes)
        me = ctx.me
        cards = a.cards
        if a.hidden and not cards:  # abstention: an honest face-down card, no effect, the pile unchanged
            rest = _rest(hand, a.hidden)
            if not rest:
                return 100.0
            calm = 1.0 - ctx.max_danger
            small = min(1.0, max(0.0, (len(hand) - 2) / 3.0))
            v = CARD - self._hold_value(ctx, a.hidden[0], ctx.na == 2) * calm * small + self._static(ctx, rest, view.color if color is None else color,
                                   view.top.face if top_face is None else top_face, ctx.nxt(me))
            return v - 0.2  # a face-down card may still be accused (it costs the accuser, but stalls)
        rest = _rest(hand, cards + a.give)
        last = cards[-1]
        col = a.color if a.color is not None else last.color
        # UNO Flex: played on its flex colour, it leaves its own colour (every flexed number has one)
        if last.face in FLEXED_NUMBER and last.color is not None:
            col = COLORS[(last.color - 1) % 4]
        if col is None:   # a Colour Roulette names no colour: the colour stays (until its victim names one)
            col = ctx.view.color if color is None else color
        face = last.face
        two = ctx.na == 2
        v = CARD * (len(cards) + len(a.give))                    # cards shed
        if face == Face.DISCARD_ALL:   # No Mercy: every other card of its colour goes down too
            kept = [c for c in rest if c.color is not last.color]
            v += CARD * (len(rest) - len(kept))
            rest = kept
        sizes[me] = len(rest)
        # spending cards worth keeping (management, weapons): the calmer the table, the bigger the cost
        calm = 1.0 - ctx.max_danger
        small = min(1.0, max(0.0, (len(hand) - 2) / 3.0))
        for c in cards:
            v -= self._hold_value(ctx, c, two) * calm * small
        if not rest:
            v += 100.0
            if last.draw and w["extra_points"] > 0:
                v += 0.5 * w["extra_points"] * last.draw / 2
            return v
        if w["points"] > 0:
            v += w["points"] * 0.004 * sum(c.points for c in cards) * (1.0 + 3.0 * ctx.max_danger)
        # --- effects: who draws, who is skipped, who acts next
        nxt = ctx.nxt(me)
        victims: dict = {}
        skipped: list = []
        actor = nxt
        k = len(cards)
        if last.draw:
            total = sum(_UNTIL_COLOR if c.face == Face.WILD_DRAW_COLOR else c.draw for c in cards)
            if depth == 0 and view.phase == "PENDING":
                total += view.pending
            d = -ctx.d if face == Face.WILD_REVERSE_DRAW_FOUR else ctx.d   # No Mercy: reverse, then draw
            nxt = ctx.nxt(me, 1, d)
            victims[nxt] = victims.get(nxt, 0) + total
            skipped.append(nxt)
            actor = ctx.nxt(nxt, 1, d)
        elif face in (Face.SKIP_ALL, Face.FLEXED_SKIP):      # No Mercy, Flex: everyone else is skipped
            skipped = [s for s in ctx.active if s != me]
            actor = me
        elif face in (Face.HIT_TWO, Face.WILD_HIT):   # Extreme: the next player presses the launcher, loses the turn
            victims[nxt] = victims.get(nxt, 0) + _LAUNCHED[face]
            skipped.append(nxt)
            actor = ctx.nxt(nxt)
        elif face == Face.WILD_ROULETTE:  # No Mercy: the next player turns cards until a colour (~3.5) and loses the turn
            victims[nxt] = victims.get(nxt, 0) + 3.5
            skipped.append(nxt)
            actor = ctx.nxt(nxt)
        elif face in (Face.FLEXED_WILD_TARGET, Face.FLEXED_WILD_DRAW_FOUR) and a.target is not None:   # Flex
            victims[a.target] = victims.get(a.target, 0) + (2 if face == Face.FLEXED_WILD_TARGET else 4)
        elif face in (Face.FLEXED_DRAW_TWO, Face.FLEXED_WILD_ALL):   # Flex: every other player draws
            for s in ctx.opps:
                victims[s] = victims.get(s, 0) + (1 if face == Face.FLEXED_DRAW_TWO else 2)
        elif face == Face.FLEXED_REVERSE:   # Flex: reverse, then skip the first player the other way
            skipped = [ctx.nxt(me, 1, -ctx.d)]
            actor = me if two else ctx.nxt(me, 2, -ctx.d)
        elif face in (Face.SKIP, Face.WILD_SKIP, Face.WILD_SKIP_TWO, Face.FLEX_SKIP):   # (All Wild's, Flex's)
            ks = k * (2 if face == Face.WILD_SKIP_TWO else 1)
            if ks <= ctx.na - 1:
                skipped = [ctx.nxt(me, i) for i in range(1, ks + 1)]
                actor = ctx.nxt(me, ks + 1)
            else:
                actor = ctx.nxt(me, 1 + (ks % (ctx.na - 1)))
                skipped = [ctx.nxt(me, 1)]
        elif face == Face.WILD_TARGETED_DRAW_TWO and a.target is not None:   # All Wild: the target draws 2
            victims[a.target] = victims.get(a.target, 0) + 2
        elif face == Face.BLANK_DRAW_N:   # a drawn blank: the next player draws the number chosen, loses the turn
            victims[nxt] = victims.get(nxt, 0) + a.claim
            skipped.append(nxt)
            actor = ctx.nxt(nxt)
        elif face == Face.BLANK_TARGET_TWO and a.target is not None:   # a blank: a player chosen draws 2
            victims[a.target] = victims.get(a.target, 0) + 2
        elif face == Face.BLANK_EVERYONE:   # a blank: every other player draws 1
            for s in ctx.opps:
                victims[s] = victims.get(s, 0) + 1
        elif face in (Face.REVERSE, Face.WILD_REVERSE, Face.FLEX_REVERSE):
            if two:
                actor = me if k % 2 else nxt
                if k % 2:
                    skipped = [nxt]
            elif k % 2:
                actor = ctx.nxt(me, 1, -ctx.d)
        if ctx.dad_card is not None and any(c.number == ctx.dad_card for c in cards):
            victims[nxt] = victims.get(nxt, 0) + 3.5
            if nxt not in skipped:
                skipped.append(nxt)
            actor = ctx.nxt(actor) if actor == nxt else actor
            if two:
                actor = me
        if ctx.ba_ready and face == Face.REVERSE:
            for s in ctx.active:
                victims[s] = victims.get(s, 0) + sum(1 for c in cards if c.face == Face.REVERSE)
        # --- swaps (T, CAR): scene stealing. The hand I would get is unknown: it is valued by its size
        if a.target is not None and face == Face.WILD_FORCED_SWAP:   # All Wild: the swap, valued like T's
            f, q = me if a.first is None else a.first, a.target
            if a.more == "target":   # ALLWILD(swap=pair), the first seat named: valued as its best pair
                f = q
                q = max((s for s in ctx.active if s != f), key=lambda s: self._pair_gain(ctx, len(rest), f, s, sizes))
            v += self._pair_gain(ctx, len(rest), f, q, sizes)
            sizes[f], sizes[q] = sizes[q], sizes[f]
        elif (a.target is not None and face in (Face.WILD_SWAP, Face.BLANK_SWAP, Face.BLANK_BIANCA)) \
                or face == Face.BLANK_NEXT_SWAP:   # swap hands with a seat chosen (the Cambio mazzo: the next)
            q = a.target if a.target is not None else nxt
            v += self._swap_gain(ctx, len(rest), q, sizes)
            sizes[me], sizes[q] = sizes[q], sizes[me]
        elif ctx.t_card is not None and a.target is not None and any(c.number == ctx.t_card for c in cards):
            q = a.target
            v += self._swap_gain(ctx, len(rest), q, sizes)
            sizes[me], sizes[q] = sizes[q], sizes[me]
        elif ctx.car_card is not None and any(c.number == ctx.car_card for c in cards) and self.on("scene_stealing"):
            cnt = sum(1 for c in cards if c.number == ctx.car_card)
            seats = ctx.active
            new = {s: sizes[s] for s in seats}
            for _ in range(cnt):
                prev = dict(new)
                for s in seats:  # each hand passes on in the direction of play (No Mercy: to the left)
                    new[s] = prev[ctx.nxt(s, 1, -(ctx.car_dir or ctx.d))]
            before_min = min((sizes[q] for q in ctx.opps), default=0)
            after_min = min((new[q] for q in ctx.opps), default=0)
            v += w["scene_stealing"] * CARD * ((len(rest) - new[me]) + 0.8 * (after_min - before_min))
            for s in seats:
                sizes[s] = new[s]
        # --- draws and skips inflicted
        if w["management"] > 0:
            for q, kcards in victims.items():
                if q == me:
                    v -= CARD * kcards
                    sizes[me] += int(kcards)
                    continue
                sign = -1.0 if q in ctx.friends else 1.0
                v += sign * w["management"] * CARD * kcards * (self.params["management"]["victim"]
                                                               + 0.8 * _danger(sizes[q]))
                sizes[q] += round(kcards)
                if ctx.nomercy and sizes[q] >= MERCY:  # the victim is out: with two players, the hand is won
                    v += sign * (100.0 if two else 4.0 * CARD)
            for q in skipped:
                if q == me:
                    continue
                sign = -1.0 if q in ctx.friends else 1.0
                if not two:
                    v += sign * w["management"] * CARD * (0.4 + 1.2 * _danger(ctx.sizes[q]))
        if a.give and a.target is not None:
            sizes[a.target] += len(a.give)
            if w["weapons"] > 0 and a.target not in ctx.friends:
                v += 0.3 * w["weapons"] * _danger(ctx.sizes[a.target]) * 3
        if w["zero"] > 0 and any(c.number == 0 for c in cards) and ctx.t_card != 0 and ctx.car_card != 0:
            favoured = len(hand) <= ctx.min_opp
            v += (0.6 if favoured else -0.6) * w["zero"]
        # --- two players: a card that gives another turn
        if two and actor == me:
            v += self._duel_term(ctx, cards, sizes)
            if depth < 3:
                v += self._again(ctx, rest, col, face, depth + 1, sizes)
            else:
                v += self._static(ctx, rest, col, face, me, sizes=sizes, again=True)
            return v
        v += self._static(ctx, rest, col, face, actor, sizes=sizes)
        return v

    def _swap_gain(self, ctx: _Ctx, mine: int, q: int, sizes) -> float:
        """T: what swapping my ``mine`` cards for seat ``q``'s hand is worth."""
        if not self.on("scene_stealing"):
            return -50.0
        theirs = sizes[q]
        if q in ctx.friends:
            return self._compass(ctx, mine, q, sizes)
        gain = (mine - theirs) * CARD
        if theirs <= 1:
            gain += 2.0 * CARD  # stealing an UNO hand
        return self.w["scene_stealing"] * gain - 0.3

    def _pair_gain(self, ctx: _Ctx, mine: int, f: int, q: int, sizes) -> float:
        """All Wild's Forced Swap: what making seats ``f`` and ``q`` swap hands is worth (``ALLWILD(swap=pair)``).
        With me among them, a swap of my ``mine`` cards (:meth:`_swap_gain`); else the threat moved: a
        small hand is the more dangerous the sooner its holder plays, so the fewest cards go from the
        player about to play to one who plays later (a partner's hand the other way)."""
        if ctx.me in (f, q):
            return self._swap_gain(ctx, mine, q if f == ctx.me else f, sizes)
        if not self.on("scene_stealing"):
            return -50.0

        def threat(s: int, size: int) -> float:
            near = next((i for i in range(1, ctx.na) if ctx.nxt(ctx.me, i) == s), ctx.na)
            return (-1.0 if s in ctx.friends else 1.0) * _danger(size) / near

        moved = threat(f, sizes[f]) + threat(q, sizes[q]) - threat(f, sizes[q]) - threat(q, sizes[f])
        return self.w["scene_stealing"] * 3.0 * CARD * moved - 0.3

    def _compass(self, ctx: _Ctx, mine: int, q: int, sizes) -> float:
        return -5.0

    def _duel_term(self, ctx: _Ctx, cards, sizes) -> float:
        """Two players: assertive / opportunist / flexible use of the cards that give another turn."""
        w = self.w["duel"]
        if w <= 0:
            return 0.0
        style = self.params["duel"]["style"]
        opp = ctx.opps[0] if ctx.opps else None
        theirs = ctx.sizes[opp] if opp is not None else 7
        mine = len(ctx.hand)
        k = sum(1 for c in cards if c.draw or c.face in (Face.SKIP, Face.REVERSE))
        if style == "assertive":  # spend them at once, the earlier the better
            return w * 0.3 * CARD * k
        if style == "opportunist":  # keep them for the final chain (the look-ahead finds it) or a threat
            return -w * 0.8 * CARD * k * (1.0 - _danger(theirs))
        # flexible: small advantages, one at a time, when the opponent is ahead; kept otherwise
        ahead = theirs < mine
        return -w * k * CARD * (0.1 if ahead else 0.4) * (1.0 - _danger(theirs))

    def _again(self, ctx: _Ctx, rest, col, face, depth, sizes) -> float:
        """Two players: the best continuation when the play gives me another turn."""
        best = None
        seen = set()
        for c in rest:
            if c in seen:
                continue
            seen.add(c)
            if not (c.is_wild or c.color is col or c.face == face):
                continue
            if c.face == Face.WILD_SWAP and len(rest) == 1:
                continue
            if c.names_color and not ctx.colorless:
                colors = {x.color for x in rest if x.color is not None and x is not c} or set(COLORS)
                opts = [Play(ctx.me, (c,), cc) for cc in colors]
            else:
                opts = [Play(ctx.me, (c,))]
            for a in opts:
                v = self._value(ctx, a, depth, hand=rest, color=col, top_face=face, sizes=sizes)
                if best is None or v > best:
                    best = v
        if best is None:  # drawing: a card more, perhaps a playable one
            return self._draw_value(ctx, rest, col, face, sizes)
        return best

    def _draw_value(self, ctx: _Ctx, hand=None, col=None, face=None, sizes=None) -> float:
        """Drawing at the start of a turn: a card more, perhaps a playable one (Consumismo)."""
        view = ctx.view
        hand = ctx.hand if hand is None else hand
        col = view.color if col is None else col
        face = view.top.face if face is None else face
        k = ctx.k
        pool = max(1, sum(k.unseen.values()))
        playable = sum(v for c, v in k.unseen.items() if c.is_wild or c.color is col or c.face == face)
        p = playable / pool
        base = self._static(ctx, hand, col, face, ctx.nxt(ctx.me), sizes=sizes)
        # a playable card drawn is played: about one card shed back
        return -CARD + base + p * 0.9 * CARD

    def _static(self, ctx: _Ctx, rest, col, face, actor, sizes=None, again: bool = False) -> float:
        """Value of holding ``rest`` with the pile at (``col``, ``face``) and ``actor`` to play next."""
        w = self.weights(ctx)
        me = ctx.me
        sizes = ctx.sizes if sizes is None else sizes
        v = 0.0
        if not rest:
            return 100.0
        colors = Counter(c.color for c in rest if c.color is not None)
        faces = Counter(c.face for c in rest if not c.is_wild)
        wilds = sum(1 for c in rest if c.is_wild)
        # continuity: can I play at my next turn?
        if w["continuity"] > 0:
            follow = sum(1 for c in rest if c.is_wild or c.color is col or c.face == face)
            if again or actor == me:
                s = 1.0
            else:
                s = _STAY.get(ctx.na, 0.25)
            now = 1.0 if follow else 0.0
            others = [c for c in COLORS if c is not col]
            changed = 0.0
            for oc in others:
                if wilds or colors.get(oc):
                    changed += 1.0
                else:
                    # a face match on a changed pile: rough odds that the new top shows one of my faces
                    changed += min(0.6, 0.07 * len(faces))
            changed /= len(others)
            p = s * now + (1 - s) * changed
            v += w["continuity"] * (2.0 * p + 0.08 * follow)
        if w["color_over_number"] > 0:
            v += w["color_over_number"] * (0.25 * len(colors) + 0.06 * len(faces))
        if w["card_counting"] > 0:
            k = ctx.k
            share = sum(k.color_share(c) for c in colors)
            live = 0.0
            for f in faces:
                if f > 9:
                    continue
                mine_cols = {c.color for c in rest if c.face == f}
                others_left = sum(k.uface.get((f, oc), 0) for oc in COLORS if oc not in mine_cols)
                live += min(1.0, others_left / 4.0)
            v += w["card_counting"] * (0.5 * share + 0.05 * live)
        if w["surprise_wild"] > 0 and wilds:
            if len(rest) == 1:
                v += 2.0 * w["surprise_wild"]
            elif len(rest) <= 3:
                v += 0.5 * w["surprise_wild"] * wilds
        if w["extra_points"] > 0 and len(rest) == 1 and rest[0].draw:
            v += w["extra_points"] * CARD * (0.6 + 1.0 * (1.0 - ctx.max_danger))
        if w["surprise_group"] > 0 and ctx.group_rule and 2 <= len(rest) <= 4 and _is_group(rest, ctx.group_rule):
            v += 1.5 * w["surprise_group"]
        # management: can the next players follow?
        if w["management"] > 0 and actor != me:
            base = self.params["management"]["pressure"] * (2.0 if ctx.na == 2 else 1.0)
            chain = 1.0
            q = actor
            for step in range(2):
                if q == me:
                    break
                pq = ctx.p_can_play(q, col, face, sizes[q] if sizes is not ctx.sizes else None)
                imp = CARD * (base + 4.0 * _danger(sizes[q]))
                sign = -1.0 if q in ctx.friends else 1.0
                v -= sign * w["management"] * imp * pq * chain * (1.0 if step == 0 else 0.35)
                chain *= (1.0 - pq)
                q = ctx.nxt(q)
        return v

