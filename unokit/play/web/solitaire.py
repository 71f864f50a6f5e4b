"""The guide's UNO solitaire in the browser: the page ``/solitaire`` and its small JSON API.

Games live in this process's memory, at most ``MAX_GAMES`` of them (the least recently used one
goes when a new one would exceed that), each under a random, unguessable id. Nothing is stored.

- ``POST /api/solitaire`` ``{"seed": 7}`` (the body and the seed are optional): a new deal;
  answers ``{"id": ..., "state": ...}``.
- ``GET /api/solitaire/{id}``: the state.
- ``POST /api/solitaire/{id}/move`` ``{"move": "3>f"}``: makes a move (notation of
  :class:`unokit.solitaire.game.Move`); answers the new state. A malformed move is refused with
  HTTP 400, an illegal one with 409, each with a one-line ``detail``; the game is then unchanged.
- ``POST /api/solitaire/{id}/undo``: takes the last move back; answers the state (409: nothing to undo).
- ``GET /api/solitaire/{id}/hint``: ``{"move": "3>f" or null, "text": ..., ...}``.

The state shows only what a player at a real table sees: face-up cards by their notation code,
face-down cards as a count per column, the stock as a count, the waste as the terminal game shows
it (its last three cards, the top one playable, and how many it holds), the top card of each
foundation, the legal moves. The seed (which gives away the whole deal) is shown only when the
player chose it.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI(); games = mount_solitaire(app)
>>> with TestClient(app) as client:
...     made = client.post("/api/solitaire", json={"seed": 7}).json()
...     s = client.post(f"/api/solitaire/{made['id']}/move", json={"move": "d"}).json()
>>> s["stock"], s["waste_count"], s["moves"], s["last"], len(games)
(67, 1, 1, 'd', 1)
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Annotated, NoReturn

from fastapi import APIRouter, FastAPI, HTTPException, Path
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import IllegalActionError, NotationError
from ...solitaire.game import COLUMNS, Move, Solitaire, all_moves
from ...solitaire.solver import hint
from .memory import GamesInMemory

__all__ = ["MAX_GAMES", "MAX_MOVES", "SolitaireGames", "hint_json", "mount_solitaire", "state_json"]

STATIC = FilePath(__file__).parent / "static"
MAX_GAMES = 1000          # games kept in memory; the least recently used goes first
MAX_MOVES = 5000          # moves one game may hold (the solver's wins take about 1,200, draws included)
MOVE_CHARS = 40           # the longest move text read ("3 > f" with spaces to spare)
WASTE_SHOWN = 3           # waste cards shown, as the terminal game shows them
HINT_NODES, HINT_SECONDS = 20_000, 1.0
HINTS_AT_ONCE = 2         # solver searches running at the same time (each in a worker thread)
ID_RE = r"^[A-Za-z0-9_-]{8,64}$"
_CANON = {str(m): m for m in all_moves()}     # one shared Move object per move: histories stay small
GameId = Annotated[str, Path(pattern=ID_RE, description="the id POST /api/solitaire gave")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Strict):
    seed: int | None = Field(None, ge=0, lt=2**63, strict=True)


class MoveBody(_Strict):
    move: str = Field(..., min_length=1, max_length=MOVE_CHARS, strict=True)


@dataclass
class Entry:
    game: Solitaire
    seed: int | None        # shown only when the player chose it


class SolitaireGames(GamesInMemory):
    """The games in memory: an LRU map from random ids to games, at most ``limit`` of them.

    >>> games = SolitaireGames(limit=2)
    >>> a, _ = games.new(1); b, _ = games.new(2); _ = games.get(a); c, _ = games.new(3)
    >>> games.get(b) is None, games.get(a) is not None, len(games)
    (True, True, 2)
    """

    def __init__(self, limit: int = MAX_GAMES):
        super().__init__(limit)

    def new(self, seed: int | None = None) -> tuple[str, Entry]:
        entry = Entry(Solitaire.deal(seed), seed)
        return self.add(entry), entry


def state_json(game: Solitaire, seed: int | None = None) -> dict:
    """What the player sees of ``game``, as JSON (no face-down or stock card is ever named).

    >>> s = state_json(Solitaire.deal(7))
    >>> [c["down"] for c in s["columns"]], s["stock"], s["waste"], s["foundations"][0], s["legal"][0]
    ([0, 1, 2, 3, 4, 5, 6], 68, [], None, 'd')
    """
    columns = []
    for i in range(COLUMNS):
        down, up = game.column(i)
        columns.append({"down": len(down), "up": [c.code for c in up]})
    waste = game.waste
    return {
        "columns": columns,
        "stock": len(game.stock),
        "waste": [c.code for c in waste[-WASTE_SHOWN:]],
        "waste_count": len(waste),
        "foundations": [p[-1].code if p else None for p in game.foundations],
        "home": sum(len(p) for p in game.foundations),
        "won": game.won,
        "moves": len(game.history),
        "last": str(game.history[-1]) if game.history else None,
        "can_undo": bool(game.history),
        "legal": [str(m) for m in game.legal_moves()],
        "seed": seed,
    }


def hint_json(game: Solitaire, max_nodes: int = HINT_NODES, max_seconds: float = HINT_SECONDS) -> dict:
    """The hint (:func:`unokit.solitaire.solver.hint`): ``move`` (its notation, or ``None`` when no
    move is legal), ``text`` (in words), and the fields a page can translate: ``draws`` (stock turns
    before the move that counts), ``then`` (that move), ``verdict`` (``'won'``, ``'lost'``,
    ``'undecided'`` or ``None``) and ``solver_moves``.

    >>> h = hint_json(Solitaire.deal(2)); h["move"], h["verdict"], h["draws"], h["then"]
    ('3>f', 'won', 0, '3>f')
    """
    h = hint(game, max_nodes=max_nodes, max_seconds=max_seconds)
    return {"move": None if h.move is None else str(h.move), "text": h.text, "draws": h.draws,
            "then": None if h.then is None else str(h.then), "verdict": h.verdict, "solver_moves": h.solver_moves}


def _refuse(status: int, message: object) -> NoReturn:
    """Answer the request with ``status`` and ``message`` (an error's text, squeezed and cut)."""
    raise HTTPException(status_code=status, detail=" ".join(str(message).split())[:300])


def mount_solitaire(app: FastAPI, *, max_games: int = MAX_GAMES, max_moves: int = MAX_MOVES) -> SolitaireGames:
    """Add the page ``/solitaire`` and the ``/api/solitaire`` endpoints to ``app``; the games are
    kept in the returned :class:`SolitaireGames` (also ``app.state.solitaire``)."""
    games = SolitaireGames(max_games)
    hints = asyncio.Semaphore(HINTS_AT_ONCE)
    router = APIRouter()

    def entry_or_404(gid: str) -> Entry:
        entry = games.get(gid)
        if entry is None:
            _refuse(404, "there is no such solitaire game (games are kept in memory for a while): deal anew")
        return entry

    @router.get("/solitaire", include_in_schema=False)
    async def page():
        return FileResponse(STATIC / "solitaire.html")

    @router.post("/api/solitaire")
    async def new_game(body: NewGame | None = None):
        seed = body.seed if body is not None else None
        gid, entry = games.new(seed)
        return {"id": gid, "state": state_json(entry.game, entry.seed)}

    @router.get("/api/solitaire/{gid}")
    async def get_state(gid: GameId):
        entry = entry_or_404(gid)
        return state_json(entry.game, entry.seed)

    @router.post("/api/solitaire/{gid}/move")
    async def make_move(body: MoveBody, gid: GameId):
        entry = entry_or_404(gid)
        try:
            move = _CANON[str(Move.parse(body.move))]
        except NotationError as e:
            _refuse(400, e)
        if len(entry.game.history) >= max_moves:
            _refuse(409, f"this game has reached {max_moves} moves: undo, or deal anew")
        try:
            entry.game.apply(move)
        except IllegalActionError as e:       # the game is unchanged (GameOverError included)
            _refuse(409, e)
        return state_json(entry.game, entry.seed)

    @router.post("/api/solitaire/{gid}/undo")
    async def undo(gid: GameId):
        entry = entry_or_404(gid)
        try:
            entry.game.undo()
        except IllegalActionError as e:
            _refuse(409, e)
        return state_json(entry.game, entry.seed)

    @router.get("/api/solitaire/{gid}/hint")
    async def hint(gid: GameId):
        entry = entry_or_404(gid)
        position = entry.game.copy()          # the search runs in a thread, on its own copy
        async with hints:
            return await asyncio.to_thread(hint_json, position)

    app.include_router(router)
    app.state.solitaire = games
    return games

