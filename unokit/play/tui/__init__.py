"""``unokit play``: the full-screen Textual table (docs/terminal.md).

The screen draws the JSON ``state`` message of docs/protocol.md, whatever table it comes from:
:class:`~unokit.play.tui.local.LocalTable` (a :class:`~unokit.play.session.TableSession` played
here, against bots) or :class:`~unokit.play.tui.remote.RemoteTable` (a seat at a web table,
``unokit play --join URL``). :mod:`~unokit.play.tui.picker` chooses the rules of a local game;
:mod:`~unokit.play.tui.replay` steps through a saved game or a record.

Modules: ``adapter`` (what the screen drives), ``local``, ``remote``, ``widgets`` (the panels),
``dialogs`` (choices, text, help), ``app`` (the table screen and the app), ``picker``, ``replay``.
"""

__all__ = ["LocalTable", "RemoteTable", "UnoApp"]


def __getattr__(name):
    if name == "UnoApp":
        from .app import UnoApp
        return UnoApp
    if name == "LocalTable":
        from .local import LocalTable
        return LocalTable
    if name == "RemoteTable":
        from .remote import RemoteTable
        return RemoteTable
    raise AttributeError(name)
