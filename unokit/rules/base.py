"""How a house rule plugs into the engine.

A house rule is a :class:`HouseRule` subclass that overrides only the named
points it needs. The engine collects, per point, the rules that override it
and calls them there; rules that do not touch a point cost nothing on it.

Named points:

``setup(game)``                     once, when the hand is set up: the rule sets the table's parameters
                                    (MEM, PRE, SLOWUNO, NOCHALLENGE, DOUBLE, LIMIT, OPEN, REV, FU, BU)
``group_ok(game, cards)``           playability of several cards in one play (DR, DD)
``group_prefix(game, cards)``       may ``cards`` begin (or be) a multi-card play; the referee offers
                                    "more cards" only along such prefixes (DR, DD, AA, ADDUP)
``stack_ok(game, cards)``           may these cards answer a pending draw (P1-P4)
``cut_problem(game, play)``         may ``play`` be made out of turn now (C); None = yes
``cut_actions(game, player)``       the out-of-turn plays a player may make now (C)
``on_play(game, player, play)``     effects after a visible play (S: 7s toggle silence; card-number rules);
                                    may return a :class:`TurnChange` (DAD skips the die's victim, DEFLECT
                                    sends the total on)
``on_turn_end(game, player)``       a player's turn ended, before it counts in ``turns_done`` (S with T: the silent
                                    round ends; SLOWUNO: the catch windows due close)
``judge_speech(game, player, text)`` cards to draw for saying ``text`` now (S)
``on_turn_start(game, player)``     a player's turn starts (V starts their clock; MISTAKE their allowance)
``on_turn_action(game, action)``    the player in turn is about to draw, play, pass or name a colour (V);
                                    returns True when the rule took the action's place (MS, BLITZ, M)
``play_problem(game, play)``        restrictive playability: a reason to refuse an otherwise legal play
                                    (PAA, PAB, TRI, CHU, FL, CAR); None = no objection; such a rule may also
                                    say, with ``refuses_group(game, player, cards)``, that it refuses every
                                    play beginning with ``cards`` (False unless overridden)
``allow_play(game, play)``          permissive playability: accept a play the official match refuses
                                    (AA, AB, I); such a rule may also say, with ``allow_prefix(game, cards)``,
                                    whether any play it accepts can begin with ``cards`` (True unless
                                    overridden), so the referee never searches groups no rule could accept
``after_draw(game, player, card, forced)``  'play' / 'keep' / 'again' after a turn draw (SAT, INS)
``after_penalty(game, player, cards)``      cards drawn for a +2/+4 the player may play at once (CON)
``play_targets(game, player, cards)`` the seats a play of ``cards`` may name (``None``: none) (T, CLA, DOA)
``gifts_owed(game, player, cards)`` how many cards a play of ``cards`` gives away (DOA)
``on_start(game, seat)``            a seat starts a turn (draws or plays): windows close (DED, E, IE, M, DP)
``draw_problem(game, seat)``        a reason the seat in turn may not draw now (FORCE)
``pass_problem(game, seat)``        a reason the seat may not keep the card drawn (DRAWPLAY)
``turn_order(game, seat, nxt)``     the seat that plays after ``seat``'s turn, in place of ``nxt`` (FLASH: the unit
                                    picks at random)
``on_color(game, seat, color)``     a seat named the colour (:meth:`~unokit.engine.game.Game.ask_color`); True when the
                                    rule took over the rest of the turn (NOMERCY's Colour Roulette)
``after_challenge(game, challenger, challenged, guilty)``  a challenge was judged and its penalty drawn
                                    (FLIP: a Wild Draw Colour's drawer goes on until the colour comes)
``turn_plays(game, seat)``          plays the rule adds to the options of the seat in turn (in ``PLAY``,
                                    ``DRAWN`` and ``PENDING``, unless a seat went out on a draw card): DED's
                                    face-down plays
``hidden_problem(game, play)``      a play of face-down cards only (``Play.hidden``, no face-up card), by the
                                    seat in turn: ``(error class, reason)`` to refuse it, or None (DED: a claim
                                    facing a draw). Without a rule overriding ``play_hidden`` such plays are refused
``split_problem(game, play, why)``  a play with cards face up and face down whose face-up cards alone are refused
                                    for ``why``: the rule's reason (None: allowed) (DED's "Várias Cartas")
``play_hidden(game, play)``         apply a play with face-down cards (``Play.hidden``); the first override plays
                                    it (DED: the face-down play, open to accusation)
``reshuffle_cards(game)``           the stock runs out and is rebuilt from the discard pile: the cards the rule
                                    adds to it (DED: the face-down pile, but an open play's cards)
``on_missed_uno(game, seat)``       ``seat`` holds one card without having said UNO and may now be caught
                                    (SLOWUNO notes when its window closes)
``on_finish(game, winner)``         the hand ends with ``winner`` (a face-down finish: before the penalty it
                                    leaves is drawn): windows close (DED's accusation)

``on_start`` hooks run in ``start_order`` (then the order of the rules): DED (-1) closes its accusation window
before another rule's start draws cards (a reshuffle leaves an open face-down play's cards alone).

A rule answers public queries (``answers``, :meth:`HouseRule.answer`): ``Game.query(name)`` asks the rule in
force that answers ``name`` (DED ``"claim"``, SLOWUNO ``"catch_expiry"``), so the referee and the other rules
read a rule's state without naming it.

Cards with an effect of their own (the 112, Ohana and Italian wilds, the blank cards) are played by the module
that owns the card: :func:`register_face_effect` (``unokit.rules.wilds``, ``unokit.rules.blanks``). A rule's
own action type is refused while the rule is not in force with the error and reason it registers
(:func:`register_refusal`; DED's ``Accuse``).

A rule whose plays change their player's own hand lists the number cards (``hand_numbers``) or faces
(``hand_faces``) that do it, so that UNO may be said with such a play (NOMERCY's 0, 7, Discard All).

A rule may also own action types (``actions = (Slap,)``) and then implements
``action_problem(game, action)``, ``apply_action(game, action)`` and
``action_options(game, seat)`` for them (listed last, or with the catches with ``options_first``: DED).

Match hook points (:data:`MATCH_HOOKS`): the match rules (TV, PR, MOV, SHUFFLESEATS, ELIMMOST in
:mod:`unokit.rules.match_rules`) change no hand; :class:`unokit.match.Match` and
:class:`~unokit.match.MatchConfig` call them. They see the match only through its public API:
``config`` (the resolved :class:`~unokit.match.MatchConfig`), ``mode``, ``target``, ``scores`` (a
copy), ``active`` (the players still in), ``teams``, ``chance`` (the match's
:class:`~unokit.core.chance.Chance`: what is drawn through it the match seed fixes and a replay re-draws)
and ``seating_for(pairs)``; a hand through the Game's public API.

``match_mode(config)``              the mode played when ``MatchConfig.mode`` is ``None`` (TV
                                    ``tournament``, PR ``reverse-points``); None = no opinion
``mode_problem(config, mode)``      why the rule cannot be played in ``mode`` with this config (a
                                    ``target``, ``scoring=``...), checked as soon as the mode is known (TV, PR)
``match_target(config)``            the goal the rule sets in place of ``target`` (TV ``wins``, PR ``start``)
``config_problem(config)``          why the rule cannot be played with the resolved config, checked after
                                    the config's own fields (ELIMMOST: no partnership modes)
``start_score(match)``              every player's score before the first hand (PR, TV countdown); None = 0
``knocks_out(match)``               players leave the match (PR, TV countdown, ELIMMOST): the last one
                                    standing, the winner of the last hand, wins and the mode's goal is not asked
``reseat(match, base, teams, prev)`` the seats of a table's next hand, from the mode's ``base`` seating,
                                    the partnerships and the previous hand's seats at that table (MOV,
                                    SHUFFLESEATS); the record then lists every hand's ``seatings``
``hand_gains(match, slot, held, winner)`` what each side scores for a hand, in place of the mode's
                                    scoring (TV, PR); None = the mode's
``hand_cards(match, slot, game)``   ``{player: cards held}`` kept in the hand's result (ELIMMOST)
``after_hand(match, slot, game, winner)`` the players out after a scored hand, the totals already
                                    updated (PR and TV countdown: at 0; ELIMMOST: the most cards)

A hand another engine played (:meth:`unokit.match.Match.finish_played`) reaches these hooks as an object with
``n``, ``dealer``, ``winner``, ``over`` and ``hand_points(seat)`` only; a rule that reads more of the hand
sets ``reads_hand = True`` (ELIMMOST: the sizes of ``hands``, which the other engine then tells, ``cards=``).
``decide(match, last_winner)``      the winning side (None: nobody yet) when no one is knocked out; a rule
                                    that implements it replaces the mode's goal (TV: first to ``wins``)

A match rule may also own modes (``owns_modes = {mode: hint}``): a mode it owns is refused without it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import MethodType
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, cast

from unokit.core.actions import Action, Play
from unokit.core.cards import Card, Color, Face

if TYPE_CHECKING:
    # the engine's Game and the match a hook reads: the layers above the rules, imported for the type checker
    # only (never at run time: tests/shape/test_layers.py leaves such imports out)
    from unokit.engine.game import Game
    from unokit.match import HandSlot, Match, MatchConfig

    from .ruleset import RuleSet

#: what :meth:`HouseRule.play_targets` lists: a seat, None (no target), or a pair of seats (ALLWILD's Forced Swap
#: in its pair mode)
Target: TypeAlias = int | tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class TurnChange:
    """What an ``on_play`` hook asks of the turn that follows: ``skip`` more seats, or ``next_seat``."""

    skip: int = 0
    next_seat: int | None = None

HOOKS = ("setup", "group_ok", "group_prefix", "stack_ok", "cut_problem", "cut_actions", "on_play", "on_turn_end",
         "judge_speech", "on_turn_start", "on_turn_action", "play_problem", "allow_play", "after_draw",
         "after_penalty", "play_targets", "gifts_owed", "on_start", "draw_problem", "pass_problem", "on_color",
         "turn_order", "after_challenge", "view_extras", "turn_plays", "hidden_problem", "split_problem",
         "play_hidden", "reshuffle_cards", "on_missed_uno", "on_finish")
MATCH_HOOKS = ("match_mode", "mode_problem", "match_target", "config_problem", "start_score", "knocks_out",
               "reseat", "hand_gains", "hand_cards", "after_hand", "decide")


#: a card face -> its effect when played (the module that owns the card registers it: :func:`register_face_effect`)
FACE_EFFECTS: dict[int, Callable[..., int | None]] = {}


#: a card face -> the seats a play of it must name (the module that owns the card says: ``targets=``)
FACE_TARGETS: dict[int, Callable[..., tuple[int, ...]]] = {}
#: a card face -> why it may not be a hand's last card (``not_last=``)
FACE_NOT_LAST: dict[int, str] = {}
#: a card face -> the seats a play ending with it may name, or None when this play names none (``aims=``)
FACE_AIMS: dict[int, Callable[..., tuple[int, ...] | None]] = {}
#: a card face -> the numbers a play of it may claim (``Play.claim``; ``claims=``); any other card claims 0
FACE_CLAIMS: dict[int, Callable[..., tuple[int, ...]]] = {}
#: a card face -> why a play ending with it is refused whatever the enforcement, or None (``problem=``)
FACE_PROBLEM: dict[int, Callable[..., str | None]] = {}


def register_face_effect(face: Face, effect: Callable[..., int | None], *,
                         targets: Callable[..., tuple[int, ...]] | None = None, not_last: str | None = None,
                         aims: Callable[..., tuple[int, ...] | None] | None = None,
                         claims: Callable[..., tuple[int, ...]] | None = None,
                         problem: Callable[..., str | None] | None = None) -> None:
    """Play ``face`` with ``effect(game, seat, play, nxt)`` once it is on the pile: a card without an official
    or edition effect (:meth:`unokit.engine.game.Game.effect_of` is None) that does something of its own (Wild
    Swap Hands, Wild Shuffle Hands, Wild Ohana, the blanks). ``nxt`` is the seat that would play next; the
    effect returns the seat that does, or None when it ended the turn itself.

    ``targets(game, seat)``: the card names one of these seats (another than the player's), a sub-decision of
    its play; ``not_last``: the card may not go out, and this is why (the referee refuses it as a last card).

    A card whose target depends on the table (the blanks) says so instead: ``aims(game, seat, cards)``, the
    seats a play of ``cards`` ending with it may name, or None when this play names no seat (the card checks
    the seat named itself, in ``problem``); ``claims(game, card)``, the numbers its player may claim
    (``Play.claim``: how many cards the next player draws); ``problem(game, play)``, why a play ending with it
    is refused whatever the enforcement, or None (it then answers for the claim too)."""
    FACE_EFFECTS[face] = effect
    if targets is not None:
        FACE_TARGETS[face] = targets
    if not_last is not None:
        FACE_NOT_LAST[face] = not_last
    if aims is not None:
        FACE_AIMS[face] = aims
    if claims is not None:
        FACE_CLAIMS[face] = claims
    if problem is not None:
        FACE_PROBLEM[face] = problem


#: an action class a rule owns, or a hook point that lets a kind of play happen (``"play_hidden"``) -> (error class,
#: reason): the referee's answer to such an action while no rule in force owns it (:func:`register_refusal`)
REFUSALS: dict[type | str, tuple[type[Exception], str]] = {}


def register_refusal(action_type: type | str, error: type[Exception], reason: str) -> None:
    """How the referee refuses an ``action_type`` (a rule's own action) while no rule in force owns it: DED's
    ``Accuse`` finds no face-down play to accuse (``WindowClosedError``); without one, "unknown action". Given a
    hook point's name, the plays only a rule overriding it makes (DED's face-down plays: ``"play_hidden"``)."""
    REFUSALS[action_type] = (error, reason)


class HouseRule:
    code = ""
    play_order = 0   # on_play hooks run in this order (then code order): DOA's gifts (-1) before hands move
    start_order = 0  # on_start hooks run in this order (then code order): DED's window (-1) closes first
    #: the public queries the rule answers (:meth:`answer`; ``Game.query``)
    answers: ClassVar[tuple[str, ...]] = ()
    #: a rule with actions of its own (:attr:`actions`) whose options ``legal_actions`` lists with the catches and
    #: cuts, before the notices of wrong plays and the other rules' actions (DED's ``Accuse``)
    options_first: ClassVar[bool] = False
    #: the rule acts only when the game's clock moves (V, BLITZ): a game on a clock that never moves (a
    #: simulation's, an environment's ``ManualClock``) plays the hands of the rules without it
    #: (:func:`unokit.rules.registry.hand_ruleset` with ``still_clock=True``)
    timed: ClassVar[bool] = False

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset

    # default implementations are never called: the engine only calls overrides
    def setup(self, game: Game) -> None:  # pragma: no cover
        pass

    def group_ok(self, game: Game, cards: Sequence[Card]) -> bool:  # pragma: no cover
        return False

    def group_prefix(self, game: Game, cards: Sequence[Card]) -> bool:  # pragma: no cover
        return False

    def stack_ok(self, game: Game, cards: Sequence[Card]) -> bool:  # pragma: no cover
        return False

    def cut_problem(self, game: Game, play: Play) -> str | None:  # pragma: no cover
        return "cutting is not allowed"

    def cut_actions(self, game: Game, player: int) -> list[Action]:  # pragma: no cover
        return []

    def on_play(self, game: Game, player: int, play: Play) -> TurnChange | None:  # pragma: no cover
        pass

    def on_turn_end(self, game: Game, player: int) -> None:  # pragma: no cover
        pass

    def judge_speech(self, game: Game, player: int, text: str) -> int:  # pragma: no cover
        return 0

    def on_turn_start(self, game: Game, player: int) -> None:  # pragma: no cover
        pass

    def on_turn_action(self, game: Game, action: Action) -> bool | None:  # pragma: no cover
        pass

    def play_problem(self, game: Game, play: Play) -> str | None:  # pragma: no cover
        return None

    def allow_play(self, game: Game, play: Play) -> bool:  # pragma: no cover
        return False

    def refuses_group(self, game: Game, player: int, cards: Sequence[Card]) -> bool:
        """Does :meth:`play_problem` refuse every play by ``player`` that begins with ``cards`` (more cards
        may follow)? A sufficient condition (False: perhaps not), asked only of rules that override
        ``play_problem``, so the referee never searches groups they all refuse; not a hook point of its own."""
        return False

    def allow_prefix(self, game: Game, cards: Sequence[Card]) -> bool:
        """May a play that :meth:`allow_play` accepts begin with ``cards``? A necessary condition (True:
        perhaps), asked only of rules that override ``allow_play``; not a hook point of its own."""
        return True

    def after_draw(self, game: Game, player: int, card: Card, forced: bool) -> str | None:  # pragma: no cover
        return None

    def after_penalty(self, game: Game, player: int, cards: Sequence[Card]) -> Sequence[Card]:  # pragma: no cover
        return ()

    def after_challenge(self, game: Game, challenger: int, challenged: int, guilty: bool) -> None:  # pragma: no cover
        pass

    def play_targets(self, game: Game, player: int, cards: Sequence[Card]) -> list[Target] | None:  # pragma: no cover
        return []

    def gifts_owed(self, game: Game, player: int, cards: Sequence[Card]) -> int:  # pragma: no cover
        return 0

    def on_start(self, game: Game, seat: int) -> None:  # pragma: no cover
        pass

    def draw_problem(self, game: Game, seat: int) -> str | None:  # pragma: no cover
        return None

    def pass_problem(self, game: Game, seat: int) -> str | None:  # pragma: no cover
        return None

    def on_color(self, game: Game, seat: int, color: Color) -> bool:  # pragma: no cover
        return False

    def turn_order(self, game: Game, seat: int, nxt: int) -> int:  # pragma: no cover
        return nxt

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:  # pragma: no cover
        """What the rule adds to ``seat``'s view (:class:`~unokit.engine.view.PlayerView` fields and their
        values), from what that seat may know."""
        return {}

    def turn_plays(self, game: Game, seat: int) -> list[Play]:  # pragma: no cover
        return []

    def hidden_problem(self, game: Game, play: Play) -> tuple[type[Exception], str] | None:  # pragma: no cover
        return None

    def split_problem(self, game: Game, play: Play, why: str | None) -> str | None:  # pragma: no cover
        return why

    def play_hidden(self, game: Game, play: Play) -> None:  # pragma: no cover
        pass

    def reshuffle_cards(self, game: Game) -> list[Card]:  # pragma: no cover
        return []

    def on_missed_uno(self, game: Game, seat: int) -> None:  # pragma: no cover
        pass

    def on_finish(self, game: Game, winner: int) -> None:  # pragma: no cover
        pass

    def answer(self, game: Game, name: str) -> Any:  # pragma: no cover
        """The answer to the public query ``name`` (one of :attr:`answers`), from ``game``'s state."""
        return None

    hand_numbers: tuple[int, ...] = ()
    hand_faces: tuple[Face, ...] = ()

    def hand_change_numbers(self) -> tuple[int, ...]:
        """The number cards whose plays change their player's own hand, so that UNO may be said with them:
        :attr:`hand_numbers` (a rule whose card is a parameter answers with it)."""
        return self.hand_numbers

    actions: tuple[type[Action], ...] = ()

    # match hook points (MATCH_HOOKS): called by unokit.match for the overrides only
    owns_modes: ClassVar[dict[str, str]] = {}   # mode -> why the mode needs the rule
    #: a match rule whose hooks read the cards of a finished hand (ELIMMOST): a hand played elsewhere
    #: (Match.finish_played) is scored only when the other engine tells the cards each seat held (cards=)
    reads_hand: ClassVar[bool] = False

    def match_mode(self, config: MatchConfig) -> str | None:  # pragma: no cover
        return None

    def mode_problem(self, config: MatchConfig, mode: str) -> str | None:  # pragma: no cover
        return None

    def match_target(self, config: MatchConfig) -> int | None:  # pragma: no cover
        return None

    def config_problem(self, config: MatchConfig) -> str | None:  # pragma: no cover
        return None

    def start_score(self, match: Match) -> int | None:  # pragma: no cover
        return None

    def knocks_out(self, match: Match) -> bool:  # pragma: no cover
        return False

    def reseat(self, match: Match, base: tuple[int, ...], teams: tuple[tuple[int, int], ...],
               prev: tuple[int, ...]) -> tuple[int, ...]:  # pragma: no cover
        return base

    def hand_gains(self, match: Match, slot: HandSlot, held: dict[int, int],
                   winner: int) -> dict[int | tuple[int, ...], int] | None:  # pragma: no cover
        return None

    def hand_cards(self, match: Match, slot: HandSlot, game: Game) -> dict[int, int]:  # pragma: no cover
        return {}

    def after_hand(self, match: Match, slot: HandSlot, game: Game, winner: int) -> Iterable[int]:  # pragma: no cover
        return ()

    def decide(self, match: Match, last_winner: Any) -> Any:  # pragma: no cover
        return None


def hooks_of(rules: Iterable[HouseRule]) -> dict[str, list[Callable[..., Any]]]:
    """Bound methods per named point, for the rules that override it."""
    out: dict[str, list[Callable[..., Any]]] = {h: [] for h in HOOKS}
    for r in rules:
        for h in HOOKS:
            if getattr(type(r), h) is not getattr(HouseRule, h):
                out[h].append(getattr(r, h))
    # (bound methods, hence the casts) a play's effects that take cards out of the player's hand come before those that move whole hands
    out["on_play"].sort(key=lambda m: getattr(cast(MethodType, m).__self__, "play_order", 0))
    out["on_start"].sort(key=lambda m: getattr(cast(MethodType, m).__self__, "start_order", 0))
    return out


def match_hooks_of(rules: Iterable[HouseRule]) -> dict[str, list[Callable[..., Any]]]:
    """Bound methods per match hook point (:data:`MATCH_HOOKS`), for the rules that override it."""
    out: dict[str, list[Callable[..., Any]]] = {h: [] for h in MATCH_HOOKS}
    for r in rules:
        for h in MATCH_HOOKS:
            if getattr(type(r), h) is not getattr(HouseRule, h):
                out[h].append(getattr(r, h))
    return out


def is_match_rule(cls: type[HouseRule]) -> bool:
    """A rule class played by the match: it overrides a match hook point or owns a mode."""
    return bool(cls.owns_modes) or any(getattr(cls, h) is not getattr(HouseRule, h) for h in MATCH_HOOKS)


def changes_hands(cls: type[HouseRule]) -> bool:
    """Does a rule class act on a hand: a hook of :data:`HOOKS`, an action of its own, plays that change
    their player's hand? The match rules (TV, PR, MOV, SHUFFLESEATS, ELIMMOST) do not: under them a hand is
    the hand of the rules without them."""
    return (any(getattr(cls, h) is not getattr(HouseRule, h) for h in HOOKS) or bool(getattr(cls, "actions", ()))
            or bool(getattr(cls, "hand_numbers", ())) or bool(getattr(cls, "hand_faces", ())))

