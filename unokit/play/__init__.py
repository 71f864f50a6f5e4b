"""Play for people: the table session every front end drives (web table, Textual app).

:class:`~unokit.play.session.TableSession` holds one table (a match or a single hand, its seats,
bots and real-time windows) with no transport of its own; :mod:`unokit.play.wire` turns it into
the JSON messages of ``docs/protocol.md``; :mod:`unokit.play.web` serves it over HTTP and
WebSockets.
"""

from .session import TableError, TableOptions, TableSession

__all__ = ["TableSession", "TableOptions", "TableError"]
