"""The human-error bots' lines are reactions in the compiled core too (docs/bots.md, Baselines): beside a seat without
a reaction delay (greedy, random-play), which answers every catch first, the human seats of ``_human.h`` and
``_edhuman.h`` say nothing, move for move as on the referee; at a table of human-error bots only they talk."""

from __future__ import annotations

import pytest
from test_compiled_editions_human import CHATTY, SAY, compiled_moves, referee_moves
from test_compiled_human import HG, HR, compiled_ids, referee_ids

from unokit.core.actions import CatchUno, Say
from unokit.fast import compiled as C
from unokit.lab.sim import derive_seed

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

DEALS = range(6)


def _official(lineup: list[str]) -> tuple[int, int]:
    """(lines said, catches) over the deals under the official rules, C's actions checked equal to the referee's."""
    lines = catches = 0
    for d in DEALS:
        seed = derive_seed(23, d)
        mine, g = referee_ids("UNO 1121", lineup, seed, rates=CHATTY)
        assert list(compiled_ids("UNO 1121", lineup, seed, rates=CHATTY)) == mine
        lines += sum(type(a) is Say for _, a in g.actions)
        catches += sum(type(a) is CatchUno for _, a in g.actions)
    return lines, catches


@pytest.mark.parametrize("instant", ["greedy", "random-play"])
def test_compiled_human_bots_silent_beside_a_bot_without_delay_because_it_answers_every_reaction_first(instant):
    lines, catches = _official([instant, HG, HR, HG])
    assert catches and not lines
    said = 0   # and under UNO All Wild (_edhuman.h)
    for d in DEALS:
        lineup, deal = [instant, HG, HR, HG], derive_seed(29, d)
        got = compiled_moves("UNO ALLWILD", 4, lineup, deal, CHATTY)
        assert got == referee_moves("UNO ALLWILD", 4, lineup, deal, CHATTY)[0]
        said += sum(m[1] == SAY for m in got)
    assert not said


def test_compiled_human_bots_talk_at_a_table_of_human_bots_only():
    lines, _ = _official([HG, HG, HR, HG])
    assert lines >= 3
