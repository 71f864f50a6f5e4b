"""The compiled core: whole hands played inside C, in batches, results as numpy arrays.

:func:`play` plays many hands of the official rules in one call, without returning to Python
between actions. It is :class:`~unokit.fast.FastGame`'s state machine written in C
(``unokit/fast/_ccore.c``), on the same card ids, the same action ids and the same random
generator (CPython's Mersenne Twister, drawn as the referee's :class:`~unokit.core.chance.Chance`
draws it), and with the same bots' generators: a hand it plays is the very hand
:func:`unokit.lab.sim.simulate` or the lab plays on the referee, action for action.

>>> r = play(1000, players=2, bots="random-play", seed=1)
>>> r.winner.shape, int((r.winner >= 0).sum())
((1000,), 1000)
>>> round(float(r.turns.mean()), 1) > 10
True

It plays the official rules with any ambiguity digits and ``uno=``, and the house rules of
:data:`HOUSE_RULES` (stacking ``P1``-``P4``, ``ADDUP``; drawing ``FU``, ``BU`` and ``deal=``, ``SAT``,
``INS``, ``CON``, ``DRAWPLAY``, ``FORCE``; hands passed or swapped ``ZEROLEFT``, ``SEVENO``; cuts ``C``,
``JUMPIN``; groups ``DR``, ``DD``; and the rest of that list) in the combinations proven (:func:`problem`
says why a code is not covered; ``V``, which times turns on a clock that never moves in a simulation, is
played as the hands without it), with the bots ``random-play`` (the lab's random agent) and, on the
official rules, ``bench`` (the benchmark's random agent, one generator for every seat). Its rule
tables come from :mod:`unokit.core.official` and the house rules' own modules (the stacking table of
:mod:`unokit.rules.stacking`), handed over at import or in each call: nothing is restated in C.

Moves the official id table (:data:`unokit.fast.ACTIONS`) lacks are numbered after all of its ids
(:data:`EXT_BASE` on): ADDUP's pairs of number cards and its ``doubtsum`` challenge, M's slaps, DP's and DED's
challenges, then (:data:`EXT2_BASE` on) DED's free discards and any other play (a seat named by SEVENO's 7, DR/DD
groups, a card put face down: :mod:`unokit.core.codec`); :func:`to_action` and :func:`action_id` map every id of
:func:`trace` to the referee's action and back.

>>> r = play(200, players=3, rules="UNO 1121 P4-DRAWPLAY", seed=1)
>>> int((r.winner >= 0).sum())
200
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import numpy as np

from ..core import official
from ..core.errors import UnoError
from .ccore import IMPORT_ERROR, _ccore, rule_facts  # the C extension, loaded with the rules' tables and numbers

__all__ = ["available", "problem", "play", "play_matches", "trace", "Results", "POLICIES", "FIELDS", "CHANCES", "state_bytes",
           "derive_seeds", "HOUSE_RULES", "EXT_BASE", "EXT2_BASE", "to_action", "action_id", "batch_problem", "rule_facts",
           "EDITIONS", "edition_log"]

#: the bots the compiled core plays, by name -> its policy number in C
POLICIES = {"bench": 0, "random-play": 1, "strategist": 2, "greedy": 3,
            "human": 4, "human:greedy": 4, "human:random-play": 5}   # the human-error bots (unokit/fast/_human.h)
#: the per-hand fields of :class:`Results` (then ``drawn`` and ``points`` per seat)
FIELDS = ("winner", "first", "turns", "actions", "plays", "steps", "applied", "reactions", "catches",
          "penalty_cards", "score", "truncated", "reshuffles", "dealer", "eliminated")
MAX_STEPS = 5000
_U64 = 2 ** 64
#: the house rules the compiled core plays (with any parameters), in every combination the parser accepts
HOUSE_RULES: tuple[str, ...] = (
    "P1", "P2", "P3", "P4", "ADDUP", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE",
    "ZEROLEFT", "SEVENO", "C", "JUMPIN", "DR", "DD", "T", "CAR", "DAD", "BA", "DOUBLE", "TRI", "BACK", "BOMB", "AB", "AA",
    "CLA", "DOA",   # DOA: unokit/fast/_house7.h on _house2.h's listing
    # unokit/fast/_house3.h (MISTAKE: its missed-UNO price; no clock runs)
    "NOCHALLENGE", "WILDSTART", "LIMIT", "OPEN", "REV", "PAA", "PAB", "FL", "GT", "I", "DEFLECT", "REVENGE",
    "NOENDDRAW", "WILDMATCH", "MISTAKE", "DRAWANY", "MEM", "PRE", "SLOWUNO",
    "CHU", "E", "IE", "S", "M",   # unokit/fast/_house5.h (the compiled bots speak only to call UNO)
    "MS1", "MS2", "MS3",          # unokit/fast/_house6.h (sudden death)
    "DP",                         # unokit/fast/_house8.h (the challenge of a draw)
    "DED")                        # unokit/fast/_house9.h on _house2.h's listing (face-down plays, accusations)
#: the rules of unokit/fast/_house3.h: their C flags (the config's h3; LIMIT's cards go in bits 16-23; OPEN and
#: REV change only the views, which only the compiled strategist reads: _shown)
_H3 = {"NOCHALLENGE": 1, "WILDSTART": 2, "PAA": 4, "PAB": 8, "FL": 0, "GT": 1024, "I": 2048, "DEFLECT": 4096, "REVENGE": 8192, "LIMIT": 0, "OPEN": 0, "REV": 0,
       "NOENDDRAW": 16384, "WILDMATCH": 32768, "MISTAKE": 0, "DRAWANY": 0, "MEM": 0, "PRE": 0, "SLOWUNO": 0}
#: the rules _house3.h's were proven with: the stacking and drawing rules; the first five also with _house2.h's
_H3_BASE = ("P1", "P2", "P3", "P4", "ADDUP", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE")
_H3_H2 = ("ZEROLEFT", "SEVENO", "C", "JUMPIN", "DR", "DD")
_H3_HARD = ("PAA", "PAB", "FL", "GT", "I", "DEFLECT", "REVENGE", "NOENDDRAW", "WILDMATCH", "MISTAKE", "DRAWANY", "MEM",
            "PRE", "SLOWUNO")
#: the rules of unokit/fast/_house5.h: their C flags (the config's h5), and the only other rules they were proven with
_H5 = {"CHU": 1, "E": 2, "IE": 4, "S": 8, "M": 32}
_H5_WITH = ("P1", "P2", "P3", "P4", "FU", "BU")
#: E, IE and S (which judge no play) also with the drawing rules and _house3.h's (not ADDUP: its pairs skip the hooks)
_H5_SOCIAL_WITH = _H5_WITH + ("SAT", "INS", "CON", "DRAWPLAY", "FORCE") + tuple(_H3)
#: the rules of unokit/fast/_house6.h: their variant in C (the config's h6), and the only other rules they were proven with
_H6 = {"MS1": 1, "MS2": 2, "MS3": 3}
_H6_WITH = ("P1", "P2", "P3", "P4", "ADDUP", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE") + tuple(_H3)
#: rules that read the table's clock (V times each turn): a simulation's clock never moves (Game.new's ManualClock),
#: so no turn is ever late and they change nothing there; the compiled core, which has no clock, plays them as a
#: simulation does (tests/fast/test_compiled_house3_h2.py plays V's hands both ways)
_CLOCKED = ("V",)
#: rules refused with their reason (what the core cannot do)
_REFUSED: dict[str, str] = {}
#: the rules played by unokit/fast/_house2.h (hands passed or swapped, cuts, groups): their C flags. Under any
#: of them a hand is played on the referee's listing of plays (stems, unfolded as the harness unfolds them)
#: and the reaction step shuffles the seats with the harness's generator; random-play bots only
_H2 = {"ZEROLEFT": 1, "SEVENO": 2, "C": 4, "JUMPIN": 8, "DR": 16, "DD": 32, "T": 64, "CAR": 128,   # T on: _house4.h
       "DAD": 256, "BA": 512, "DOUBLE": 1024, "TRI": 2048, "BACK": 4096, "BOMB": 8192, "AB": 16384, "AA": 32768,
       "CLA": 65536, "DOA": 131072, "DED": 262144}
#: the rules of _house2.h each of _house3.h's was proven with (the soft ones: _H3_H2; the peace of PAA and PAB, GT's
#: twins and PRE's open window: all of them, tests/fast/test_compiled_house3_h2.py); the others none
_H3_ALL_H2 = ("PAA", "PAB", "GT", "PRE")
_H3_WITH_H2: dict[str, tuple[str, ...]] = {
    **{c: _H3_H2 for c in _H3 if c not in _H3_HARD}, **{c: tuple(_H2) for c in _H3_ALL_H2}}
#: CHU alone of _house5.h's rules also on _house2.h's lists (the colour to change judged there, Game.last_plays taken
#: from every play, groups and cuts too) and with the peace, GT and PRE (tests/fast/test_compiled_house3_h2.py)
_H2_BUT_DED = tuple(c for c in _H2 if c != "DED")      # (DED's accusations: proven with the official listing's reactions)
_CHU_WITH = _H5_WITH + _H2_BUT_DED + _H3_ALL_H2
#: the other rules of _house5.h also on _house2.h's lists: M (its slap rounds there, a group of its card too, no cut
#: while the pile is slapped) and S (a group toggles the silence by its count of S's card, a play's UNO call judged
#: before the play's hooks): tests/fast/test_compiled_house3_h2.py
_H5_WITH_H2: dict[str, tuple[str, ...]] = {"M": _H2_BUT_DED, "S": _H2_BUT_DED}
#: the rules of _house2.h sudden death (_house6.h) was proven with: the turn at the seats left there (h2_next, h2_skip),
#: the seats out listing nothing; not those that name seats, pass hands or make everyone draw
#: (tests/fast/test_compiled_house3_h2.py)
_H6_WITH_H2 = ("C", "JUMPIN", "DR", "DD", "AA", "DOUBLE", "DAD")
# the C core's flags of the rules that change the play (FU, BU and P1-P4 travel as numbers)
#: the house rules under which the compiled greedy was proven to make GreedyBot's choices (tests/fast/test_compiled_greedy.py)
_GREEDY_RULES = HOUSE_RULES   # every house rule the core plays
#: the house rules under which the compiled strategist (unokit/fast/_strategist.h; under _house2.h's rules
#: unokit/fast/_h2strategist.h) was proven to make StrategistBot's choices (tests/fast/test_compiled_strategist_house.py,
#: tests/fast/test_compiled_strategist_house2.py; ADDUP alone, the hands OPEN and REV show, TRI's penalties:
#: unokit/fast/_strategist3.h, tests/fast/test_compiled_strategist_house3.py; _house5.h's and _house6.h's rules:
#: unokit/fast/_strategist5.h, test_compiled_strategist_house5.py and _house6.py)
_STRATEGIST_RULES = ("P1", "P2", "P3", "P4", "FU", "BU", "INS", "CON", "DRAWPLAY", "FORCE", "NOCHALLENGE",
                     "WILDSTART", "PAA", "PAB", "FL", "I", "DEFLECT", "REVENGE", "NOENDDRAW", "WILDMATCH",
                     "MISTAKE", "DRAWANY", "MEM", "PRE", "SLOWUNO", "SAT", "GT", "LIMIT",
                     "C", "JUMPIN", "SEVENO", "ZEROLEFT", "DR", "DD", "BOMB", "DOUBLE", "AB", "AA", "T", "CAR", "BA",
                     "BACK", "CLA", "DAD",
                     "ADDUP", "OPEN", "REV", "TRI",
                     "MS1", "MS2", "MS3",   # _house6.h's sudden death (tests/fast/test_compiled_strategist_house6.py)
                     "CHU", "E", "IE", "S", "M",   # _house5.h's (_strategist5.h; test_compiled_strategist_house5.py)
                     "DP",   # _house8.h's (tests/fast/test_compiled_dp.py)
                     "DOA",  # _house7.h's gifts (_h2strategist.h; tests/fast/test_compiled_strategist_doa.py)
                     "DED")  # _house9.h's face-down plays (_strategist9.h; tests/fast/test_compiled_strategist_ded.py)
#: the human-error bots (unokit.bots.human.HumanBot over greedy or random-play): their policies in C, the default
#: rates of HumanBot (forget_uno, talk, apologise, reaction; tests/fast/test_compiled_human.py checks them against
#: its signature: this layer cannot import the bots), and the rule codes under which they were proven to play as
#: on the referee (official rules, any ambiguity digit; every house rule the core plays, in the combinations
#: problem() accepts: tests/fast/test_compiled_human.py, test_compiled_human_house.py; ORG's and S's prices of
#: their lines)
_HUMAN = {"human": 4, "human:greedy": 4, "human:random-play": 5}
_HUMAN_RATES = (0.1, 0.02, 0.05, 0.6)
_HUMAN_RULES = HOUSE_RULES + ("ORG",)   # (DOA, DP: tests/fast/test_compiled_human_doa.py)
_FLAGS = {"ADDUP": 1, "SAT": 2, "INS": 4, "CON": 8, "DRAWPLAY": 16, "FORCE": 32, "DRAWANY": 64, "PRE": 128,
          "SLOWUNO": 256, "DP": 512}


# ------------------------------------------------------------------------------------ the extra ids
# the engines' numbering (unokit.core.codec): the fast core's ids, ADDUP's from EXT_BASE, other house-rule
# plays from EXT2_BASE; the C core restates it (_ccore.c, _house2.h) and is checked against it (unokit/fast/ccore.py)
from ..core.codec import EXT2_BASE, EXT_BASE, EXT_PER_SEAT, NPAIRS  # noqa: E402, F401  (batch.py reads them here)
from ..core.codec import decode as to_action  # noqa: E402
from ..core.codec import encode as action_id  # noqa: E402
from . import ACTIONS_PER_SEAT  # noqa: E402, F401


def _house(rs) -> tuple[int, int, int]:
    """(cards dealt, stacking mask, flags) of a rule set the compiled core covers."""
    stack = 0
    if rs.stacking or rs.has("I"):   # I implies P4 (unokit/rules/inferno.py: any draw card on any)
        from ..rules.stacking import ALLOWED
        for under, card in ALLOWED[rs.stacking or "P4"]:   # bit 5 * (total's kind) + (card's draw): it may go on
            stack |= 1 << (5 * under + card)
    flags = 0
    for code in rs.codes:
        flags |= _FLAGS.get(code, 0)
    return rs.deal, stack, flags


def _h2(rs) -> tuple[int, int]:
    """(_house2.h's flags, with DED's penalty in bits 24-30; ZEROLEFT's card) of a rule set."""
    h2 = 0
    for code in rs.codes:
        h2 |= _H2.get(code, 0)
    if rs.has("DED"):
        h2 |= min(rs.param("DED", "penalty"), 127) << 24
    return h2, rs.card_of("ZEROLEFT") if rs.has("ZEROLEFT") else 0


def _shown(rs) -> int:
    """What the views show that the compiled strategist reads: ambiguity digit C (who sees a challenged hand; bits
    0-1), REV's face-up stock (bit 2), OPEN's size (hands below it are shown to all; from bit 3, at most the deck)."""
    shown = rs.reveal | (4 if rs.has("REV") else 0)
    if rs.has("OPEN"):
        shown |= min(rs.param("OPEN", "cards"), len(official.DECK_IDS)) << 3
    return shown


def _h3(rs) -> int:
    """_house3.h's flags of a rule set, with LIMIT's cards (a limit of 108 or more, or 0, is none)."""
    h3 = 0
    for code in rs.codes:
        h3 |= _H3.get(code, 0)
    if rs.has("LIMIT"):
        cards = rs.param("LIMIT", "cards")
        if 0 < cards < len(official.DECK_IDS):
            h3 |= cards << 16
    if rs.has("PAA"):
        h3 |= min(rs.param("PAA", "rounds"), 127) << 24
    if rs.has("PAB"):
        h3 |= rs.card_of("PAB") << 4
    if rs.has("FL"):
        h3 |= {"all": 1, "numbers": 2, "wilds": 3}[rs.param("FL", "variant")] << 8
    return h3


def _armed(rs) -> int:
    """The numbers PAA's peace (bits 0-9) and PAB's (bits 10-19) bar as action cards: the numbers other rules arm
    (:func:`unokit.rules.cardfx.armed_numbers`), PAB's own card left out of its peace.

    >>> from unokit.rules import RuleSet
    >>> bin(_armed(RuleSet.parse("UNO 1121 PAA-PAB-TRI")))   # TRI's 3 in both, PAB's own 1 none
    '0b10000000001000'
    """
    if not (rs.has("PAA") or rs.has("PAB")):
        return 0
    from ..rules.cardfx import armed_numbers
    armed = armed_numbers(rs)
    paa = sum(1 << n for n in armed) if rs.has("PAA") else 0
    pab = sum(1 << n for n in armed - {rs.card_of("PAB")}) if rs.has("PAB") else 0
    return paa | pab << 10


def _h4(rs) -> tuple[int, int]:
    """(_house4.h's cards: T, CAR, DAD, BACK, TRI, CLA, and _house7.h's DOA, 4 bits each; DAD's table, 5 bits a face)
    of a rule set."""
    cards = 0
    for i, code in enumerate(("T", "CAR", "DAD", "BACK", "TRI", "CLA", "DOA")):
        if rs.has(code):
            cards |= rs.card_of(code) << (4 * i)
    table = 0
    if rs.has("DAD"):
        for i, v in enumerate(str(rs.param("DAD", "table")).split("/")):
            table |= int(v) << (5 * i)
    return cards, table


#: house rules of _house4.h's list that the compiled core refuses, and why
_REFERENCE_ONLY: dict[str, str] = {}


def _h4_problem(rs) -> str | None:
    """The combinations of _house4.h's rules that the compiled core refuses, and why: the draw rules that ask
    whether a card can be played alone under every rule in force (Game.can_play_alone: SAT, INS, FORCE, CON's
    options) with the rules that change that answer (CAR's and TRI's objections, AB's allowance); those draws ask
    the official match only. CLA's card (with a seat to name) and DOA's 2 (with its gifts) leave that answer the
    match: the referee's probe is a complete play of the card. TRI's own turn draw asks it (_house2.h's h2_alone)."""
    judged = [c for c in ("CAR", "TRI", "AB") if rs.has(c)]
    asking = [c for c in ("SAT", "INS", "FORCE") if rs.has(c)]
    if rs.has("AB"):
        asking += [c for c in ("CON",) if rs.has(c)]
    if judged and asking:
        return (f"{'-'.join(dict.fromkeys(judged + asking))} are played by the referee only together: the draws of "
                f"{'-'.join(asking)} ask whether a card can be played alone under every rule in force "
                f"(Game.can_play_alone, changed by {'-'.join(judged)}), which the compiled core's draws do not ask")
    return None


#: the only other rules DED (unokit/fast/_house9.h) was proven with: the stacking (its claims), drawing and deal rules
#: and _house2.h's but DOA (its gifts make the referee's listing of every action too long to prove it step by step)
_DED_WITH = ("P1", "P2", "P3", "P4", "ADDUP", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE", "ZEROLEFT",
             "SEVENO", "C", "JUMPIN", "DR", "DD", "T", "CAR", "DAD", "BA", "DOUBLE", "TRI", "BACK", "BOMB", "AB", "AA",
             "CLA", "FL", "MEM", "DP", "NOCHALLENGE", "WILDSTART", "LIMIT", "OPEN", "REV", "MISTAKE", "PRE", "PAA", "PAB",
             "GT", "REVENGE", "NOENDDRAW")


def _ded_problem(rs) -> str | None:
    """Why DED is refused with the rules of ``rs`` other than :data:`_DED_WITH`."""
    alien = [c for c in rs.codes if c != "DED" and c not in _DED_WITH] if rs.has("DED") else []
    if not alien:
        return None
    return (f"DED with {'-'.join(alien)} is played by the referee only (the compiled core plays DED with "
            f"{', '.join(_DED_WITH)} only)")


#: the only other rules DP (unokit/fast/_house8.h) was proven with: their draws leave Game.can_play_alone, which DP asks
#: when a seat draws, the official match
_DP_WITH = ("P1", "P2", "P3", "P4", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE", "DED", "FL", "MEM")


def _dp_problem(rs) -> str | None:
    """Why DP is refused with the rules of ``rs`` other than :data:`_DP_WITH`."""
    alien = [c for c in rs.codes if c != "DP" and c not in _DP_WITH] if rs.has("DP") else []
    if not alien:
        return None
    return (f"DP with {'-'.join(alien)} is played by the referee only (the compiled core plays DP with "
            f"{', '.join(_DP_WITH)} only)")


def _uno_penalty(rs) -> int:
    """The cards of a missed UNO caught: the table's ``uno=``, MEM's (rules/uno_calls.py), or MISTAKE's ``penalty``
    (its other mistakes need a clock or table enforcement, which the core does not run)."""
    if rs.has("MISTAKE"):
        return rs.param("MISTAKE", "penalty")
    if rs.has("MEM"):
        from ..rules.uno_calls import Memory
        return Memory.PENALTY
    return rs.param("uno")


def _h5(rs) -> tuple[int, int]:
    """(_house5.h's flags with S's rounds and the cards a UNO call costs in silence; E's, IE's, S's and M's cards) of a
    rule set. The cost is the referee's own judge's (``Silence.speech_cost("UNO")``: while a silence holds)."""
    h5 = 0
    for code in rs.codes:
        h5 |= _H5.get(code, 0)
    cards = 0
    if rs.has("E") or rs.has("IE"):
        from ..rules.social import Compliments, Critiques
        for i, owed in enumerate((Compliments, Critiques)):
            if rs.has(owed.code):
                cards |= (int(rs.card_of(owed.code) or 0) | int(owed.color) << 4) << (8 * i)
    if rs.has("M"):
        cards |= int(rs.card_of("M")) << 20
    if rs.has("S"):
        from ..rules.silence import Silence
        silence = Silence(rs)
        cost = silence.speech_cost("UNO")
        h5 |= (16 if "T" in silence.opts else 0) | min(silence.rounds, 255) << 8 | min(cost, 255) << 16
        cards |= int(silence.card) << 16
    return h5, cards


@lru_cache(maxsize=64)
def _h6(rs) -> tuple[int, int, int]:
    """(_house6.h's variant with MS3's count and MS2's rounds; MS3's cards that arm it, those it counts: a bit per
    card) of a rule set, read from the referee's own rule (``SuddenDeath``: its variant and rounds, and its
    ``on_play`` asked of every card on a fresh hand: a card arms it at once, after ``count`` plays, or never)."""
    variant = next((c for c in rs.codes if c in _H6), None)
    if variant is None:
        return 0, 0, 0
    from types import SimpleNamespace

    from ..core.actions import Play
    from ..rules.suddendeath import SuddenDeath
    rule = SuddenDeath(rs)

    def plays_to_arm(card) -> int:   # how many plays of the card arm MS3 on a fresh hand (0: never)
        hand: Any = SimpleNamespace(rule_state={})   # (on_play reads and writes rule_state only)
        for k in range(1, 256):
            rule.on_play(hand, 0, Play(0, (card,)))
            if hand.rule_state.get("MS3"):
                return k
        return 0

    arms = counts = need = 0
    for c in official.CARDS if variant == "MS3" else ():
        k = plays_to_arm(c)
        if k == 1:
            arms |= 1 << c.index
        elif k and need in (0, k):
            counts |= 1 << c.index
            need = k
        elif k:
            raise UnoError(f"{rs.code}: MS3's cards count toward different totals, which the compiled core does not play")
    return _H6[variant] | need << 2 | rule.rounds << 10, arms, counts


def _m_problem(rs) -> str | None:
    """Why M is refused with FL(all): its card counts as a drawing card there (rules/cardfx.py DRAWING_CARD_RULES),
    which the core's clean-finish check does not read (PAA's and PAB's peace read it: the config's ``armed``)."""
    if rs.has("M") and rs.has("FL") and rs.param("FL", "variant") == "all":
        return ("M with FL is played by the referee only: M's card counts as a drawing card for FL(variant=all) "
                "(rules/cardfx.py), which the compiled core's check does not read")
    return None


def _human(rs) -> bytes:
    """The human-error bots' rates and what each line of ``codec.SAY_LINES`` costs its speaker under ``rs``: under S
    while a silence holds (Silence.speech_cost) and under ORG (Pride.judge_speech), the referee's own judges asked."""
    import struct

    from ..core.codec import SAY_LINES
    s_cost = [0] * len(SAY_LINES)
    org_cost = [0] * len(SAY_LINES)
    if rs.has("S"):
        from ..rules.silence import Silence
        silence = Silence(rs)
        s_cost = [min(silence.speech_cost(t), 255) for t in SAY_LINES]
    if rs.has("ORG"):
        from ..rules.social import Pride
        org_cost = [min(Pride(rs).judge_speech(cast(Any, None), 0, t), 255) for t in SAY_LINES]
    return struct.pack("4d", *_HUMAN_RATES) + bytes(s_cost) + bytes(org_cost)


def _config(players: int, rs, max_steps: int, dealer, policies: bytes, fast: bool) -> tuple:
    return (players, _uno_penalty(rs), rs.bluff, max_steps, -1 if dealer is None else dealer, policies, fast,
            *_house(rs), _shown(rs), *_h2(rs), _h3(rs), _armed(rs), *_h4(rs), *_h5(rs), *_h6(rs), _ed(rs),
            _human(rs) if set(policies) & set(_HUMAN.values()) else None)


#: the editions the compiled core plays (unokit/fast/_editions.h), and the bots proven there
EDITIONS = ("ALLWILD", "NOMERCY", "EXTREME", "SPIN", "FLASH", "FLIP", "FLEX")
_EDITION_BOTS = ("random-play", "greedy", *_HUMAN, "strategist")   # the human-error bots: unokit/fast/_edhuman.h
#: (the strategist under every edition: unokit/fast/_edstrategist.h on All Wild's colourless deck, _edcstrategist.h on
#: the coloured ones)


def _ed(rs) -> bytes | None:
    """The facts of the rule set's edition that _editions.h plays it by (:func:`unokit.fast.ccore.edition_facts`),
    or None: the classic game."""
    if not any(c in EDITIONS for c in rs.codes):
        return None
    return _edition_facts(rs.code)


@lru_cache(maxsize=16)
def _edition_facts(code: str) -> bytes:
    from ..rules import RuleSet
    from .ccore import edition_facts
    return edition_facts(RuleSet.parse(code))[1]


#: an edition's parameters a simulation never reads, any value: the lab's clock does not move, so FLASH's timer
#: never runs out (tests/fast/test_compiled_editions_flash.py)
_SIM_INERT = {"FLASH": ("timer",)}


def _edition_problem(rs, ed, bots, players: int, deck: str, decks: int, enforcement: str) -> str | None:
    """Why the compiled core cannot play this table of an edition (``ed``), or None."""
    if ed.code not in EDITIONS:
        from .ccore import edition_facts
        try:   # (the facts say what C does not play of it: UNO Flex's flex sides)
            edition_facts(_plain(ed.code))
            why = ""
        except ValueError as e:
            why = f": {e}"
        return f"the edition {ed.code} is played by the referee only (compiled: {', '.join(EDITIONS)}){why}"
    from ..rules import RuleSet
    inert = _SIM_INERT.get(ed.code, ())
    rules = tuple((c, o, tuple(kv for kv in p if c != ed.code or kv[0] not in inert)) for c, o, p in rs.rules)
    if RuleSet(rs.ambiguity, rules, rs.params) != _plain(ed.code):
        extra = "-".join(c for c in rs.codes if c != ed.code) or rs.code
        return (f"{ed.code} with {extra} is played by the referee only (the compiled core plays "
                f"'UNO {ed.code}' as the edition states it: the official ambiguity digits, no parameter"
                + "".join(f" but {k}= (any value: a simulation never reads it)" for k in inert) + ")")
    if deck not in (ed.deck, official.DECK) or decks != 1:
        return f"the compiled core plays {ed.code} with one {ed.deck} deck"
    if enforcement != "strict":
        return "the compiled core plays strict enforcement only"
    lo, hi = ed.players
    if not lo <= players <= hi:
        return f"{ed.code} is for {lo} to {hi} players"
    names = [bots] if isinstance(bots, str) else list(bots)
    for name in names:
        if name.strip().lower() not in _EDITION_BOTS:
            return (f"bot {name!r} is played by the referee only under {ed.code} (compiled: "
                    f"{', '.join(_EDITION_BOTS)})")
    return None


@lru_cache(maxsize=16)
def _plain(code: str):
    """The edition ``code`` alone, as its code states it: the only rule set of it proven in C."""
    from ..rules import RuleSet
    return RuleSet.parse(f"UNO {code}")


def available() -> bool:
    """Is the compiled core built and importable?"""
    return _ccore is not None


def state_bytes() -> tuple[int, int]:
    """Bytes of one game state in the compiled core: (without, with) its random generator."""
    _need()
    return _ccore.sizeof_state()


def _need() -> None:
    if _ccore is None:
        raise UnoError(IMPORT_ERROR)


def problem(rules="UNO 1121", bots=("random-play",), players: int = 2, *, deck: str = "classic", decks: int = 1,
            enforcement: str = "strict") -> str | None:
    """Why the compiled core cannot play this table, or ``None`` when it can."""
    if _ccore is None:
        return IMPORT_ERROR
    from ..rules import RuleSet
    from . import rules_problem
    names = [bots] if isinstance(bots, str) else list(bots)
    humans = [b for b in names if b.strip().lower() in _HUMAN]
    try:
        rs = RuleSet.parse(rules)
        from ..rules.editions import edition_of
        ed = edition_of(rs)
        if any(rs.has(c) for c in _CLOCKED) and ed is None:   # (as a simulation plays them: never late)
            rs = RuleSet(rs.ambiguity, tuple(r for r in rs.rules if r[0] not in _CLOCKED), rs.params)
        if ed is not None:   # an edition: unokit/fast/_editions.h
            return _edition_problem(rs, ed, bots, players, deck, decks, enforcement)
        if humans:
            why = _human_problem(rs, names)
            if why:
                return why
            rs = RuleSet(rs.ambiguity, tuple(r for r in rs.rules if r[0] != "ORG"), rs.params)   # (ORG: its price)
        why = _ded_problem(rs)
        if why:
            return why
        refused = [c for c in rs.codes if c in _REFUSED]
        if refused:
            return _REFUSED[refused[0]]
        mine = [c for c in rs.codes if c in _H3]
        if mine:   # _house3.h's rules were proven with these only, and each with some of _house2.h's (_H3_WITH_H2)
            h2 = set(_H2).intersection(*(_H3_WITH_H2.get(c, ()) for c in mine))
            allowed = set(_H3_BASE) | set(_H3) | h2 | set(_H5) | set(_H6) | {"DED", "DP"}
            alien = [c for c in rs.codes if c not in allowed]
            if alien:
                who = "-".join([c for c in mine if set(alien) - set(_H3_WITH_H2.get(c, ()))] or mine)
                return (f"{who} with {'-'.join(alien)} is played by the referee only (the compiled "
                        f"core plays {who} with {', '.join(sorted(allowed - set(mine)))} only)")
        mine = [c for c in rs.codes if c in _H5]
        if rs.has("CHU"):
            with_ = _CHU_WITH if mine == ["CHU"] else _H5_WITH
        else:
            with_ = _H5_SOCIAL_WITH + tuple(c for c in _H2 if mine and all(c in _H5_WITH_H2.get(m, ()) for m in mine))
        alien = [c for c in rs.codes if c not in _H5 and c not in with_]
        if mine and alien:   # _house5.h's rules were proven with these only
            return (f"{'-'.join(mine)} with {'-'.join(alien)} is played by the referee only (the compiled core plays "
                    f"{'-'.join(mine)} with {', '.join(with_)} only)")
        mine = [c for c in rs.codes if c in _H6]
        alien = [c for c in rs.codes if c not in _H6 and c not in _H6_WITH + _H6_WITH_H2]
        if mine and alien:   # _house6.h's rules were proven with the stacking (ADDUP too) and drawing rules and _house3.h's only
            return (f"{'-'.join(mine)} with {'-'.join(alien)} is played by the referee only (the compiled core plays "
                    f"{'-'.join(mine)} with {', '.join(_H6_WITH + _H6_WITH_H2)} only)")
        why = _m_problem(rs)
        if why:
            return why
        variants = [v for v, on in (("DD(actions=alone)", rs.has("DD") and rs.param("DD", "actions") != "together"),
                                    ("P4(color=match)", rs.has("P4") and rs.param("P4", "color") != "any")) if on]
        if variants:
            return f"{', '.join(variants)} (the Italian leaflet's variants) are played by the referee only"
        why = _dp_problem(rs)
        if why:
            return why
        for peace in ("PAA", "PAB"):
            if rs.has(peace) and rs.has("DRAWPLAY"):
                return (f"{peace} with DRAWPLAY is played by the referee only: a drawn action card in the peace can "
                        f"be neither played nor kept, so the referee leaves that seat no move")
        other = [c for c in rs.codes if c not in HOUSE_RULES]
        why4 = [f"{c}: {_REFERENCE_ONLY[c]}" for c in other if c in _REFERENCE_ONLY]
        if why4:
            return f"house rules ({'-'.join(other)}) are played by the referee only ({'; '.join(why4)})"
        if other:
            return (f"house rules ({'-'.join(other)}) are played by the referee only (the compiled core plays "
                    f"{', '.join(HOUSE_RULES)})")
        # the official rules under them: the ambiguity digits and the table parameters (deal= is FU/BU's)
        why = rules_problem(RuleSet(rs.ambiguity, (), tuple(kv for kv in rs.params if kv[0] != "deal")),
                            dealing=True)
    except UnoError as e:
        return str(e)
    if why:
        return why
    why = _h4_problem(rs)
    if why:
        return why
    if deck != official.DECK or decks != 1:
        return f"the compiled core plays one {official.DECK} deck"
    if enforcement != "strict":
        return "the compiled core plays strict enforcement only"
    if not 2 <= players <= official.MAX_PLAYERS:
        return f"UNO is for 2 to {official.MAX_PLAYERS} players"
    if rs.deal * players >= len(official.DECK_IDS):
        return f"cannot deal {rs.deal} cards to {players} players from {len(official.DECK_IDS)} cards"
    for name in names:
        if name.strip().lower() not in POLICIES:
            return f"bot {name!r} is played by the referee only (compiled: {', '.join(sorted(POLICIES))})"
        if rs.rules and name.strip().lower() == "bench":
            return "the bench agent is the benchmark's, on the official rules only (house rules: random-play)"
        if name.strip().lower() == "strategist" and set(rs.codes) - set(_STRATEGIST_RULES):
            left = "-".join(c for c in rs.codes if c not in _STRATEGIST_RULES)
            return (f"the compiled strategist is proven on the official rules and the {len(_STRATEGIST_RULES)} house "
                    f"rules of compiled._STRATEGIST_RULES, not yet under {left}: the referee's strategist plays them")
        if _h2(rs)[0] and name.strip().lower() not in ("random-play", "greedy", "strategist", *_HUMAN):
            return (f"under {'-'.join(c for c in rs.codes if c in _H2)} the compiled core plays random-play, "
                    f"greedy and strategist only (other bots: the referee)")
        if name.strip().lower() == "greedy" and set(rs.codes) - set(_GREEDY_RULES):
            return (f"the compiled greedy is proven on the official rules and {', '.join(_GREEDY_RULES)} only "
                    f"(other house rules: the referee's greedy)")
    return None


def _human_problem(rs, names) -> str | None:
    """Why the compiled core does not play the human-error bots of ``names`` under ``rs``, or ``None``."""
    others = sorted({b.strip().lower() for b in names} - set(_HUMAN) - {"random-play", "greedy"})
    if others:
        return f"the compiled human-error bots play beside random-play and greedy only (not {', '.join(others)})"
    left = [c for c in rs.codes if c not in _HUMAN_RULES]
    if left:
        return (f"the compiled human-error bots are proven on the official rules and {', '.join(_HUMAN_RULES)} only "
                f"(under {'-'.join(left)}: the referee)")
    if rs.has("E") or rs.has("IE"):
        from ..core.codec import SAY_LINES
        from ..rules.words import is_compliment, is_critique
        paid = [t for t in SAY_LINES if is_compliment(t) or is_critique(t)]
        if paid:   # a compliment would pay E's debt: C does not follow what was said
            return f"the human-error bots' lines {', '.join(map(repr, paid))} pay E's or IE's debts, which C does not follow"
    return None


#: the house rules of _house3.h, _house5.h, _house6.h and _house8.h a :class:`~unokit.fast.batch.Batch` holds (and the
#: env's C flows, unokit.fast.envflow): every one but DED and DOA, whose plays the batch does not hold
#: (tests/fast/test_envflow.py proves these against the Python env; E's and IE's debts and M's draws for not slapping
#: are drawn as the seat in turn starts, read as draws of their own: Game.e_got; M's slap and DP's challenge of a draw
#: are reactions of the env's flows, a Batch's own moves being the seat in turn's)
BATCH_HOUSE = (*_H3, "CHU", "S", "E", "IE", "M", *_H6, "DP")


def batch_problem(rules) -> str | None:
    """Why :class:`unokit.fast.batch.Batch` (one move number per seat, in the core's numbering) cannot hold
    hands of ``rules`` that :func:`problem` accepts: the rules of unokit/fast/_house2.h, whose plays (groups,
    a seat named, cuts) have no move number, and the house rules outside :data:`BATCH_HOUSE`."""
    from ..rules import RuleSet
    rs = RuleSet.parse(rules)
    if _ed(rs) is not None:
        return f"the editions ({rs.code}) are not held in the batch (compiled.play plays them)"
    h3 = [c for c in rs.codes if (c in _H3 or c in _H5 or c in _H6 or c == "DP") and c not in BATCH_HOUSE]
    if h3:
        return f"house rules ({'-'.join(h3)}) are not proven in the batch (compiled.play plays them)"
    codes = [c for c in rs.codes if c in _H2]
    if codes:
        return (f"house rules ({'-'.join(codes)}) have plays without a move number: the batch holds the official "
                f"rules and {', '.join(c for c in HOUSE_RULES if c not in _H2)} (compiled.play plays them)")
    return None


CHANCES = ("referee", "fast")
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _splitmix(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        z = x + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def derive_seeds(master: int | None, count: int, purpose: str = "hand", start: int = 0,
                 chance: str = "referee") -> np.ndarray:
    """The hands' seeds as a uint64 array: ``derive_seed(master, start + i, purpose)`` for ``i < count``
    (``chance="fast"``: SplitMix64 of one such seed and the index, much cheaper for millions)."""
    from ..core.chance import derive_seed
    if chance == "fast":
        base = np.uint64(derive_seed(master, 0, purpose + "/fast"))
        with np.errstate(over="ignore"):
            return _splitmix(base + np.arange(start, start + count, dtype=np.uint64) * _GOLDEN)
    if _ccore is not None and isinstance(master, int) and 0 <= master < _U64 and len(purpose) <= 40:
        return np.frombuffer(_ccore.derive_seeds(purpose, master, start, count), dtype=np.uint64)
    return np.array([derive_seed(master, start + i, purpose) for i in range(count)], dtype=np.uint64)


@dataclass(frozen=True)
class Results:
    """The hands of one :func:`play` call: one row per hand of ``records`` (int32), read through the
    named arrays: ``winner`` (-1: cut short at ``max_steps``), ``first`` (the first seat to act),
    ``turns`` (the lab's turns), ``actions`` (plays and draws in turn, :attr:`HandResult.turns`),
    ``plays``, ``steps``, ``applied`` (every action, reactions included), ``reactions``,
    ``catches``, ``penalty_cards``, ``score`` (what the winner scores), ``truncated``,
    ``reshuffles``, ``dealer`` (the seat that dealt), ``eliminated`` (seats out of the hand: MS); per seat
    ``drawn[:, s]`` (cards drawn), ``points[:, s]`` (points left) and ``cards[:, s]`` (cards left: ELIMMOST's
    matches read them; -1 under an edition)."""

    records: np.ndarray
    players: int
    seeds: np.ndarray

    def __len__(self) -> int:
        return len(self.records)

    def __getattr__(self, name: str):
        try:
            i = FIELDS.index(name)
        except ValueError:
            raise AttributeError(name) from None
        return self.records[:, i]

    @property
    def drawn(self) -> np.ndarray:
        n = len(FIELDS)
        return self.records[:, n:n + self.players]

    @property
    def points(self) -> np.ndarray:
        n = len(FIELDS) + self.players
        return self.records[:, n:n + self.players]

    @property
    def cards(self) -> np.ndarray:
        n = len(FIELDS) + 2 * self.players
        return self.records[:, n:n + self.players]


def _seat_bots(bots, players: int, rules: str) -> list[str]:
    """Each seat's policy name (``bots``: one name, or one per seat, repeated), refused (UnoError) with the
    reason when the compiled core cannot play them under ``rules``."""
    names = [b.strip().lower() for b in (bots.split(",") if isinstance(bots, str) else bots)]
    seat_bots = [names[s % len(names)] for s in range(players)] if names else []
    why = problem(rules, seat_bots or ["?"], players)
    if why:
        raise UnoError(why)
    return seat_bots


def _harness_purpose(bot_purpose: str) -> str:
    """The harness generator's purpose for the bots' (``unokit.lab.sim``: "harness", the lab: "lab-harness")."""
    return {"bot": "harness", "lab-bot": "lab-harness"}.get(bot_purpose, bot_purpose + "-harness")


def play(hands: int, players: int = 2, rules: str = "UNO 1121", bots="random-play", seed: int | None = 0, *,
         deal_seeds=None, purpose: str = "hand", start: int = 0, bot_purpose: str = "bot", bot_salt: int = 0,
         max_steps: int = MAX_STEPS, dealer: int | None = None, bench_seed: int | None = None,
         chance: str = "referee", harness_purpose: str | None = None, bot_seeds=None) -> Results:
    """Play ``hands`` hands in C and return their :class:`Results`.

    Hand ``i`` is dealt from ``deal_seeds[i]`` or else ``derive_seed(seed, start + i, purpose)``
    (:func:`unokit.lab.sim.simulate`'s hands: ``purpose="hand"``; the lab's: ``"lab-deal"``); seat ``s``'s
    bot draws from ``random.Random(derive_seed(deal_seed, bot_salt * 64 + s, bot_purpose))``
    (``simulate``: ``"bot"``; the lab: ``"lab-bot"``). With ``bench_seed``, one generator
    ``random.Random(bench_seed)`` serves every seat of every hand, in order (the benchmark's loop).
    ``bots``: one name or one per seat (repeated), from :data:`POLICIES`. Where the order of the seats'
    reactions matters (cuts: C, JUMPIN) the harness shuffles them with
    ``random.Random(derive_seed(deal_seed, bot_salt, harness_purpose))``, by default ``"harness"`` for
    ``bot_purpose="bot"`` (:func:`unokit.lab.sim.simulate`) and ``"lab-harness"`` for ``"lab-bot"`` (the lab).
    ``bot_seeds`` (one per hand) stand for the deal seeds in those two derivations (a match deals its hands
    from seeds of its own: the lab's match hands).

    ``chance="referee"`` (the default) draws every random outcome exactly as the referee does: the
    hands are the referee's hands for these seeds. ``chance="fast"`` deals with xoshiro256** and
    Fisher-Yates instead (the same distribution of hands, several times cheaper), so its hands are
    not the referee's hands for the seed.
    """
    if chance not in CHANCES:
        raise UnoError(f"chance must be one of {', '.join(CHANCES)}, got {chance!r}")
    seat_bots = _seat_bots(bots, players, rules)
    if dealer is not None and not 0 <= dealer < players:
        raise UnoError(f"there is no seat {dealer}")
    if not isinstance(max_steps, int) or max_steps < 1:
        raise UnoError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
    from ..rules import RuleSet
    rs = RuleSet.parse(rules)
    if deal_seeds is None:
        deal_seeds = derive_seeds(seed, hands, purpose, start, chance)
    else:
        deal_seeds = np.asarray(deal_seeds)
        if deal_seeds.ndim != 1 or (deal_seeds.size and (deal_seeds.min() < 0)):
            raise UnoError("deal_seeds: a list of seeds >= 0")
        deal_seeds = deal_seeds.astype(np.uint64)
    cfg = _config(players, rs, max_steps, dealer, bytes(POLICIES[b] for b in seat_bots), chance == "fast")
    bench = bench_seed is not None
    if bench_seed is not None and not 0 <= bench_seed < _U64:
        raise UnoError("bench_seed must be in [0, 2**64)")
    if harness_purpose is None:
        harness_purpose = _harness_purpose(bot_purpose)
    extra: tuple[bytes, ...] = ()
    if bot_seeds is not None:
        bot_seeds = np.asarray(bot_seeds)
        if bot_seeds.shape != deal_seeds.shape or (bot_seeds.size and bot_seeds.min() < 0):
            raise UnoError("bot_seeds: one seed >= 0 per hand")
        extra = (bot_seeds.astype(np.uint64).tobytes(),)
    raw = _ccore.play_batch(cfg, deal_seeds.tobytes(), 1 if bench else 0, bot_purpose, bot_salt,
                            bench_seed if bench else 0, harness_purpose, *extra)
    rec = np.frombuffer(raw, dtype=np.int32).reshape(len(deal_seeds), len(FIELDS) + 3 * players)
    return Results(rec, players, deal_seeds)


def play_matches(match_seeds, players: int, rules: str = "UNO 1121", bots="random-play", *, target: int = 500,
                 dealer_step: int = 0, max_hands: int = 500, max_steps: int = MAX_STEPS, bot_purpose: str = "lab-bot",
                 hand_purpose: str = "lab-match-hand") -> np.ndarray:
    """Whole matches of :class:`unokit.match.Match` in its ``points`` mode without match rules, played in C as the
    lab plays them (:func:`unokit.lab.compiled_chunks.play_match_chunk`), with referee chance: one row per seed of
    ``match_seeds`` (int32: over, hands scored, void hands, turns). The match's ``random.Random(seed)`` draws
    each hand's seed; ``dealer_step`` 0 draws for dealer every hand (ambiguity digit A=1), 1 passes the deal to
    the left (A=3); hand ``h``'s bots draw from ``derive_seed(derive_seed(seed, h, hand_purpose), s,
    bot_purpose)``; the winner scores the points left in the other hands until a score reaches ``target`` or
    ``max_hands`` hands were dealt (a hand cut short at ``max_steps`` is void and dealt again)."""
    seat_bots = _seat_bots(bots, players, rules)
    if dealer_step not in (0, 1) or not (isinstance(target, int) and target >= 1) or not (
            isinstance(max_hands, int) and max_hands >= 1):
        raise UnoError("dealer_step 0 or 1, target and max_hands whole numbers >= 1")
    from ..rules import RuleSet
    seeds = np.asarray(match_seeds, dtype=np.uint64)
    cfg = _config(players, RuleSet.parse(rules), max_steps, None, bytes(POLICIES[b] for b in seat_bots), False)
    raw = _ccore.play_matches(cfg, seeds.tobytes(), target, dealer_step, max_hands, bot_purpose, hand_purpose,
                              _harness_purpose(bot_purpose))
    return np.frombuffer(raw, dtype=np.int32).reshape(len(seeds), 4)


def edition_log(players: int, rules: str, bots, deal_seed: int, *, bot_purpose: str = "bot", bot_salt: int = 0
                ) -> tuple[list[int], list[tuple[int, int, int, int, int, int]]]:
    """One hand of an edition (unokit/fast/_editions.h) dealt from ``deal_seed`` and played as :func:`play` plays
    it with referee chance: (its record, the :data:`FIELDS` then ``drawn`` and ``points``; every move applied, the
    reactions included, as ``(seat, kind, face, seat named or caught, UNO call, colour named)``, kind 0 play, 1 draw,
    2 pass, 3 UNO, 4 catch, 5 a colour named (No Mercy's roulette, a first Wild), 6 a challenge, 7 a line said (its
    index in ``codec.SAY_LINES`` in place of the face); a colour is its index in ``Game.colors``). For the
    differential tests (the greedy and human-error locksteps, tests/fast/test_compiled_editions*.py)."""
    _need()
    from ..rules import RuleSet
    rs = RuleSet.parse(rules)
    seat_bots = _seat_bots(bots, players, rules)
    if _ed(rs) is None:
        raise UnoError(f"{rules} plays no edition of the compiled core")
    cfg = _config(players, rs, MAX_STEPS, None, bytes(POLICIES[b] for b in seat_bots), False)
    return _ccore.ed_play_logged(cfg, deal_seed, bot_purpose, bot_salt, _harness_purpose(bot_purpose))


def trace(players: int, seed: int, *, rules: str = "UNO 1121", policy: str = "bench", policy_seed: int = 0,
          decisions=None, max_actions: int = 100_000, dealer: int | None = None, chance: str = "referee",
          full: bool = False, top_player: bool = False):
    """One hand step by step: ``(state after the deal, [(seat, legal ids by seat, id, state after)...])``.

    A state is ``(hands, stock, discard, color, direction, current, phase, pending, drawn, winner)``;
    with ``full`` followed by ``(uno_said, catchable seats, going_out, pending_kind, the Wild Draw
    Four's player, the seat that may challenge an ADDUP sum)`` (-1 for none), and with ``top_player`` too
    by ``Game.top_player`` (-1 for none: who put the top card there, what C and JUMPIN cut).
    The seat in turn chooses with ``policy`` drawing from ``random.Random(policy_seed)``, or
    ``decisions`` (ids, :func:`action_id`) are applied in order (an id that is not legal raises
    ``ValueError``). For the differential tests (``tests/fast/test_compiled.py``,
    ``tests/fast/test_compiled_house.py``, ``tests/fast/test_compiled_house2.py``). Under the rules of
    unokit/fast/_house2.h (:data:`_H2`) the legal ids are every complete action
    (:func:`unokit.engine.compose.every_action`) and ``policy="random-play"`` plays as the harness does (stems
    unfolded and completed one sub-decision at a time)."""
    _need()
    from ..rules import RuleSet
    rs = RuleSet.parse(rules)
    why = problem(rs, "random-play", players)
    if why:
        raise UnoError(why)
    cfg = _config(players, rs, 1, dealer, bytes([POLICIES[policy]] * players), chance == "fast")
    return _ccore.trace(cfg, seed, policy_seed, None if decisions is None else list(decisions), max_actions,
                        2 if full and top_player else int(bool(full)))
