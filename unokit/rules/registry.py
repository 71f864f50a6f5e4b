"""Which class plays which rule code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import wilds  # noqa: F401  (the 112/Ohana/Italian wilds register their effects)
from .arithmetic import FirstArithmetic, SecondArithmetic
from .blanks import deck_problem  # noqa: F401  (the blanks register theirs; the engine asks the deck's here)
from .cardfx import (
    Backlash,
    Baptism,
    Carousel,
    Chukcki,
    Clairvoyance,
    CleanFinish,
    Die,
    Donation,
    FirstPeace,
    SecondPeace,
    Swap,
    TraitorTwin,
    Trinity,
)
from .cut import Cut
from .deal_size import BattlefieldUno, FlashUno
from .double_discard import DoubleDiscard
from .drawchallenge import DrawChallenge
from .drawing import Consolation, Dissatisfaction, Reveal, Satisfaction
from .editions.allwild import AllWild
from .editions.extreme import Extreme
from .editions.flash import Flash
from .editions.flex import Flex
from .editions.flip import Flip
from .editions.nomercy import NoMercy, NoMercySeven, NoMercyZero
from .editions.spin import Spin
from .extras import (
    AddUp,
    Blitz,
    Bomb,
    Deflect,
    Double,
    DrawPlay,
    Force,
    JumpIn,
    Limit,
    NoChallenge,
    Open,
    Revenge,
    SevenOPass,
    SevenOSwap,
    WildStart,
    ZeroLeft,
)
from .groups import Duplicates, QuickDiscard
from .ignored import DrawAny, NoEndDraw, WildMatch
from .inferno import Inferno
from .match_rules import (
    EliminateMost,
    Movement,
    ReversePoints,
    ShuffleSeats,
    TournamentOfWins,
)
from .mistake import AnyMistake
from .silence import Silence
from .social import Compliments, Critiques, Pride, SlapPile
from .speed import Speed
from .stacking import Stacking
from .suddendeath import SuddenDeath
from .uno_calls import Memory, Precaution, SlowUno

if TYPE_CHECKING:
    from .base import HouseRule
    from .catalog import RuleInfo
    from .ruleset import RuleSet


# code -> HouseRule class (a tuple when one code needs two). Every catalogue code has one here; the match
# rules (TV, PR, MOV, SHUFFLESEATS, ELIMMOST) change no hand: unokit.match calls their match hook points.
REGISTRY: dict[str, type[HouseRule] | tuple[type[HouseRule], ...]] = {
    "C": Cut,
    "DR": QuickDiscard,
    "DD": Duplicates,
    "P1": Stacking, "P2": Stacking, "P3": Stacking, "P4": Stacking,
    "S": Silence,
    "V": Speed,
    "T": Swap, "CAR": Carousel, "DOA": Donation, "CLA": Clairvoyance, "DAD": Die, "TRI": Trinity,
    "BACK": Backlash, "GT": TraitorTwin, "BA": Baptism, "CHU": Chukcki, "PAA": FirstPeace, "PAB": SecondPeace,
    "FL": CleanFinish, "SAT": Satisfaction, "INS": Dissatisfaction, "CON": Consolation, "AA": FirstArithmetic,
    "AB": SecondArithmetic, "I": Inferno, "ORG": Pride, "E": Compliments, "IE": Critiques, "M": SlapPile,
    "DP": DrawChallenge, "MS1": SuddenDeath, "MS2": SuddenDeath, "MS3": SuddenDeath,
    "SEVENO": (SevenOSwap, SevenOPass), "JUMPIN": JumpIn, "ADDUP": AddUp, "ZEROLEFT": ZeroLeft, "FORCE": Force,
    "DRAWPLAY": DrawPlay, "BOMB": Bomb, "REVENGE": Revenge, "BLITZ": Blitz, "DEFLECT": Deflect,
    "MEM": Memory, "PRE": Precaution, "SLOWUNO": SlowUno, "NOCHALLENGE": NoChallenge, "DOUBLE": Double,
    "LIMIT": Limit, "OPEN": Open, "WILDSTART": WildStart, "REV": Reveal, "DED": DoubleDiscard,
    "FU": FlashUno, "BU": BattlefieldUno, "DRAWANY": DrawAny, "NOENDDRAW": NoEndDraw, "WILDMATCH": WildMatch,
    "TV": TournamentOfWins, "PR": ReversePoints, "MOV": Movement, "SHUFFLESEATS": ShuffleSeats,
    "ELIMMOST": EliminateMost, "MISTAKE": AnyMistake,
    "NOMERCY": (NoMercy, NoMercyZero, NoMercySeven),   # the editions (unokit.rules.editions)
    "ALLWILD": AllWild,
    "EXTREME": Extreme,
    "FLASH": Flash,
    "SPIN": Spin,
    "FLIP": Flip,
    "FLEX": Flex,
}


def register_rule(info: RuleInfo, cls: type[HouseRule]) -> None:
    """Add a rule from its own module: its catalogue entry (:class:`~unokit.rules.catalog.RuleInfo`) and its
    class (a :class:`~unokit.rules.base.HouseRule`: its hooks, its actions, what it adds to the views). Its
    action classes and event kinds register themselves (:func:`unokit.core.actions.simple_action`,
    :func:`~unokit.core.actions.register_action`, :func:`unokit.core.events.register_event`, whose ``tell``
    narrates it). Nothing else needs an edit: the rule plays in the referee, the simulations, the web table
    and the RL environments (``docs/architecture.md``, "Adding a rule"). A code that exists is refused.
    """
    import re

    from ..core.errors import RuleCodeError
    from .catalog import CATALOG, IMPLEMENTED, ORDER, RULES
    code = getattr(info, "code", None)
    if not isinstance(code, str) or not re.fullmatch(r"[A-Z][A-Z0-9]{0,11}", code):
        raise RuleCodeError(f"a rule code is 1 to 12 capital letters and digits, got {code!r}")
    if code in CATALOG or code in REGISTRY:
        raise RuleCodeError(f"rule code {code} is taken")
    if getattr(cls, "code", None) != code:
        raise RuleCodeError(f"the class {getattr(cls, '__name__', cls)!r} plays {getattr(cls, 'code', None)!r}, not {code}")
    CATALOG[code] = info
    ORDER[code] = max(ORDER.values(), default=-1) + 1
    RULES.append(info)
    if info.implemented:
        IMPLEMENTED.add(code)
    REGISTRY[code] = cls


def unregister_rule(code: str) -> None:
    """Remove a rule :func:`register_rule` added (a rule of the seeds stays)."""
    from ..core.errors import RuleCodeError
    from .catalog import BUILT_IN, CATALOG, IMPLEMENTED, ORDER, RULES
    if code in BUILT_IN:
        raise RuleCodeError(f"{code} is one of unokit's own rules")
    info = CATALOG.pop(code, None)
    ORDER.pop(code, None)
    IMPLEMENTED.discard(code)
    REGISTRY.pop(code, None)
    if info is not None and info in RULES:
        RULES.remove(info)


def build_house_rules(ruleset: RuleSet) -> list[HouseRule]:
    out = []
    for c in ruleset.codes:
        cls = REGISTRY.get(c)
        if cls is None:
            continue
        for k in (cls if isinstance(cls, tuple) else (cls,)):
            out.append(k(ruleset))
    return out


def timed_codes() -> tuple[str, ...]:
    """The codes of the rules that act only when the game's clock moves (``HouseRule.timed``): a game whose clock
    never moves (a simulation, an environment) plays the hands of the rules without them.

    >>> sorted(timed_codes())
    ['BLITZ', 'V']
    """
    return tuple(c for c, cls in REGISTRY.items() if any(k.timed for k in (cls if isinstance(cls, tuple) else (cls,))))


def hand_ruleset(ruleset: RuleSet, *, still_clock: bool = False, silent: bool = False) -> RuleSet:
    """``ruleset`` without the rules that change no hand (:func:`unokit.rules.base.changes_hands`): the rule
    set whose hands are the same hands (the lab plays the hands of match rules on the compiled core so).
    ``still_clock``: also without the rules that act only when the game's clock moves (``HouseRule.timed``:
    V, BLITZ), for games whose clock never moves (the RL environments'); ``silent``: also without the rules that
    act only on what a player says (their one hook ``judge_speech``: ORG), for games where nobody speaks (the RL
    environments have no speech among their actions).

    >>> from unokit.rules import RuleSet
    >>> hand_ruleset(RuleSet.parse("UNO 1121 TV-P4")).code
    'UNO 1121 P4'
    >>> hand_ruleset(RuleSet.parse("UNO 1121 TV-FU-C-DR-V-P3-ORG"), still_clock=True, silent=True).code
    'UNO 1121 FU-C-DR-P3'
    """
    from .base import HOOKS, HouseRule, changes_hands

    def speech_only(k: type[HouseRule]) -> bool:
        return not getattr(k, "actions", ()) and all(
            h == "judge_speech" for h in HOOKS if getattr(k, h) is not getattr(HouseRule, h))

    keep = []
    for r in ruleset.rules:
        cls = REGISTRY.get(r[0])
        ks = () if cls is None else cls if isinstance(cls, tuple) else (cls,)
        if cls is None or any(changes_hands(k) and not (still_clock and k.timed) and not (silent and speech_only(k))
                              for k in ks):
            keep.append(r)
    return ruleset if len(keep) == len(ruleset.rules) else type(ruleset)(ruleset.ambiguity, tuple(keep), ruleset.params)

