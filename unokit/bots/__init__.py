"""Bots: players that see only a :class:`~unokit.engine.view.PlayerView` and the legal actions.

>>> bot = make_bot("greedy", seed=1)
>>> bot.name, type(bot).__name__
('greedy', 'GreedyBot')
>>> sorted(BOTS)
['greedy', 'human', 'point-dumper', 'point-dumper-pure', 'random', 'random-play', 'rl', 'rlcard-rule', 'search', 'search-easy', 'search-hard', 'spreader', 'strategist', 'uno-skipper', 'vengeful']
"""

from __future__ import annotations

from ..core.errors import UnoError
from .base import Bot, is_out_of_turn, is_turn_action, out_of_turn_options, turn_options
from .greedy import GreedyBot
from .human import HumanBot, human
from .random_bot import RandomBot
from .random_play import RandomPlayBot

__all__ = ["Bot", "RandomBot", "RandomPlayBot", "GreedyBot", "HumanBot", "human", "BOTS", "make_bot", "parse_bot_list", "is_turn_action", "turn_options",
           "is_out_of_turn", "out_of_turn_options"]

def _human_greedy(seed: int | None = None) -> HumanBot:
    """A greedy player with the default human-error rates (see :mod:`unokit.bots.human`)."""
    return human("greedy", seed)


BOTS: dict = {"random": RandomBot, "random-play": RandomPlayBot, "greedy": GreedyBot, "human": _human_greedy}
BOTS["strategist"] = __import__("unokit.bots.strategist", fromlist=["StrategistBot"]).StrategistBot
BOTS.update(__import__("unokit.bots.search", fromlist=["SEARCH_BOTS"]).SEARCH_BOTS)  # ISMCTS levels
BOTS["rlcard-rule"] = __import__("unokit.bots.rule_agent", fromlist=["RuleAgentBot"]).RuleAgentBot
BOTS["rl"] = lambda seed=None: __import__("unokit.bots.rl", fromlist=["RLBot"]).RLBot(seed)  # trained policy (docs/rl.md)
BOTS.update(__import__("unokit.bots.personalities", fromlist=["PERSONALITY_BOTS"]).PERSONALITY_BOTS)  # docs/bots.md "Personalities"


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the registered kind ``name`` (case-insensitive)."""
    key = name.strip().lower()
    try:
        cls = BOTS[key]
    except KeyError:
        raise UnoError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}") from None
    return cls(seed)


def parse_bot_list(text: str | list | tuple, count: int) -> list[str]:
    """``'greedy,random'`` -> ``count`` bot names, repeating the list as needed.

    >>> parse_bot_list('greedy,random', 3)
    ['greedy', 'random', 'greedy']
    """
    names = [n.strip().lower() for n in (text.split(",") if isinstance(text, str) else text) if n.strip()]
    if not names:
        raise UnoError("name at least one bot, e.g. 'greedy' or 'greedy,random'")
    for n in names:
        if n not in BOTS:
            raise UnoError(f"unknown bot {n!r}; choose from {', '.join(sorted(BOTS))}")
    if count < 0:
        raise UnoError("bot count must not be negative")
    return [names[i % len(names)] for i in range(count)]
