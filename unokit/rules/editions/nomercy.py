"""NOMERCY: UNO Show 'em No Mercy (003 §UNO Show 'em No Mercy), played as ``UNO NOMERCY``.

The seed names the cards and the rules; the deck's counts are the edition's published list
(:data:`unokit.core.decks.NOMERCY_CARDS`, 168 cards). What each card does, stated once here:

==========  =====================================================================================
``R+4``     Draw Four in a colour: matched by colour or symbol like a Draw Two, names no colour
``RSA``     Skip Everyone: every other player is skipped, its player plays again
``RDA``     Discard All: every other card of its colour in the hand goes down with it (their
            effects ignored; the Discard All stays on top)
``WR+4``    Wild Reverse Draw Four: the direction changes, then the next player draws 4
``W+6``     Wild Draw Six; ``W+10`` Wild Draw Ten
``WCR``     Wild Colour Roulette: names no colour; the next player names one and turns cards from
            the stock into their hand until one of that colour comes, and loses the turn
``0``       every hand passes to the left (the seed: "con quella del giocatore alla sinistra")
``7``       its player swaps hands with a player they choose (obligatory)
==========  =====================================================================================

and the edition's rules: a player who cannot play draws until they can (then may play the card
drawn); a draw card answers a draw card of equal or higher value only (the total is drawn by the
first player who cannot or will not answer; Wild Colour Roulette answers nothing); a player who
holds 25 or more cards when a turn ends is out of the hand, their cards shuffled into the stock; the
last player left wins. There is no Wild Draw Four challenge in this edition. Every choice the seed
leaves open is listed in ``docs/rules/NOMERCY.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import Play
from ...core.cards import Card, Color, Face
from ...core.events import register_event, register_reason
from ...core.official import Effect
from ..base import HouseRule, Target, TurnChange
from ..cardfx import Carousel, Swap
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..ruleset import RuleSet


__all__ = ["EDITION", "MERCY", "NoMercy", "NoMercyZero", "NoMercySeven"]

MERCY = 25  #: a player holding this many cards is out (003: "chi ha 25 o più carte in mano, è eliminato")
MERCY_REASON = f"mercy: {MERCY} or more cards (NOMERCY)"

EDITION = Edition(
    code="NOMERCY", deck="nomercy", players=(2, 6), doc="docs/rules/NOMERCY.md",
    name="UNO Show 'em No Mercy (168 cards, 2-6 players)", name_pt="UNO Show 'em No Mercy (sem piedade: 168 cartas, 2-6 jogadores)",
    effects={
        Face.DRAW_FOUR: Effect(draw=4),
        Face.SKIP_ALL: Effect(advance=0),        # the turn comes back to its player
        Face.DISCARD_ALL: Effect(),
        Face.WILD_REVERSE_DRAW_FOUR: Effect(reverse=True, draw=4, names_color=True),
        Face.WILD_DRAW_SIX: Effect(draw=6, names_color=True),
        Face.WILD_DRAW_TEN: Effect(draw=10, names_color=True),
        Face.WILD_ROULETTE: Effect(),            # the victim names the colour (NoMercy.on_color)
    })


class NoMercy(HouseRule):
    """Stacking equal or higher, draw until playable, Discard All, the Colour Roulette and the mercy rule."""

    code = "NOMERCY"
    hand_faces = (Face.DISCARD_ALL,)   # plays that change their player's own hand (UNO may be said with them)

    def setup(self, game: Game) -> None:
        game.no_challenge = True

    def stack_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        under = game.pending_kind or game.discard[-1].draw
        return len(cards) == 1 and cards[0].draw > 0 and cards[0].draw >= under

    def after_draw(self, game: Game, player: int, card: Card, forced: bool) -> str | None:
        if len(game.hands[player]) >= MERCY:
            return "keep"   # out when the turn ends: no more drawing, no play
        return "again" if forced else None

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        top = play.cards[-1]
        if top.face == Face.DISCARD_ALL:
            hand = game.hands[p]
            same = [c for c in hand if c.color is top.color]
            if same:
                for c in same:
                    hand.remove(c)
                game.put_under_top(same)
                game.emit("discard-all", p, len(same), tuple(same))
                game.hands_changed((p,))
        elif top.face == Face.WILD_ROULETTE and game.hands[p]:
            game.rule_state["NOMERCY-roulette"] = True
        return None

    def on_turn_start(self, game: Game, seat: int) -> None:
        for q in list(game.active):
            if game.over:
                return
            if q not in game.eliminated and len(game.hands[q]) >= MERCY:
                self._out(game, q)
        if not game.over and game.rule_state.pop("NOMERCY-roulette", None):
            game.ask_color(game.current)
            game.rule_state["NOMERCY-victim"] = game.current

    def on_color(self, game: Game, player: int, color: Color) -> bool:
        if game.rule_state.get("NOMERCY-victim") != player:
            return False
        del game.rule_state["NOMERCY-victim"]
        shown = game.draw_until(player, color)
        game.emit("roulette", player, color.letter, shown)   # turned face up: the event shows them to all
        game.end_turn(player, game.next_seat(player))
        return True

    @staticmethod
    def _out(game: Game, q: int) -> None:
        cards = game.hands[q]
        game.hands[q] = []
        game.stock = game.chance.shuffle(game.stock + cards)
        game.eliminate(q, MERCY_REASON)


class NoMercyZero(Carousel):
    """The 0 of No Mercy: every hand passes on in the direction of play (the published rules; it may be
    the last card), or to the left whatever the direction (``NOMERCY(zero=left)``, the seed's words)."""

    code = "NOMERCY"
    hand_numbers = (0,)

    def __init__(self, rs: RuleSet) -> None:
        HouseRule.__init__(self, rs)
        self.card = 0
        self.fixed_direction = 1 if rs.param("NOMERCY", "zero") == "left" else 0

    def play_problem(self, game: Game, play: Play) -> str | None:
        return None


class NoMercySeven(Swap):
    """The 7 of No Mercy: its player must swap hands with a player they choose (not when going out)."""

    code = "NOMERCY"
    hand_numbers = (7,)

    def __init__(self, rs: RuleSet) -> None:
        HouseRule.__init__(self, rs)
        self.card = 7

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if not any(c.number == 7 for c in cards):
            return []
        if len(game.hands[p]) == len(cards):
            return [None]
        return [q for q in game.active if q != p]

    def play_problem(self, game: Game, play: Play) -> str | None:
        if any(c.number == 7 for c in play.cards) and play.target is None \
                and len(game.hands[play.player]) > len(play.cards):
            return "a 7 swaps hands: name the player to swap with (NOMERCY)"
        return super().play_problem(game, play)


# ---------------------------------------------------------------------- the events NOMERCY emits, told
register_event("discard-all", ("count", "cards"),
               about="NOMERCY: a Discard All takes every other card of its colour down", from_hand="cards",
               tell={"en": lambda w, e: f"{w.s(e.player, 'discards')} {w.n_cards(e.count)} of the same colour too: "
                                        f"{w.cards(e.cards)}",
                     "pt": lambda w, e: f"{w.subj(e.player)} descarta também {w.n_cards(e.count)} da mesma cor: "
                                        f"{w.cards(e.cards)}"})
register_event("roulette", ("color", "cards"),
               about="NOMERCY: the Colour Roulette's victim named a colour and turned these cards",
               tell={"en": lambda w, e: f"{w.s(e.player, 'names')} {w.color(e.color)} and "
                                        f"{w.verb(e.player, 'turns')} {w.n_cards(len(e.cards))} from the stock: "
                                        f"{w.cards(e.cards)}",
                     "pt": lambda w, e: f"{w.subj(e.player)} escolhe {w.color(e.color)} e vira "
                                        f"{w.n_cards(len(e.cards))} do monte: {w.cards(e.cards)}"})
register_reason(MERCY_REASON, pt="misericórdia: 25 cartas ou mais (NOMERCY)")
