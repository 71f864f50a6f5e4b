"""The values every layer uses: cards and decks, actions and events (frozen), the errors, the seeded
randomness (:mod:`~unokit.core.chance`) and the facts of the official game (:mod:`~unokit.core.official`).

Nothing here knows a hand's state or a rule's behaviour; every other layer imports from here."""
