"""DED (Duplo Descarte): a second, face-down discard pile (000 ch.3 §Regra do Duplo Descarte).

- In turn, a player may put cards face down instead of (or besides) playing
  them face up, claiming the play is legal. Face-down cards have no effect
  and the face-up pile stays the one every rule looks at.
- Until the next player starts, anyone else may :class:`~unokit.core.actions.Accuse`
  the face-down play. A liar draws 4 and the accuser makes a free face-down
  discard of any card; an honest player's accuser draws 4 and the honest player
  discards one more card. A free discard may empty a hand ("vitória por
  consequência").
- Going out face down opens a last accusation window (the next player accepts
  with ``Pass``). A liar caught there takes the card back and play goes on; an
  accuser of an honest winner draws 4 and those cards count in the score.
- With a stacking rule, facing a draw a player may put a card face down and
  *claim* it is a draw card (``claim=2`` or ``4``): unchallenged, the claim adds
  to the total as if true. Decision (the guide leaves it open): an exposed false
  claim is struck from the total, the rest stays with the player facing it.
- With DR/DD a play may be split: some cards face up, the rest face down; the
  claim is that all of them form one legal group. The face-up cards come first,
  or, when they do not match the pile by themselves, the face-down ones ("ou o
  contrário", 000 §DED "Várias Cartas").
- Cuts (C) never involve face-down cards.
- When the stock runs out, the face-down pile is reshuffled into the new stock with the face-up
  pile (all but its top card); only the cards of a face-down play still open to accusation stay.

The rule reaches the referee through its hooks (:mod:`unokit.rules.base`): the face-down plays offered
(``turn_plays``), checked (``hidden_problem``, ``split_problem``) and applied (``play_hidden``); the
accusation window closed when the next player starts (``on_start``) or the hand ends (``on_finish``); the
face-down pile reshuffled (``reshuffle_cards``); :class:`~unokit.core.actions.Accuse` is its own action
(``action_problem``, ``apply_action``, ``action_options``); the open play is the public query ``"claim"``
(``Game.claim``). A free discard owed is the referee's (``Game.owe_discards``): DED's go face down. Its events
(``accuse``, ``hidden-play``, ``free-discard``), their narration and its penalties' reasons are declared here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.actions import Accuse, Action, Play
from ..core.cards import COLORS, Card
from ..core.errors import IllegalActionError, NotYourTurnError, WindowClosedError
from ..core.events import register_event, register_reason
from .base import HouseRule, register_refusal
from .stacking import ALLOWED
from .suddendeath import SuddenDeath

if TYPE_CHECKING:
    from ..engine.game import Game


class Claim(NamedTuple):
    """An open face-down play: it may be accused until the next player starts (in ``HIDDEN_FINISH``,
    until the next player passes). DED's own state (``game.rule_state["DED"]``, absent when none is open);
    ``Game.claim`` (the query ``"claim"``) reads it."""

    seq: int          # the action that put the cards down
    seat: int         # who put them down
    cards: tuple[Card, ...]  # the cards face down (shown to nobody until accused)
    truthful: bool    # would the claimed play have been legal?
    draw: int         # the draw card claimed facing a draw (2 or 4; 0: none)
    went_out: bool    # the face-down play emptied the hand (``HIDDEN_FINISH``)


_KEY = "DED"


def _claim(game: Game) -> Claim | None:
    return game.rule_state.get(_KEY)


def _open(game: Game, claim: Claim) -> None:
    game.rule_state[_KEY] = claim


def close_claim(game: Game) -> None:
    """The open face-down play can no longer be accused (the next player started, the hand ended)."""
    game.rule_state.pop(_KEY, None)


def discard_face_down(game: Game, seat: int, card: Card) -> None:
    """Where DED's free discard goes: face down, on the face-down pile."""
    game.hidden_pile.append(card)
    game.emit("free-discard", seat)


def owe_free_discards(game: Game, seats: Iterable[int], dest: str = "hidden") -> None:
    """``seats`` (one entry per card) owe free discards (``Game.owe_discards``): ``dest`` ``"hidden"`` face
    down (DED), ``"under"`` face up under the top card (:func:`unokit.rules.wilds.discard_under`: Wild
    Ohana, SPIN)."""
    if dest == "under":
        from .wilds import discard_under
        game.owe_discards(seats, discard_under)
    else:
        game.owe_discards(seats, discard_face_down)


class DoubleDiscard(HouseRule):
    """DED (Descarte Duplo): cards may be played face down, claimed legal, and accused."""

    code = "DED"
    start_order = -1   # the window closes before another rule's start draws cards (a reshuffle)
    actions = (Accuse,)
    options_first = True   # an accusation is offered with the catches, as the referee always listed it
    answers = ("claim", "open_claim")

    def answer(self, game: Game, name: str) -> Claim | tuple[int, int, int, int] | None:
        """``"claim"``: the open face-down play; ``"open_claim"``: what every seat sees of it (``PlayerView.open_claim``:
        seq, seat, the number of cards face down, the draw claimed), never the cards."""
        claim = _claim(game)
        if name == "open_claim" and claim is not None:
            return claim.seq, claim.seat, len(claim.cards), claim.draw
        return claim

    def turn_plays(self, game: Game, seat: int) -> list[Play]:
        return hidden_plays(game, seat)

    def hidden_problem(self, game: Game, play: Play) -> tuple[type[Exception], str] | None:
        ph = game.phase
        if play.claim and ph != ph.PENDING:
            return IllegalActionError, "a claim is only made when answering a draw penalty"
        if ph == ph.PENDING:
            if game.going_out is not None:
                return NotYourTurnError, f"seat {game.going_out} went out: draw the penalty"
            if not _claim_ok(game, play.claim):
                return (IllegalActionError, "facing a draw, a face-down play must claim a draw card "
                                            "(claim 2 or 4) that the stacking rule allows")
        return None

    def split_problem(self, game: Game, play: Play, why: str | None) -> str | None:
        return split_problem(game, play, why)

    def play_hidden(self, game: Game, play: Play) -> None:
        do_hidden_play(game, play)

    def reshuffle_cards(self, game: Game) -> list[Card]:
        return reshuffled_hidden(game) if game.hidden_pile else []

    def on_start(self, game: Game, seat: int) -> None:
        close_claim(game)

    def on_finish(self, game: Game, winner: int) -> None:
        close_claim(game)

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        claim = _claim(game)
        if claim is None:
            return WindowClosedError, "there is no face-down play to accuse"
        if claim.seat == a.player:
            return IllegalActionError, "you cannot accuse your own play"
        return None

    def apply_action(self, game: Game, a: Action) -> None:
        do_accuse(game, a)

    def action_options(self, game: Game, seat: int) -> list[Action]:
        claim = _claim(game)
        return [Accuse(seat)] if claim is not None and claim.seat != seat else []


def _claim_ok(game: Game, amount: int) -> bool:
    if amount not in (2, 4) or game.rules.stacking is None:
        return False
    under = game.pending_kind or game.discard[-1].draw
    return (under, amount) in ALLOWED[game.rules.stacking]


def hidden_plays(game: Game, player: int) -> list[Play]:
    hand = game.hands[player]
    ph = game.phase
    out: list[Play] = []
    uno_opts = (False, True) if len(hand) == 2 else (False,)
    for c in dict.fromkeys(hand):
        if ph == ph.PENDING:
            for amount in (2, 4):
                if _claim_ok(game, amount):
                    out.extend(Play(player, (), None, u, None, (c,), amount) for u in uno_opts)
        else:  # after drawing, another card face down is a lie, but a lie one may tell
            out.extend(Play(player, (), None, u, None, (c,)) for u in uno_opts)
    return out


def split_problem(game: Game, play: Play, why: str | None) -> str | None:
    """A split play whose face-up part does not match the pile by itself (``why``): under "Várias
    Cartas" (000 line 1401: "a primeira carta da sequência ... pode ser jogada na pilha visível, e as
    outras, na invisível, ou o contrário") the face-down cards may be the start of the group. The
    claim then covers the match and an accusation judges it; the face-up cards must still be able to
    belong to a group (DR/DD/AA) and pass every other rule in force."""
    cards = play.cards
    if not game.grouping:
        return why  # no group rule: a face-down card and a face-up one never make one play
    if len(cards) > 1 and not game.can_begin_group(cards):
        return why
    return game.rule_objection(play)


def _stands_alone(game: Game, a: Play) -> bool:
    """Does the face-up part of a split play match the pile by itself?"""
    return game.match_problem(Play(a.player, a.cards, a.color, a.uno, a.target, give=a.give)) is None


def _truthful(game: Game, a: Play) -> bool:
    """Would the claimed play have been legal? In a split play the face-up cards come first, unless
    they do not match the pile by themselves: then the face-down cards start the group."""
    cards = a.cards + a.hidden
    if a.cards and a.hidden and game.phase == game.phase.PLAY and not _stands_alone(game, a):
        cards = a.hidden + a.cards
    if len(cards) > 1 and not game.can_group(cards):
        return False
    if game.phase == game.phase.PENDING:
        if a.claim:
            return all(c.draw == a.claim for c in a.hidden) and game.can_stack(a.hidden)
        return game.can_stack(cards)
    if game.phase == game.phase.DRAWN and cards[0] not in game.drawn_options:
        return False
    if game.custom_play:  # judge with every rule in force (AA, AB, peace rules...)
        last = cards[-1]
        probe = Play(a.player, cards, a.color if a.color is not None else (COLORS[0] if game.names_color(last) else None),
                     target=a.target, give=a.give)
        saved = game.phase
        game.phase = game.phase.PLAY
        try:
            return game.match_problem(probe) is None
        finally:
            game.phase = saved
    return game.playable(cards[0])


def do_hidden_play(game: Game, a: Play) -> None:
    p = a.player
    if game.phase == game.phase.PENDING and not a.cards and not _claim_ok(game, a.claim):
        raise IllegalActionError("facing a draw, a face-down play must claim a draw card the stacking rule allows")
    truthful = _truthful(game, a)
    if game.eliminated is not None and any(c.startswith("MS") for c in game.rules.codes):
        game.rule_state["DED-had-play"] = any(game.can_play_alone(p, c) for c in game.hands[p])
    game.seat_starts(p)
    hand = game.hands[p]
    for c in a.hidden:
        hand.remove(c)
    game.hidden_pile.extend(a.hidden)
    game.emit("hidden-play", p, len(a.hidden), a.claim)
    went_out = not hand and not a.cards
    claim = Claim(game.seq, p, a.hidden, truthful, a.claim, went_out)
    _open(game, claim)
    if a.cards:
        visible = Play(p, a.cards, a.color, a.uno, a.target, give=a.give)
        game.put_down(p, visible)
        if game.phase != game.phase.OVER:
            _open(game, claim._replace(went_out=False))
        return
    game.wd4 = None
    game.drawn = None
    if not hand:
        game.catchable.discard(p)
    elif len(hand) == 1:
        game.uno_said[p] = a.uno
        if a.uno:
            game.emit("uno", p)
            game.speak(p, "UNO", is_uno=True)
        else:
            game.missed_uno(p)  # catchable like a face-up play, with its SLOWUNO expiry
    if a.claim:
        game.pending += a.claim
        game.pending_kind = a.claim
        game.pending_from = p
    nxt = game.next_seat(p)
    if went_out:
        game.going_out_hidden = p
        game.current = nxt
        game.phase = game.phase.HIDDEN_FINISH
        return
    game.end_turn(p, nxt)


def do_accuse(game: Game, a: Action) -> None:
    open_claim = _claim(game)
    assert open_claim is not None          # (checked: an accusation needs an open claim)
    _seq, liar, cards, truthful, claim, went_out = open_claim
    # the claim stays open while the penalty is drawn: a reshuffle then leaves its cards face down
    # (a caught liar who went out takes them back)
    penalty = game.rules.param("DED", "penalty")
    accuser = a.player
    game.reveals.append((None, liar, tuple(cards)))
    game.emit("accuse", accuser, liar, "honest" if truthful else "liar")
    if truthful:
        game.penalize(accuser, penalty, "false accusation (DED)")
        close_claim(game)
        if went_out:
            return game.finish_hidden()
        owed = [liar] if game.hands[liar] else []
    else:
        game.penalize(liar, penalty, "caught lying (DED)")
        close_claim(game)
        if any(c.startswith("MS") for c in game.rules.codes) and not game.rule_state.pop("DED-had-play", True):
            ms = game.house_rule("MS")
            if isinstance(ms, SuddenDeath) and ms.armed(game):  # lied to escape sudden death and was caught (000 §MS, DED)
                game.eliminate(liar, "caught lying to avoid elimination (MS + DED)")
                if game.phase == game.phase.OVER:
                    return
        if went_out:
            for c in cards:
                game.hidden_pile.remove(c)
            game.hands[liar].extend(cards)
            game.hands_changed((liar,))
            game.phase = game.phase.PENDING if game.pending else game.phase.PLAY
        if claim:
            game.pending -= claim
            if not game.pending and game.phase == game.phase.PENDING:
                game.phase = game.phase.PLAY
        owed = [accuser] if game.hands[accuser] else []
    if owed:
        owe_free_discards(game, owed)


def reshuffled_hidden(game: Game) -> list[Card]:
    """Take the face-down cards that go back into the stock when it runs out (the stock is rebuilt
    from both discard piles, docs/rules/DED.md): all of them but the cards of a face-down play still
    open to accusation, which stay face down (a caught liar who went out takes them back)."""
    claim = _claim(game)
    keep = list(claim.cards) if claim is not None else []
    stay: list[Card] = []
    out: list[Card] = []
    for c in reversed(game.hidden_pile):  # the open play's cards are the newest
        if c in keep:
            keep.remove(c)
            stay.append(c)
        else:
            out.append(c)
    out.reverse()
    stay.reverse()
    game.hidden_pile = stay
    return out


def _lied(e: Any) -> bool:   # (an event of a kind registered at run time: no class to name)
    return e.verdict in ("guilty", "bluff", "liar")


register_event("accuse", ("liar", "verdict"), about="DED: a face-down play accused: honest or liar",
               into_hands=("player", "liar"), tracking="shows-hand", reveal="face-down",
               tell={"en": lambda w, e: f"{w.s(e.player, 'accuses')} {w.obj(e.liar)} of lying: " + (
                   f"{w.obj(e.liar)} {w.verb(e.liar, 'was')} lying" if _lied(e) else f"{w.obj(e.liar)} told the truth"),
                     "pt": lambda w, e: f"{w.subj(e.player)} acusa {w.obj(e.liar)} de mentir: "
                                        + ("era mentira" if _lied(e) else "era verdade")})
register_event("hidden-play", ("count", "claim"), about="DED: cards played face down", tracking="face-down",
               tell={"en": lambda w, e: f"{w.s(e.player, 'puts')} {w.n_cards(e.count)} face down"
                                        + (f", claiming +{e.claim}" if e.claim else ""),
                     "pt": lambda w, e: f"{w.subj(e.player)} põe {w.n_cards(e.count)} "
                                        f"{'virada' if e.count == 1 else 'viradas'} para baixo"
                                        + (f", alegando +{e.claim}" if e.claim else "")})
register_event("free-discard", about="DED: a free face-down discard owed", tracking="one-down",
               tell={"en": lambda w, e: f"{w.s(e.player, 'discards')} a card face down",
                     "pt": lambda w, e: f"{w.subj(e.player)} descarta uma carta virada para baixo"})
register_refusal(Accuse, WindowClosedError, "there is no face-down play to accuse")
register_refusal("play_hidden", IllegalActionError, "face-down plays need the DED rule")
register_reason("false accusation (DED)", pt="acusação falsa (DED)")
register_reason("caught lying (DED)", pt="pego mentindo (DED)")
register_reason("caught lying to avoid elimination (MS + DED)", pt="pego mentindo para não ser eliminado (MS + DED)")
