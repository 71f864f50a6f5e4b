"""The learner's games of the teaching mode: you against bots, hints on, lessons as things happen.

:class:`LearnerGame` is stage 2 and 3 of :mod:`unokit.play.teach`: one hand under the official rules
(or the official rules and one house rule), the learner at seat 0 against two bots. The bots are the
greedy bot with a person's slips (:func:`unokit.bots.human`: now and then one forgets UNO, so the
learner may catch it). After each of the learner's actions the bots play on until the learner is to
act again, or until the learner could act out of turn (catch a missed UNO, cut in): then the game
waits, and :meth:`LearnerGame.wait` lets it go on. :func:`suggest` is the hint: what to do now and
why, in words. Every line of the log is :mod:`unokit.engine.narrate`'s, written for the learner.

>>> g = LearnerGame(seed=3)
>>> g.game.to_act == 0 or g.waiting, len(g.log) > 0, g.lessons[0].key
(True, True, 'goal')
>>> bool(g.hint())
True
"""

from __future__ import annotations

import random
from collections import Counter

from ..bots import human
from ..bots.greedy import GreedyBot
from ..core.actions import Action, CatchUno, Challenge, ChooseColor, Draw, Notice, Pass, Play, SayUno
from ..core.chance import derive_seed
from ..core.errors import IllegalActionError, UnoError
from ..engine.flow import ask, is_out_of_turn, react_step, turn_step
from ..engine.game import Game, Phase
from ..engine.narrate import card_name, cards_name, color_name, narrate_sequence
from .handorder import order_hand
from .lessons import ACTION_WORDS, HINTS, UI
from .teach import Teacher, why_it_matches

__all__ = ["LearnerGame", "action_words", "suggest", "LEARNER_NAMES"]

#: the bots' names (the learner is "you")
LEARNER_NAMES = ("you", "Bia", "Caio", "Duda", "Edu")
MAX_BOT_STEPS = 2000


def _who(seat, names, viewer, lang) -> str:
    return UI[lang]["you"] if seat == viewer else names[seat]


def action_words(a: Action, names, lang: str = "en", viewer: int | None = 0, pending: int = 0,
                 cut: bool = False) -> str:
    """An action of the learner's in words, for a choice list.

    >>> action_words(Action.parse("0 play W>G uno"), ["you", "Bia"])
    'play Wild and name green and say UNO'
    >>> action_words(Action.parse("0 catch 1"), ["você", "Bia"], "pt")
    'acusar Bia sem UNO'
    >>> action_words(Action.parse("0 draw"), "ab", pending=2)
    'take the 2 cards'
    """
    w = ACTION_WORDS[lang]
    if type(a) is Play:
        text = w["cut" if cut else "play"].format(cards=cards_name(a.cards, lang))
        if a.color is not None:
            text += w["color"].format(color=color_name(a.color, lang))
        if a.target is not None:
            text += w["target"].format(who=_who(a.target, names, viewer, lang))
        if a.uno:
            text += w["uno"]
        if a.more:
            text += w["more_target" if a.more == "target" else "more"]
        return text
    if type(a) is Draw:
        return w["take"].format(n=pending) if pending else w["draw"]
    if type(a) is Pass:
        return w["pass"]
    if type(a) is CatchUno:
        return w["catch"].format(who=_who(a.target, names, viewer, lang))
    if type(a) is SayUno:
        return w["say_uno"]
    if type(a) is Challenge:
        return w["challenge"]
    if type(a) is ChooseColor:
        return w["choose"].format(color=color_name(a.color, lang))
    if type(a) is Notice:
        return w["notice"]
    return str(a)


def suggest(game: Game, seat: int, names, lang: str = "en") -> str:
    """The hint for ``seat`` now: the move the greedy bot would make, and why, in words ("" if none)."""
    h = HINTS[lang]
    if game.over:
        return ""
    if seat != game.to_act:
        legal = game.legal_actions(seat, turn=False)
        catch = next((a for a in legal if type(a) is CatchUno), None)
        if catch is not None:
            return h["catch"].format(who=names[catch.target])
        cut = next((a for a in legal if type(a) is Play and a.cards), None)
        if cut is not None:
            return h["cut"].format(card=card_name(cut.cards[0], lang))
        return h["wait"]
    a = ask(game, seat, GreedyBot(0), game.legal_actions(seat), turn=True)     # the greedy bot's move
    top, color = game.discard[-1], game.color
    col = color_name(color, lang) if color is not None else "?"
    if type(a) is Play:
        if game.phase == Phase.PENDING:
            return h["stack"].format(card=cards_name(a.cards, lang))
        why = why_it_matches(a.cards[0], top, color, lang)
        if game.phase == Phase.DRAWN:
            text = h["drawn_play"].format(why=why)
        else:
            text = h["play"].format(card=cards_name(a.cards, lang), why=why)
        if a.color is not None:
            text += h["color"].format(color=color_name(a.color, lang))
        if a.uno:
            text += h["uno"]
        return text.strip()
    if type(a) is Draw:
        if game.phase == Phase.PENDING:
            return h["take"].format(n=game.pending)
        return h["draw"].format(top=card_name(top, lang), color=col)
    if type(a) is Challenge:
        return h["challenge"].format(color=col)
    if type(a) is Pass:
        return h["keep"]
    if type(a) is ChooseColor:
        return h["choose"].format(color=color_name(a.color, lang))
    return h["other"].format(move=action_words(a, names, lang, seat, game.pending))


class LearnerGame:
    """One hand for the learner (seat 0) against bots, with hints and lessons.

    ``rules``: the official rules by default (stage 2), or with one house rule (stage 3); ``seen``:
    lessons already given (they are not repeated). ``log`` holds the narrated lines, ``lessons`` every
    lesson given in this game, ``waiting`` is true while the game waits for the learner's out-of-turn
    chance (a catch, a cut) before the bots go on.
    """

    def __init__(self, rules: str = "UNO 1121", *, seed: int | None = None, lang: str = "en", players: int = 3,
                 bots: str = "greedy", seen=(), forget_uno: float = 0.3):
        if not 2 <= players <= len(LEARNER_NAMES):
            raise UnoError(f"the learner's game seats 2 to {len(LEARNER_NAMES)} players")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.lang = lang
        self.rules = rules
        self.game = Game.new(players, rules, self.seed, core="referee")
        self.names = [UI[lang]["you"]] + list(LEARNER_NAMES[1:players])
        self.learner = 0
        self.bots = {s: human(bots, derive_seed(self.seed, s, "learn-bot"), forget_uno=forget_uno, talk=0.0,
                              apologise=0.0) for s in range(1, players)}
        self.rng = random.Random(derive_seed(self.seed, 0, "learn-react"))
        self._seen = tuple(seen)
        self.teacher = Teacher(lang, self.names, viewer=0, seen=seen)
        self.log: list[str] = []
        self.lessons: list = []
        self.fresh: list = []            # the lessons given since the learner last acted
        self.given_at: dict[str, int] = {}   # lesson key -> the log line it follows
        self.waiting = False
        self._waited_at = -1
        self._batches: list[tuple] = []  # what each narrated stretch of events needs to be told again
        self._told(0, (None, None), self.game.view(0).deal_direction, dealer=self.game.dealer)
        self.advance()

    # ------------------------------------------------------------------ narration
    def _told(self, start: int, pile, direction, hand_before=None, dealer=None) -> None:
        g = self.game
        if start >= len(g.events):
            return
        batch = (start, len(g.events), pile, direction, hand_before, list(g.view(0).hand), dealer)
        self._batches.append(batch)
        new = self._narrate(batch)
        self.lessons += new
        self.fresh += new

    def _narrate(self, batch) -> list:
        start, end, pile, direction, before, after, dealer = batch
        events = self.game.events[start:end]
        self.log += narrate_sequence(events, 0, self.names, self.lang, players=self.game.n, direction=direction,
                                     dealer=dealer, hand_before=before, hand_after=after)
        new = self.teacher.see(events, pile)
        for x in new:
            self.given_at[x.key] = len(self.log)
        return new

    def set_lang(self, lang: str) -> None:
        """Tell the game so far again in ``lang`` (the log and the lessons; the next ones follow)."""
        if lang == self.lang:
            return
        fresh = {x.key for x in self.fresh}
        self.lang = lang
        self.names[0] = UI[lang]["you"]
        self.teacher = Teacher(lang, self.names, viewer=0, seen=self._seen)
        self.log, self.lessons = [], []
        for batch in self._batches:
            self.lessons += self._narrate(batch)
        self.fresh = [x for x in self.lessons if x.key in fresh]

    def _apply(self, action: Action) -> None:
        g = self.game
        start, pile, direction, before = len(g.events), (g.discard[-1], g.color), g.direction, list(g.view(0).hand)
        g.apply(action)
        self._told(start, pile, direction, before)

    # ------------------------------------------------------------------ the learner's side
    def options(self) -> list[Action]:
        """What the learner may do now: in turn, or out of turn (stems stay stems: see :meth:`expand`)."""
        g = self.game
        if g.over:
            return []
        if g.to_act == self.learner:
            return g.legal_actions(self.learner)
        return [a for a in g.legal_actions(self.learner, turn=False) if is_out_of_turn(a)]

    def expand(self, stem: Action | str) -> list[Play]:
        """The next choices of a play being composed (a DR group, a seat to name)."""
        a = Action.parse(stem) if isinstance(stem, str) else stem
        if getattr(a, "player", None) != self.learner:
            raise IllegalActionError(f"you play seat {self.learner}")
        return self.game.expand(a)

    def act(self, action: Action | str) -> None:
        """The learner's action (refused with :class:`~unokit.core.errors.IllegalActionError`, the game
        unchanged, when the rules forbid it); then the bots play on."""
        a = Action.parse(action) if isinstance(action, str) else action
        if getattr(a, "player", None) != self.learner:
            raise IllegalActionError(f"you play seat {self.learner}")
        self.fresh = []
        self._apply(a)
        self.waiting = False
        self.advance()

    def wait(self) -> None:
        """Let the chance to act out of turn go by: the bots play on."""
        self.fresh = []
        self._waited_at = len(self.game.actions)
        self.waiting = False
        self.advance()

    def hint(self) -> str:
        """What to do now, and why."""
        return suggest(self.game, self.learner, self.names, self.lang)

    def hand(self, order: str = "guide") -> list[str]:
        """The learner's hand as card codes, in ``order`` (``guide`` or ``colour``)."""
        return order_hand([c.code for c in self.game.view(self.learner).hand], order)

    # ------------------------------------------------------------------ the bots' side
    def _may_react(self) -> bool:
        if len(self.game.actions) == self._waited_at:
            return False
        return any(type(a) in (CatchUno, Play) for a in self.options())

    def advance(self) -> None:
        """The bots play until the learner is to act, may act out of turn, or the hand is over."""
        g = self.game
        for _ in range(MAX_BOT_STEPS):
            if g.over:
                return
            if g.to_act != self.learner and self._may_react():
                self.waiting = True
                return
            reacted = False
            for _ in range(2 * g.n):
                start, pile, direction = len(g.events), (g.discard[-1], g.color), g.direction
                before = list(g.view(0).hand)
                if react_step(g, self.bots, self.rng) is None:
                    break
                reacted = True
                self._told(start, pile, direction, before)
                if g.over:
                    return
            if reacted and g.to_act != self.learner and self._may_react():
                continue
            if g.to_act == self.learner:
                return
            self._apply(turn_step(g, self.bots[g.to_act]))
        raise UnoError("the bots did not hand the turn back")    # pragma: no cover - a bug

    # ------------------------------------------------------------------ for a page
    def state(self, order: str = "guide", since: int = 0) -> dict:
        """The learner's view as JSON: the hand (in ``order``), the others' counts, the pile, the log
        from line ``since``, the lessons given since the learner last acted, the hint, the choices."""
        g = self.game
        v = g.view(self.learner)
        opts = self.options()
        pending = v.pending if v.to_act == self.learner else 0
        cut = v.to_act != self.learner
        choices = [{"action": str(a), "words": action_words(a, self.names, self.lang, self.learner, pending, cut),
                    "type": a.kind, "card": a.cards[0].code if type(a) is Play and a.cards else None,
                    "uno": bool(getattr(a, "uno", False)), "more": a.more or None} for a in opts]
        counts = Counter(c.code for c in v.hand)
        return {
            "rules": self.rules, "lang": self.lang, "seed": self.seed, "names": self.names,
            "hand": self.hand(order), "order": order, "playable": sorted({c["card"] for c in choices if c["card"]}),
            "sizes": list(v.hand_sizes), "top": v.top.code, "color": v.color.letter if v.color is not None else None,
            "direction": v.direction, "to_act": v.to_act, "phase": v.phase, "pending": v.pending,
            "stock": v.stock_size, "uno": list(v.uno_said), "drawn": v.drawn.code if v.drawn is not None else None,
            "your_turn": v.to_act == self.learner and not g.over, "waiting": self.waiting,
            "over": g.over, "winner": g.winner,
            "points": {str(k): x for k, x in g.points().items()} if g.over else None,
            "log": self.log[since:], "log_size": len(self.log),
            "lessons": [dict(x.to_dict(), at=self.given_at[x.key]) for x in self.fresh],
            "last_lesson": self.lessons[-1].to_dict() if self.lessons else None,
            "seen": sorted(self.teacher.seen), "hint": self.hint(), "choices": choices,
            "counts": dict(counts),
        }
