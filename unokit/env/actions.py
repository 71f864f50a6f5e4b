"""The fixed integer action table of a rule set, as the environments expose it: the RL step ids.

The table is the ``steps`` view of the rule set's action codec (:class:`unokit.rules.codec.Codec`, which
also holds the engine's move ids and the map between the two): :class:`ActionTable` is
:class:`~unokit.rules.codec.StepTable` (its blocks, ids and text are documented there) and
:func:`table_for` the cached table of a codec. The names stay here so that nothing that imported them
from ``unokit.env`` breaks; the ids and names of a table never change (a trained model is named by them).

>>> t = ActionTable("UNO 1121", 2)
>>> len(t), t.name(t.parse("play W+4>G uno")), t.name(t.parse("wait"))
(130, 'play W+4>G uno', 'wait')
>>> [t.name(i) for i in range(3)]
['play R0', 'play R0 uno', 'play R1']
>>> table_for("UNO 1121", 2) is Codec.for_rules("UNO 1121", 2).steps
True
"""

from __future__ import annotations

from ..rules.codec import STAGES, Codec, NoActionIdError, StepTable

__all__ = ["ActionTable", "table_for", "STAGES", "NoActionIdError", "Codec"]

#: the step table of a rule set (``ActionTable(rules, players)``), the env's name for it
ActionTable = StepTable


def table_for(rules, players: int) -> StepTable:
    """The (cached) step table of ``rules`` at ``players`` seats: ``Codec.for_rules(rules, players).steps``."""
    return Codec.for_rules(rules, players).steps
