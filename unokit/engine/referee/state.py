"""Values the referee's parts share: the phases of a hand and the record of a wrong play."""

from __future__ import annotations

import copy
from enum import IntEnum
from typing import NamedTuple

from ...core.cards import Color

__all__ = ["Phase", "WrongPlay", "copy_rule_state"]


class Phase(IntEnum):
    PLAY = 0           # the player in turn plays or draws
    DRAWN = 1          # the player drew a playable card: play it or pass
    PENDING = 2        # the player in turn faces a draw penalty: draw / challenge / stack
    COLOR = 3          # first discard was a Wild: the first player names the colour
    FREE_DISCARD = 4   # DED: a player owes a face-down discard
    HIDDEN_FINISH = 5  # DED: a hand emptied face down; accuse or accept
    OVER = 6


class WrongPlay(NamedTuple):
    """Table enforcement: a play that broke the rules and stands until noticed."""

    seq: int
    player: int
    cards: tuple
    reason: str
    snapshot: object
    prev_color: Color
    next_player: int




def copy_rule_state(d: dict) -> dict:
    """A deep copy of the rules' own state (snapshots for table enforcement)."""
    return copy.deepcopy(d) if d else {}
