"""Values worked out from objects that come back as the very same objects (frozen values such as the actions the
referee lists again from its memo), kept by the object's identity: no hashing or comparing of the value."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

__all__ = ["KeptByObject"]

T = TypeVar("T")


class KeptByObject(Generic[T]):
    """``make(obj)``, worked out once per object and kept with it (so that its id is no other object's while it
    is kept); at most ``limit`` objects are kept (all dropped when full). Only for objects that never change.

    >>> text = KeptByObject(str, limit=2)
    >>> a = (1, 2)
    >>> text(a), text(a), len(text), text.each([a, a])
    ('(1, 2)', '(1, 2)', 1, ['(1, 2)', '(1, 2)'])
    """

    def __init__(self, make: Callable[[Any], T], limit: int = 4096) -> None:
        self.make, self.limit = make, limit
        self._kept: dict[int, tuple[Any, T]] = {}

    def __call__(self, obj: Any) -> T:
        hit = self._kept.get(id(obj))
        if hit is None or hit[0] is not obj:
            if len(self._kept) >= self.limit:
                self._kept.clear()
            hit = self._kept[id(obj)] = (obj, self.make(obj))
        return hit[1]

    def each(self, objs: Iterable[Any]) -> list[T]:
        """``[self(obj) for obj in objs]``, in one call (a listing's worth)."""
        kept, make, out = self._kept, self.make, []
        for obj in objs:
            hit = kept.get(id(obj))
            if hit is None or hit[0] is not obj:
                if len(kept) >= self.limit:
                    kept.clear()
                hit = kept[id(obj)] = (obj, make(obj))
            out.append(hit[1])
        return out

    def __len__(self) -> int:
        return len(self._kept)
