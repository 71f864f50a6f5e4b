"""What ``unokit play`` and ``unokit replay --view`` run (the command line is :mod:`unokit.cli`)."""

from __future__ import annotations

import json
from pathlib import Path

from ...rules import RuleSet
from ..session import TableError
from .adapter import AdapterError
from .local import MAX_SAVE_BYTES, SAVE_FORMAT, LocalTable, local_options

__all__ = ["build_table", "frames_for", "play_main", "view_main"]


def build_table(args):
    """The table ``unokit play`` opens (``None``: the rule picker chooses one); raises TableError."""
    lang = args.lang
    if args.join and args.resume:
        raise TableError("--join and --resume cannot be combined: a web table is saved by its server")
    if args.join:
        from .remote import RemoteTable
        try:
            return RemoteTable(args.join, args.name, lang)
        except AdapterError as e:
            raise TableError(str(e)) from None
    if args.resume:
        return LocalTable.resume(args.resume, lang=lang, autoplay=args.autoplay, save_path=args.save or args.resume)
    players = args.players or 4
    decks = getattr(args, "decks", 1)      # a namespace built by hand may leave it out
    if args.rules is None:      # the picker asks; the other options are checked now, not after it
        local_options(_with_blanks("UNO 1121", args), players, args.bots, seed=args.seed, deck=args.deck,
                      decks=decks)
        return None
    code = RuleSet.parse(args.rules).code
    options = local_options(code, players, args.bots, match=not args.single, seed=args.seed, deck=args.deck,
                            decks=decks)
    return LocalTable.new(options, args.name, lang=lang, autoplay=args.autoplay, save_path=args.save)


def play_main(args) -> int:
    """``unokit play`` at the full-screen table."""
    from .app import UnoApp
    table = build_table(args)
    picker = {"rules": args.rules, "players": args.players, "bots": args.bots, "match": not args.single,
              "seed": args.seed, "deck": args.deck, "decks": getattr(args, "decks", 1),
              "blanks": getattr(args, "blanks", None), "blank_max": getattr(args, "blank_max", None)}
    UnoApp(table, picker=picker, lang=args.lang, name=args.name, autoplay=args.autoplay, save_path=args.save).run()
    return 0


def _with_blanks(code: str, args) -> str:
    """``code`` with ``--blanks`` / ``--blank-max`` written in (a TableError for a bad value)."""
    from ...rules.blanks import add_blanks
    try:
        return add_blanks(code, getattr(args, "blanks", None) or "", getattr(args, "blank_max", None))
    except ValueError as e:
        raise TableError(f"--blanks: {e}") from None


def _read(path: Path):
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise TableError(f"{path} is too large to view")
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise TableError(f"cannot read {path}: {e.strerror or e}") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise TableError(f"{path} is not JSON that unokit reads: {e}") from None


def frames_for(path, check=None, lang: str = "en"):
    """The replay steps of ``path``: a game saved by ``unokit play`` (checked by replaying its log) or
    the records ``unokit replay`` reads (checked by ``check()``, which returns its exit status).
    Returns ``(status, frames)``; frames is ``None`` when the check failed."""
    from .replay import record_frames, table_frames
    path = Path(path)
    data = _read(path)
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        saved = LocalTable.resume(path)          # the log must replay, as a record must match
        return 0, table_frames(saved.session.options, list(saved.session.log), lang)
    rc = check() if check is not None else 0
    if rc:
        return rc, None
    return 0, record_frames(data, lang)


def view_main(path, check=None, lang: str = "en") -> int:
    """``unokit replay --view FILE``."""
    from .replay import ReplayApp
    rc, frames = frames_for(path, check, lang)
    if frames is None:
        return rc
    ReplayApp(frames).run()
    return 0
