"""S (Silêncio): after a 7 nobody may speak until another 7 (000 ch.3 §Regra do Silêncio).

Speaking (a :class:`~unokit.core.actions.Say` with words, or saying UNO) during
the silence draws 2. Sub-options, glued to the code as the guide writes them:

- ``PP`` progressive penalty: one card per word instead of 2;
- ``T``  temporary: the silence starts with the player after the one who
  played the 7 and ends when that player finishes their next turn
  (``S(rounds=N)`` for N rounds); a 7 inside the round starts a new one;
- ``U``  saying "UNO" is allowed;
- ``SE`` specific: players may talk, but not say one word (``S(word=...)``,
  default "não");
- ``SS`` sombre: players may talk, but not laugh.

With DR/DD an even number of 7s in one play has no effect and an odd number
toggles the silence (or, with T, starts a new round). The rule's card is a
parameter: ``S(card=8)``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.actions import Play
from ..core.events import register_event, register_reason
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\d+", re.UNICODE)
LAUGH_TOKENS = re.compile(r"^(?:(?:ha|he|hi|ah|ja|je|ji|hue){2,}h?|k{3,}|(?:rs){1,}|lol|lmao|rofl|haha\w*|"
                          r"kkk\w*|\*laughs?\*|\*risos?\*)$", re.IGNORECASE)


# Sounds that are not words: the guide allows grunts, accidental onomatopoeia, moans, sighs, snores.
SOUNDS = re.compile(r"^(?:h+m+|m+h*|a+h+|o+h+|u+h+|u+g+h+|a+r+g+h+|p+s+t+|s+h+|z+|h+u+h+|e+r+m*|u+m+|"
                    r"a+i+|u+i+|a+f+|u+f+|t+s+k+|h+e+y*)$", re.IGNORECASE)


def words(text: str) -> list[str]:
    """The words in ``text``; sounds such as 'hmm', 'ahh', 'ugh', 'zzz' are not words.

    >>> words("Não, espera aí! hmm")
    ['Não', 'espera', 'aí']
    """
    return [w for w in _WORD.findall(text) if not SOUNDS.match(w)]


def is_laughing(text: str) -> bool:
    """Laughter such as 'haha', 'kkk' (Portuguese), 'rsrs', 'lol' or '*laughs*'.

    >>> is_laughing('hahaha'), is_laughing('kkkk'), is_laughing('rsrs'), is_laughing('that is fine')
    (True, True, True, False)
    """
    return any(LAUGH_TOKENS.match(w) for w in text.split()) or "*laugh" in text.lower()


class Silenced(NamedTuple):
    """S's own state while a silence is on (``game.rule_state["S"]``): who played the 7, the rounds left
    (ST; None: until another 7) and whether the 7's own turn is still running."""

    owner: int
    rounds_left: int | None
    fresh: bool


class Silence(HouseRule):
    code = "S"

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.opts = ruleset.silence_options
        self.card = ruleset.param("S", "card")
        self.penalty = ruleset.param("S", "penalty")
        self.word = str(ruleset.param("S", "word")).lower()
        self.rounds = ruleset.param("S", "rounds")

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        return {"silence": game.rule_state.get("S") is not None}     # a silence in force, for every seat to see

    def on_play(self, game: Game, player: int, play: Play) -> None:
        sevens = sum(1 for c in play.cards if c.number == self.card)
        if sevens % 2 == 0:
            return
        state = game.rule_state
        if "T" in self.opts:
            state["S"] = Silenced(player, self.rounds, True)
            game.emit("silence", player, "on")
        elif state.get("S") is None:
            state["S"] = Silenced(player, None, False)
            game.emit("silence", player, "on")
        else:
            del state["S"]
            game.emit("silence", player, "off")

    def on_turn_end(self, game: Game, player: int) -> None:
        s = game.rule_state.get("S")
        if s is None or s.rounds_left is None or s.owner != player:
            return
        if s.fresh:  # the turn in which the 7 was played
            game.rule_state["S"] = s._replace(fresh=False)
            return
        left = s.rounds_left - 1
        if left <= 0:
            del game.rule_state["S"]
            game.emit("silence", s.owner, "off")
        else:
            game.rule_state["S"] = Silenced(s.owner, left, False)

    def judge_speech(self, game: Game, player: int, text: str) -> int:
        return 0 if game.rule_state.get("S") is None else self.speech_cost(text)

    def speech_cost(self, text: str) -> int:
        """The cards saying ``text`` costs while a silence holds (the compiled core asks it of "UNO").

        >>> from unokit.rules import RuleSet
        >>> [Silence(RuleSet.parse(c)).speech_cost("UNO") for c in ("UNO 1121 S", "UNO 1121 SU", "UNO 1121 SPP")]
        [2, 0, 1]
        """
        if text == "UNO" and "U" in self.opts:
            return 0
        ws = words(text)
        if "SS" in self.opts:
            return self.penalty if is_laughing(text) else 0
        if "SE" in self.opts:
            hits = sum(1 for w in ws if w.lower() == self.word)
            if not hits:
                return 0
            return hits if "PP" in self.opts else self.penalty
        if "U" in self.opts:
            ws = [w for w in ws if w.upper() != "UNO"]
        if not ws:
            return 0
        return len(ws) if "PP" in self.opts else self.penalty


# ---------------------------------------------------------------------- the event S emits, told
register_event("silence", ("state",), about="S: the silence begins or ends",
               tell={"en": lambda w, e: "The silence is over" if e.state != "on" else (
                         "Silence: speaking now costs cards" if e.player is None
                         else f"{w.s(e.player, 'calls')} for silence: speaking now costs cards"),
                     "pt": lambda w, e: "O silêncio acabou" if e.state != "on" else (
                         "Silêncio: falar agora custa cartas" if e.player is None
                         else f"{w.subj(e.player)} pede silêncio: falar agora custa cartas")})
# the penalty for speaking, written by the referee's speech judge
register_reason("spoke during silence", pt="falou durante o silêncio")
