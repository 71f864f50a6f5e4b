"""The rule advisor in the lobby (issue 26, point 2): three JSON endpoints over :mod:`unokit.lab.advise`.

- ``GET /api/advise/effects?players=4``: every single rule's effect at that table size (the picker's labels):
  :func:`~unokit.lab.advise.rule_effects` (measured on the compiled core with a screen of
  :attr:`AdviceSettings.screen_hands` hands, or read from the rules report).
- ``GET /api/advise/profile?rules=CODE&players=4``: the "With these rules" panel:
  :func:`~unokit.lab.advise.code_profile` of the code against ``UNO 1121``.
- ``POST /api/advise``: the "Ask the advisor" form: :func:`~unokit.lab.advise.advise` with the server's bounded
  settings; the body says what the group wants (:class:`Ask`).

Each answer is computed off the event loop (:func:`asyncio.to_thread`), cached on disk by the lab
(:func:`~unokit.lab.advise.measure`'s cache, :func:`~unokit.lab.advise.default_cache_dir`) and in memory (an LRU).
The work is bounded: the hands of each computation are the server's (never the client's), the same question is
computed once however many ask it at the same time (one computation per table size for the effects), at most
:attr:`AdviceSettings.at_once` computations run at once and :attr:`AdviceSettings.queue` more wait (beyond: 503),
and each client address may start :attr:`AdviceSettings.burst` computations, then one every
``1 / rate`` seconds (beyond: 429); answers already in memory cost nothing. Bad input is a 400 with a one-line
``detail``. The lobby measures tables of one deck (2 to 10 players).

``UNOKIT_ADVICE_HANDS`` (a test setting) caps every count of hands and matches; ``UNOKIT_ADVICE_CACHE`` is the
cache folder (``none``: no disk cache). Documented in docs/protocol.md and docs/lab/advise.md.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, NoReturn

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from ...core.errors import UnoError
from ...lab.advise import (
    REPORT,
    Wants,
    advise,
    canonical_code,
    code_profile,
    default_cache_dir,
    effects,
    rule_effects,
)
from ...match import SEATS_PER_DECK
from ...rules.catalog import ALIASES, CATALOG, IMPLEMENTED
from .hub import TokenBucket

__all__ = ["AdviceSettings", "Advisor", "Ask", "mount_advice", "profile_of_code", "router"]

MAX_PLAYERS = SEATS_PER_DECK     # the lobby's advisor measures one deck: 2 to 10 players
CODE_CHARS = 400                 # the longest rule code read (as POST /api/rules/check)
HANDS_ENV, CACHE_ENV = "UNOKIT_ADVICE_HANDS", "UNOKIT_ADVICE_CACHE"


@dataclass(frozen=True)
class AdviceSettings:
    """The server's bounds on the advisor's work (a client never chooses them)."""

    screen_hands: int = 600       # hands (and skill games) per rule for the picker's effects: advise's screen
    hands: int = 2000             # hands (and skill games) of the panel's profile and of each proposal
    advise_screen: int = 600      # advise's screen of every candidate
    matches: int = 200            # matches per proposal when a match's minutes are asked
    referee_hands: int = 200      # the most hands a code only the referee plays is measured with
    top: int = 5                  # the most proposals
    seed: int = 0
    cache: Path | None = None     # the lab's disk cache (None: none)
    report: Path | None = REPORT
    at_once: int = 2              # computations running at the same time (each in a worker thread)
    queue: int = 16               # computations waiting for one of those; beyond, 503
    rate: float = 0.2             # computations a client address may start a second, after its burst
    burst: float = 30.0
    memory: int = 256             # answers kept in memory (the least recently used goes first)

    @classmethod
    def from_env(cls) -> AdviceSettings:
        """The defaults, with the disk cache at :func:`~unokit.lab.advise.default_cache_dir` (or
        ``$UNOKIT_ADVICE_CACHE``; ``none``: no cache) and, with ``$UNOKIT_ADVICE_HANDS`` (tests), every count of
        hands and matches capped at that number."""
        where = os.environ.get(CACHE_ENV, "")
        s = cls(cache=None if where.lower() == "none" else Path(where) if where else default_cache_dir())
        cap = os.environ.get(HANDS_ENV, "")
        if cap.isdigit() and int(cap) > 0:
            n = int(cap)
            s = replace(s, screen_hands=min(s.screen_hands, n), hands=min(s.hands, n),
                        advise_screen=min(s.advise_screen, n), matches=min(s.matches, n),
                        referee_hands=min(s.referee_hands, n))
        return s


class Advisor:
    """The advisor's state in one app: its settings, the answers in memory, the computations under way."""

    def __init__(self, settings: AdviceSettings):
        self.settings = settings
        self._memory: OrderedDict[tuple, dict] = OrderedDict()
        self._running: dict[tuple, asyncio.Future] = {}
        self._slots: asyncio.Semaphore | None = None
        self._buckets: dict[str, TokenBucket] = {}
        self.computed = 0          # computations started (tests read it)

    def remembered(self, key: tuple) -> dict | None:
        got = self._memory.get(key)
        if got is not None:
            self._memory.move_to_end(key)
        return got

    async def answer(self, key: tuple, work: Callable[[], dict], who: str) -> dict:
        """The answer to ``key``: from memory, from the computation of it under way, or computed now by
        ``work`` in a worker thread (when ``who`` may start one and the queue has room)."""
        got = self.remembered(key)
        if got is not None:
            return got
        running = self._running.get(key)
        if running is None:
            s = self.settings
            if len(self._running) >= s.at_once + s.queue:
                _bad("the advisor is busy: try again in a moment", 503)
            if len(self._buckets) > 10_000:
                self._buckets.clear()
            bucket = self._buckets.setdefault(who, TokenBucket(tokens=s.burst))
            if not bucket.allow(rate=s.rate, burst=s.burst):
                _bad("too many questions to the advisor: slow down", 429)
            running = asyncio.ensure_future(self._compute(key, work))
            running.add_done_callback(lambda f: f.cancelled() or f.exception())   # read, even if nobody waits now
            self._running[key] = running
        return await asyncio.shield(running)

    async def _compute(self, key: tuple, work: Callable[[], dict]) -> dict:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.settings.at_once)
        try:
            async with self._slots:
                self.computed += 1
                got = await asyncio.to_thread(work)
            self._memory[key] = got
            while len(self._memory) > self.settings.memory:
                self._memory.popitem(last=False)
            return got
        finally:
            self._running.pop(key, None)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Ask(_Strict):
    """What the group wants (the questions of ``unokit advise``; the table's players come from the lobby)."""

    players: int = Field(4, ge=2, le=MAX_PLAYERS, strict=True)
    minutes: float | None = Field(None, gt=0, le=600)
    match_minutes: float | None = Field(None, ge=1, le=6000)
    luck: Literal[-1, 0, 1] = 0              # +1 more luck, -1 more skill
    interaction: Literal[-1, 0, 1] = 0       # +1 more, -1 less
    fewer_droughts: bool = Field(False, strict=True)
    keep: list[str] = Field(default_factory=list, max_length=20)
    exclude: list[str] = Field(default_factory=list, max_length=40)
    top: int = Field(3, ge=1, le=10, strict=True)


def _bad(message: str, status: int = 400) -> NoReturn:
    raise HTTPException(status_code=status, detail=message)


def _advisor(request: Request) -> Advisor:
    return request.app.state.advice


def _who(request: Request) -> str:
    return request.client.host if request.client else "?"


def _canonical(rules: str) -> str:
    """The canonical code of what the picker or the code box holds (``UNO 1121`` prefixed when it names only
    rules); a code the parser refuses is a 400 with the parser's one line."""
    text = " ".join(rules.split())
    if not text:
        _bad("rules: a rule code such as 'UNO 1121 DR-P2'")
    try:
        return canonical_code(text)
    except UnoError as e:
        _bad(str(e).splitlines()[0] if str(e) else "cannot read that rule code")


def _codes(name: str, codes: list[str]) -> tuple[str, ...]:
    """Rule codes to keep or exclude, each a catalogue code (aliases resolved), in capitals."""
    out = []
    for raw in codes:
        c = raw.strip().upper()
        if not c:
            continue
        if len(c) > 20 or ALIASES.get(c, c) not in CATALOG:
            _bad(f"{name}: unknown rule code {raw.strip()[:20]!r}")
        if ALIASES.get(c, c) not in IMPLEMENTED:
            _bad(f"{name}: {c} is not implemented yet")
        out.append(c)
    return tuple(dict.fromkeys(out))


Players = Query(4, ge=2, le=MAX_PLAYERS, description="players at the table (one deck)")

router = APIRouter()


@router.get("/api/advise/effects")
async def rule_effects_at(request: Request, players: int = Players) -> dict:
    """Every single rule's effect at ``players`` seats against ``UNO 1121``."""
    adv = _advisor(request)
    s = adv.settings

    def work() -> dict:
        return rule_effects(players, hands=s.screen_hands, seed=s.seed, jobs=1, cache=s.cache, report=s.report)
    return await _guarded(adv.answer(("effects", players), work, _who(request)))


@router.get("/api/advise/profile")
async def profile(request: Request, rules: str = Query(..., max_length=CODE_CHARS),
                  players: int = Players) -> dict:
    """The profile of one rule code at ``players`` seats against ``UNO 1121`` (the "With these rules" panel)."""
    return await _guarded(profile_of_code(request, _canonical(rules), players))


async def profile_of_code(request: Request, code: str, players: int) -> dict:
    """:func:`~unokit.lab.advise.code_profile` of the canonical ``code`` with the server's settings, through the
    advisor's bounds (memory, one computation per question, slots, the client's rate): the panel's and the
    printed sheet's (:mod:`unokit.play.web.sheet`). The lab's refusals propagate (:class:`UnoError`)."""
    adv = _advisor(request)
    s = adv.settings

    def work() -> dict:
        return code_profile(code, players, hands=s.hands, seed=s.seed, referee_hands=s.referee_hands, jobs=1,
                            cache=s.cache, report=s.report)
    return await adv.answer(("profile", code, players), work, _who(request))


@router.post("/api/advise")
async def ask(request: Request, body: Ask) -> dict:
    """Proposals for what the group wants (``unokit advise`` with the server's settings)."""
    adv = _advisor(request)
    s = adv.settings
    for name, v in (("minutes", body.minutes), ("match_minutes", body.match_minutes)):
        if v is not None and not math.isfinite(v):     # pragma: no cover - pydantic refuses them first
            _bad(f"{name}: a number of minutes")
    wants = Wants(minutes=body.minutes, match_minutes=body.match_minutes, luck=body.luck,
                  interaction=body.interaction, fewer_droughts=body.fewer_droughts,
                  keep=_codes("keep", body.keep), exclude=_codes("exclude", body.exclude))
    both = set(wants.keep) & set(wants.exclude)
    if both:
        _bad(f"{', '.join(sorted(both))} is both kept and excluded")
    top = min(body.top, s.top)

    def work() -> dict:
        r = advise(body.players, wants, hands=s.hands, screen_hands=s.advise_screen, matches=s.matches, seed=s.seed,
                   top=top, referee_hands=s.referee_hands, jobs=1, cache=s.cache, report=s.report)
        r["settings"] = dict(r["settings"], cache=None)      # the server's folders are nobody's business
        for row in r["proposals"]:
            row["effects"] = effects(row["profile"])
        return r
    key = ("advise", body.players, wants, top)
    return await _guarded(adv.answer(key, work, _who(request)))


async def _guarded(answer) -> dict:
    """The answer, with the lab's refusals (:class:`~unokit.core.errors.UnoError`) as a 400 of one line."""
    try:
        return await answer
    except UnoError as e:
        _bad(str(e).splitlines()[0] if str(e) else "the advisor cannot answer that")


def mount_advice(app: FastAPI, settings: AdviceSettings | None = None) -> Advisor:
    """Add the advisor's endpoints to ``app``; its state is ``app.state.advice`` (tests may replace it)."""
    if settings is not None or not isinstance(getattr(app.state, "advice", None), Advisor):
        app.state.advice = Advisor(settings or AdviceSettings.from_env())
    app.include_router(router)
    return app.state.advice

