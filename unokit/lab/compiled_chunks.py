"""The lab's chunks played by the compiled core: the same tallies as the referee's, from numpy arrays.

:func:`unokit.lab.run_chunk` asks :func:`problem` first: when the compiled core plays the chunk's
rules and every bot of its lineup, :func:`play_chunk` plays it in C with referee chance and the
lab's seeds (deal ``derive_seed(seed, i, "lab-deal")``, bots ``derive_seed(deal, salt * 64 + s,
"lab-bot")``), so the hands are the very hands the referee would play, and the tally is the same
(sums of integers, exact in floating point); so are the hands of the matches (:func:`play_match_chunk`).
A rule that changes no hand (a match rule: TV, PR, MOV, SHUFFLESEATS, ELIMMOST) leaves the hands of the
rules without it, so its hands are played as theirs (:func:`unokit.rules.registry.hand_ruleset`). So are
the rules that change nothing in a simulated hand of random-play and greedy seats (:data:`INERT`).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import UnoError
from ..rules.registry import timed_codes
from .stats import Moments

__all__ = ["problem", "play_chunk"]

_SUMMED = ("turns", "actions", "plays", "catches", "penalty_cards", "reactions")


def problem(spec: dict) -> str | None:
    """Why the compiled core does not play this chunk, or ``None``."""
    from ..fast import compiled
    if spec.get("kind") not in ("hands", "rotated"):
        return "matches are played by the referee"
    return compiled.problem(_hand_rules(spec["rules"], spec["lineup"]), list(spec["lineup"]), len(spec["lineup"]), decks=spec.get("decks", 1),
                            deck=spec.get("deck", "classic"))


#: rules that change nothing in a hand the lab simulates with random-play and greedy seats: ORG punishes an
#: apology and these bots never speak (the human-error bots do: with them ORG stays, C is handed its price); V and BLITZ time the game's clock, which does not move in a simulation
#: (ManualClock); DP's draw challenge is an action neither bot takes (tests/fast/test_compiled.py plays them both ways)
INERT = ("ORG", *timed_codes(), "DP")
_INERT_BOTS = frozenset({"random-play", "greedy"})
#: the rules of INERT the strategist never meets either: it never apologises (ORG), and a simulation's clock never
#: moves (V, BLITZ); it may challenge a draw (DP), which the compiled core plays for it
_STRATEGIST_INERT = ("ORG", *timed_codes())


def _hand_rules(rules: str, lineup=()) -> str:
    """The code of the rule set that plays the same hands as ``rules`` for ``lineup``: the match rules left out,
    and :data:`INERT` too when every seat is random-play or greedy (ORG, V and BLITZ with strategist seats too)."""
    from ..rules import RuleSet
    from ..rules.registry import hand_ruleset
    rs = hand_ruleset(RuleSet.parse(rules))
    bots = {str(b).strip().lower() for b in lineup}
    drop = INERT if lineup and bots <= _INERT_BOTS else _STRATEGIST_INERT if lineup and bots <= _INERT_BOTS | {
        "strategist"} else ()
    if any(rs.has(c) for c in drop):
        rs = type(rs)(rs.ambiguity, tuple(r for r in rs.rules if r[0] not in drop), rs.params)
    return rs.code


def _moments(values: np.ndarray) -> Moments:
    v = values.astype(np.int64)
    return Moments(len(v), float(int(v.sum())), float(int((v * v).sum())))


def _tally_hands(t, res, labels) -> None:
    """Add the hands of one :class:`~unokit.fast.compiled.Results` to the lab's ``Tally`` ``t``."""
    n = len(res)
    if not n:
        return
    winner = res.winner.astype(np.int64)
    done = winner >= 0
    t.hands += n
    t.truncated += int((~done).sum())
    for k in _SUMMED:
        t.m[k].merge(_moments(getattr(res, k)))
    t.m["drawn"].merge(_moments(res.drawn.sum(axis=1)))
    t.turns_hist.add_counts(*np.unique(res.turns.astype(np.int64), return_counts=True))
    t.m["eliminated"].merge(_moments(res.eliminated))
    t.m["score"].merge(_moments(res.score[done]))
    t.finished += int(done.sum())
    first = res.first.astype(np.int64)
    t.first_n += int((done & (first >= 0)).sum())
    t.first_wins += int((done & (winner == first)).sum())
    if done.any():
        counts = np.bincount(winner[done])
        while len(t.wins_by_seat) < len(counts):
            t.wins_by_seat.append(0)
        for s, c in enumerate(counts.tolist()):
            t.wins_by_seat[s] += c
        finished = int(done.sum())
        for lab in dict.fromkeys(labels):
            t.games[lab] = t.games.get(lab, 0) + finished
        for s, c in enumerate(counts.tolist()):
            if c:
                t.wins[labels[s]] = t.wins.get(labels[s], 0) + c


def play_chunk(spec: dict, t, max_steps: int) -> dict:
    """The chunk's tally, played in C and added to the lab's empty ``Tally`` ``t`` (``max_steps``: the
    default cap): ``t.to_dict()``, what :func:`unokit.lab.run_chunk` returns."""
    from ..fast import compiled
    lineup = list(spec["lineup"])
    labels = list(spec.get("labels") or lineup)
    n = len(lineup)
    kw = dict(players=n, rules=_hand_rules(spec["rules"], lineup), seed=spec["seed"], purpose="lab-deal", start=spec["start"],
              bot_purpose="lab-bot", max_steps=spec.get("max_steps", max_steps), chance="referee")
    if spec["kind"] == "hands":
        _tally_hands(t, compiled.play(spec["count"], bots=lineup, bot_salt=0, **kw), labels)
        return t.to_dict()
    seatings = []
    for r in range(n):  # the distinct rotations, names and labels together (as run_chunk)
        s = tuple((lineup[(k - r) % n], labels[(k - r) % n]) for k in range(n))
        if s not in seatings:
            seatings.append(s)
    winners = []
    for r, seating in enumerate(seatings):
        labs = [x[1] for x in seating]
        res = compiled.play(spec["count"], bots=[x[0] for x in seating], bot_salt=r + 1, **kw)
        _tally_hands(t, res, labs)
        winners.append([labs[w] if w >= 0 else None for w in res.winner.tolist()])
    for deal in zip(*winners):
        t.add_deal(list(deal))
    return t.to_dict()


def match_problem(spec: dict) -> str | None:
    """Why the compiled core does not play the hands of this chunk's matches, or ``None``."""
    from ..fast import compiled
    from ..match import Match, MatchConfig
    lineup = list(spec["lineup"])
    try:
        Match.new(MatchConfig(players=len(lineup), rules=spec["rules"], seed=0, decks=spec.get("decks", 1),
                              deck=spec.get("deck", "classic")))
    except UnoError as e:
        return f"no such match: {e}"
    return compiled.problem(_hand_rules(spec["rules"], lineup), lineup, len(lineup), decks=spec.get("decks", 1),
                            deck=spec.get("deck", "classic"))


def play_match_chunk(spec: dict, mt, max_steps: int) -> dict:
    """The chunk's matches as :func:`unokit.lab.play_lab_match` plays them, added to the lab's empty
    ``MatchTally`` ``mt``: the referee's tally, ``mt.to_dict()``. A points match without match rules is played
    whole in C (:func:`~unokit.fast.compiled.play_matches`: the Match's hand seeds, dealer and scoring). Any
    other: the same :class:`~unokit.match.Match` draws every hand's seed and dealer and scores it
    (:meth:`~unokit.match.Match.finish_played`), and the compiled core deals and plays the hands, those of every
    match of the chunk still going in one call per lineup and dealer (the match's deal seed, the lab's bot
    seeds)."""
    from ..fast import compiled
    from ..match import Match, MatchConfig
    from .sim import derive_seed
    lineup = list(spec["lineup"])
    rules = spec["rules"]
    hand_rules = _hand_rules(rules, lineup)
    cap = spec.get("max_steps", max_steps)
    seeds = [derive_seed(spec["seed"], j, "lab-match") for j in range(spec["start"], spec["start"] + spec["count"])]
    probe = Match.new(MatchConfig(players=len(lineup), rules=rules, seed=0))
    if probe.mode == "points" and probe.rules.pregame in (1, 3) and not probe.match_rules:
        # the whole matches in C (compiled.play_matches): the same hands, scores and ends as below
        assert probe.target is not None  # MatchConfig settles the target of every mode
        rows = compiled.play_matches(seeds, len(lineup), hand_rules, lineup, target=probe.target,
                                     dealer_step=int(probe.rules.pregame == 3), max_hands=500, max_steps=cap)
        for over, hands, void, turns in rows.tolist():
            mt.add_counts(over=bool(over), void=void, hands=hands, eliminated=0, turns=turns)
        return mt.to_dict()
    matches = [Match.new(MatchConfig(players=len(lineup), rules=rules, seed=s)) for s in seeds]
    turns = [0] * len(matches)
    going = list(range(len(matches)))
    while going:
        groups: dict[tuple, list[int]] = {}   # (seat names, dealer) -> matches
        for k in going:
            m = matches[k]
            slot = m.upcoming
            groups.setdefault((tuple(lineup[p] for p in slot.seats), slot.dealer), []).append(k)
        for (names, dealer), ks in groups.items():
            res = compiled.play(len(ks), players=len(names), rules=hand_rules, bots=list(names),
                                deal_seeds=[matches[k].upcoming.seed for k in ks], dealer=dealer,
                                bot_seeds=[derive_seed(seeds[k], len(matches[k].history), "lab-match-hand") for k in ks],
                                bot_purpose="lab-bot", max_steps=cap, chance="referee")
            for k, t, w, held, steps, d, cards in zip(ks, res.turns.tolist(), res.winner.tolist(),
                                                      res.points.tolist(), res.applied.tolist(), res.dealer.tolist(),
                                                      res.cards.tolist()):
                turns[k] += t   # (the cards each seat held: what ELIMMOST reads, Match.scores_played_hands)
                matches[k].finish_played(winner=w if w >= 0 else None, held=held, steps=steps, dealer=d,
                                         cards=None if matches[k].scores_played_hands else cards)
        going = [k for k in going if not matches[k].over and len(matches[k].history) < 500]
    for m, t in zip(matches, turns):
        mt.add(m, t)
    return mt.to_dict()
