"""The web table's commands: ``unokit serve`` (one process, or one worker of several) and ``unokit cluster``."""

from __future__ import annotations

import argparse

from .errors import CliError

__all__ = ["add_web_commands", "check_port"]


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and 1 <= int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text[:20]!r}")
    return int(text)


def add_web_commands(sub) -> None:
    sv = sub.add_parser("serve", help="the web table: play with friends and bots in the browser",
                        description="Serve the lobby, the tables and the JSON/WebSocket API (docs/protocol.md). "
                                    "Unfinished tables in the database are resumed.")
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1; 0.0.0.0 lets phones on your network join)")
    sv.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    sv.add_argument("--db", default="sqlite:///unokit-tables.db",
                    help="SQLAlchemy database URL (default sqlite:///unokit-tables.db; "
                         "e.g. postgresql+psycopg://user@host/db)")
    sv.add_argument("--post-rate", type=float, default=2.0,
                    help="table creations and joins a second allowed per address, in bursts of 120 "
                         "(default 2; 0: no limit, e.g. for a load test)")
    sv.add_argument("--ws-compress", action="store_true",
                    help="compress WebSocket messages (permessage-deflate): about 5 times fewer bytes for slow "
                         "links, at about 0.2 ms of server CPU an action for a table of four (default: off)")
    sv.add_argument("--worker", default=None, metavar="NAME",
                    help="run as one of several workers sharing --db (PostgreSQL) behind a proxy: each table is "
                         "served by the worker holding its lease (docs/scale-out-web.md); NAME must differ per process")
    sv.add_argument("--lease", type=float, default=6.0,
                    help="with --worker: seconds a table's lease lasts unless renewed (default 6; a dead worker's "
                         "tables are taken over after at most this long)")
    sv.set_defaults(func=_cmd_serve)

    cl = sub.add_parser("cluster", help="a local cluster: PostgreSQL, several web workers and HAProxy on loopback",
                        description="Start PostgreSQL, --workers web workers and HAProxy in front of them on "
                                    "127.0.0.1, print the URL, and stop everything on Ctrl-C "
                                    "(docs/scale-out-web.md). Needs Debian's postgresql and haproxy "
                                    "(make sysdeps installs them).")
    cl.add_argument("--workers", type=int, default=2, help="web workers (1 to 16, default 2)")
    cl.add_argument("--port", type=_port, default=8080, help="the proxy's port (default 8080)")
    cl.set_defaults(func=_cmd_cluster)


def check_port(host: str, port: int) -> None:
    """Raise :class:`CliError` (one line) unless the server can listen on ``host:port`` now.

    The probe binds as the server will (``SO_REUSEADDR``, as uvicorn does): connections of an earlier
    run still in TIME-WAIT do not keep a restarted server out, a socket listening there does."""
    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as e:
            raise CliError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


def _cmd_serve(args) -> int:
    import uvicorn

    from ..play.web.app import create_app, serve_collector
    if not (0 <= args.post_rate <= 1e6):
        raise CliError("--post-rate must be from 0 to 1000000")
    if args.worker is not None and not (0 < len(args.worker) <= 64 and args.worker.isprintable()):
        raise CliError("--worker: a name of 1 to 64 printable characters")
    if not (1.0 <= args.lease <= 600.0):
        raise CliError("--lease must be from 1 to 600 seconds")
    try:
        app = create_app(args.db, post_rate=args.post_rate, worker=args.worker, lease=args.lease)
    except Exception as e:  # noqa: BLE001 - SQLAlchemy's errors for a bad URL or an unreachable server
        raise CliError(f"cannot open the database {args.db!r}: {type(e).__name__}: {e}") from None
    check_port(args.host, args.port)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"unokit web table: http://{shown}:{args.port}/  (database {args.db}; Ctrl-C stops)", flush=True)
    serve_collector()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=args.ws_compress)
    return 0


def _cmd_cluster(args) -> int:
    from ..play.web.cluster import run_until_stopped
    if not 1 <= args.workers <= 16:
        raise CliError("--workers must be from 1 to 16")
    check_port("127.0.0.1", args.port)
    try:
        run_until_stopped(args.workers, args.port)
    except (RuntimeError, OSError, ValueError) as e:   # a missing program, a port, initdb failing
        raise CliError(f"cannot start the cluster: {e}") from None
    return 0
