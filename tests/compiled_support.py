"""The compiled core's differential harness, shared by tests/test_compiled_house*.py, test_compiled_greedy.py
and test_compiled_strategist.py (imported as ``web_support`` is: ``import compiled_support as S``).

- :func:`check_steps` / :func:`same_steps`: a referee's hand played with uniform random decisions among every
  complete action of the seat to act or, now and then, of any other seat (UNO calls, catches, challenges, cuts)
  is replayed in C (``compiled.trace``); at every step every seat's legal ids (the referee's
  :func:`unokit.engine.compose.every_action` through ``compiled.action_id``, in its order) and the whole state agree;
- :func:`same_hands`: hands played in C by random-play bots equal ``unokit.lab.sim.play_hand``'s and the lab's
  ``play_deal``'s (winner, turns, steps, actions, reactions, draws, points, score...);
- :func:`fast_agrees`: with fast chance the hand length, the first seat's win rate, the reactions and the hands
  cut short agree with referee chance within 4 standard errors;
- :func:`lockstep`: hands played in C with compiled bots are replayed in the referee and, at every decision of a
  bot's seat, the Python bot (seeded as the compiled seat) must make the same choice; :func:`ask_lockstep`, the
  same with the bot's answers completed as the harness completes them (a stem decided one sub-decision at a time);
- :func:`strategist_table`: a rule set drawn by hypothesis for the strategist's lockstep, kept where C plays it;
- :func:`same_lab_hands`: the lab's hands of a line-up of bots (``play_deal``) equal C's, number for number;
  :func:`same_records`: C's hands under a rule the bots never use equal those without it;
- :func:`hide_clas_look`: the mutation of the CLA rule that shows its player nothing (``Game.reveals``).

Seeds. A sweep over seeds (of every rule code or combination, and player count) runs the first half of its seeds
(rounded up, at least one) in ordinary runs, every one of them when the environment variable ``UNOKIT_FULL=1`` is
set; no rule code, combination or player count is ever left out. The counts a test asserts (actions, cuts,
reactions, decisions) are for the full sweep and scale with the hands played (:meth:`Tally.share`, :func:`share`).
"""

from __future__ import annotations

import math
import os
import random
from typing import NamedTuple

from unokit.bots import make_bot
from unokit.bots.greedy import color_before_top
from unokit.core.actions import Accuse, CatchUno, Challenge, Play, SayUno
from unokit.core.errors import UnoError
from unokit.engine.compose import UNFOLD, complete, every_action, unfold
from unokit.engine.flow import ask, reaction_options
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet

#: ``UNOKIT_FULL=1``: every seed of every sweep (else the first half of each)
FULL = os.environ.get("UNOKIT_FULL", "") == "1"


def sampled(count: int) -> int:
    """How many of a sweep's ``count`` seeds run: all of them under UNOKIT_FULL=1, else half (rounded up)."""
    return count if FULL or count <= 1 else math.ceil(count / 2)


def sample(seeds) -> tuple[list[int], int]:
    """The seeds of a sweep that run (the first :func:`sampled` of them; an int is ``range(count)``), and how many
    the full sweep has."""
    seeds = list(range(seeds)) if isinstance(seeds, int) else list(seeds)
    return seeds[:sampled(len(seeds))], len(seeds)


def share(count: float, done: int, full: int) -> float:
    """``count`` (asserted of a full sweep of ``full`` hands) scaled to the ``done`` hands played."""
    return count * done / full if full else count


class Tally(NamedTuple):
    """What a sweep played: actions (steps), out-of-turn plays (cuts), reactions; ``hands`` of ``full``."""
    actions: int = 0
    cuts: int = 0
    reactions: int = 0
    hands: int = 0
    full: int = 0

    def share(self, count: float) -> float:
        """``count``, asserted of the full sweep, scaled to the hands played."""
        return share(count, self.hands, self.full)


# ----------------------------------------------------------------------------------- step by step
def has_h2(rules: str) -> bool:
    """Under a rule of unokit/fast/_house2.h the state also holds ``Game.top_player``."""
    return any(c in C._H2 for c in RuleSet.parse(rules).codes)


def referee_state(g: Game, top: bool) -> list:
    """The referee's state in the shape of ``compiled.trace(..., full=True, top_player=top)``."""
    addup = g.rule_state.get("ADDUP")
    s = [[[c.index for c in h] for h in g.hands], [c.index for c in g.stock], [c.index for c in g.discard],
         int(g.color), g.direction, g.current, int(g.phase), g.pending,
         -1 if g.drawn is None else g.drawn.index, -1 if g.winner is None else g.winner,
         list(g.uno_said), sorted(g.catchable), -1 if g.going_out is None else g.going_out, g.pending_kind,
         -1 if g.wd4 is None else g.wd4[0], -1 if addup is None else addup[4]]
    if top:
        s.append(-1 if g.top_player is None else g.top_player)
    return s


def referee_ids(g: Game, seat: int) -> list[int]:
    """Every complete action ``seat`` may take (stems followed, in the referee's order), as ids."""
    return [C.action_id(a) for a in every_action(g, seat)]


def check_steps(players: int, seed: int, rules: str, rng: random.Random, other: float, cap: int,
                top: bool | None = None) -> tuple[int, int]:
    """Play the referee's hand with random decisions (another seat than the one to act with probability
    ``other``; ``cap`` decisions at most), replay them in C, compare every step. ``top``: compare
    ``Game.top_player`` too (by default under the rules of _house2.h). Returns (actions, out-of-turn plays)."""
    cuts = 0

    def choose(g, lg: list[list[int]]) -> int:
        nonlocal cuts
        seat = g.to_act
        if rng.random() < other:   # another seat acts: cuts, UNO calls, catches, or the seat in turn anyway
            seat = rng.choice([s for s in range(players) if lg[s]])
        i = rng.choice(lg[seat])
        cuts += type(C.to_action(i)) is Play and seat != g.to_act
        return i

    return replay_steps(players, seed, rules, choose, cap, top), cuts


#: the hands replay_steps compared only up to a position with more complete actions than every_action lists
LISTING_CUTS: list[tuple[str, int, int, int]] = []


def replay_steps(players: int, seed: int, rules: str, choose, cap: int, top: bool | None = None) -> int:
    """Play the referee's hand, each decision the id ``choose(game, legal ids of every seat)`` gives (``cap`` at
    most), replay them in C and compare every step (the seat to act, every seat's legal ids, the state after);
    ``top`` as :func:`check_steps`. Returns the actions played."""
    top = has_h2(rules) if top is None else top
    g = Game.new(players=players, rules=rules, seed=seed)
    states, legal, ids = [referee_state(g, top)], [], []
    while not g.over and len(ids) < cap:
        try:
            lg = [referee_ids(g, s) for s in range(players)]
        except UnoError as e:   # a seat with more than every_action's limit of complete actions (DOA's gifts under
            assert "more than" in str(e)   # DR): the hand is compared up to here (the hand-by-hand checks go on)
            LISTING_CUTS.append((rules, players, seed, len(ids)))
            break
        i = choose(g, lg)
        g.apply(C.to_action(i))
        legal.append(lg)
        ids.append(i)
        states.append(referee_state(g, top))
    init, steps = C.trace(players, seed, rules=rules, decisions=ids, full=True, top_player=top)
    assert list(init) == states[0], "the deal differs"
    assert len(steps) == len(ids)
    for t, (seat, lg, applied, after) in enumerate(steps):
        assert seat == states[t][5]
        assert lg == legal[t], f"step {t}: legal ids differ"
        assert applied == ids[t]
        assert list(after) == states[t + 1], f"step {t} ({C.to_action(applied)}): the state differs"
    return len(ids)


def same_steps(rules: str, players, seeds, *, other: float, cap: int, top: bool | None = None,
               rng: random.Random | None = None) -> Tally:
    """:func:`check_steps` for every player count and the sampled ``seeds`` (an int: ``range(seeds)``);
    one generator (``random.Random(rules)`` unless given) makes every hand's decisions, in order."""
    rng = random.Random(rules) if rng is None else rng
    run, full = sample(seeds)
    actions = cuts = 0
    for p in players:
        for s in run:
            a, c = check_steps(p, s, rules, rng, other, cap, top)
            actions += a
            cuts += c
    return Tally(actions, cuts, 0, len(players) * len(run), len(players) * full)


# ----------------------------------------------------------------------------------- hand by hand
def winner(r, i):
    return None if r.winner[i] < 0 else int(r.winner[i])   # -1: cut short at max_steps


def same_hands(rules: str, players, n: int, lab: int, seed: int = 11, seeds=None, *, everything: bool = False
               ) -> Tally:
    """unokit.lab.sim.simulate's hands (deal ``derive_seed(seed, i)``, or ``seeds``) and the lab's (``play_deal``,
    deal ``derive_seed(5, i, "lab-deal")``), on the referee and in C, for every player count; ``n`` and ``lab``
    hands of each (sampled unless ``everything``). Returns the reactions of the harness's hands."""
    take = (lambda k: k) if everything else sampled
    reactions = played = full = 0
    for p in players:
        if seeds is None:
            k = take(n)
            r = C.play(k, players=p, rules=rules, bots="random-play", seed=seed)
            hseeds = [derive_seed(seed, i) for i in range(k)]
            full += n
        else:
            hseeds = list(seeds)
            full += len(hseeds)
            hseeds = hseeds[:take(len(hseeds))]
            r = C.play(len(hseeds), players=p, rules=rules, bots="random-play", deal_seeds=hseeds)
        for i, hs in enumerate(hseeds):
            g = Game.new(players=p, rules=rules, seed=hs)
            bots = [make_bot("random-play", derive_seed(hs, s, "bot")) for s in range(p)]
            res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
            got = (winner(r, i), int(r.actions[i]), int(r.steps[i]), int(r.applied[i]), int(r.reactions[i]),
                   tuple(r.drawn[i].tolist()), tuple(r.points[i].tolist()), int(r.score[i]))
            assert got == (res.winner, res.turns, res.steps, res.actions, res.reactions, res.drawn, res.points,
                           res.score), f"hand {i}, {p} players"
            reactions += res.reactions
        played += len(hseeds)
        k = take(lab)
        r = C.play(k, players=p, rules=rules, bots="random-play", seed=5, purpose="lab-deal",
                   bot_purpose="lab-bot", bot_salt=3)
        for i in range(k):
            o = play_deal(rules, ["random-play"] * p, derive_seed(5, i, "lab-deal"), bot_salt=3)
            got = (winner(r, i), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
                   int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]),
                   int(r.reactions[i]))
            assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches,
                           o.penalty_cards, o.reactions), f"lab hand {i}, {p} players"
    return Tally(reactions=reactions, hands=played, full=full)


# ----------------------------------------------------------------------------------- fast chance
def fast_agrees(rules: str, n: int, stuck: bool = False) -> None:
    """With fast chance the hand length, the first seat's win rate, the reactions per hand and the share of hands
    cut short are referee chance's within 4 standard errors (``n`` hands of each, 3 players). ``stuck``: hands
    may stall (every hand at LIMIT and nothing playable) until max_steps cuts them short."""
    a = C.play(n, players=3, rules=rules, bots="random-play", seed=1, chance="referee")
    b = C.play(n, players=3, rules=rules, bots="random-play", seed=2, chance="fast")
    assert stuck or (not a.truncated.any() and not b.truncated.any())
    for x, y, what in ((a.truncated.astype(float), b.truncated.astype(float), "hands cut short"),
                       (a.turns.astype(float), b.turns.astype(float), "mean hand length (turns)"),
                       ((a.winner == a.first).astype(float), (b.winner == b.first).astype(float),
                        "first seat's win rate"),
                       (a.reactions.astype(float), b.reactions.astype(float), "reactions per hand")):
        se = (x.var() / n + y.var() / n) ** 0.5
        assert abs(x.mean() - y.mean()) <= 4 * se + 1e-9, what


# ----------------------------------------------------------------------------------- compiled bots
def _replay(players: int, rules: str, seeds, lineup, bot, policy: int, answer, out: dict, *, cut_short: bool,
            purpose: str, salt: int, max_steps: int, everything: bool) -> dict:
    """Replay the compiled hands (``lineup(players, seed)``: the C policy of each seat) in the referee; at each
    action ``a`` of a ``policy`` seat ``s`` (its Python ``bot`` seeded as the compiled seat), ``answer(g, s, bot,
    a, out)`` gives the bot's choice, or ``False`` where the bot is not asked. Counts into ``out`` the decisions,
    the agreements (``first``: the first disagreement), the hands (``full``: of the full sweep), the seats whose
    generator was drawn (``rng``)."""
    from unokit.fast import _ccore
    rs = RuleSet.parse(rules)
    run, full = sample(seeds)
    if everything:
        run = list(range(seeds)) if isinstance(seeds, int) else list(seeds)
    out.update(decisions=0, agree=0, hands=0, full=full, rng=0, first=None)
    for seed in run:
        pols = lineup(players, seed)
        ids = _ccore.play_logged(C._config(players, rs, max_steps, None, bytes(pols), False), seed, purpose, salt)
        g = Game.new(players, rules, seed=seed)
        bots = {s: bot(derive_seed(seed, salt * 64 + s, purpose)) for s in range(players) if pols[s] == policy}
        states = {s: b.rng.getstate() for s, b in bots.items()}
        for i in ids:
            a = C.to_action(i)
            s = a.player
            mine = answer(g, s, bots[s], a, out) if s in bots else False
            if mine is not False:
                out["decisions"] += 1
                if mine is not None and C.action_id(mine) == i:
                    out["agree"] += 1
                elif out["first"] is None:
                    out["first"] = (seed, len(g.actions), str(a), str(mine))
            g.apply(a)
        assert g.over or (cut_short and len(ids) >= max_steps), f"hand {seed} was not played to the end"
        out["hands"] += 1
        out["rng"] += sum(b.rng.getstate() != states[s] for s, b in bots.items())
    return out


def lockstep(players: int, rules: str, seeds, lineup, bot, policy: int, *, reactions: bool, cut_short: bool,
             purpose: str = "lab-bot", salt: int = 0, max_steps: int = C.MAX_STEPS, everything: bool = False
             ) -> dict:
    """Replay the compiled hands (``lineup(players, seed)``: the C policy of each seat) in the referee and ask
    ``bot`` (the Python class, seeded as the compiled seat) at every decision of a seat whose policy is
    ``policy``: its turns and, with ``reactions``, its UNO calls and catches too (out of turn or before its
    move). ``seeds`` is sampled unless ``everything``. With ``cut_short`` a hand may end at ``max_steps``;
    without, every hand must be played to the end. Counts: decisions and agreements (``first``: the first
    disagreement), turns with a choice, turns offered a challenge (``challenges``) and challenges made
    (``challenged``), plays onto a draw total (``stacks``), challenge turns where the history's colour is not the
    game's (``history``), reactions, stems past the unfolding the bot completed (``completed``), and seats whose
    generator was drawn (``rng``); ``hands`` of ``full``."""
    def answer(g: Game, s: int, b, a, out: dict):
        if s == g.to_act and type(a) not in (SayUno, CatchUno):
            legal = unfold(g, g.legal_actions(s))
            view = g.view(s)
            mine = b.act(view, legal)
            if mine is not None and mine.more and mine in legal:   # a stem past the unfolding: completed by the bot,
                mine = complete(g, mine, lambda opts, b=b, v=view: b.act(v, opts), UNFOLD)   # as engine.flow.ask does
                out["completed"] += 1
            out["choices"] += len(legal) > 1
            out["challenged"] += a.verb == "challenge"
            if any(type(x) is Challenge for x in legal):
                out["challenges"] += 1
                out["history"] += color_before_top(view) != g.wd4[2]   # the events' colour is not the game's
            out["stacks"] += g.pending > 0 and a.verb == "play"
            return mine
        if reactions:        # UNO calls and catches (out of turn, or before the seat's move)
            out["reactions"] += 1
            return b.react(g.view(s), unfold(g, reaction_options(g, s)))
        return False

    out = {"choices": 0, "challenges": 0, "challenged": 0, "stacks": 0, "history": 0, "reactions": 0, "completed": 0}
    return _replay(players, rules, seeds, lineup, bot, policy, answer, out, cut_short=cut_short, purpose=purpose,
                   salt=salt, max_steps=max_steps, everything=everything)


def ask_lockstep(players: int, rules: str, seeds, lineup, bot, policy: int, *, max_steps: int = C.MAX_STEPS,
                 cut_short: bool = True, everything: bool = False) -> dict:
    """:func:`lockstep` with ``bot``'s answers completed as the harness completes them (``unokit.engine.flow.ask``:
    a stem it picks is decided one sub-decision at a time), at every decision of a ``policy`` seat, turns and
    reactions alike (purpose ``lab-bot``, salt 0). Counts, beside :func:`lockstep`'s decisions, agreements, hands
    and ``rng``, the plays that gave (``gifts``) and the cuts."""
    def answer(g: Game, s: int, b, a, out: dict):
        # (DED: the seat in turn accuses out of turn, but in HIDDEN_FINISH, where its turn accuses too)
        turn = s == g.to_act and type(a) not in (SayUno, CatchUno) and not (
            type(a) is Accuse and g.phase.name != "HIDDEN_FINISH")
        out["gifts"] += bool(type(a) is Play and a.give)
        out["cuts"] += type(a) is Play and not turn
        return ask(g, s, b, g.legal_actions(s) if turn else reaction_options(g, s), turn=turn)

    return _replay(players, rules, seeds, lineup, bot, policy, answer, {"gifts": 0, "cuts": 0}, cut_short=cut_short,
                   purpose="lab-bot", salt=0, max_steps=max_steps, everything=everything)



def proven_beside(first: str) -> list[str]:
    """The house rules the compiled strategist is proven under that compiled.problem accepts beside ``first`` (the
    rules hypothesis draws to go with it)."""
    return [c for c in C._STRATEGIST_RULES if c != first and not C.problem(f"UNO 1121 {first}-{c}", "random-play", 3)]


#: the rules that stack draws: one of them at most in a rule set drawn by hypothesis
STACKING = ("P1", "P2", "P3", "P4", "FU", "BU")


def strategist_table(first: str, codes, players: int, seed: int, who) -> str:
    """``UNO 1121`` with ``first``, then ``codes`` (of the stacking rules among them only the first), each once: a
    table hypothesis keeps only where the rules combine, the core plays them and ``who``'s line-ups of the hands
    ``seed`` and ``seed + 1`` hold a strategist seat; the core must then accept the strategist in every seat."""
    from hypothesis import assume

    from unokit.core.errors import RuleConflictError
    stack = [c for c in codes if c in STACKING]
    rules = "UNO 1121 " + "-".join(dict.fromkeys([first] + [c for c in codes if c not in stack] + stack[:1]))
    try:
        RuleSet.parse(rules)
    except RuleConflictError:
        assume(False)
    assume(C.problem(rules, ["random-play"] * players, players) is None)   # a table the core plays
    assume(C.POLICIES["strategist"] in who(players, seed) + who(players, seed + 1))   # (perhaps no strategist seat)
    assert C.problem(rules, ["strategist"] * players, players) is None, rules
    return rules

# ----------------------------------------------------------------------------------- the lab's hands
#: what a lab hand played in C and ``play_deal``'s must agree on (the human-error bots' checks)
LAB_FIELDS = ("winner", "first", "turns", "actions", "plays", "drawn", "score", "catches", "penalty_cards",
              "reactions")


def _lab_number(r, i: int, field: str):
    if field == "winner":
        return winner(r, i)
    return int(r.drawn[i].sum()) if field == "drawn" else int(getattr(r, field)[i])


def same_lab_hands(rules: str, lineup: list[str], n: int, fields: tuple[str, ...] = LAB_FIELDS, *,
                   bot_salt: int = 3, whole: bool = False) -> None:
    """The lab's first ``n`` deals (``derive_seed(5, i, "lab-deal")``, ``bot_salt``) played in C by ``lineup`` (a
    name a seat) equal ``play_deal``'s in every one of ``fields``; ``whole``: every hand played to the end (a
    winner in C)."""
    r = C.play(n, players=len(lineup), rules=rules, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot",
               bot_salt=bot_salt)
    for i in range(n):
        o = play_deal(rules, lineup, derive_seed(5, i, "lab-deal"), bot_salt=bot_salt)
        assert not whole or r.winner[i] >= 0, f"{rules}: lab hand {i} cut short"
        assert tuple(_lab_number(r, i, f) for f in fields) == tuple(getattr(o, f) for f in fields), \
            f"{rules}: lab hand {i}"



def same_records(rules: str, without: str, n: int, bots) -> None:
    """``n`` hands at 4 players (the deals of seed 2) played in C by ``bots`` under ``rules`` and under ``without``
    (a rule these bots never use left out): the same records."""
    a = C.play(n, players=4, rules=rules, bots=bots, seed=2)
    b = C.play(n, players=4, rules=without, bots=bots, seed=2)
    assert (a.records == b.records).all(), f"{rules}: the hands differ from {without}'s"


# ----------------------------------------------------------------------------------- mutations
def hide_clas_look(monkeypatch) -> None:
    """The mutation: the referee's CLA looks at the target's hand without its player being shown it
    (``Game.reveals``)."""
    from unokit.engine import game as game_module
    from unokit.rules import cardfx
    real = cardfx.Clairvoyance.on_play

    def unseen(self, game, p, play):
        n = len(game.reveals)
        out = real(self, game, p, play)
        del game.reveals[n:]
        return out

    monkeypatch.setattr(cardfx.Clairvoyance, "on_play", unseen)
    monkeypatch.setattr(game_module, "_HOOKS", {})    # (the hooks bound per rule set, cached)
