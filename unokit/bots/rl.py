"""The ``rl`` bot: a policy network trained with ``unokit train``, played with numpy only.

The model file (``.npz``) holds the policy's layers (``W0, b0, W1, b1, ...``: ``x @ W + b``, tanh
between layers, the last layer's outputs are the logits of the action ids) and ``meta`` (JSON: the
rule set, the seats, the observation size, the names of the action ids and the catalogue codes of the
rule flags it was trained with). The
bot builds the same observation as the environment (:class:`unokit.env.Encoder` over the seat's
:class:`~unokit.engine.view.PlayerView`), masks the ids the referee does not offer and takes the most
likely one. No deep-learning library is needed to play.

The project ships one model per table it was trained for (``unokit/bots/models/*.npz``,
:func:`shipped_models`); at each table the bot plays the model trained for its rule set and number of
seats (:func:`model_for`). Where none was, the network's inputs would mean nothing: the bot then plays as
the ``strategist`` (``RLBot.fits`` says which, :func:`note` says so in words for ``unokit duel``, the
Textual picker, and the lobby through :func:`unokit.play.wire.catalog_message`).

>>> from unokit.engine.game import Game
>>> g = Game.new(players=2, seed=3)
>>> bot = RLBot(1)
>>> a = bot.act(g.view(g.to_act), g.legal_actions(g.to_act))
>>> a in g.legal_actions(g.to_act), bot.fits(g.view(g.to_act))
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.actions import Play
from ..rules.codec import Codec, StepTable
from .base import Bot
from .strategist import StrategistBot

if TYPE_CHECKING:
    from ..env.observe import Encoder, HistoryTracker

__all__ = ["RLBot", "Policy", "Model", "DEFAULT_MODEL", "MODELS", "load_policy", "model_for", "note",
           "shipped_models"]

#: where the shipped models live: every ``.npz`` file there is offered at the table it was trained for
MODELS = Path(__file__).parent / "models"
DEFAULT_MODEL = MODELS / "rl-uno1121.npz"


class Policy:
    """A multilayer perceptron read from a model file: ``logits(x)`` for one observation or a batch."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict):
        self.layers = layers
        self.meta = meta

    @classmethod
    def load(cls, path) -> Policy:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            layers = []
            i = 0
            while f"W{i}" in z:
                layers.append((z[f"W{i}"].astype(np.float32), z[f"b{i}"].astype(np.float32)))
                i += 1
        if not layers:
            raise ValueError(f"{path}: no layers (W0, b0, ...) in the model file")
        return cls(layers, meta)

    def save(self, path) -> Path:
        # Any: np.savez_compressed's **kwds also reach its keyword ``allow_pickle: bool`` (no name here is that)
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"W{i}"] = w.astype(np.float32)
            arrays[f"b{i}"] = b.astype(np.float32)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, **arrays)
        return path

    def logits(self, x: np.ndarray) -> np.ndarray:
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.tanh(h)
        return h

    def choose(self, x: np.ndarray, mask: np.ndarray) -> int:
        """The id of the highest logit among the ids ``mask`` allows."""
        z = self.logits(x)
        z = np.where(mask > 0, z, -np.inf)
        return int(np.argmax(z))


_POLICIES: dict = {}


def load_policy(path=None) -> Policy:
    """The policy of model file ``path`` (default: the shipped model), loaded once per process."""
    key = str(Path(path or DEFAULT_MODEL).resolve())
    p = _POLICIES.get(key)
    if p is None:
        p = _POLICIES[key] = Policy.load(key)
    return p


@dataclass(frozen=True)
class Model:
    """A model file and the table it was trained for: ``rules`` (the canonical code) and ``players``."""

    path: Path
    rules: str
    players: int

    @classmethod
    def of(cls, path) -> Model:
        """The model in file ``path`` (its table read from the file's meta)."""
        from ..rules import RuleSet
        meta = load_policy(path).meta
        return cls(Path(path), RuleSet.parse(meta["rules"]).code, int(meta["players"]))

    def fits(self, rules: str, players: int) -> bool:
        """Was this model trained for a table of ``rules`` (a code, any spelling) and ``players`` seats?"""
        from ..rules import RuleSet
        return players == self.players and (rules == self.rules or RuleSet.parse(rules).code == self.rules)

    @property
    def trained_for(self) -> str:
        """What the model was trained for, in words: ``2 players under UNO 1121``."""
        return f"{self.players} players under {self.rules}"


@cache
def shipped_models() -> tuple[Model, ...]:
    """Every model shipped with the package (:data:`MODELS`), by the number of seats, then the rule code.

    >>> for m in shipped_models():
    ...     print(m.trained_for)
    2 players under UNO 1121
    3 players under UNO 1121
    4 players under UNO 1121
    4 players under UNO 1121 DD-P1
    4 players under UNO 1121 P4
    4 players under UNO 1121 SEVENO-JUMPIN
    """
    return tuple(sorted((Model.of(p) for p in sorted(MODELS.glob("*.npz"))), key=lambda m: (m.players, m.rules)))


def model_for(rules: str, players: int, models=None) -> Model | None:
    """The model trained for a table of ``rules`` and ``players`` seats (among ``models``, default the shipped
    ones), or None where there is none.

    >>> model_for("UNO 1121", 2).trained_for, model_for("UNO 1121 DR", 4)
    ('2 players under UNO 1121', None)
    """
    return next((m for m in (shipped_models() if models is None else models) if m.fits(rules, players)), None)


def note(rules: str, players: int, model=None) -> str | None:
    """What ``rl`` is at a table of ``rules`` and ``players`` seats: None where a model (``model``, a file, or
    else any shipped one) fits, else a line saying what it was trained for and that it plays as the
    strategist here.

    >>> note("UNO 1121", 2) is None
    True
    >>> note("UNO 1121 DR", 4)
    'rl: its models were trained for 2 players under UNO 1121 or 3 players under UNO 1121 or 4 players under UNO 1121 or 4 players under UNO 1121 DD-P1 or 4 players under UNO 1121 P4 or 4 players under UNO 1121 SEVENO-JUMPIN; here it plays as the strategist'
    """
    models = (Model.of(model),) if model is not None else shipped_models()
    if model_for(rules, players, models) is not None:
        return None
    what = " or ".join(m.trained_for for m in models) or "no table"
    one = "its model was" if len(models) == 1 else "its models were"
    return f"rl: {one} trained for {what}; here it plays as the strategist"


class RLBot(Bot):
    """Plays the trained policy of the table's model (``model``: one model file; default: the shipped model
    trained for the table, :func:`model_for`), and as the strategist where none was trained for it."""

    name = "rl"

    def __init__(self, seed: int | None = None, model=None):
        super().__init__(seed)
        self.models = (Model.of(model),) if model is not None else shipped_models()
        self._fallback = StrategistBot(seed)   # where no model fits the table
        self._table: tuple[str, int] | None = None       # the table the model below was chosen for
        self.model: Model | None = None
        self._env: tuple[StepTable, Encoder, Policy] | None = None
        self._tracker: HistoryTracker | None = None

    def _model(self, view) -> Model | None:
        key = (view.rules, view.players)
        if key != self._table:     # a new table: its model, a new encoder and tracker
            self._table, self.model, self._env = key, model_for(view.rules, view.players, self.models), None
        return self.model

    def fits(self, view) -> bool:
        """Is a model trained for the table ``view`` is from (its rule set and seats)?"""
        return self._model(view) is not None

    def _parts(self):
        if self._env is None:
            from ..env.observe import Encoder, HistoryTracker
            assert self.model is not None
            policy = load_policy(self.model.path)
            meta = policy.meta
            table = Codec.for_rules(self.model.rules, self.model.players).steps   # the rule set's RL step ids
            enc = Encoder(table, meta.get("rule_codes"))
            if enc.size != int(meta["obs_size"]) or list(table.names) != list(meta["actions"]):
                raise ValueError("the model was trained with another observation or action table "
                                 "(retrain it with this unokit: unokit train)")
            self._env = (table, enc, policy)
            self._tracker = HistoryTracker(self.model.players, len(table.colors))
        return self._env

    def steps(self, view) -> bool:
        """Where a model fits, the bot decides as it was trained: one sub-decision at a time (the env's flow)."""
        return self.fits(view)

    def _decide(self, view, legal, window: bool, stem=None, stage=None):
        table, enc, policy = self._parts()
        ids: dict = {}
        for a in legal:    # as unokit.env.core.Flow numbers the options (a later option of one id replaces it)
            try:
                ids[table.id_of(a, stage)] = a
            except Exception:  # noqa: BLE001 - an option the model's table has no id for: never chosen
                continue
        if window:
            ids[table.wait] = None
        if not ids:
            return legal[0] if legal and not window else None
        mask = np.zeros(len(table), np.int8)
        mask[list(ids)] = 1
        x = enc.encode(view, stem, window, self._tracker)
        return ids[policy.choose(x, mask)]

    def step(self, view, options, stem, window):
        if not self.fits(view):
            return super().step(view, options, stem, window)
        if not options:
            return None
        return self._decide(view, options, window and stem is None, stem, stem.more if stem is not None else None)

    def act(self, view, legal):
        if not legal:
            raise ValueError("act() needs at least one legal action")
        if not self.fits(view):
            return self._fallback.act(view, legal)
        return self._decide(view, legal, False, None, _stage(legal))

    def react(self, view, legal):
        if not legal:
            return None
        if not self.fits(view):
            return self._fallback.react(view, legal)
        return self._decide(view, legal, True, None, _stage(legal))


def _stage(legal) -> str | None:
    """The step of a play being composed that ``legal`` answers (options differing only by a seat or a gift)."""
    if len(legal) < 2 or any(type(a) is not Play for a in legal):
        return None
    first = legal[0]
    if all(a.cards == first.cards and a.color == first.color for a in legal):
        if len({a.target for a in legal}) == len(legal):
            return "target"
        if len({a.give for a in legal}) == len(legal) and all(a.give for a in legal):
            return "give"
    return None
