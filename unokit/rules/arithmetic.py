"""AA and AB, the arithmetic rules (000 ch.3).

AA (1ª Aritmética): on a number card, play two or more number cards of one colour
(any colour, 0 included) whose sum is the top number, or exactly two whose
difference is. AB (2ª Aritmética): a number card equal to the sum of the top two
discards, when both are numbers of the same colour.
"""

from __future__ import annotations

from .base import HouseRule


def aa_ok(top, cards) -> bool:
    if top.number is None or len(cards) < 2 or any(c.number is None for c in cards):
        return False
    if len({c.color for c in cards}) != 1:
        return False
    total = sum(c.number for c in cards)
    if total == top.number:
        return True
    return len(cards) == 2 and abs(cards[0].number - cards[1].number) == top.number


class FirstArithmetic(HouseRule):
    code = "AA"

    def allow_play(self, game, play) -> bool:
        return game.phase.name != "PENDING" and aa_ok(game.discard[-1], play.cards)

    def extra_plays(self, game, player):
        top = game.discard[-1]
        if top.number is None:
            return []
        target = top.number
        out: set = set()
        by_color: dict = {}
        for c in game.hands[player]:
            if c.number is not None:
                by_color.setdefault(c.color, []).append(c)
        for pool in by_color.values():
            pool.sort(key=lambda c: c.number)
            # sums: depth-first with pruning (numbers are >= 0, so a partial sum above the target is dead)
            def dfs(start, chosen, total):
                if total == target and len(chosen) >= 2:
                    out.add(tuple(sorted(chosen)))
                for i in range(start, len(pool)):
                    if i > start and pool[i] is pool[i - 1]:
                        continue  # identical cards: one branch is enough
                    t = total + pool[i].number
                    if t > target:
                        break
                    dfs(i + 1, chosen + [pool[i]], t)
            dfs(0, [], 0)
            # differences of exactly two
            for i, a in enumerate(pool):
                for b in pool[i + 1:]:
                    if b.number - a.number == target:
                        out.add(tuple(sorted((a, b))))
        return sorted(out)


class SecondArithmetic(HouseRule):
    code = "AB"

    @staticmethod
    def target(game):
        d = game.discard
        if len(d) < 2:
            return None
        a, b = d[-1], d[-2]
        if a.number is None or b.number is None or a.color is not b.color:
            return None
        return a.number + b.number

    def allow_play(self, game, play) -> bool:
        t = self.target(game)
        return (t is not None and game.phase.name != "PENDING" and len(play.cards) == 1
                and play.cards[0].number == t)

    def extra_plays(self, game, player):
        t = self.target(game)
        if t is None or t > 9:
            return []
        return [(c,) for c in dict.fromkeys(game.hands[player]) if c.number == t]
