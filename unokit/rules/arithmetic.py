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
        return self.arithmetic_play(game, play.cards)

    def arithmetic_play(self, game, cards) -> bool:
        """Do ``cards`` make a sum (or a difference of two) of the top number now? The cut rule asks
        it too: a cut may carry an arithmetic group (000 §AA, "Regra do Corte")."""
        return game.phase.name != "PENDING" and aa_ok(game.discard[-1], cards)

    def group_prefix(self, game, cards) -> bool:
        """Number cards of one colour whose sum can still reach the top number (or two whose difference is it)."""
        top = game.discard[-1]
        if top.number is None or game.phase.name == "PENDING":
            return False
        first = cards[0]
        if first.number is None or any(c.number is None or c.color is not first.color for c in cards):
            return False
        if len(cards) == 1 or (len(cards) == 2 and abs(cards[0].number - cards[1].number) == top.number):
            return True
        return sum(c.number for c in cards) <= top.number


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
