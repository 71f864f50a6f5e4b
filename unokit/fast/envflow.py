"""The RL environments' decision flow in the compiled core (issue 27, point 1): :class:`unokit.env.core.Flow`
for every hand of a :class:`~unokit.fast.batch.Batch`, in C (unokit/fast/_flow.h).

Each hand is asked one decision at a time, as ``Flow`` asks it: the seats that may react (UNO calls,
catches), in the order ``random.Random(seed ^ 0x5EED)`` shuffles them (CPython's generator, reproduced in
C), each offered ``wait`` too; then the seat in turn, with its own calls. A decision is a step id of the
env's table (``Codec.for_rules(rules, players).steps``); the map between step ids and the core's move
numbers is built here from the codec and handed to C, nothing restated. A hand dealt from ``seed`` with
``chance="referee"`` is ``Flow(rules, players, seed, ...)``'s hand, decision for decision
(``tests/fast/test_envflow.py``).

>>> import numpy as np
>>> f = FlowBatch([1, 2, 3], players=2)
>>> seat, window, truncated = f.where()
>>> mask = f.mask()
>>> f.answer([int(np.flatnonzero(m)[0]) for m in mask])
>>> f.rewards().shape
(3, 2)

Held: the official rules (every ambiguity digit) at 2-10 seats, alone or with the stacking, deal and drawing
rules of :data:`~unokit.fast.batch.OBSERVED` (P1-P4, FU, BU, SAT, INS, CON, DRAWPLAY, FORCE) and the house rules
of :data:`~unokit.fast.compiled.BATCH_HOUSE` (_house3.h's NOCHALLENGE ... SLOWUNO, OPEN's hands in the revealed block,
WILDSTART's first draw and E's and IE's debts in the history as draws of their own; CHU, S, E, IE; sudden death
MS1-MS3, the seats out never asked), where every move is
one step and the only reactions are the official ones (UNO calls, catches): the hands of a
:class:`~unokit.fast.batch.Batch` (unokit/fast/_flow.h); and with ``house2=True`` the rules of :data:`H2_HELD`
too (SEVENO, JUMPIN, C, DR, DD, ZEROLEFT, ADDUP, and _house4.h's T, CAR, BACK, DAD, BA, BOMB, AA, AB, CLA (its look
shown to its player), DOUBLE (the points doubled), TRI: a seat named,
groups and ADDUP's pairs composed step by step as stems, cuts asked in the reaction windows), their hands played on
_house2.h's Move lists (unokit/fast/_h2flow.h), with those of BATCH_HOUSE in :data:`ON_H2_LISTS` (GT's twin penalty read as its own draw);
and the editions of :data:`ED_HELD` (each alone, as the compiled core plays it), their hands played on _editions.h's
state (unokit/fast/_edflow.h: a seat named among several as a stem's ``target`` step, UNO Flip's sides, UNO Flash's
presses in reaction windows, UNO Spin's free discards, the hands shown). A match rule or a rule of the clock is held
as the hands of the rules without it (:func:`hand_rules`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.codec import MAX_PLAYERS
from ..core.errors import UnoError
from ..rules.codec import Codec, NoActionIdError
from . import compiled
from .batch import _BLOCKS, OBSERVED, Batch

__all__ = ["FlowBatch", "flow_problem", "flow_tables", "hand_rules", "REWARDS"]

#: the reward modes of :func:`unokit.env.core.hand_rewards`, in C's numbering
REWARDS = ("hand", "points")
#: the rules the C flow holds on unokit/fast/_house2.h's Move lists (unokit/fast/_h2flow.h: plays composed as stems,
#: cuts as reactions; ADDUP's pairs two steps, its doubtsum one; _house4.h's card rules, T's seat named as SEVENO's),
#: alone or with those of OBSERVED
H2_HELD = ("SEVENO", "JUMPIN", "C", "DR", "DD", "ZEROLEFT", "ADDUP", "T", "CAR", "BACK", "DAD", "BA", "BOMB", "AA", "AB",
           "CLA", "DOUBLE", "TRI", "DOA", "DED")
#: the rules of compiled.BATCH_HOUSE that _h2flow.h's lists follow beside ADDUP (the lab plays ADDUP on the official core;
#: here its pairs are stems, so its hands are on _house2.h's lists): compiled._H3_ALL_H2, CHU, M, sudden death, DP, and
#: _house3.h's rules that change no play's listing there (NOCHALLENGE ... MEM: sweeps of 639 random tables with them
#: beside ADDUP, and 1,301 batched tables with _house2.h's bots and teachers, no difference), DRAWANY (its
#: drawn_options listed and judged by _house2.h: 436 and 646 tables), SLOWUNO (a missed UNO's window opened with
#: its closing turn by a play there too: 347 and 557 tables) and WILDMATCH (a wild held makes a Wild Draw Four a bluff
#: there too: 273 and 475 tables) and DEFLECT (its Skips and Reverses on a pending draw listed, judged and passing
#: it on there: 287 and 470 tables) and I (its Skips and Reverses cancelling a draw, its action cards on an action top:
#: 473 and 474 tables): every rule of compiled.BATCH_HOUSE. Beside the other rules of H2_HELD every combination compiled.problem accepts is held (sweeps of 2,885 random
#: tables of _house3.h's rules beside them: no difference).
ON_H2_LISTS = (*compiled._H3_ALL_H2, "CHU", "M", *compiled._H6, "DP", "NOCHALLENGE", "WILDSTART", "FL", "REVENGE", "LIMIT",
               "OPEN", "REV", "NOENDDRAW", "MISTAKE", "MEM", "DRAWANY", "SLOWUNO", "WILDMATCH", "DEFLECT", "I")
#: the editions whose hands the C flow holds (unokit/fast/_edflow.h, on _editions.h's state), each alone as its code
#: states it (the only rule set of an edition the compiled core plays)
ED_HELD = ("ALLWILD", "NOMERCY", "EXTREME", "SPIN", "FLASH", "FLEX", "FLIP")
#: the encoder's blocks _edflow.h writes, in its order (EB_*)
ED_BLOCKS = ("hand", "top", "color", "pending", "direction", "sizes", "small", "uno", "catchable", "phase", "drawn",
             "seen", "stock", "to_act", "window", "revealed", "others", "stem", "rules")
#: _edflow.h's ED_NF (the most faces of an edition) and its verbs, in the order of its EV_*
_ED_NF = 224
_ED_VERBS = ("draw", "pass", "uno", "challenge", "slap")


def hand_rules(rules: str) -> str:
    """The code of the rule set whose hands an environment of ``rules`` plays: without the match rules (TV, PR, MOV,
    SHUFFLESEATS, ELIMMOST: no hand changes), the rules that act only when the game's clock moves (V, BLITZ: an
    environment's clock never moves) and those that act only on what a player says (ORG: no environment action
    speaks), :func:`unokit.rules.registry.hand_ruleset`. The C flow plays those hands; the observation's ``rules``
    block is still the encoder's, of ``rules``.

    >>> hand_rules("UNO 1121 TV-FU-C-DR-V-P3")
    'UNO 1121 FU-C-DR-P3'
    """
    from ..rules import RuleSet
    from ..rules.registry import hand_ruleset
    return hand_ruleset(RuleSet.parse(rules), still_clock=True, silent=True).code


def flow_problem(rules: str, players: int) -> str | None:
    """Why the C flow cannot hold hands of ``rules`` at ``players`` seats (None: it can). A match rule or a rule of
    the clock is held as the hands of the rules without it (:func:`hand_rules`)."""
    from ..rules import RuleSet
    try:
        rs = RuleSet.parse(hand_rules(rules))
    except UnoError as e:
        return str(e)
    ed = _edition(rs)
    if ed is not None:
        if ed not in ED_HELD:   # pragma: no cover - every edition the compiled core plays is held
            return f"the compiled env flow holds the editions {', '.join(ED_HELD)}, not {ed}"
        if not compiled.available():
            return "the compiled core is not built"
        return compiled.problem(rs.code, ["random-play"], players)
    other = [c for c in rs.codes if c not in OBSERVED and c not in H2_HELD]
    if other or rs.params:
        return (f"the compiled env flow holds the official rules only, or with {', '.join(OBSERVED + H2_HELD)}: not "
                f"{'-'.join(other) or rs.code!r}")
    off_lists = [c for c in compiled.BATCH_HOUSE if rs.has(c) and c not in ON_H2_LISTS]
    if off_lists and rs.has("ADDUP"):
        return (f"the compiled env flow does not hold {'-'.join(off_lists)} beside ADDUP on _house2.h's lists (with "
                f"{'-'.join(c for c in rs.codes if c in H2_HELD)}) yet (env.core.Flow plays them)")
    if not compiled.available():
        return "the compiled core is not built"
    return compiled.problem(rs.code, ["random-play"], players)


def batched_flow_problem(rules: str, players: int, bots=(), teacher: str | None = None) -> str | None:
    """Why the batched env (``unokit.env.batched``) cannot hold ``rules`` with the compiled ``bots`` (names:
    random-play, greedy, strategist; others are ignored) at the other seats and ``teacher`` (None: it can): the C
    flow's limits and the bots the compiled core does not play under those rules
    (:func:`unokit.fast.compiled.problem`), the teacher's included."""
    why = flow_problem(rules, players)
    played = sorted({b for b in (*bots, *([teacher] if teacher else [])) if b in ("greedy", "strategist")})
    if why is None and played:
        why = compiled.problem(hand_rules(rules), played, players)
    return why


def _edition(rs) -> str | None:
    """The code of the edition ``rs`` plays (None: the official deck)."""
    from ..rules.editions import edition_of
    ed = edition_of(rs)
    return None if ed is None else ed.code


def _ed_tables(rules: str, players: int) -> tuple[bytes, bytes, bytes]:
    """_edflow.h's tables of an edition: each face's place among the table's cards (``ED_NF`` bytes), ``play_id``
    (int16, face x colour named (none, the four colours, UNO Flip's four of the dark side) x UNO call) and the others (int16: ``discard_id`` by face, ``color_id`` by side and
    colour, ``catch_id`` and ``target_id`` by the seat's place from the seat acting, ``[MAX_PLAYERS]``: none, the
    verbs' ids), -1 where the table has none; faces numbered as _editions.h numbers them
    (:func:`unokit.fast.ccore.edition_faces`)."""
    from ..core.cards import COLORS, DARK_COLORS, plain
    from ..rules import RuleSet
    from .ccore import edition_faces
    t = Codec.for_rules(rules, players).steps
    faces = edition_faces(RuleSet.parse(rules))
    pos = np.zeros(_ED_NF, np.uint8)
    play = np.full((_ED_NF, 9, 2), -1, np.int16)
    discard = np.full(_ED_NF, -1, np.int16)
    for i, face in enumerate(faces):
        card = plain(face)
        pos[i] = t.card_pos[card]
        for k, col in enumerate((None, *COLORS, *DARK_COLORS)):   # (UNO Flip: a colour named on the dark side)
            for uno in (0, 1):
                play[i, k, uno] = t.play_id.get((card, col, bool(uno)), -1)
        discard[i] = t.discard_id.get(card, -1)
    color = np.array([[t.color_id.get(c, -1) for c in COLORS], [t.color_id.get(c, -1) for c in DARK_COLORS]],
                     np.int16)
    catch = np.array([t.catch_id.get(k, -1) for k in range(MAX_PLAYERS)], np.int16)
    target = np.array([t.target_id.get(k, -1) for k in range(MAX_PLAYERS)] + [t.target_id.get(None, -1)], np.int16)
    verbs = np.array([t.verb_id.get(v, -1) for v in _ED_VERBS], np.int16)
    return (pos.tobytes(), play.tobytes(),
            discard.tobytes() + color.tobytes() + catch.tobytes() + target.tobytes() + verbs.tobytes())


def _h2(rules: str) -> bool:
    """Whether ``rules`` are played on _house2.h's Move lists (unokit/fast/_h2flow.h)."""
    from ..rules import RuleSet
    return any(c in H2_HELD for c in RuleSet.parse(hand_rules(rules)).codes)


@lru_cache(maxsize=64)
def _h2_tables(rules: str, players: int) -> tuple[bytes, bytes, bytes]:
    """The step ids of _house2.h's plays (int16 bytes): ``play_id[card][colour + 1][uno]``, ``more_id[card]`` (a
    stem of cards ending with the card) followed by ``give_id[card]`` (DOA: the card given last) and DED's
    ``hidden_id[card][claim / 2][uno]``, ``discard_id[card]`` and the accusation's id, and ``target_id[k]`` (the seat k from the seat acting; ``[MAX_PLAYERS]``: none), -1 where the table has none; cards
    in the core's order."""
    from ..core.cards import Color
    from . import CARDS
    t = Codec.for_rules(rules, players).steps
    play = np.full((len(CARDS), 5, 2), -1, np.int16)
    more = np.full((2, len(CARDS)), -1, np.int16)
    hidden = np.full((len(CARDS), 3, 2), -1, np.int16)
    discard = np.full(len(CARDS), -1, np.int16)
    target = np.full(MAX_PLAYERS + 1, -1, np.int16)
    for i, card in enumerate(CARDS):
        for col in range(-1, 4):
            for uno in (0, 1):
                play[i, col + 1, uno] = t.play_id.get((card, None if col < 0 else Color(col), bool(uno)), -1)
        more[0, i] = t.more_id.get(card, -1)
        more[1, i] = t.give_id.get(card, -1)
        discard[i] = t.discard_id.get(card, -1)
        for claim in (0, 2, 4):
            for uno in (0, 1):
                hidden[i, claim // 2, uno] = t.hidden_id.get((card, claim, bool(uno)), -1)
    accuse = np.array([t.verb_id.get("accuse", -1)], np.int16)
    for k in range(players):
        target[k] = t.target_id.get(k, -1)
    target[MAX_PLAYERS] = t.target_id.get(None, -1)
    return play.tobytes(), more.tobytes() + hidden.tobytes() + discard.tobytes() + accuse.tobytes(), target.tobytes()


@lru_cache(maxsize=64)
def flow_tables(rules: str, players: int) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """``(step_of, move_of)``: the env's step id of each move number of each seat (``players x`` the core's move
    numbers, -1: none) and the move number of each step id (``players x steps``), from :class:`Codec`: the official
    moves, ADDUP's doubtsum, M's slap and DP's challenge of a draw (a move composed of several steps, as ADDUP's pairs, is
    left out: _h2flow.h composes it as a stem; so are the other house-rule plays)."""
    from ..core.codec import DOUBTDRAW_BASE, SLAP_BASE
    from ..rules import RuleSet
    codec = Codec.for_rules(rules, players)
    aps = compiled.ACTIONS_PER_SEAT
    step_of = np.full((players, compiled._ccore.XPS), -1, np.int16)
    move_of = np.full((players, len(codec.steps)), -1, np.int16)
    rs = RuleSet.parse(codec.rules)
    reactions = [*([SLAP_BASE + s for s in range(players)] if rs.has("M") else []),
                 *([DOUBTDRAW_BASE + s for s in range(players)] if rs.has("DP") else [])]
    for m in (*codec.moves.ids(), *reactions):
        if m < players * aps:
            seat, k = divmod(m, aps)
        elif compiled.EXT_BASE <= m < compiled.EXT_BASE + players * compiled.EXT_PER_SEAT:
            seat, j = divmod(m - compiled.EXT_BASE, compiled.EXT_PER_SEAT)   # ADDUP's: C's move number aps + j
            k = aps + j
        elif DOUBTDRAW_BASE <= m < DOUBTDRAW_BASE + players:                 # DP's challenge of a draw
            seat, k = m - DOUBTDRAW_BASE, compiled._ccore.K_DOUBTDRAW
        elif SLAP_BASE <= m < SLAP_BASE + players:                           # M's slap
            seat, k = m - SLAP_BASE, compiled._ccore.K_SLAP
        else:  # pragma: no cover - Moves.ids() lists the official moves and ADDUP's only
            continue
        try:
            steps = codec.steps_of(m)
        except NoActionIdError:
            continue
        if len(steps) != 1:
            continue
        if move_of[seat, steps[0]] >= 0:  # pragma: no cover - the codec maps a step to one move
            raise UnoError(f"step {codec.steps.name(steps[0])} stands for two moves of seat {seat}")
        step_of[seat, k] = steps[0]
        move_of[seat, steps[0]] = k
    step_of.flags.writeable = move_of.flags.writeable = False
    return step_of, move_of


class FlowBatch:
    """Hands dealt from ``seeds`` (one each), asked as :class:`unokit.env.core.Flow` asks them (its generator
    keyed ``seed ^ 0x5EED``); ``encoder`` (an :class:`unokit.env.observe.Encoder` of the table): for
    :meth:`observe`. ``max_decisions``: decisions before a hand is truncated, as ``Flow``'s.

    ``house2``: also hold the rules of :data:`H2_HELD` (their hands played on _house2.h's Move lists by
    unokit/fast/_h2flow.h, an encoder required); their hands are no :class:`~unokit.fast.batch.Batch`'s
    (``batch`` is None): the batched env (unokit/fast/_venv.h) steps them through _h2flow.h's per-hand flow."""

    def __init__(self, seeds, players: int = 2, rules: str = "UNO 1121", *, chance: str = "referee",
                 encoder: Any = None, max_decisions: int = 5000, house2: bool = False):
        why = flow_problem(rules, players)
        if why:
            raise UnoError(why)
        if type(max_decisions) is not int or max_decisions < 1:
            raise UnoError(f"max_decisions must be a whole number >= 1, got {max_decisions!r}")
        sv = np.asarray(seeds)
        if sv.ndim != 1 or sv.dtype.kind not in "iu" or (sv < 0).any():
            raise UnoError("seeds: whole numbers >= 0, one per hand")
        self.seeds = sv.astype(np.uint64)
        self.codec = Codec.for_rules(rules, players)
        self.nsteps = len(self.codec.steps)
        self.players = players
        self.count = len(sv)
        self.encoder = encoder
        self.batch: Batch | None = None      # (the official flow's hands: a Batch's; the per-hand flows': none)
        from ..rules import RuleSet
        if Codec.for_rules(hand_rules(rules), players).steps.names != self.codec.steps.names:  # pragma: no cover
            raise UnoError(f"{self.codec.rules!r}: its step ids are not those of its hands' rules")
        if encoder is not None and (RuleSet.parse(encoder.table.rules) != RuleSet.parse(rules) or encoder.n != players):
            # (the rules block is the encoder's: one of the rules without a match rule would tell another table)
            raise UnoError(f"the encoder is for {encoder.table.rules!r} at {encoder.n} seats, the flow "
                           f"{self.codec.rules!r} at {players}")
        step_of, move_of = flow_tables(self.codec.rules, players)
        keys = self.seeds ^ np.uint64(0x5EED)
        c = compiled._ccore
        if _edition(RuleSet.parse(hand_rules(rules))):   # unokit/fast/_edflow.h: an edition's hands
            if encoder is None:
                raise UnoError(f"the compiled env flow of {self.codec.rules!r} needs an encoder")
            if chance not in compiled.CHANCES:
                raise UnoError(f"chance must be one of {', '.join(compiled.CHANCES)}, got {chance!r}")
            self._f = c.edflow_new(*self._ed_args(rules, players, chance, encoder), self.nsteps, self.codec.steps.wait,
                                   max_decisions, keys.tobytes())
            self._bind("edflow")
            return
        if _h2(rules):   # unokit/fast/_h2flow.h: the hands on _house2.h's Move lists
            if not house2:
                raise UnoError(f"{self.codec.rules!r}: _house2.h's rules are held by FlowBatch(..., house2=True) "
                               f"(its hands are no Batch's)")
            if encoder is None:
                raise UnoError(f"the compiled env flow of {self.codec.rules!r} needs an encoder")
            self._f = c.h2flow_new(*self._h2_args(rules, players, chance, encoder), step_of.tobytes(),
                                   *_h2_tables(self.codec.rules, players), self.nsteps, self.codec.steps.wait,
                                   max_decisions, keys.tobytes())
            self._bind("h2flow")
            return
        self.batch = Batch(len(sv), players, hand_rules(rules), seeds=self.seeds, chance=chance, encoder=encoder)
        self._f = c.flow_new(self.batch._v, self.batch._o, step_of.tobytes(), move_of.tobytes(), self.nsteps,
                             self.codec.steps.wait, max_decisions, keys.tobytes())
        self._where, self._mask, self._answer, self._rewards, self._one, self._bots_new, self._bots = (
            c.flow_where, c.flow_mask, c.flow_answer, c.flow_rewards, c.flow_one, c.flow_bots_new, c.flow_bots)

    def _bind(self, flow: str) -> None:
        """Step the hands with the per-hand C flow ``flow`` (``h2flow``, ``edflow``): its functions, no Batch."""
        c = compiled._ccore
        self._where, self._mask, self._answer, self._rewards, self._one, self._bots_new, self._bots, self._observe = (
            getattr(c, f"{flow}_{name}") for name in ("where", "mask", "answer", "rewards", "one", "bots_new", "bots",
                                                      "observe"))
        self.batch = None

    def _ed_args(self, rules: str, players: int, chance: str, encoder: Any) -> tuple:
        """edflow_new's config, seeds, observation layout and tables."""
        from ..rules import RuleSet
        rs = RuleSet.parse(hand_rules(rules))
        layout = {name: start for name, start, _ in encoder.layout()}
        if set(layout) | {"stem"} != set(ED_BLOCKS) or encoder.C not in (4, 8):   # pragma: no cover - Encoder's
            raise UnoError(f"an encoding C does not write: blocks {tuple(layout)}")
        cfg = compiled._config(players, rs, 1, None, bytes([compiled.POLICIES["random-play"]] * players),
                               chance == "fast")
        offsets = np.array([layout.get(b, -1) for b in ED_BLOCKS], dtype=np.int32)
        flags = np.asarray(encoder.rule_flags, dtype=np.float32)
        pos, play, ids = _ed_tables(self.codec.rules, players)
        return (cfg, self.seeds.tobytes(), offsets.tobytes(), int(encoder.size), pos, flags.tobytes(), int(encoder.C),
                int(encoder.K), int(compiled._shown(rs) & 3 == 1), play, ids)

    def _h2_args(self, rules: str, players: int, chance: str, encoder: Any) -> tuple:
        """h2flow_new's config, seeds and observation layout (as Batch hands obs_new its layout)."""
        from ..rules import RuleSet
        from . import CARDS
        if chance not in compiled.CHANCES:
            raise UnoError(f"chance must be one of {', '.join(compiled.CHANCES)}, got {chance!r}")
        rs = RuleSet.parse(hand_rules(rules))
        layout = {name: start for name, start, _ in encoder.layout()}
        if tuple(b for b in layout if b != "stem") != _BLOCKS or encoder.C != 4:
            raise UnoError(f"an encoding C does not write: blocks {tuple(layout)}")
        cfg = compiled._config(players, rs, 1, None, bytes([compiled.POLICIES["random-play"]] * players),
                               chance == "fast")
        offsets = np.array([layout[b] for b in _BLOCKS], dtype=np.int32)
        flags = np.asarray(encoder.rule_flags, dtype=np.float32)
        return (cfg, self.seeds.tobytes(), offsets.tobytes(), int(encoder.size), bytes(encoder.pos[c] for c in CARDS),
                flags.tobytes(), compiled._shown(rs), layout.get("stem", -1))

    def where(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(seat, window, truncated)`` of each hand: the seat asked (-1: the hand is over), whether it is a
        reaction window (``wait`` offered), whether the hand ran past ``max_decisions``."""
        s, w, t = self._where(self._f)
        return (np.frombuffer(s, np.int8), np.frombuffer(w, np.uint8).astype(bool),
                np.frombuffer(t, np.uint8).astype(bool))

    def mask(self, out: np.ndarray | None = None) -> np.ndarray:
        """``(count, steps)`` int8: the step ids offered to the seat asked in each hand (zeros: over)."""
        if out is None:
            out = np.empty((self.count, self.nsteps), np.int8)
        self._mask(self._f, out)
        return out

    def answer(self, steps) -> None:
        """Apply one step id per hand (-1: leave that hand), as ``Flow.answer``; an id not offered raises
        :class:`UnoError` and no hand changes."""
        sv = np.asarray(steps)
        if sv.shape != (self.count,) or sv.dtype.kind not in "iu":
            raise UnoError(f"give one whole step id per hand: shape ({self.count},)")
        try:
            self._answer(self._f, sv.astype(np.int32).tobytes())
        except ValueError as e:
            raise UnoError(str(e)) from None

    def observe(self, seats, out: np.ndarray | None = None) -> np.ndarray:
        """``Flow.observe(seat)`` of each hand: the window flag (and the stem) only for the seat asked."""
        s = np.broadcast_to(np.asarray(seats), (self.count,))
        if self.batch is None:
            if self.encoder is None:  # pragma: no cover - refused at construction
                raise UnoError("no encoder")
            if s.dtype.kind not in "iu" or ((s < 0) | (s >= self.players)).any():
                raise UnoError(f"seats: whole numbers from 0 to {self.players - 1}, one per hand (or one for all)")
            if out is None:
                out = np.empty((self.count, self.encoder.size), np.float32)
            self._observe(self._f, s.astype(np.int8).tobytes(), out)
            return out
        seat, window, _ = self.where()
        return self.batch.observe(s, out, window=window & (s == seat))

    def rewards(self, reward: str = "hand") -> np.ndarray:
        """``(count, players)`` float32: :func:`unokit.env.core.hand_rewards` of each hand (zeros: not over)."""
        if reward not in REWARDS:
            raise UnoError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        out = np.empty((self.count, self.players), np.float32)
        self._rewards(self._f, REWARDS.index(reward), out)
        return out
