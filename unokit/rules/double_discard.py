"""DED (Duplo Descarte): a second, face-down discard pile (000 ch.3 §Regra do Duplo Descarte).

- In turn, a player may put cards face down instead of (or besides) playing
  them face up, claiming the play is legal. Face-down cards have no effect
  and the face-up pile stays the one every rule looks at.
- Until the next player starts, anyone else may :class:`~unokit.actions.Accuse`
  the face-down play. A liar draws 4 and the accuser makes a free face-down
  discard of any card; an honest player's accuser draws 4 and the honest player
  discards one more card. A free discard may empty a hand ("vitória por
  consequência").
- Going out face down opens a last accusation window (the next player accepts
  with ``Pass``). A liar caught there takes the card back and play goes on; an
  accuser of an honest winner draws 4 and those cards count in the score.
- With a stacking rule, facing a draw a player may put a card face down and
  *claim* it is a draw card (``claim=2`` or ``4``): unchallenged, the claim adds
  to the total as if true. Decision (the guide leaves it open): an exposed false
  claim is struck from the total, the rest stays with the player facing it.
- With DR/DD a play may be split: some cards face up, the rest face down; the
  claim is that all of them form one legal group.
- Cuts (C) never involve face-down cards.
"""

from __future__ import annotations

from ..actions import Play
from ..cards import COLORS
from ..errors import IllegalActionError
from .stacking import ALLOWED


def _claim_ok(game, amount: int) -> bool:
    if amount not in (2, 4) or game.rules.stacking is None:
        return False
    under = game.pending_kind or game.discard[-1].draw
    return (under, amount) in ALLOWED[game.rules.stacking]


def hidden_plays(game, player: int) -> list:
    hand = game.hands[player]
    ph = game.phase
    out = []
    uno_opts = (False, True) if len(hand) == 2 else (False,)
    for c in dict.fromkeys(hand):
        if ph == ph.PENDING:
            for amount in (2, 4):
                if _claim_ok(game, amount):
                    out.extend(Play(player, (), None, u, None, (c,), amount) for u in uno_opts)
        else:  # after drawing, another card face down is a lie, but a lie one may tell
            out.extend(Play(player, (), None, u, None, (c,)) for u in uno_opts)
    return out


def _truthful(game, a: Play) -> bool:
    """Would the claimed play have been legal?"""
    cards = a.cards + a.hidden
    if len(cards) > 1 and not any(h(game, cards) for h in game._group_ok):
        return False
    if game.phase == game.phase.PENDING:
        if a.claim:
            return all(c.draw == a.claim for c in a.hidden) and any(h(game, a.hidden) for h in game._stack_ok)
        return any(h(game, cards) for h in game._stack_ok)
    if game.phase == game.phase.DRAWN and cards[0] not in game.drawn_options:
        return False
    if game._custom_play:  # judge with every rule in force (AA, AB, peace rules...)
        last = cards[-1]
        probe = Play(a.player, cards, a.color if a.color is not None else (COLORS[0] if last.is_wild else None),
                     target=a.target, give=a.give)
        saved = game.phase
        game.phase = game.phase.PLAY
        try:
            return game._match_problem(probe) is None
        finally:
            game.phase = saved
    return game.playable(cards[0])


def do_hidden_play(game, a: Play) -> None:
    p = a.player
    if game.phase == game.phase.PENDING and not a.cards and not _claim_ok(game, a.claim):
        raise IllegalActionError("facing a draw, a face-down play must claim a draw card the stacking rule allows")
    truthful = _truthful(game, a)
    if game.eliminated is not None and any(c.startswith("MS") for c in game.rules.codes):
        game.rule_state["DED-had-play"] = any(game._can_play_card(p, c) for c in game.hands[p])
    game._starts(p)
    hand = game.hands[p]
    for c in a.hidden:
        hand.remove(c)
    game.hidden_pile.extend(a.hidden)
    game._event("hidden-play", p, len(a.hidden), a.claim)
    went_out = not hand and not a.cards
    game.claim = (game.seq, p, a.hidden, truthful, a.claim, went_out)
    if a.cards:
        visible = Play(p, a.cards, a.color, a.uno, a.target)
        game._put(p, visible)
        if game.phase != game.phase.OVER:
            game.claim = (game.seq, p, a.hidden, truthful, a.claim, False)
        return
    game.wd4 = None
    game.drawn = None
    if not hand:
        game.catchable.discard(p)
    elif len(hand) == 1:
        game.uno_said[p] = a.uno
        if a.uno:
            game._event("uno", p)
            game._speech(p, "UNO", is_uno=True)
        else:
            game.catchable.add(p)
    if a.claim:
        game.pending += a.claim
        game.pending_kind = a.claim
        game.pending_from = p
    nxt = game.next_seat(p)
    if went_out:
        game.going_out_hidden = p
        game.current = nxt
        game.phase = game.phase.HIDDEN_FINISH
        return
    game._end_turn(p, nxt)


def do_accuse(game, a) -> None:
    seq, liar, cards, truthful, claim, went_out = game.claim
    game.claim = None
    penalty = game.rules.param("DED", "penalty")
    accuser = a.player
    game.reveals.append((None, liar, tuple(cards)))
    game._event("accuse", accuser, liar, "honest" if truthful else "liar")
    if truthful:
        game._penalize(accuser, penalty, "false accusation (DED)")
        if went_out:
            return game._finish_hidden()
        owed = [liar] if game.hands[liar] else []
    else:
        game._penalize(liar, penalty, "caught lying (DED)")
        if any(c.startswith("MS") for c in game.rules.codes) and not game.rule_state.pop("DED-had-play", True):
            ms = game.house_rule("MS")
            if ms is not None and ms.armed(game):  # lied to escape sudden death and was caught (000 §MS, DED)
                game.eliminate(liar, "caught lying to avoid elimination (MS + DED)")
                if game.phase == game.phase.OVER:
                    return
        if went_out:
            for c in cards:
                game.hidden_pile.remove(c)
            game.hands[liar].extend(cards)
            game._after_hand_change((liar,))
            game.phase = game.phase.PENDING if game.pending else game.phase.PLAY
        if claim:
            game.pending -= claim
            if not game.pending and game.phase == game.phase.PENDING:
                game.phase = game.phase.PLAY
        owed = [accuser] if game.hands[accuser] else []
    if owed:
        game.resume = game.phase
        game.free_discards = owed
        game.phase = game.phase.FREE_DISCARD


def do_free_discard(game, a) -> None:
    p = a.player
    game.hands[p].remove(a.card)
    if game.free_discard_dest == "under":  # Wild Ohana: face up, under the Ohana card
        game.discard.insert(len(game.discard) - 1, a.card)
        game._event("discard-under", p, a.card.code)
    else:
        game.hidden_pile.append(a.card)
        game._event("free-discard", p)
    game.free_discards.pop(0)
    if not game.hands[p]:
        return game._finish(p)
    game._after_hand_change((p,))
    if not game.free_discards:
        game.phase = game.resume
        game.resume = None
        game.free_discard_dest = "hidden"
