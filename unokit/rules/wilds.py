"""The wilds of the 112, Ohana and Italian decks with an effect of their own, played by this module.

- Wild Swap Hands (``WX``, the 112 deck, 001): its player swaps hands with the seat it names
  (``Play.target``); it cannot be its player's last card (the referee's check).
- Wild Shuffle Hands (``WSH``, the Italian deck, 003): every hand is collected, shuffled and dealt again one
  card at a time from the player's left.
- Wild Ohana (``WO``, the Ohana deck, 002): hands above 4 cards discard down to 4, each card of its holder's
  choosing, face up under the Ohana card (free discards: ``Game.owe_discards``); hands below 4 draw up to 4.

The events (``shuffle-hands``, ``ohana``, ``discard-under``) and their narration are declared here too; the
hands swapped (``swap``) is a built-in event, also T's, ALLWILD's and the blanks'. Each card's effect is registered with :func:`unokit.rules.base.register_face_effect` when this module is
imported (:mod:`unokit.rules.registry` imports it), so the referee resolves them without naming them. The
blank cards are :mod:`unokit.rules.blanks`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Play
from ..core.cards import Card, Face
from ..core.events import register_event
from .base import register_face_effect
from .handswap import swap_hands

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["wild_swap", "shuffle_hands", "ohana", "discard_under"]


def wild_swap(game: Game, p: int, play: Play, nxt: int) -> int:
    """Wild Swap Hands: ``p`` and the seat the play names swap hands."""
    q = play.target
    assert q is not None   # (a Wild Swap names its target: the referee's shape check)
    swap_hands(game, p, q)
    return nxt


def shuffle_hands(game: Game, p: int, play: Play, nxt: int) -> int:
    """Wild Shuffle Hands (003): collect, shuffle, deal one by one from the player's left."""
    pool = [c for h in game.hands for c in h]
    pool = game.chance.shuffle(pool)
    n = game.n
    game.hands = [[] for _ in range(n)]
    i = 0
    while pool:
        game.hands[(p + 1 + i) % n].append(pool.pop())
        i += 1
    game.hands_changed(range(n))
    game.emit("shuffle-hands", p)
    return nxt


def discard_under(game: Game, seat: int, card: Card) -> None:
    """Where a free discard owed to a Wild Ohana (or SPIN's space) goes: face up, under the top card."""
    game.discard.insert(len(game.discard) - 1, card)
    game.emit("discard-under", seat, card.code)


def ohana(game: Game, p: int, play: Play, nxt: int) -> None:
    """Wild Ohana (002): hands above 4 discard down to 4 under the Ohana card (each player chooses), hands
    below 4 draw up to 4. The turn ends, then the discards owed are made."""
    owed = []
    for q in game.active:
        h = len(game.hands[q])
        if h < 4:
            game.draw_cards(q, 4 - h)
        elif h > 4:
            owed += [q] * (h - 4)
    game.emit("ohana", p)
    game.end_turn(p, nxt)
    if owed:
        game.owe_discards(owed, discard_under)
    return None


register_face_effect(Face.WILD_SWAP, wild_swap, targets=lambda game, p: tuple(q for q in game.active if q != p),
                     not_last="Wild Swap Hands cannot be your last card (001)")
register_face_effect(Face.WILD_SHUFFLE, shuffle_hands)
register_face_effect(Face.WILD_OHANA, ohana)

register_event("shuffle-hands", about="Wild Shuffle Hands: all hands shuffled and dealt again", every_hand=True,
               tell={"en": lambda w, e: f"{w.s(e.player, 'shuffles')} all hands together and "
                                        f"{w.verb(e.player, 'deals')} them again",
                     "pt": lambda w, e: f"{w.subj(e.player)} embaralha todas as mãos e as distribui de novo"})
register_event("ohana", about="Wild Ohana: hands brought to four cards", every_hand=True,
               tell={"en": lambda w, e: f"{w.cap(w.poss(e.player))} Wild Ohana brings every hand to four cards",
                     "pt": lambda w, e: f"{w.cap(w.de(e.player, 'o', 'Curinga Ohana'))} deixa todas as mãos com "
                                        f"quatro cartas"})
register_event("discard-under", ("card",), about="Wild Ohana: a card discarded under the Ohana card", from_hand="card",
               tracking="one-down",
               tell={"en": lambda w, e: f"{w.s(e.player, 'discards')} {w.card(e.card)} under the Wild Ohana",
                     "pt": lambda w, e: f"{w.subj(e.player)} descarta {w.card(e.card)} sob o Curinga Ohana"})
