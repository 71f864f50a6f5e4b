"""The table's driver after a change (issue 24, point 3: a person's action costs no turn of the driver's task):
when nothing is due now, the change itself makes the bots' plan (the driver's tick) and sets the driver's timer
for when something is next due, exactly as the woken driver would; when something is due now (a bot that thinks
0 s), the driver is woken to do it."""

from __future__ import annotations

import asyncio

from unokit.play.session import TableOptions
from unokit.play.web.hub import Hub
from unokit.play.web.store import Store


async def _table(hub: Hub, people: int = 4, **kw):
    rt, _, _ = await hub.create(TableOptions(seats=4, seed=5, **kw), "p0")
    for i in range(1, people):
        await hub.join(rt, f"p{i}")
    await hub.change(rt, lambda s, now: s.start(now))
    await asyncio.sleep(0.05)         # (the driver's first turn)
    return rt


def _act(rt):
    s = rt.session
    p = s.player_at(s.game.to_act)
    a = next(a for a in s.legal(p) if not a.more)
    return lambda s, now: s.act(p, a, now)


def test_a_change_with_nothing_due_now_sets_the_drivers_timer_itself_as_the_driver_would():
    async def main():
        hub = Hub(Store("sqlite://"))
        rt = await _table(hub, bot_think=0.3, uno_grace=0, fill_bot="greedy")
        loop = asyncio.get_running_loop()
        for _ in range(12):
            if rt.session.status != "playing":
                break
            rt.wake.clear()
            await hub.change(rt, _act(rt))
            s = rt.session
            assert not rt.wake.is_set()                       # the driver's task was not woken
            assert s._plan is not None and s._plan.version == s.version     # the plan its tick makes
            now = rt.now()
            due = s.next_due(now)
            assert rt.timer is not None and abs((rt.timer.when() - loop.time()) - (due - now)) < 0.02
        hub.closing = True
        rt.task.cancel()
    asyncio.run(main())


def test_a_change_with_a_bot_due_now_wakes_the_driver_which_moves_it():
    async def main():
        hub = Hub(Store("sqlite://"))
        rt = await _table(hub, people=3, bot_think=0, uno_grace=0, bots=((3, "greedy"),), fill_bot="greedy")
        s = rt.session
        woken = 0
        for _ in range(60):
            if s.status != "playing":
                break
            if s.player_at(s.game.to_act) == 3:       # (the driver has not had its turn yet)
                await asyncio.sleep(0.05)
                continue
            rt.wake.clear()
            await hub.change(rt, _act(rt))
            if s.status == "playing" and s.player_at(s.game.to_act) == 3:
                assert rt.wake.is_set()                 # the bot is due now: its driver is woken...
                before = len(s.log)
                await asyncio.sleep(0.05)
                assert len(s.log) > before              # ...and moves it
                woken += 1
        assert woken >= 3
        hub.closing = True
        rt.task.cancel()
    asyncio.run(main())
