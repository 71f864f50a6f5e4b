"""Spaces and rendering shared by the environments."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

__all__ = ["LegalDiscrete", "observation_space", "render_text"]


class LegalDiscrete(spaces.Discrete):
    """A ``Discrete`` action space whose :meth:`sample` without a mask draws a *legal* id.

    ``mask_fn()`` gives the current int8 mask; ``sample(mask)`` with a mask behaves as
    ``Discrete.sample``. So generic tests and random agents that sample an action space without
    reading the mask (PettingZoo's ``max_cycles_test``, quick scripts) play legal moves."""

    def __init__(self, n: int, mask_fn=None, seed=None):
        super().__init__(n, seed=seed)
        self.mask_fn = mask_fn

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self.mask_fn is not None:
            m = self.mask_fn()
            if m is not None and m.any():
                mask = m
        return super().sample(mask=mask, probability=probability)

    def __eq__(self, other) -> bool:
        return isinstance(other, spaces.Discrete) and self.n == other.n and self.start == other.start

    __hash__ = spaces.Discrete.__hash__

    def __getstate__(self):
        d = dict(self.__dict__)
        return d


def observation_space(size: int, actions: int) -> spaces.Dict:
    """``{"observation": Box(float32, (size,)), "action_mask": Box(int8 0/1, (actions,))}``."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1000.0, (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), np.int8),
    })


def render_text(flow, names=None) -> str:
    """The table in a few lines: the public state, and the hand and options of the seat asked."""
    g = flow.game
    v = g.view(None)
    names = names or [f"player_{s}" for s in range(g.n)]
    lines = [f"{g.rules.code} | top {v.top.code}/{v.color.letter} | pending {v.pending} | "
             f"direction {'+1' if v.direction == 1 else '-1'} | stock {v.stock_size} | phase {v.phase}"]
    for s in range(g.n):
        mark = ">" if s == flow.seat else " "
        said = " UNO" if v.uno_said[s] and v.hand_sizes[s] == 1 else ""
        lines.append(f"{mark} {names[s]}: {v.hand_sizes[s]} cards{said}")
    if g.over:
        lines.append(f"over: winner {names[g.winner]}" if g.winner is not None else "over")
    elif flow.truncated:
        lines.append("truncated")
    elif flow.seat >= 0:
        hand = " ".join(c.code for c in g.view(flow.seat).hand)
        what = "reaction window" if flow.window else "composing " + str(flow.stem) if flow.stem else "turn"
        lines.append(f"{names[flow.seat]} ({what}) holds {hand}")
        lines.append("options: " + ", ".join(f"{i}={flow.table.names[i]}" for i in sorted(flow.ids)))
    return "\n".join(lines)
