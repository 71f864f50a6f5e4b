"""The referee's parts, one module per thing it does; :class:`unokit.engine.game.Game` combines them.

``dealing`` (the deal and the first card), ``checks`` (why an action is refused), ``listing``
(what each seat may do), ``drawing``, ``playing``, ``uno`` (calls, catches, talk), ``challenges``,
``turns`` (turn flow and the end of the hand), ``table`` (table enforcement) and ``state`` (the hand's
state, :class:`~unokit.engine.referee.state.HandState`, which every part subclasses, and its phases).
"""
