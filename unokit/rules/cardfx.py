"""Rules that give number cards a function (000 ch.3, "Regras que Modificam ou Inserem Funções em Cartas")
and the peace rules that forbid action cards for a while.

Every card rule takes its card as a parameter (``T(card=7)``); the guide's card
is the default. "Action cards" for the peace rules (PAA, PAB) and the cards
that "make others draw" for FL include the number cards these rules arm:
DOA's 2, TRI's 3, DAD's 4, BACK's 8.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.actions import Play
from ..core.cards import Card, Face
from ..core.events import register_event, register_reason
from .base import HouseRule, Target, TurnChange
from .handswap import swap_hands

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


DRAWING_CARD_RULES = ("DAD", "TRI", "BACK", "M")   # number cards that make someone draw
# number cards that count as action cards for PAA / PAB: the ones that make others draw or receive cards
# (000 §PAA/§PAB, "Cartas com Funções"); T, CAR and CLA only move or show cards
ARMED_CARD_RULES = ("DOA", "DAD", "TRI", "BACK", "M")


def armed_numbers(rs: RuleSet, codes: tuple[str, ...] = ARMED_CARD_RULES) -> set[int]:
    return {cast(int, rs.card_of(c)) for c in codes if rs.has(c)}   # (each of these rules is tied to a card)


def is_action(card: Card, armed: set[int]) -> bool:
    """Skip, Reverse, Draw Two, every wild, and number cards armed by a house rule."""
    return card.number is None or card.number in armed


def _count(cards: Sequence[Card], number: int | None) -> int:
    return sum(1 for c in cards if c.number == number)


def previous_seat(game: Game, p: int) -> int:
    d: int = -game.direction
    s = (p + d) % game.n
    while s in game.eliminated:
        s = (s + d) % game.n
    return s


class Swap(HouseRule):
    """T (Troca): the player of a 0 may swap hands with a chosen player (``target``; None = keep).

    The 0 may end the hand (no swap then). With DR, each extra 0 does not add swaps
    (one target per play; a documented simplification). A hand of one card after the
    swap must be declared with SayUno (it becomes catchable)."""

    code = "T"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("T"))   # (a rule tied to a card: its number)

    def hand_change_numbers(self) -> tuple[int, ...]:
        return (self.card,)   # its card changes its player's own hand: UNO may be said with it

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if not any(c.number == self.card for c in cards):
            return []
        if len(game.hands[p]) == len(cards):
            return [None]
        return [None, *(q for q in game.active if q != p)]

    def play_problem(self, game: Game, play: Play) -> str | None:
        # which seats a play may name is the referee's check (Game._choice_problem, from play_targets);
        # here only what is T's own: a play that ends the hand swaps nothing
        if play.target is not None and any(c.number == self.card for c in play.cards) \
                and len(game.hands[play.player]) == len(play.cards):
            return "you go out with this card: there is no hand to swap"
        return None

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if play.target is not None and game.hands[p] and any(c.number == self.card for c in play.cards):
            swap_hands(game, p, play.target)
        return None


class Carousel(HouseRule):
    """CAR (Carrossel): a 0 passes every hand to the next player in the direction of play.

    Mandatory; the 0 cannot be the last card; with DR each 0 passes the hands once more."""

    code = "CAR"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("CAR"))   # (a rule tied to a card: its number)

    def hand_change_numbers(self) -> tuple[int, ...]:
        return (self.card,)   # its card changes its player's own hand: UNO may be said with it

    def play_problem(self, game: Game, play: Play) -> str | None:
        if len(game.hands[play.player]) == len(play.cards) + len(play.hidden) and \
                any(c.number == self.card for c in play.cards):
            return f"the {self.card} cannot be your last card under CAR"
        return None

    fixed_direction = 0  # ZEROLEFT passes to the left whatever the direction

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        k = _count(play.cards, self.card)
        if not game.hands[p]:
            return None  # the 0 ended the hand (where the rule lets it): nothing is passed
        seats = game.active
        d = self.fixed_direction or game.direction
        for _ in range(k):
            hands = [game.hands[s] for s in seats]
            if d == 1:
                hands = hands[-1:] + hands[:-1]
            else:
                hands = hands[1:] + hands[:1]
            for s, h in zip(seats, hands):
                game.hands[s] = h
            game.emit("carousel", p, game.direction)
        if k:
            game.hands_changed(seats)
        return None


class Donation(HouseRule):
    """DOA (Doações): the player of a 2 gives two cards of their hand to a chosen player.

    Mandatory; ``Play.give`` names the cards, ``Play.target`` the receiver. With DR, two
    cards per 2 played (all to the one chosen player: a documented simplification). One
    may go UNO or out by donating; with fewer cards left than owed, all are given."""

    code = "DOA"
    # the gifts leave the hand the player held when playing, before a swap or a carousel in the same
    # play (T, SEVENO, CAR...) moves the hands
    play_order = -1

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("DOA"))   # (a rule tied to a card: its number)

    def hand_change_numbers(self) -> tuple[int, ...]:
        return (self.card,)   # its card changes its player's own hand: UNO may be said with it

    def owed(self, game: Game, p: int, cards: Sequence[Card]) -> int:
        k = 2 * _count(cards, self.card)
        return min(k, len(game.hands[p]) - len(cards))

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        return [q for q in game.active if q != p] if self.owed(game, p, cards) else []

    def gifts_owed(self, game: Game, p: int, cards: Sequence[Card]) -> int:
        return self.owed(game, p, cards)

    def play_problem(self, game: Game, play: Play) -> str | None:
        k = self.owed(game, play.player, play.cards)
        if len(play.give) != k:
            return f"give exactly {k} card(s) with this play (DOA)" if k else "nothing is given with this play"
        if k and (play.target is None or play.target == play.player or play.target in game.eliminated):
            return "name the seat that receives the donated cards (DOA)"
        return None

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if play.give:
            assert play.target is not None   # (play_problem: a play that gives names the seat receiving)
            game.hands[play.target].extend(game.take_cards(p, play.give))
            game.emit("donate", p, play.target, len(play.give))
            game.hands_changed((p, play.target))
        return None


class Clairvoyance(HouseRule):
    """CLA (Clarividência): the player of a 1 sees a chosen player's hand (``target``)."""

    code = "CLA"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("CLA"))   # (a rule tied to a card: its number)

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if not any(c.number == self.card for c in cards) or len(game.hands[p]) == len(cards):
            return []
        return [q for q in game.active if q != p]

    def play_problem(self, game: Game, play: Play) -> str | None:
        has = any(c.number == self.card for c in play.cards)
        going_out = len(game.hands[play.player]) == len(play.cards)
        if has and not going_out and play.target is None:
            return "name the seat whose hand you will see (CLA)"
        return None

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if play.target is not None and any(c.number == self.card for c in play.cards):
            game.reveals.append((frozenset({p}), play.target, tuple(game.hands[play.target])))
            game.emit("sees-hand", p, play.target)
        return None


class Die(HouseRule):
    """DAD (Dado): after a 4 the next player rolls a die, draws that many and loses the turn.

    ``DAD(table=1/2/3/4/5/6)`` maps the faces to cards drawn; several 4s roll once."""

    code = "DAD"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("DAD"))   # (a rule tied to a card: its number)
        self.table = [int(x) for x in str(rs.param("DAD", "table")).split("/")]

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if not any(c.number == self.card for c in play.cards) or not game.hands[p]:
            return None
        q = game.next_seat(p)
        face = game.chance.randint(1, len(self.table))
        k = self.table[face - 1]
        game.emit("die", q, face, k)
        game.penalize(q, k, "die (DAD)")
        return TurnChange(skip=1)


class Trinity(HouseRule):
    """TRI (Trindade): after a 3, the next player plays a 3 or a card of the colour (no wild),
    or draws 3 per 3 played and loses the turn. Going out on a 3 still obliges the next player."""

    code = "TRI"
    PER_CARD = 3   #: cards drawn per card of its number played (the compiled core reads it)

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("TRI"))   # (a rule tied to a card: its number)

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        k = _count(play.cards, self.card)
        prev = game.rule_state.pop("TRI", None)
        if k:
            q = game.next_seat(p)
            total = self.PER_CARD * k
            if prev and prev[0] == game.current and p != game.current:
                total += prev[1]  # a cut 3 skips the obliged player: the next one faces both (000 §TRI, C)
            game.rule_state["TRI"] = (q, total, game.color)
            if not game.hands[p]:  # going out on a 3: the next player must still answer it
                hand = game.hands[q]
                if not any(c.number == self.card or (not c.is_wild and c.color is game.color) for c in hand):
                    game.penalize(q, self.PER_CARD * k, "trinity (TRI)")
                game.rule_state.pop("TRI", None)
        return None

    def play_problem(self, game: Game, play: Play) -> str | None:
        st = game.rule_state.get("TRI")
        if st and st[0] == play.player and play.player == game.current:
            first = play.cards[0]
            if first.is_wild or not (first.number == self.card or first.color is st[2]):
                return f"after a {self.card} play a {self.card} or a {st[2].name.lower()} card (no wild), " \
                       f"or draw {st[1]} (TRI)"
        return None

    def refuses_group(self, game: Game, player: int, cards: Sequence[Card]) -> bool:
        st = game.rule_state.get("TRI")
        first = cards[0]
        return bool(st and st[0] == player and player == game.current
                    and (first.is_wild or not (first.number == self.card or first.color is st[2])))

    def after_draw(self, game: Game, p: int, card: Card, forced: bool) -> str | None:
        st = game.rule_state.pop("TRI", None)
        if st and st[0] == p:
            game.penalize(p, st[1] - 1, "trinity (TRI)")
            return "keep"
        return None

    def on_turn_end(self, game: Game, player: int) -> None:
        st = game.rule_state.get("TRI")
        if st and st[0] == player:
            game.rule_state.pop("TRI", None)


class Backlash(HouseRule):
    """BACK: after an 8 the previous player draws 1 (one per 8 in a group)."""

    code = "BACK"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("BACK"))   # (a rule tied to a card: its number)

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        k = _count(play.cards, self.card)
        if k:
            q = previous_seat(game, p)
            if q != p:
                game.penalize(q, k, "backlash (BACK)")
        return None


class TraitorTwin(HouseRule):
    """GT (Gêmeo Traidor): a number card followed at once by the identical card (played alone)
    makes the player of the first draw that number of cards (whoever plays the twin, cutters too)."""

    code = "GT"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        lp = game.last_plays
        if len(play.cards) != 1 or len(lp) < 2:
            return None
        q, prev = lp[-2]
        c = play.cards[0]
        if len(prev) == 1 and prev[0] is c and c.number is not None and q != p and c.number:
            game.penalize(q, c.number, "traitor twin (GT)")
        return None


def _twin_numbers(game: Game) -> bool:
    """The two previous visible plays were equal numbers by different players (CHU, BA)."""
    lp: Sequence[tuple[int, tuple[Card, ...]]] = game.last_plays
    if len(lp) < 2:
        return False
    (p1, c1), (p2, c2) = lp[-2], lp[-1]
    return p1 != p2 and c1[-1].number is not None and c1[-1].number == c2[-1].number


class Baptism(HouseRule):
    """BA (Batismo): a Reverse right after two equal numbers by different players: everyone draws
    one card per Reverse played."""

    code = "BA"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        k = sum(1 for c in play.cards if c.face == Face.REVERSE)
        lp = game.last_plays
        if not k or len(lp) < 3:
            return None
        (p1, c1), (p2, c2) = lp[-3], lp[-2]
        if p1 != p2 and c1[-1].number is not None and c1[-1].number == c2[-1].number:
            for s in game.active:
                game.penalize(s, k, "baptism (BA)")
        return None


class Chukcki(HouseRule):
    """CHU (Chukcki): after two equal numbers played by different players in a row, the next player
    must change the colour of the pile; if they cannot, they draw as usual and the one after plays
    normally."""

    code = "CHU"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        # the obligation falls on the turn right after the twin only ("the fourth plays normally")
        game.rule_state["CHU"] = game.turns_done + 1 if _twin_numbers(game) else None
        return None

    def play_problem(self, game: Game, play: Play) -> str | None:
        if play.player != game.current or game.rule_state.get("CHU") != game.turns_done:
            return None
        new = play.color if play.cards[-1].is_wild else play.cards[-1].color
        if new is game.color:
            return "after two equal numbers by different players the colour must change (CHU)"
        return None


class FirstPeace(HouseRule):
    """PAA (1ª Paz): no action card (nor a number card armed by another rule) in the first round(s)."""

    code = "PAA"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.rounds = rs.param("PAA", "rounds")
        self.armed = armed_numbers(rs)

    def play_problem(self, game: Game, play: Play) -> str | None:
        if game.turns_done < self.rounds * len(game.active) and any(is_action(c, self.armed) for c in play.cards):
            return f"no action cards in the first {self.rounds} round(s) (PAA)"
        return None

    def refuses_group(self, game: Game, player: int, cards: Sequence[Card]) -> bool:
        return game.turns_done < self.rounds * len(game.active) and any(is_action(c, self.armed) for c in cards)


class SecondPeace(HouseRule):
    """PAB (2ª Paz): after a 1, no action cards until another 1 (an odd count of 1s toggles)."""

    code = "PAB"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card: int = cast(int, rs.card_of("PAB"))   # (a rule tied to a card: its number)
        self.armed = armed_numbers(rs) - {self.card}

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if _count(play.cards, self.card) % 2:
            on = not game.rule_state.get("PAB", False)
            game.rule_state["PAB"] = on
            game.emit("peace", p, "on" if on else "off")
        return None

    def play_problem(self, game: Game, play: Play) -> str | None:
        if game.rule_state.get("PAB") and any(is_action(c, self.armed) for c in play.cards):
            return f"peace: no action cards until another {self.card} (PAB)"
        return None

    def refuses_group(self, game: Game, player: int, cards: Sequence[Card]) -> bool:
        return bool(game.rule_state.get("PAB")) and any(is_action(c, self.armed) for c in cards)


class CleanFinish(HouseRule):
    """FL (Final Limpo): the last card(s) cannot be wilds or cards that make others draw.

    ``FL(variant=all)`` (default): no wilds, +2, +4 or armed drawing numbers (DAD, TRI,
    BACK; a 2 under DOA that still gives cards; the GT twin); ``FL(variant=numbers)``: only
    number cards; ``FL(variant=wilds)``: no wilds only."""

    code = "FL"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.variant = rs.param("FL", "variant")
        self.drawing = armed_numbers(rs, DRAWING_CARD_RULES)

    def play_problem(self, game: Game, play: Play) -> str | None:
        p = play.player
        if len(game.hands[p]) != len(play.cards) + len(play.hidden) + len(play.give):
            return None
        cards = play.cards
        v = self.variant
        if v == "numbers":
            bad = any(c.number is None for c in cards)
        elif v == "wilds":
            bad = any(c.is_wild for c in cards)
        else:
            bad = any(c.is_wild or c.draw or c.number in self.drawing for c in cards)
            if play.give:  # a 2 that ends the hand by donating makes others receive cards (DOA)
                bad = True
            if game.rules.has("BA") and cards[-1].face == Face.REVERSE and _twin_numbers(game):
                bad = True  # a baptising Reverse makes everyone draw (BA)
            lp = game.last_plays
            if not bad and game.rules.has("GT") and len(cards) == 1 and lp and len(lp[-1][1]) == 1 \
                    and lp[-1][1][0] is cards[0] and cards[0].number and lp[-1][0] != p:
                bad = True
        if bad:
            return "you cannot go out with this card (FL: clean finish)"
        return None


# ---------------------------------------------------------------------- the events these rules emit, told
register_event("carousel", ("direction",), about="CAR: every hand passes on", every_hand=True,
               tell={"en": lambda w, e: f"{w.cap(w.poss(e.player))} play passes every hand on, "
                                        + ("clockwise" if e.direction == 1 else "counter-clockwise"),
                     "pt": lambda w, e: f"{w.cap(w.de(e.player, 'a', 'jogada'))} passa todas as mãos adiante, "
                                        "no sentido " + ("horário" if e.direction == 1 else "anti-horário")})
register_event("die", ("face", "count"), about="DAD: the die is rolled", tracking="draws-by-chance",
               tell={"en": lambda w, e: f"{w.s(e.player, 'rolls')} the die: {e.face} ({w.n_cards(e.count)} to draw)",
                     "pt": lambda w, e: f"{w.subj(e.player)} rola o dado: {e.face} "
                                        f"({w.n_cards(e.count)} para comprar)"})
register_event("donate", ("target", "count"), about="DOA: cards given away", into_hands=("player", "target"),
               tracking="gives",
               tell={"en": lambda w, e: f"{w.s(e.player, 'gives')} {w.obj(e.target)} {w.n_cards(e.count)}",
                     "pt": lambda w, e: f"{w.subj(e.player)} dá {w.n_cards(e.count)} para {w.obj(e.target)}"})
register_event("peace", ("state",), about="PAA/PAB: the peace begins or ends",
               tell={"en": lambda w, e: f"{w.s(e.player, 'starts')} the peace: no action cards until it ends"
                                        if e.state == "on" else f"{w.s(e.player, 'ends')} the peace",
                     "pt": lambda w, e: f"{w.subj(e.player)} "
                                        + ("começa a paz: nada de cartas de ação até ela acabar" if e.state == "on"
                                           else "termina a paz")})
register_event("sees-hand", ("target",), about="CLA: a hand seen", tracking="shows-hand-to-player",
               reveal="hand-to-player",
               tell={"en": lambda w, e: f"{w.s(e.player, 'looks')} at {w.poss(e.target)} hand",
                     "pt": lambda w, e: f"{w.subj(e.player)} olha {w.de(e.target, 'a', 'mão')}"})
register_reason("die (DAD)", pt="dado (DAD)")
register_reason("trinity (TRI)", pt="trindade (TRI)")
register_reason("backlash (BACK)", pt="revide (BACK)")
register_reason("traitor twin (GT)", pt="gêmeo traidor (GT)")
register_reason("baptism (BA)", pt="batismo (BA)")
