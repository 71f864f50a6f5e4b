"""unokit as a reinforcement-learning environment, under any house rules (docs/rl.md).

- :func:`env` / :func:`raw_env`: the PettingZoo AEC environment (every seat with a decision to make,
  reactions included, becomes the agent selected); :func:`parallel_env`: the parallel form;
- ``gymnasium.make("unokit/Uno-v0", rules=..., players=..., opponents="strategist")``
  (:class:`UnoGymEnv`): one learning seat against bots; :class:`UnoVectorEnv`: many hands at once;
  :class:`UnoBatchedEnv` (:mod:`unokit.env.batched`): many hands stepped in one call of the compiled core;
- :class:`ActionTable` (:mod:`unokit.env.actions`): the fixed integer action table of a rule set, the
  ``steps`` view of its action codec (:class:`~unokit.rules.codec.Codec`, ``Codec.for_rules``, which also
  holds the engine's move ids); :class:`Encoder` (:mod:`unokit.env.observe`): the observation encoding
  of a seat's view.

The action table and the encoding need only numpy (the ``rl`` bot uses them); the environments
import gymnasium and PettingZoo when first asked for.
"""

from __future__ import annotations

from .actions import ActionTable, Codec, NoActionIdError, table_for
from .observe import Encoder, HistoryTracker

__all__ = ["env", "raw_env", "parallel_env", "UnoGymEnv", "UnoVectorEnv", "UnoBatchedEnv", "ActionTable", "Encoder",
           "HistoryTracker", "table_for", "Codec", "NoActionIdError", "IllegalActionIdError", "ENV_ID", "register"]

ENV_ID = "unokit/Uno-v0"

_LAZY = {"env": "aec", "raw_env": "aec", "parallel_env": "aec", "UnoGymEnv": "gym_env",
         "UnoVectorEnv": "vector", "UnoBatchedEnv": "batched", "IllegalActionIdError": "core"}


def __getattr__(name: str):
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'unokit.env' has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"{__name__}.{mod}"), name)


def register() -> bool:
    """Register ``unokit/Uno-v0`` with Gymnasium (done on import when Gymnasium is installed)."""
    try:
        import gymnasium
    except ImportError:
        return False
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="unokit.env.gym_env:UnoGymEnv",
                           vector_entry_point="unokit.env.vector:UnoVectorEnv")
    return True


register()
