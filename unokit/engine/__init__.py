"""One hand of UNO: the referee (:mod:`~unokit.engine.referee`) behind :class:`~unokit.engine.game.Game`,
what a seat may see (:mod:`~unokit.engine.view`), plays composed step by step
(:mod:`~unokit.engine.compose`), set-up positions, hand records and their replay, and the narration of
events in English and Portuguese.

Layers: :mod:`unokit.core` and :mod:`unokit.rules` below; matches, the compiled core, bots, environments,
the lab and play above (``docs/architecture.md``)."""
