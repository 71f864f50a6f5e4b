"""DR (Descarte Rápido) and DD (Duplicatas): several cards in one play (000 ch.3).

DR: cards of the same number or symbol (a Wild Draw Four never groups with a 4,
a Draw Two never with a 2, and wild kinds only with their own kind). DD: only
identical cards. The first card must be legal on the pile; the others go on top
of it in the order given, so the last one sets the colour.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .base import HouseRule


class QuickDiscard(HouseRule):
    code = "DR"

    def group_ok(self, game, cards) -> bool:
        f = cards[0].face
        return all(c.face == f for c in cards)


class Duplicates(HouseRule):
    code = "DD"

    def group_ok(self, game, cards) -> bool:
        first = cards[0]
        return all(c is first for c in cards)


def group_plays(game, p: int, first, check: bool = True):
    """Every group (2+ cards) that starts with ``first`` and that the rules in force allow.

    Only the set of followers and which card ends on top matter, so followers are
    enumerated as sets, with each distinct choice of last card.
    """
    hand = list(game.hands[p])
    hand.remove(first)
    same = [c for c in hand if c.face == first.face]
    if not same:
        return []
    out = []
    seen = set()
    for r in range(1, len(same) + 1):
        for combo in combinations(same, r):
            key0 = tuple(sorted(combo))
            for last in dict.fromkeys(combo):
                rest = list(combo)
                rest.remove(last)
                cards = (first, *sorted(rest), last)
                key = (key0, last)
                if key in seen:
                    continue
                seen.add(key)
                if not check:
                    out.append(cards)
                elif any(h(game, cards) for h in game._group_ok):
                    if game.phase == game.phase.PENDING and not any(h(game, cards) for h in game._stack_ok):
                        continue
                    out.append(cards)
    return out


__all__ = ["QuickDiscard", "Duplicates", "group_plays", "permutations"]
