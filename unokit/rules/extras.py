"""Rules from the other seeds and options other engines offer (codes are unokit's own).

==============  ===============================================================================
SEVENO          Mattel's Seven-O (004): a 7 lets its player swap hands with a chosen player
                (optional, like T); a 0 passes every hand in the direction of play (like CAR,
                but the 0 may end the hand).
JUMPIN          Mattel's Jump-In (004): C, and an identical Skip, Reverse, +2 or +4 jumped in
                cancels the first (facing a draw total, an identical draw card replaces it:
                the player who was to draw escapes and the cutter's next draws the new card).
ADDUP           Add it up (003): with no card of the colour or number in play, two number cards of
                one colour summing to the top number may be played together (not as your last two
                cards). Bluffing is allowed: the next player may challenge (``ChallengeSum``) before
                starting: a bluffer takes the two cards back and draws 2, else the challenger draws 2.
ZEROLEFT        003: a 0 makes every player pass their hand to the left, whatever the direction.
FORCE           you may not draw while holding a playable card.
DRAWPLAY        a playable drawn card must be played.
LIMIT           ``LIMIT(cards=25)``: draws that would take a hand past the limit are skipped.
OPEN            ``OPEN(cards=3)``: a hand with fewer cards is shown to everyone (in every view).
BOMB            3+ cards of one number played at once (DR/DD): everyone else draws 1.
REVENGE         answering a draw total doubles it before the new card adds.
DOUBLE          hand points count double.
NOCHALLENGE     the Wild Draw Four cannot be challenged.
BLITZ           ``BLITZ(seconds=300)``: when the hand's time is up (read from the game clock at
                the next turn action), the player with the fewest cards wins (ties: fewest points).
WILDSTART       a Wild Draw Four turned as the first discard stays: the first player draws 4 and is
                skipped; the next player names the colour.
DEFLECT         facing a draw total, a Skip (of the colour or on a Skip) passes it to the next player;
                a Reverse sends it back the other way.
SLOWUNO         003: a missed UNO may be caught until the end of the next player's turn.
SHUFFLESEATS,   match level: seats are drawn anew every hand / the player holding the most cards
ELIMMOST        at the end of a hand is eliminated (see :mod:`unokit.match`).
PROG, ANTICIPO  aliases: Progressive UNO (004) is P2; Anticipo (003) is C (a wrong or late
                jump-in under table enforcement is taken back with 2 cards).
==============  ===============================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..core.actions import Action, Play, register_action
from ..core.cards import Card, Face
from ..core.errors import IllegalActionError, WindowClosedError
from ..core.events import register_event, register_reason
from .base import HouseRule, TurnChange
from .cardfx import Carousel, Swap
from .cut import Cut

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


class SevenOSwap(Swap):
    code = "SEVENO"
    CARD = 7   #: the number whose player may swap hands (the compiled core reads it)

    def __init__(self, rs: RuleSet) -> None:
        HouseRule.__init__(self, rs)
        self.card = self.CARD


class SevenOPass(Carousel):
    code = "SEVENO"
    CARD = 0   #: the number that passes every hand (the compiled core reads it)
    last_card_ok = True

    def __init__(self, rs: RuleSet) -> None:
        HouseRule.__init__(self, rs)
        self.card = self.CARD

    def play_problem(self, game: Game, play: Play) -> str | None:
        return None


class ZeroLeft(Carousel):
    code = "ZEROLEFT"
    fixed_direction = 1

    def __init__(self, rs: RuleSet) -> None:
        HouseRule.__init__(self, rs)
        self.card = cast(int, rs.card_of("ZEROLEFT"))   # (a rule tied to a card: its number)

    def play_problem(self, game: Game, play: Play) -> str | None:
        return None


class JumpIn(Cut):
    code = "JUMPIN"

    def cut_problem(self, game: Game, play: Play) -> str | None:
        ph = game.phase
        if ph == ph.PENDING and not game.stacking and game.going_out is None:
            top = game.discard[-1]
            if play.hidden:
                return "a jump-in cannot be played face down"
            if game.top_player is None or play.cards[0] != top:
                return f"a jump-in needs a card identical to {top.code}"
            if len(play.cards) > 1 and not game.can_group(play.cards):
                return "these cards cannot be played together under the rules in force"
            return None
        return super().cut_problem(game, play)

    def cut_actions(self, game: Game, player: int) -> list[Action]:
        ph = game.phase
        if ph == ph.PENDING and not game.stacking and game.going_out is None and game.top_player is not None:
            top = game.discard[-1]
            if top in game.hands[player]:
                return [a for a in game.play_variants(player, (top,)) if self.cut_problem(game, a) is None]
            return []
        return super().cut_actions(game, player)

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if game.phase == game.phase.PENDING and p != game.current and not game.stacking:
            game.emit("jump-in-cancels", p, game.pending)
            game.pending = 0  # the first draw card is cancelled; the jump-in card's own draw follows
        return None


@register_action
@dataclass(frozen=True, slots=True)
class ChallengeSum(Action):
    """ADDUP: challenge the sum just played (the next player, before starting)."""

    player: int
    kind = verb = "doubtsum"

    def __str__(self) -> str:
        return f"{self.player} doubtsum"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "doubtsum", "player": self.player}


def _sum_ok(top: Card, cards: Sequence[Card]) -> bool:
    return (top.number is not None and len(cards) == 2 and all(c.number is not None for c in cards)
            and cards[0].color is cards[1].color
            and cast(int, cards[0].number) + cast(int, cards[1].number) == top.number)   # (numbers: checked)


class AddUp(HouseRule):
    code = "ADDUP"
    actions = (ChallengeSum,)
    PENALTY = 2   #: what a challenge of the sum costs the side that loses it (the compiled core reads it)

    def allow_play(self, game: Game, play: Play) -> bool:
        return (game.phase.name != "PENDING" and _sum_ok(game.discard[-1], play.cards)
                and len(game.hands[play.player]) > 2)

    def group_prefix(self, game: Game, cards: Sequence[Card]) -> bool:
        """Up to two number cards of one colour whose sum can still be the top number."""
        top = game.discard[-1]
        first = cards[0]
        return (top.number is not None and game.phase.name != "PENDING" and len(cards) <= 2
                and all(c.number is not None and c.color is first.color for c in cards)
                and sum(cast(int, c.number) for c in cards) <= top.number)   # (numbers: checked just before)

    allow_prefix = group_prefix   # the sums it accepts are built along these prefixes

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        game.rule_state.pop("ADDUP", None)
        prev_top, prev_color = game.rule_state.pop("ADDUP-prev", (None, None))
        if prev_top is not None and _sum_ok(prev_top, play.cards):
            held = list(game.hands[p]) + list(play.cards)  # the hand before the play
            bluff = any(not c.is_wild and (c.color is prev_color or c.face == prev_top.face) for c in held)
            game.rule_state["ADDUP"] = (p, bluff, play.cards, prev_color, game.next_seat(p))
        return None

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        if action.kind == "play":
            game.rule_state["ADDUP-prev"] = (game.discard[-1], game.color)
        return None

    def on_start(self, game: Game, seat: int) -> None:
        st = game.rule_state.get("ADDUP")
        if st is not None and seat != st[0]:
            game.rule_state.pop("ADDUP")

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        st = game.rule_state.get("ADDUP")
        if st is None:
            return WindowClosedError, "there is no sum to challenge"
        if a.player != st[4]:
            return IllegalActionError, "only the next player may challenge a sum (ADDUP)"
        return None

    def action_options(self, game: Game, seat: int) -> list[Action]:
        st = game.rule_state.get("ADDUP")
        return [ChallengeSum(seat)] if st is not None and st[4] == seat else []

    def apply_action(self, game: Game, a: Action) -> None:
        p, bluff, cards, prev_color, _ = game.rule_state.pop("ADDUP")
        game.reveals.append((frozenset({a.player}), p, tuple(game.hands[p])))
        game.emit("sum-challenge", a.player, p, "bluff" if bluff else "honest")
        if bluff:
            if len(game.discard) > len(cards) and tuple(game.discard[-2:]) == tuple(cards):
                del game.discard[-2:]
                game.hands[p].extend(cards)
                game.color = prev_color
                game.hands_changed((p,))
            game.penalize(p, self.PENALTY, "Add it up bluff")
        else:
            game.penalize(a.player, self.PENALTY, "wrong Add it up challenge")


class Force(HouseRule):
    code = "FORCE"

    def draw_problem(self, game: Game, seat: int) -> str | None:
        if any(game.can_play_alone(seat, c) for c in game.hands[seat]):
            return "you hold a playable card: play it (FORCE)"
        return None


class DrawPlay(HouseRule):
    code = "DRAWPLAY"

    def pass_problem(self, game: Game, seat: int) -> str | None:
        return "the card you drew is playable: you must play it (DRAWPLAY)"


class Bomb(HouseRule):
    code = "BOMB"
    LEAST = 3     #: the fewest cards of one number that make a bomb (the compiled core reads it)
    PENALTY = 1   #: what every other seat draws

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        nums = [c.number for c in play.cards]
        if len(nums) >= self.LEAST and nums[0] is not None and len(set(nums)) == 1:
            for q in game.active:
                if q != p:
                    game.penalize(q, self.PENALTY, "bomb")
        return None


class Revenge(HouseRule):
    code = "REVENGE"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if game.phase == game.phase.PENDING and game.pending and play.cards[-1].draw:
            game.pending *= 2
            game.emit("revenge", p, game.pending)
        return None


class Blitz(HouseRule):
    code = "BLITZ"
    timed = True

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.seconds = rs.param("BLITZ", "seconds")

    def on_turn_start(self, game: Game, player: int) -> None:
        game.rule_state.setdefault("BLITZ-t0", game.clock.now())

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        t0 = game.rule_state.setdefault("BLITZ-t0", game.clock.now())
        if game.clock.now() - t0 > self.seconds:
            best = min(game.active, key=lambda q: (len(game.hands[q]), game.hand_points(q), q))
            game.end_reason = "time"
            game.emit("time-up", None, self.seconds)
            game.finish(best)
            return True
        return None


class Deflect(HouseRule):
    code = "DEFLECT"

    def stack_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        first = cards[0]
        if first.face not in (Face.SKIP, Face.REVERSE) or any(c.face != first.face for c in cards):
            return False
        return first.color is game.color or game.discard[-1].face == first.face

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if game.phase == game.phase.PENDING and game.pending and p == game.current:
            f = play.cards[-1].face
            if f == Face.REVERSE and len(play.cards) % 2:
                # the Reverse itself flips the direction when it resolves; the total goes back
                back = (p - game.direction) % game.n
                while back in game.eliminated:
                    back = (back - game.direction) % game.n
                nxt = back
            else:
                nxt = game.next_seat(p)
            game.emit("deflect", p, game.pending)
            return TurnChange(next_seat=nxt)
        return None


class WildStart(HouseRule):
    """WILDSTART: a Wild Draw Four turned as the first discard stays; the first player draws 4, is skipped,
    and the next names the colour (the deal reads ``Game.wild_draw_four_starts``)."""

    code = "WILDSTART"

    def setup(self, game: Game) -> None:
        game.wild_draw_four_starts = True


class Open(HouseRule):
    """OPEN: a hand smaller than ``cards`` is played face up (every view shows it)."""

    code = "OPEN"

    def setup(self, game: Game) -> None:
        game.open_below = self.ruleset.param("OPEN", "cards")


class NoChallenge(HouseRule):
    """NOCHALLENGE: a Wild Draw Four cannot be challenged."""

    code = "NOCHALLENGE"

    def setup(self, game: Game) -> None:
        game.no_challenge = True


class Double(HouseRule):
    """DOUBLE: every card counts double when the hand is scored."""

    code = "DOUBLE"

    def setup(self, game: Game) -> None:
        game.score_multiplier = 2


class Limit(HouseRule):
    """LIMIT: no hand grows beyond ``cards``; draws stop there."""

    code = "LIMIT"

    def setup(self, game: Game) -> None:
        game.hand_limit = self.ruleset.param("LIMIT", "cards")


# ---------------------------------------------------------------------- the events these rules emit, told
register_event("deflect", ("pending",), about="DEFLECT: the draw total sent on", ends_skips=True,
               tell={"en": lambda w, e: f"{w.s(e.player, 'deflects')} {w.owed(e.pending)} to the next player",
                     "pt": lambda w, e: f"{w.subj(e.player)} desvia {w.owed(e.pending)} para o próximo jogador"})
register_event("jump-in-cancels", ("pending",), about="JUMPIN: the jump-in cancels the draw card",
               tell={"en": lambda w, e: f"{w.cap(w.poss(e.player))} jump-in cancels {w.owed(e.pending)}",
                     "pt": lambda w, e: f"{w.cap(w.de(e.player, 'o', 'corte'))} cancela {w.owed(e.pending)}"})
register_event("revenge", ("pending",), about="REVENGE: the draw total returned",
               tell={"en": lambda w, e: f"{w.s(e.player, 'sends')} {w.owed(e.pending)} back (revenge)",
                     "pt": lambda w, e: f"{w.subj(e.player)} devolve {w.owed(e.pending)} (vingança)"})
register_event("sum-challenge", ("challenged", "verdict"), about="ADDUP: a sum challenged", reveal="hand-to-player",
               tell={"en": lambda w, e: f"{w.s(e.player, 'challenges')} {w.poss(e.challenged)} sum: "
                                        + ("it was a bluff" if e.verdict == "bluff" else "it was right"),
                     "pt": lambda w, e: f"{w.subj(e.player)} contesta {w.de(e.challenged, 'a', 'soma')}: "
                                        + ("era blefe" if e.verdict == "bluff" else "estava certa")})
register_event("time-up", ("seconds",), about="BLITZ: the game clock ran out",
               tell={"en": lambda w, e: f"Time is up ({e.seconds} s)",
                     "pt": lambda w, e: f"O tempo acabou ({e.seconds} s)"})
register_reason("bomb", pt="bomba")
register_reason("Add it up bluff", pt="blefe na soma")
register_reason("wrong Add it up challenge", pt="contestação errada da soma")
# WILDSTART's penalty, written by the referee's deal
register_reason("Wild Draw Four turned first (WILDSTART)", pt="Curinga Comprar Quatro virado primeiro (WILDSTART)")
