"""Rules as data: the catalogue of the guide's house rules and the frozen :class:`RuleSet`."""

from .catalog import CATALOG, IMPLEMENTED, RuleInfo
from .ruleset import AMBIGUITY, GLOBAL_PARAMS, OFFICIAL, RuleSet

__all__ = ["CATALOG", "IMPLEMENTED", "RuleInfo", "RuleSet", "AMBIGUITY", "GLOBAL_PARAMS", "OFFICIAL"]
