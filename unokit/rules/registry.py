"""Which class plays which rule code."""

from __future__ import annotations

from .cut import Cut
from .groups import Duplicates, QuickDiscard
from .silence import Silence
from .speed import Speed
from .stacking import Stacking

# code -> HouseRule class. Rules handled in the engine core by a parameter (MEM: UNO penalty 4,
# PRE: the UNO catch window never closes, DED: face-down pile in rules.double_discard) have no class.
REGISTRY = {
    "C": Cut,
    "DR": QuickDiscard,
    "DD": Duplicates,
    "P1": Stacking, "P2": Stacking, "P3": Stacking, "P4": Stacking,
    "S": Silence,
    "V": Speed,
}


def build_house_rules(ruleset) -> list:
    return [REGISTRY[c](ruleset) for c in ruleset.codes if c in REGISTRY]
