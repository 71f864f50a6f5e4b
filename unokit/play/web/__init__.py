"""The web table: a FastAPI app on uvicorn (HTTP + WebSockets) over a SQLAlchemy store.

``unokit serve`` runs it; :func:`unokit.play.web.app.create_app` builds it (tests use a temporary
SQLite file or a PostgreSQL URL). See docs/protocol.md for the messages.
"""
