"""Dealing a hand: the dealer draw, the deal and the first discard (000 §Preparação).

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...core.cards import Card, Color, Face
from ...core.decks import DECKS, deck_counts
from ...core.errors import UnoError
from ...core.official import FirstCard, first_card
from .state import HandState, Phase


class DealingMixin(HandState):
    """Dealing a hand: the dealer draw, the deal and the first discard (000 §Preparação)."""

    def _deal(self, cards: list[Card], dealer: int | None, deck_order: list[str] | None) -> None:
        rs, n, ch = self.rules, self.n, self.chance
        if self.initial_counts is None:
            self.initial_counts = deck_counts(cards)
        if dealer is None:
            dealer = self._draw_for_dealer(cards)
        self.dealer = dealer
        traditional = rs.pregame == 2
        if deck_order is not None:
            from ...core.cards import parse_cards
            order = parse_cards(deck_order)
            if deck_counts(order) != deck_counts(cards):
                raise UnoError("deck_order must hold exactly the deck's cards")
            self.setup["scripted"] = True
            self._deck_order = [getattr(c, "pair", c.code) for c in order]
        else:
            order = ch.shuffle(cards)
        if traditional:
            # the player left of the dealer cuts; the card at the cut is turned as the first discard
            k = ch.randint(0, len(order) - 1) if deck_order is None else len(order) - 1
            first = order.pop(k)
            self.direction = -1
        else:
            first = None
            self.direction = 1
        deal = self.deal_size
        if deal * n >= len(order):
            raise UnoError(f"cannot deal {deal} cards to {n} players from {len(order)} cards; add a deck")
        first_receiver = (dealer + self.direction) % n
        for _ in range(deal):
            for i in range(n):
                self.hands[(first_receiver + i * self.direction) % n].append(order.pop())
        self.stock = order
        self.setup.update(dealer=dealer, direction=self.direction)
        self._turn_first(first)

    def _draw_for_dealer(self, cards: list[Card]) -> int:
        """Each player draws; the highest number deals (actions count 0); ties redraw. A deck without
        number cards (All Wild) draws lots instead."""
        if not any(c.number is not None for c in cards):   # a deck without numbers (All Wild): by lot
            dealer = self.chance.randint(0, self.n - 1)
            self.setup["dealer_draws"] = []
            return dealer
        order = self.chance.shuffle(cards)
        contenders = list(range(self.n))
        draws = []
        while True:
            if len(order) < len(contenders):   # ties until the cards ran out: draw lots among the tied
                return contenders[self.chance.randint(0, len(contenders) - 1)]
            got = {p: order.pop() for p in contenders}
            draws.append({p: c.code for p, c in got.items()})
            best = max(c.number or 0 for c in got.values())
            contenders = [p for p in contenders if (got[p].number or 0) == best]
            if len(contenders) == 1 or not order:
                break
        self.setup["dealer_draws"] = draws
        return contenders[0]

    def _turn_first(self, first: Card | None) -> None:
        """Turn the first discard and apply the first-card rules (000 §FUNÇÕES DAS CARTAS DE AÇÃO):
        the official rule of :func:`unokit.core.official.first_card`, changed by the table parameter
        ``first=redraw`` (every action card and Wild goes back too) and by WILDSTART (a Wild Draw Four
        stays: the first player draws 4 and is skipped, the next one names the colour)."""
        redraw_actions = self.rules.param("first") == "redraw"
        while True:
            card = first if first is not None else self.stock.pop()
            first = None
            rule = first_card(card) if self.edition is None or self.edition.first_card is None \
                else cast("Callable[[Card], FirstCard]", self.edition.first_card)(card)  # (Edition types it object)
            if card.code in DECKS[self.deck_name].first_wilds:   # the Italian deck's blanks and Wild Shuffle
                rule = FirstCard(names_color=True)
            again = rule.returned or (redraw_actions and (card.is_action or card.is_wild))
            if card.face == Face.WILD_DRAW_FOUR and self.wild_draw_four_starts:
                again = False
            if not again:
                break
            # returned to the deck, reshuffled, turn another
            self.stock = self.chance.shuffle(self.stock + [card])
            self.emit("first-returned", None, card.code)
        self.discard = [card]
        self.top_player = None
        self.color = card.color if card.color is not None else Color.RED
        starter = (self.dealer + self.direction) % self.n
        self.emit("first", None, card.code)
        if rule.returned:  # WILDSTART kept a Wild Draw Four: its player draws 4 and is skipped
            fx = self.effect_of(card)
            assert fx is not None   # a Wild Draw Four's
            self.penalize(starter, fx.draw, "Wild Draw Four turned first (WILDSTART)")
            self.current = (starter + self.direction) % self.n
            self.phase = Phase.COLOR
        else:
            # who plays first counts from the dealer in the dealing direction, before a Reverse turns it
            self.current = (self.dealer + rule.starter * self.direction) % self.n
            if rule.reverse:
                self.direction = -self.direction
            if rule.draw:
                self.pending, self.pending_from, self.pending_kind = rule.draw, None, rule.draw
                self.phase = Phase.PENDING
            else:
                self.phase = Phase.COLOR if rule.names_color else Phase.PLAY
                chooser = self.rules.param("chooser")
                if rule.names_color and chooser != "first":   # 000 §Regras Oficiais Comumente Ignoradas
                    by = self.dealer if chooser == "dealer" else (self.dealer + 1) % self.n
                    self.color_by = None if by == self.current else by
        for h in self._on_turn_start:
            h(self, self.current)
