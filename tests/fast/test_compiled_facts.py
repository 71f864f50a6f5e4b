"""The compiled core's numbers of the rules come from Python (issue 25, point 5): ``_ccore.c`` and its headers
write no penalty, no house rule's card or count; :func:`unokit.fast.compiled.rule_facts` reads each from its one
statement (``unokit/core/official.py``, the house rules' classes) and hands it over with the tables.

Proven two ways: changing the Python value changes what C plays, and C still plays the referee's hands step by
step with the changed value; and the C sources hold no literal copy of the numbers that were restated there.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import compiled_support as S
import pytest

from unokit.core import official
from unokit.fast import ccore
from unokit.fast import compiled as C
from unokit.rules import RuleSet
from unokit.rules.cardfx import Trinity
from unokit.rules.extras import AddUp, Bomb, SevenOPass, SevenOSwap
from unokit.rules.uno_calls import Memory

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

SOURCES = sorted(Path(C.__file__).parent.glob("_*.[ch]"))


def test_rule_facts_are_the_python_statements():
    assert C.rule_facts() == (official.BLUFF_PENALTY, official.WRONG_CHALLENGE_EXTRA, 4, AddUp.PENALTY, Bomb.LEAST,
                              Bomb.PENALTY, Trinity.PER_CARD, SevenOSwap.CARD, SevenOPass.CARD)


def test_c_sources_hold_no_copy_of_the_rule_numbers():
    """The numbers that _ccore.c and its headers used to restate are handed over, not written."""
    text = "\n".join(p.read_text() for p in SOURCES)
    assert SOURCES and "set_tables" in text
    for pattern in (r"#define\s+SUM_PENALTY", r"(BLUFF_PENALTY|WRONG_EXTRA|DRAW_WD4|SUM_PENALTY)\s*=\s*\d",
                    r"count_number\(cs, k, \d\)", r"v == [07]\b", r"\b3 \* t\b", r"k < 3\b",
                    r"h4_penalize\(g, q, 1\)"):
        assert not re.search(pattern, text), pattern


@pytest.fixture
def changed_facts():
    """The rules' numbers changed in Python (and handed over again), restored afterwards."""
    saved = [(cls, name, getattr(cls, name)) for cls, name in ((AddUp, "PENALTY"), (Bomb, "PENALTY"),
                                                                (Bomb, "LEAST"), (Trinity, "PER_CARD"),
                                                                (Memory, "PENALTY"))]
    AddUp.PENALTY, Bomb.PENALTY, Bomb.LEAST, Trinity.PER_CARD, Memory.PENALTY = 5, 3, 2, 1, 7
    ccore.hand_over_tables()
    try:
        yield
    finally:
        for cls, name, value in saved:
            setattr(cls, name, value)
        ccore.hand_over_tables()


def _penalties(rules: str, players: int = 3) -> float:
    # few hands, each cut at 2,000 steps: with BOMB's least group at 2, DR-BOMB hands can go on for 10^5 steps
    r = C.play(400, players=players, rules=rules, seed=3, chance="fast", max_steps=2000)
    return float(r.penalty_cards.mean() + r.turns.mean())


@pytest.mark.parametrize("rules", ["UNO 1121 DR-BOMB", "UNO 1121 TRI"])
def test_changing_a_rule_number_in_python_changes_what_c_plays(rules, request):
    before = _penalties(rules)
    request.getfixturevalue("changed_facts")
    assert _penalties(rules) != before


def test_mem_missed_uno_price_comes_from_its_class(changed_facts):
    """MEM's price travels in each call's config (the random-play bots never miss an UNO: the step-by-step
    test below catches seats)."""
    assert C._config(3, RuleSet.parse("UNO 1121 MEM"), 1, None, b"\1\1\1", True)[1] == Memory.PENALTY == 7


@pytest.mark.parametrize("rules", ["UNO 1121 ADDUP", "UNO 1121 DR-BOMB", "UNO 1121 TRI", "UNO 1121 MEM"])
def test_c_plays_the_referee_hands_with_the_changed_numbers(rules, changed_facts):
    S.same_steps(rules, (2, 3), 2, other=0.15, cap=600, rng=random.Random(rules))
