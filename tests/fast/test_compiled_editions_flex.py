"""UNO Flex (``UNO FLEX``) and the compiled core (issue 28 point 1): where it stands.

Its flex sides (a card played as its flexed face) and the power cards are not yet written in C, so
``compiled.problem`` refuses it with that reason for every bot, and ``edition_facts`` refuses its facts rather than
hand C a deck it would play wrong. The first step towards it is here: a rule's ``setup`` that sets only its own
state (Flex's power cards) is told apart from one that may forbid challenges (NOCHALLENGE's), so the Flex Wild Draw
Four's challenge no longer makes the facts refuse the edition.
"""

from __future__ import annotations

import pytest

from unokit.fast import ccore
from unokit.fast import compiled as C
from unokit.rules import RuleSet
from unokit.rules.base import HouseRule
from unokit.rules.registry import build_house_rules

FLEX = "UNO FLEX"


def _setups(rules: str) -> dict[str, bool]:
    """Each rule of ``rules`` whose setup is its own: may it forbid challenges?"""
    return {type(r).__name__: ccore._setup_may_forbid(r) for r in build_house_rules(RuleSet.parse(rules))
            if type(r).setup is not HouseRule.setup}


def test_flex_setup_only_deals_the_power_cards_so_it_forbids_no_challenge():
    assert _setups(FLEX) == {"Flex": False}


@pytest.mark.parametrize("rules", ["UNO 1121 NOCHALLENGE", "UNO ALLWILD", "UNO NOMERCY"])
def test_a_setup_that_sets_the_game_may_forbid_challenges(rules):
    assert True in _setups(rules).values()


def test_a_setup_writing_its_own_state_and_the_game_may_forbid_challenges():
    """The check looks at everything but the rule's state: a setup that also sets the game counts."""
    class Both(HouseRule):
        code = "FLEX"

        def setup(self, game):
            game.rule_state["FLEX"] = (True,) * game.n
            game.no_challenge = True

    assert ccore._setup_may_forbid(Both(RuleSet.parse(FLEX))) is True


def test_flex_facts_refused_for_its_flex_sides_not_the_challenge():
    with pytest.raises(ValueError, match="flex sides") as e:
        ccore.edition_facts(RuleSet.parse(FLEX))
    assert "W+4F" not in str(e.value)


@pytest.mark.skipif(not C.available(), reason="the compiled core is not built")
@pytest.mark.parametrize("bots", ["random-play", "greedy", "human"])
def test_flex_refused_by_the_compiled_core_with_its_reason(bots):
    why = C.problem(FLEX, (bots,), 4)
    assert why is not None and "FLEX" in why and "flex sides" in why and "power cards" in why


@pytest.mark.skipif(not C.available(), reason="the compiled core is not built")
def test_the_compiled_editions_keep_their_facts_and_tables():
    for code in C.EDITIONS:
        assert ccore.edition_facts(RuleSet.parse(f"UNO {code}"))[1]
        assert C.problem(f"UNO {code}", ("random-play",), 3) is None
