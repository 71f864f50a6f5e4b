"""Blank cards with a rule written on them.

The 112 deck has 3 blank Wilds "para personalizar" (001: leave them out until a rule is written on
them); the Italian deck has 4 customisable cards, one of them the Wild Shuffle Hands (003), and its
"Varianti non ufficiali" name what a table writes on them: the *carta bianca* borrowed from Solo, a
card that makes the next player draw "un numero di carte a proprio piacimento", the *Cambio mazzo*.

A table writes its blanks at creation with the table parameter ``blanks=``: one effect per blank
card, separated by ``/`` (``UNO 1121 blanks=bianca/drawn/r7``), the deck's unwritten blanks left out
as 001 says. Each effect is a card of its own:

==========  =======  =================================================================================
keyword     card     what it does (every one is played as a Wild is: on anything, on your turn)
==========  =======  =================================================================================
wild        ``WB``   a Wild (001: "vale como um Curinga")
swap        ``WBX``  names the colour; its player swaps hands with a player they choose
draw2       ``WB2``  names the colour; a player its player chooses draws 2 (the next player then plays)
everyone1   ``WBE``  names the colour; every other player draws 1
drawn       ``WBN``  names the colour; the next player draws as many cards as its player chooses, from
                     1 to the table parameter ``blankmax`` (default 4), and loses the turn (written
                     ``claim:+N``: ``0 play WBN>R claim:+3``); not a draw card for stacking or challenges
bianca      ``WBC``  the carta bianca: names no colour (the colour in play stays); its player swaps
                     hands with an opponent they choose. Kept as the last card, it is played out on the
                     player's next turn and wins the hand, unless an action card hits first (a Skip
                     takes that turn, a draw card adds cards). 40 points in a loser's hand.
nextswap    ``WBM``  the Cambio mazzo: names the colour; played holding 2 cards or more, its player
                     swaps hands with the next player
a card      ``R7``   a stand-in for a lost card of the deck: it plays and scores as that card, and the
                     deck list says which card it replaces (the deck has as many as before)
==========  =======  =================================================================================

The older table parameter ``blank=wild|swap|draw2|everyone1`` writes the same rule on every blank
``WB`` of a deck dealt with its blanks in (``include_blanks``); a table gives either one or the other.
Scoring: 50 points (the 112 deck), 40 on the Italian deck's customisable cards (003), 40 for the
carta bianca everywhere; a stand-in scores as the card it stands for.

A blank's effect reaches the referee as a registered face effect (:func:`resolve`, through
:func:`unokit.rules.base.register_face_effect`); :func:`deck_problem` through :mod:`unokit.rules.registry`.

>>> from unokit.core.cards import Card
>>> [c.code for c in written_cards('bianca/drawn/r7')]
['WBC', 'WBN', 'R7']
>>> read_blanks('Swap / W+4')
'swap/w+4'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.actions import Play
from ..core.cards import BLANK_CODES, BLANK_FACES, Card, Face
from ..core.decks import BLANK_EFFECTS as EFFECTS
from ..core.decks import DECKS, deck_with_blanks
from ..core.errors import NotationError
from ..core.events import register_reason
from .base import register_face_effect
from .handswap import swap_hands

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.referee.state import HandState
    from .ruleset import RuleSet

__all__ = ["EFFECTS", "read_blanks", "written_cards", "deck_with_blanks", "blank_notes", "takes_target",
           "targets", "claims", "problem", "resolve", "BLANK_CODES", "MAX_BLANKS", "ALL_BLANKS", "add_blanks", "deck_problem"]

#: the most blanks a table may write (3 per deck, up to the most decks a table takes)
MAX_BLANKS = 24
_TARGETED = frozenset({Face.BLANK_SWAP, Face.BLANK_TARGET_TWO, Face.BLANK_BIANCA})
#: every blank face: the plain blank and the written ones (the referee resolves them here)
ALL_BLANKS = frozenset(BLANK_FACES) | {Face.WILD_BLANK}


def _describe() -> str:
    return ("blank effects separated by '/', each one of " + ", ".join(EFFECTS)
            + " or the code of a card the blank stands in for (e.g. bianca/drawn/r7)")


def read_blanks(text: str) -> str:
    """The ``blanks=`` value ``text`` normalised (lower case, no spaces); ``ValueError`` naming the
    accepted words when an effect is unknown or there are more than :data:`MAX_BLANKS`."""
    if not isinstance(text, str) or not text.strip() or len(text) > 400:
        raise ValueError(_describe())
    parts = [p.strip().lower() for p in text.split("/")]
    if len(parts) > MAX_BLANKS:
        raise ValueError(_describe())
    for p in parts:
        if p in EFFECTS:
            continue
        try:
            card = Card.parse(p)
        except NotationError:
            raise ValueError(_describe()) from None
        if card.face in ALL_BLANKS or type(card) is not Card:
            raise ValueError(_describe())
    return "/".join(parts)


def written_cards(value: str) -> tuple[Card, ...]:
    """The card each written blank is, in order (a stand-in is the card it replaces)."""
    return tuple(Card.parse(EFFECTS.get(p, p)) for p in value.split("/")) if value else ()


def blank_notes(value: str) -> list[str]:
    """One line per written blank, for the deck list: ``['blank 1: carta bianca (WBC)', ...]``.

    >>> blank_notes('drawn/g5')
    ['blank 1: the next player draws N (WBN)', 'blank 2: stands in for a lost G5']
    """
    out = []
    for i, p in enumerate(value.split("/") if value else (), 1):
        if p in EFFECTS:
            c = Card.parse(EFFECTS[p])
            name = c.name[len("blank ("):-1] if c.name.startswith("blank (") else c.name
            out.append(f"blank {i}: {name} ({c.code})")
        else:
            out.append(f"blank {i}: stands in for a lost {Card.parse(p).code}")
    return out


def add_blanks(code: str, blanks: str = "", blankmax: int | None = None) -> str:
    """The rule code ``code`` with the table parameters ``blanks=`` (normalised by :func:`read_blanks`)
    and ``blankmax=`` written at its end, as ``--blanks`` / ``--blank-max`` and ``MatchConfig(blanks=)``
    add them; a code that already writes the same value is returned as it is. Raises ``ValueError``
    (one line) for an unknown effect, or a code that writes another value.

    >>> add_blanks("UNO 1121 DR", "Swap/R7", 6)
    'UNO 1121 DR blanks=swap/r7 blankmax=6'
    >>> add_blanks("UNO 1121 blanks=swap", "swap")
    'UNO 1121 blanks=swap'
    """
    out = code.strip() if isinstance(code, str) else code
    for name, value in (("blanks", blanks), ("blankmax", blankmax)):
        if value is None or value == "":
            continue
        value = read_blanks(str(value)) if name == "blanks" else str(value)
        have = [t.split("=", 1)[1] for t in str(out).split() if t.lower().startswith(name + "=")]
        if not have:
            out = f"{out} {name}={value}"
            continue
        try:
            same = (read_blanks(have[-1]) if name == "blanks" else have[-1].strip()) == value
        except ValueError:
            same = False
        if not same:
            raise ValueError(f"the rules already write {name}={have[-1][:60]}, not {name}={value}: "
                             f"give the {name} once")
    return out


def deck_problem(rs: RuleSet, deck: str = "classic", decks: int = 1) -> str | None:
    """Why ``decks`` ``deck`` decks cannot deal the blanks the rule set ``rs`` writes (``blanks=``), or
    ``None`` (also when it writes none, or the deck is unknown: refused elsewhere). An edition's rules
    bring its own deck, as ``Game.new`` deals it.

    >>> from unokit.rules import RuleSet
    >>> deck_problem(RuleSet.parse("UNO 1121 blanks=swap"))
    'the classic deck has no blank cards: write blanks on the 112 or the Italian deck'
    """
    written = rs.param("blanks")
    if not written:
        return None
    if rs.param("blank") != "wild":
        return ("write the blank cards with blank= (the same rule on every one) or with blanks= (one rule each), "
                "not both")
    from .editions import edition_of
    ed = edition_of(rs)
    spec = DECKS.get(ed.deck if ed is not None and deck == "classic" else deck)
    if spec is None or not isinstance(decks, int) or not 1 <= decks <= 10:
        return None
    try:
        deck_with_blanks(spec, decks, written)
    except ValueError as e:
        return str(e)
    return None


def takes_target(game: HandState, card: Card) -> bool:
    """Does a play ending with ``card`` name a seat (a swap or a chosen victim)?"""
    f = card.face
    return f in _TARGETED or (f == Face.WILD_BLANK and game.blank in ("swap", "draw2"))


def targets(game: HandState, p: int, cards: Sequence[Card]) -> tuple[int, ...]:
    """The seats a play of ``cards`` ending with a blank may name: every other seat still in (the carta
    bianca's, opponents only; none when it is the player's last card)."""
    last = cards[-1]
    if last.face == Face.BLANK_BIANCA:
        if len(game.hands[p]) <= len(cards):
            return ()
        mates = game.partners_of(p)
        return tuple(q for q in game.active if q != p and q not in mates)
    return tuple(q for q in game.active if q != p)


def claims(game: HandState, card: Card) -> tuple[int, ...]:
    """The numbers a play of ``card`` may make the next player draw (``Play.claim``): 1 to ``blankmax``
    for the ``WBN`` blank; ``(0,)`` for every other card."""
    if card.face == Face.BLANK_DRAW_N:
        return tuple(range(1, game.rules.param("blankmax") + 1))
    return (0,)


def problem(game: HandState, play: Play) -> str | None:
    """Why a play of a blank is refused whatever the enforcement (its structure), or None."""
    last = play.cards[-1]
    f = last.face
    p = play.player
    if f == Face.BLANK_DRAW_N:
        top = game.rules.param("blankmax")
        if not 1 <= play.claim <= top:
            return f"say how many cards the next player draws with {last.code}: claim:+1 to claim:+{top}"
    elif play.claim and not play.hidden:
        return f"{last.code} makes nobody draw a number you choose: no claim"
    if f == Face.BLANK_NEXT_SWAP and len(game.hands[p]) < 2:
        return "the Cambio mazzo is played holding 2 cards or more (003)"
    if takes_target(game, last):
        ok = targets(game, p, play.cards)
        if not ok and play.target is not None:
            return f"{last.code} names no seat as your last card: it wins the hand"
        if ok and play.target not in ok:
            who = "an opponent" if f == Face.BLANK_BIANCA else "a target seat other than yours"
            return f"{last.code} needs {who}"
    return None


def resolve(game: Game, p: int, play: Play, nxt: int) -> int:
    """The effect of a blank just played by ``p`` (its player keeps cards: the hand goes on); returns the
    seat that plays next (``nxt`` unless the blank skips it)."""
    f = play.cards[-1].face
    if f == Face.WILD_BLANK:
        f = {"swap": Face.BLANK_SWAP, "draw2": Face.BLANK_TARGET_TWO,
             "everyone1": Face.BLANK_EVERYONE}.get(game.blank, Face.WILD_BLANK)
    if f in (Face.BLANK_SWAP, Face.BLANK_BIANCA):
        swap_hands(game, p, cast(int, play.target))   # (these blanks name their target)
    elif f == Face.BLANK_NEXT_SWAP:
        swap_hands(game, p, nxt)
    elif f == Face.BLANK_TARGET_TWO:
        game.penalize(cast(int, play.target), 2, "blank wild")   # (it names its target, as the swaps)
    elif f == Face.BLANK_EVERYONE:
        for q in game.active:
            if q != p:
                game.penalize(q, 1, "blank wild")
    elif f == Face.BLANK_DRAW_N:
        game.penalize(nxt, play.claim, "blank wild")
        return game.next_seat(p, 2)
    return nxt


def _aims(game: HandState, p: int, cards: Sequence[Card]) -> tuple[int, ...] | None:
    """The seats a play of ``cards`` ending with a blank may name, or None when it names none."""
    return targets(game, p, cards) if takes_target(game, cards[-1]) else None


for _face in ALL_BLANKS:   # the referee plays a blank through its registered effect and traits
    register_face_effect(_face, resolve, aims=_aims, claims=claims if _face == Face.BLANK_DRAW_N else None,
                         problem=problem)
register_reason("blank wild", pt="Curinga em Branco")
