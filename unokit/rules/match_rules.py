"""The match rules: house rules played by the match, not by the hand.

TV (000 §Regra do Torneio de Vitórias), PR (000 §Regra dos Pontos Reversos), MOV (000 §Regra do
Movimento) and the other engines' SHUFFLESEATS and ELIMMOST change no hand: every hand is dealt
under the whole rule code (so a bot's view shows them), and :class:`unokit.match.Match` asks these
classes, at the match hook points (:data:`unokit.rules.base.MATCH_HOOKS`), for the mode and the goal,
the seating, each hand's scores and who leaves the match.

They see the match only through its public API (``config``, ``mode``, ``target``, ``scores``,
``active``, ``chance``, ``seating_for``) and a hand through the Game's (``hands``, ``hand_points``);
this module imports nothing from :mod:`unokit.match` at run time (the match imports the rules; the type
checker reads the match's types).

>>> from unokit.match import MatchConfig, Match
>>> m = Match.new(MatchConfig(players=3, rules='UNO TV(wins=2)-MOV', seed=1))
>>> m.mode, m.target, [type(r).__name__ for r in m.match_rules]
('tournament', 2, ['TournamentOfWins', 'Movement'])
"""

from __future__ import annotations

from itertools import permutations, product
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from .base import HouseRule

if TYPE_CHECKING:
    from ..core.cards import Card
    from ..engine.game import Game
    from ..match import HandSlot, Match, MatchConfig

__all__ = ["EliminateMost", "Movement", "ReversePoints", "ShuffleSeats", "TournamentOfWins"]

_MOVE_TRIES = 64          # MOV: random seatings tried before the mirrored order is taken
_MOVE_ENUMERATE = 4       # MOV with partners: up to this many pairs, every seating is considered


def _goal_problem(rule: HouseRule, config: MatchConfig, name: str) -> str | None:
    """TV and PR set the match goal with their own parameter: an explicit ``scoring=``, a ``target=``
    word or a different ``target`` is refused, and the goal must be a whole number >= 1."""
    rs, code = rule.ruleset, rule.code
    params = dict(rs.params)
    if params.get("scoring") is not None:
        return f"{code} replaces the points goal; 'scoring={params['scoring']}' does not apply ({rs.code!r})"
    goal = rs.param(code, name)
    if "target" in params or (config.target is not None and config.target != goal):
        return (f"{code} sets the goal with {code}({name}=N), not with a target "
                f"(rules {rs.code!r}, target {config.target!r})")
    if not isinstance(goal, int) or goal < 1:
        return f"{code}({name}=...) must be a whole number >= 1, got {goal!r}"
    return None


def _at_zero(match: Match) -> set[int]:
    """The players still in whose score (points or lives) is 0 or below."""
    scores = match.scores
    return {p for p in match.active if scores[p] <= 0}


# ---------------------------------------------------------------------------------------- TV
class TournamentOfWins(HouseRule):
    """TV (000 §Regra do Torneio de Vitórias): "jogar apenas por número de vitórias; ... o primeiro a
    vencer x vezes é o campeão ... a contagem de pontos sequer é feita."

    The mode becomes ``tournament`` (``partners`` is allowed too: a hand won by either partner is a
    team win) and the target ``TV(wins)``; each hand scores ``{winner: 1}``; the first side to
    ``wins`` hand wins takes the match. ``MatchConfig.tv_countdown`` plays the variant ("todos os
    jogadores podem começar com um número x de pontos e ir perdendo um ponto a cada derrota"):
    everyone starts with ``wins`` lives, each player seated in a hand who did not win it loses one;
    at 0 a player is out and the last one left wins.
    """

    code = "TV"
    owns_modes: ClassVar[dict[str, str]] = {
        "tournament": "counts hand wins: put TV in the rules (e.g. 'UNO 1121 TV(wins=3)')"}

    def match_mode(self, config: MatchConfig) -> str:
        return "tournament"

    def mode_problem(self, config: MatchConfig, mode: str) -> str | None:
        if mode not in ("tournament", "partners"):
            return (f"TV (tournament of wins) sets the match goal: play it as mode 'tournament' "
                    f"(or 'partners', teams counting hand wins), not {mode!r}")
        return _goal_problem(self, config, "wins")

    def match_target(self, config: MatchConfig) -> int:
        wins: int = self.ruleset.param("TV", "wins")
        return wins

    def start_score(self, match: Match) -> int | None:
        return match.target if match.config.tv_countdown else None    # lives

    def knocks_out(self, match: Match) -> bool:
        return match.config.tv_countdown

    def hand_gains(self, match: Match, slot: HandSlot, held: dict[int, int], winner: int) -> dict[int | tuple[int, ...], int]:
        if match.mode == "partners":           # one win for the winner's team
            return {next(t for t in slot.teams if winner in t): 1}
        if match.config.tv_countdown:          # every player seated in the hand who did not win loses a life
            return {p: -1 for p in slot.seats if p != winner}
        return {winner: 1}                     # a hand win; the points left in hands are not counted

    def after_hand(self, match: Match, slot: HandSlot, game: Game, winner: int) -> set[int]:
        return _at_zero(match) if match.config.tv_countdown else set()

    def decide(self, match: Match, last_winner: int | None) -> Any:
        """The first side to ``wins`` hand wins (only the hand's winning side scored, so at most one
        side crossed)."""
        s = match.scores
        best = [side for side, v in s.items() if v >= match.target]
        return max(best, key=lambda side: s[side]) if best else None


# ---------------------------------------------------------------------------------------- PR
class ReversePoints(HouseRule):
    """PR (000 §Regra dos Pontos Reversos): "todos os jogadores começam com 500 pontos e, ao longo do
    jogo, vão perdendo-os com base nas cartas que permanecem em suas mãos ... quando alguém perde seus
    500 pontos, sai do jogo, mas os outros continuam a jogar até que reste apenas um jogador que ainda
    possui pontos."

    The mode becomes ``reverse-points`` and the target ``PR(start)``: everyone starts with it, each
    seated player loses the points left in their own hand, at 0 or below a player is out; the last
    one left (the hand's winner loses nothing, so someone always remains) wins.
    """

    code = "PR"
    owns_modes: ClassVar[dict[str, str]] = {
        "reverse-points": "counts down: put PR in the rules (e.g. 'UNO 1121 PR(start=500)')"}

    def match_mode(self, config: MatchConfig) -> str:
        return "reverse-points"

    def mode_problem(self, config: MatchConfig, mode: str) -> str | None:
        if mode != "reverse-points":
            return f"PR (reverse points) sets the match goal: play it as mode 'reverse-points', not {mode!r}"
        return _goal_problem(self, config, "start")

    def match_target(self, config: MatchConfig) -> int:
        start: int = self.ruleset.param("PR", "start")
        return start

    def start_score(self, match: Match) -> int | None:
        return match.target

    def knocks_out(self, match: Match) -> bool:
        return True

    def hand_gains(self, match: Match, slot: HandSlot, held: dict[int, int], winner: int) -> dict[int | tuple[int, ...], int]:
        return {p: -v for p, v in held.items()}

    def after_hand(self, match: Match, slot: HandSlot, game: Game, winner: int) -> set[int]:
        return _at_zero(match)


# ---------------------------------------------------------------------------------------- seats
_T = TypeVar("_T")


def _shuffled(match: Match, items: list[_T]) -> list[_T]:
    """``items`` in an order drawn from the match's chance. (``Chance.shuffle`` is declared for cards but orders
    any list, and the match draws its seatings with it: the casts say so, until it is declared generic.)"""
    return cast("list[_T]", match.chance.shuffle(cast("list[Card]", items)))


def _partner_seating(match: Match, teams: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """A partners-opposite seating with the teams' positions and each team's orientation drawn."""
    ch = match.chance
    order = _shuffled(match, list(teams))
    return match.seating_for([t if ch.randint(0, 1) == 0 else t[::-1] for t in order])


class Movement(HouseRule):
    """MOV (000 §Regra do Movimento): "os jogadores não continuem na mesma ordem que estavam antes".

    Before each hand after a table's first, draw (through the match's :class:`~unokit.core.chance.Chance`)
    a seating of the players in ``base`` in which no player has the same left neighbour (next seat)
    as in ``prev``, the previous hand at this table, counted among the players seated in both.
    Partners (``teams``) stay opposite. Free seating with 3+ players always allows it (the mirrored
    order does); where the partner constraint makes it impossible (rotating partners), the fewest
    players keep their neighbour. Two players (or fewer than 3 in common with the previous hand) have
    a single cyclic order: the seats are left as they are and nothing is drawn.
    """

    code = "MOV"

    def reseat(self, match: Match, base: tuple[int, ...], teams: tuple[tuple[int, int], ...],
               prev: tuple[int, ...]) -> tuple[int, ...]:
        here = set(base)
        common = [p for p in prev if p in here]
        if len(base) < 3 or len(common) < 3:
            return base
        m = len(common)
        old_left = {common[i]: common[(i + 1) % m] for i in range(m)}

        def kept(seating: tuple[int, ...]) -> int:
            c = [p for p in seating if p in old_left]
            return sum(old_left[c[i]] == c[(i + 1) % m] for i in range(m))

        ch = match.chance
        if teams and len(teams) <= _MOVE_ENUMERATE:
            # every partner seating; a uniform choice among those keeping the fewest neighbours
            cands: list[tuple[int, ...]] = sorted({match.seating_for([t if o == 0 else t[::-1] for t, o in zip(order, flips)])
                            for order in permutations(teams) for flips in product((0, 1), repeat=len(teams))})
            scored = [(kept(c), c) for c in cands]
            least = min(k for k, _ in scored)
            fewest = [c for k, c in scored if k == least]
            return fewest[ch.randint(0, len(fewest) - 1)]
        best, best_kept = base, kept(base)
        for _ in range(_MOVE_TRIES):
            seating = _partner_seating(match, teams) if teams else tuple(_shuffled(match, list(base)))
            k = kept(seating)
            if k < best_kept:
                best, best_kept = seating, k
            if k == 0:
                return seating
        # the mirrored previous order keeps no left neighbour (and keeps partners opposite)
        mirror = (common[0],) + tuple(reversed(common[1:]))
        if set(mirror) == here and kept(mirror) < best_kept:
            return mirror
        return best


class ShuffleSeats(HouseRule):
    """SHUFFLESEATS (other engines): "seats are drawn anew before every hand".

    Before every hand after a table's first, a seating of the players in ``base`` is drawn uniformly
    at random through the match's :class:`~unokit.core.chance.Chance` (so the match seed fixes it and
    :func:`~unokit.match.replay_match` re-draws it); unlike MOV, nobody is kept from their old
    neighbours and the old seating may come again. With partners (``teams``) the partnerships stay
    opposite: the teams' positions and each team's orientation are drawn (every partners-opposite
    seating equally likely). Two players are drawn too (who sits at seat 0 changes).
    """

    code = "SHUFFLESEATS"

    def reseat(self, match: Match, base: tuple[int, ...], teams: tuple[tuple[int, int], ...],
               prev: tuple[int, ...]) -> tuple[int, ...]:
        if teams:
            return _partner_seating(match, teams)
        return tuple(_shuffled(match, list(base)))


# ---------------------------------------------------------------------------------------- ELIMMOST
class EliminateMost(HouseRule):
    """ELIMMOST (other engines): "after each hand the player holding the most cards is eliminated".

    Individual play only (a player leaving would break a partnership). It makes any individual mode
    a knock-out by cards: the mode still scores every hand, but its goal no longer ends the match;
    the last player standing wins. Each hand's result records the cards every seated player held.

    Who goes: among the players seated in the hand other than its winner, the most cards; ties go to
    the most points held (:meth:`Game.hand_points`), then to the highest seat of the hand (the last in
    seat order from seat 0). The hand's winner is never eliminated by it, so someone always remains.
    """

    code = "ELIMMOST"
    refused_modes = ("partners", "rotating-partners", "two-tables")
    reads_hand = True      # the cards each seat held

    def config_problem(self, config: MatchConfig) -> str | None:
        if config.mode in self.refused_modes:
            return (f"ELIMMOST (the player holding the most cards is eliminated) is individual play: "
                    f"it cannot be played in mode {config.mode!r}")
        return None

    def knocks_out(self, match: Match) -> bool:
        return True

    def hand_cards(self, match: Match, slot: HandSlot, game: Game) -> dict[int, int]:
        return {p: len(game.hands[s]) for s, p in enumerate(slot.seats)}

    def after_hand(self, match: Match, slot: HandSlot, game: Game, winner: int) -> set[int]:
        active = set(match.active)
        cands = [(len(game.hands[s]), game.hand_points(s), s) for s, p in enumerate(slot.seats)
                 if p != winner and p in active]
        return {slot.seats[max(cands)[2]]} if cands else set()
