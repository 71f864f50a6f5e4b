"""Learn to play in the browser: the page ``/learn`` and its small JSON API (docs/learn.md).

The page follows the teaching mode's three stages (:mod:`unokit.play.teach`): it steps through the
narrated demonstration hand, then seats the learner at a game of their own against two bots (official
rules, hints on; :class:`unokit.play.coach.LearnerGame`), then offers the house rules one at a time,
each with a game. Games live in this process's memory (at most ``MAX_GAMES``, the least recently used
going first), each under a random, unguessable id; nothing is stored.

- ``GET /api/learn/plan?lang=en``: the guide's five steps, the three stages, every lesson, the house rules;
- ``GET /api/learn/demo?seed=1&lang=en``: the demo (its beats: lines, lessons, the table after each);
- ``POST /api/learn/games`` ``{"rules": "UNO 1121", "lang": "en", "seed": null, "seen": [], "order": "guide"}``:
  a new game (``rules``: the official rules, or them with one house rule of the path); answers
  ``{"id": ..., "state": ...}``;
- ``GET /api/learn/games/{id}?lang=en&order=guide``: the state (``lang`` tells the game again in it);
- ``POST /api/learn/games/{id}/act`` ``{"action": "0 play R7"}``: the learner's action, then the bots
  play on; 400 for bad notation, 409 when the rules refuse it (``detail`` says why; nothing changes);
- ``POST /api/learn/games/{id}/expand`` ``{"action": "0 play R2 +"}``: the next choices of a play made
  in steps; ``POST /api/learn/games/{id}/wait``: let an out-of-turn chance go by.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI(); games = mount_learn(app)
>>> with TestClient(app) as client:
...     demo = client.get("/api/learn/demo?seed=1&lang=pt").json()
...     made = client.post("/api/learn/games", json={"seed": 3}).json()
>>> demo["beats"][0]["lessons"][0]["title"], made["state"]["rules"], len(games)
('O objetivo do jogo', 'UNO 1121', 1)
"""

from __future__ import annotations

import asyncio
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Annotated, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Path, Query
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import IllegalActionError, NotationError, UnoError
from ...rules import RuleSet
from ..coach import LearnerGame, action_words
from ..lessons import HOUSE_PATH, KEYS
from ..teach import plan, play_demo
from .memory import GamesInMemory

__all__ = ["MAX_GAMES", "LearnGames", "mount_learn", "allowed_rules"]

STATIC = FilePath(__file__).parent / "static"
MAX_GAMES = 500
MAX_SEED = 2**53 - 1      # a seed a JavaScript number holds exactly
ID_RE = r"^[A-Za-z0-9_-]{8,64}$"
GameId = Annotated[str, Path(pattern=ID_RE, description="the id POST /api/learn/games gave")]
Lang = Literal["en", "pt"]
Order = Literal["guide", "colour"]


def allowed_rules() -> list[str]:
    """The rule codes a learner's game may be played under: the official rules, and them with one house
    rule of the path.

    >>> allowed_rules()[:2]
    ['UNO 1121', 'UNO 1121 P4']
    """
    return ["UNO 1121"] + [RuleSet.parse(f"UNO 1121 {c}").code for c in HOUSE_PATH]


_ALLOWED = frozenset(allowed_rules())


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Strict):
    rules: str = Field(default="UNO 1121", max_length=60)     # (default= by name: the type checker reads it so)
    lang: Lang = "en"
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED, strict=True)
    seen: list[str] = Field(default_factory=list, max_length=len(KEYS))
    order: Order = "guide"


class ActBody(_Strict):
    action: str = Field(..., min_length=1, max_length=200)


class LearnGames(GamesInMemory):
    """The learners' games in memory: an LRU map from random ids to games."""

    def __init__(self, limit: int = MAX_GAMES):
        super().__init__(limit)

    def new(self, game: LearnerGame) -> str:
        return self.add(game)


@lru_cache(maxsize=64)
def _demo_json(seed: int, lang: str) -> dict:
    return play_demo(seed, lang).to_dict()


def _refuse(status: int, message) -> None:
    raise HTTPException(status_code=status, detail=" ".join(str(message).split())[:300])


def mount_learn(app: FastAPI, *, max_games: int = MAX_GAMES) -> LearnGames:
    """Add the page ``/learn`` and the ``/api/learn`` endpoints to ``app``; the games are kept in the
    returned :class:`LearnGames` (also ``app.state.learn``)."""
    games = LearnGames(max_games)
    router = APIRouter()

    def game_or_404(gid: str) -> LearnerGame:
        game = games.get(gid)
        if game is None:
            _refuse(404, "there is no such game (games are kept in memory for a while): start a new one")
        return game

    @router.get("/learn", include_in_schema=False)
    async def page():
        return FileResponse(STATIC / "learn.html")

    @router.get("/api/learn/plan")
    async def get_plan(lang: Lang = "en"):
        return plan(lang)

    @router.get("/api/learn/demo")
    async def get_demo(seed: Annotated[int, Query(ge=0, le=MAX_SEED)] = 1, lang: Lang = "en"):
        return await asyncio.to_thread(_demo_json, seed, lang)     # a new seed plays a few hands first

    @router.post("/api/learn/games")
    async def new_game(body: NewGame | None = None):
        body = body or NewGame()
        try:
            rules = RuleSet.parse(body.rules).code
        except UnoError as e:
            _refuse(400, e)
        if rules not in _ALLOWED:
            _refuse(400, f"a learner's game is played under {', '.join(sorted(_ALLOWED))}")
        seen = [k for k in body.seen if k in KEYS]
        game = LearnerGame(rules, seed=body.seed, lang=body.lang, seen=seen)
        gid = games.new(game)
        return {"id": gid, "state": game.state(body.order)}

    @router.get("/api/learn/games/{gid}")
    async def get_state(gid: GameId, lang: Lang | None = None, order: Order = "guide"):
        game = game_or_404(gid)
        if lang is not None:
            game.set_lang(lang)
        return game.state(order)

    @router.post("/api/learn/games/{gid}/act")
    async def act(body: ActBody, gid: GameId, order: Order = "guide"):
        game = game_or_404(gid)
        try:
            game.act(body.action)
        except NotationError as e:
            _refuse(400, e)
        except IllegalActionError as e:        # the game is unchanged
            _refuse(409, e)
        return game.state(order)

    @router.post("/api/learn/games/{gid}/expand")
    async def expand(body: ActBody, gid: GameId):
        game = game_or_404(gid)
        try:
            options = game.expand(body.action)
        except NotationError as e:
            _refuse(400, e)
        except IllegalActionError as e:
            _refuse(409, e)
        return {"options": [{"action": str(a), "more": a.more or None,
                             "words": action_words(a, game.names, game.lang, game.learner)} for a in options]}

    @router.post("/api/learn/games/{gid}/wait")
    async def wait(gid: GameId, order: Order = "guide"):
        game = game_or_404(gid)
        if not game.waiting:
            _refuse(409, "nothing to wait for: it is your turn, or the hand is over")
        game.wait()
        return game.state(order)

    app.include_router(router)
    app.state.learn = games
    return games
