"""The worker processes that draw pictures and play computers, off the bot's event loop."""

from __future__ import annotations

import os
import signal

import pytest

from bot.runtime import exporter
from bot.runtime import workers as workers_module
from bot.runtime.workers import Workers
from games.core import registry
from renderers import render_hand, render_table


@pytest.mark.parametrize("count", [0, 1])
async def test_workers_draw_what_the_renderers_draw_and_choose_the_computers_move(count: int) -> None:
    workers = Workers(count)
    try:
        await workers.start()
        state = registry.get("fosco").new_game(2, seed=3)
        seat = min(state.to_move)
        assert await workers.table("fosco", state.view(None)) == render_table("fosco", state.view(None))
        assert await workers.hand("fosco", state.view(seat)) == render_hand("fosco", state.view(seat))
        assert await workers.computer_move(state, seat) == registry.default_action(state, seat).token
    finally:
        workers.close()


async def test_a_stopping_bot_starts_no_worker(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 37 point 5: once the workers are stopped, a picture still asked for fails at once, and
    no worker is started again (nor is "a worker died; starting new ones" said)."""
    from concurrent.futures.process import BrokenProcessPool

    workers = Workers(1)
    await workers.start()
    workers.close(wait=True, seconds=5)
    state = registry.get("dracula").new_game(2, seed=5)
    with pytest.raises(BrokenProcessPool):
        await workers.table("dracula", state.view(None))
    assert workers.draw._executor is None and "starting new ones" not in caplog.text


async def test_a_killed_worker_is_replaced_and_the_work_is_done() -> None:
    workers = Workers(1)
    try:
        await workers.start()
        pool = workers.draw.executor()
        (pid,) = pool._processes  # type: ignore[attr-defined]
        os.kill(pid, signal.SIGKILL)
        state = registry.get("dracula").new_game(2, seed=5)
        assert await workers.table("dracula", state.view(None)) == render_table("dracula", state.view(None))
        assert workers.draw.executor() is not pool
    finally:
        workers.close()


async def test_the_workers_say_when_pictures_wait_for_a_worker() -> None:
    """Issue 37: a busy bot's onlookers' tables wait while the players' pictures queue for a worker."""
    import asyncio
    import time

    workers = Workers(1)
    try:
        await workers.start()
        assert not workers.drawing_behind
        jobs = [asyncio.ensure_future(workers.draw.run(time.sleep, 0.3)) for _ in range(3)]
        while workers.draw.waiting < 2 and not all(job.done() for job in jobs):
            await asyncio.sleep(0.005)
        assert workers.draw.waiting == 2 and workers.drawing_behind  # one drawn, two waiting
        await asyncio.gather(*jobs)
        assert workers.draw.waiting == 0 and not workers.drawing_behind
    finally:
        workers.close()


async def test_the_workers_tell_how_long_a_picture_asked_now_would_take() -> None:
    """Issue 37: an answer that could not be drawn in time is not drawn at all (see the next test file)."""
    import asyncio
    import time

    workers = Workers(1)
    try:
        await workers.start()
        assert workers.drawn_within(0.0)  # nothing waits: no time to speak of
        jobs = [asyncio.ensure_future(workers.draw.run(time.sleep, 0.3)) for _ in range(4)]
        await asyncio.gather(*jobs[:2])
        # Two jobs came back after 0.3 and 0.6 s, two still wait: a new one would take some 0.1 s or more.
        assert workers.draw.waiting == 1 and not workers.drawn_within(0.05) and workers.drawn_within(5.0)
        await asyncio.gather(*jobs)
        assert workers.draw.waiting == 0 and workers.drawn_within(0.0)
    finally:
        workers.close()


async def test_a_hard_move_asked_while_moves_wait_for_a_thinker_is_played_at_normal_and_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy bot does not keep a Hard computer's table waiting: while moves wait for a thinking
    worker, a Hard move is thought at Normal, and the exporter counts it."""
    asked: list[str] = []
    monkeypatch.setattr(workers_module, "computer_move", lambda state, seat, level: asked.append(level) or "x")
    workers = Workers(0)
    state = registry.get("busca").new_game(3, seed=1, options={})
    before = exporter.HARD_FALLBACKS._value.get()
    await workers.computer_move(state, 0, "hard")
    monkeypatch.setattr(type(workers.think), "waiting", property(lambda pool: 1))
    await workers.computer_move(state, 0, "hard")
    await workers.computer_move(state, 0, "easy")
    assert asked == ["hard", "normal", "easy"]
    assert workers.hard_fallbacks == 1 and exporter.HARD_FALLBACKS._value.get() == before + 1
    workers.close()
