"""Hypothesis strategies shared by tests in several folders."""

from __future__ import annotations

import random

from hypothesis import assume
from hypothesis import strategies as st

from unokit import RuleSet
from unokit.core.errors import RuleCodeError
from unokit.rules.catalog import CATALOG, EDITIONS_CODES

__all__ = ["CODES", "rule_sets"]

CODES = sorted(set(CATALOG) - EDITIONS_CODES)   # the editions bring their own decks: tests/test_edition_*.py
# S sub-options are spelled on the S token; give them a chance too
SILENCE = ["S", "SU", "SPP", "ST", "SSE", "SSS", "SPPTU"]


def _code(codes, digits):
    toks = [c if c != "S" else random.Random(len(codes)).choice(SILENCE) for c in codes]
    return f"UNO {digits} " + "-".join(toks)


@st.composite
def rule_sets(draw):
    codes = draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=6, unique=True))
    digits = "".join(str(draw(st.integers(1, hi))) for hi in (3, 2, 2, 2))
    code = _code(codes, digits)
    try:
        rs = RuleSet.parse(code)
    except RuleCodeError:  # two rules that conflict, or a rule without the one it needs (BOMB needs DR/DD)
        assume(False)
    return rs
