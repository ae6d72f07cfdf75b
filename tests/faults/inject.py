"""The faults of ``tests/faults`` and ``bench.faults``: planned (``kill_plan``, ``stop_plan``) and made
(``kill_at``, ``fault_after_click``, a signal the instant the bot's acknowledgement of a click reaches
Discord, a slower Discord)."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

from localcord import LocalDiscord
from localcord.model import InteractionRecord
from localcord.rest.records import Call

from .bot_process import BotProcess, Exit
from .fosco_game import Click, Fosco

GONE_LIMIT = 3.0  # seconds the worker processes may outlive a killed bot
ON_ACK = "on the ack"  # a fault sent as the bot's acknowledgement of a click reaches Discord
WHILE_STARTING = "while starting"  # a kill while the bot is starting up again


def on_ack(bot: BotProcess, record: InteractionRecord, sig: signal.Signals) -> Callable[[Call], None]:
    """A stand-in fault hook (``standin.rest.inject``) that sends ``sig`` to the bot the instant its
    answer to ``record`` as a move taken (type 7, or 6) reaches Discord, before Discord has replied to it:
    whatever the bot does after acknowledging the click, it has not done yet."""

    def inject(call: Call) -> None:
        if (call.operation_id == "create_interaction_response" and f"/interactions/{record.id}/" in call.path
                and isinstance(call.body, dict) and call.body.get("type") in (6, 7)):
            bot.send(sig)
        return None

    return inject


# -- a slower Discord ----------------------------------------------------------------------------
class Delays:
    """Holds some of the bot's REST requests back, as a slow Discord would: ``rule(request)`` gives the
    seconds to wait before serving it (0: none). Made before the stand-in starts (it wraps the handler
    the stand-in's routes are bound to)."""

    def __init__(self, standin: LocalDiscord) -> None:
        assert not standin.api_base, "make Delays before the stand-in starts"
        self.rule: Callable[[web.Request], float] = lambda request: 0.0
        self.held = 0  # requests held back so far
        original = standin.rest.handle

        async def handle(request: web.Request) -> web.Response:
            seconds = self.rule(request)
            if seconds > 0:
                self.held += 1
                await asyncio.sleep(seconds)
            return await original(request)

        standin.rest.handle = handle  # type: ignore[method-assign]


# -- faults planned and made ------------------------------------------------------------------------
def kill_plan(rng: random.Random, count: int) -> list[tuple[str, float]]:
    """``count`` kills as (how, delay), in a cycle of five whose first four are each kind: on the
    acknowledgement of a click, 0-5 ms after a click, 5-300 ms after one, while starting up again
    (0.2-4 s after the process started), and 0-5 ms after a click again."""

    def one(k: int) -> tuple[str, float]:
        kind = k % 5
        if kind == 0:
            return ON_ACK, 0.0
        if kind in (1, 4):
            return "0-5 ms after a click", rng.uniform(0.0, 0.005)
        if kind == 2:
            return "5-300 ms after a click", rng.uniform(0.005, 0.300)
        return WHILE_STARTING, rng.uniform(0.2, 4.0)

    return [one(k) for k in range(count)]


def stop_plan(rng: random.Random, count: int) -> list[tuple[str, float]]:
    """``count`` stops as (how, delay): every third on the acknowledgement of a click, the others 0-80 ms
    after a click."""
    return [(ON_ACK, 0.0) if k % 3 == 2 else ("0-80 ms after a click", rng.uniform(0.0, 0.080))
            for k in range(count)]


async def signal_on_ack(standin: LocalDiscord, bot: BotProcess, click: Click, sig: signal.Signals,
                        timeout: float = 5.0) -> None:
    """Sends ``sig`` the instant the bot's acknowledgement of ``click`` reaches Discord (see ``on_ack``);
    if the click is answered otherwise, or the bot is gone, it is sent then."""
    standin.rest.inject = on_ack(bot, click.record, sig)
    try:
        await standin.wait_for(lambda: bot.signalled_since(click.sent) or click.answered or not bot.running,
                               timeout, "the click's answer")
    finally:
        standin.rest.inject = lambda call: None
    if not bot.signalled_since(click.sent):
        bot.send(sig)


async def fault_after_click(standin: LocalDiscord, game: Fosco, bot: BotProcess, sig: signal.Signals, how: str,
                            delay: float) -> Click:
    """The bot started again if it is down, a click on the human's next move, and ``sig`` sent ``delay``
    seconds after it (at once if under half a millisecond), or as its acknowledgement reaches Discord if
    ``how`` is ``ON_ACK``. The click."""
    if not bot.running:
        await game.restart(bot)
    click = await game.click()
    if how == ON_ACK:
        await signal_on_ack(standin, bot, click, sig)
    else:
        if delay >= 0.0005:
            await asyncio.sleep(delay)
        bot.send(sig)
    return click


@dataclass(frozen=True)
class KillResult:
    click: Click | None  # None: killed while starting
    exit: Exit
    left: list[int]  # processes of the bot's session still alive ``gone_limit`` s after the kill
    gone_after: float | None  # seconds from the kill to an empty session (None: not within the limit)


async def kill_at(standin: LocalDiscord, game: Fosco, bot: BotProcess, how: str, delay: float,
                  gone_limit: float = GONE_LIMIT) -> KillResult:
    """One kill of ``kill_plan``: SIGKILL ``delay`` s into a start of the bot (``how`` ``WHILE_STARTING``;
    the bot is down), else as ``fault_after_click`` sends it; then up to ``gone_limit`` s for every process
    the bot started to be gone."""
    click = None
    if how == WHILE_STARTING:
        await bot.spawn()
        await asyncio.sleep(delay)
        bot.send(signal.SIGKILL)
    else:
        click = await fault_after_click(standin, game, bot, signal.SIGKILL, how, delay)
    killed = time.monotonic()
    exit = await bot.wait_exit(5.0)
    left = await bot.leftovers_gone(gone_limit)
    return KillResult(click, exit, left, None if left else time.monotonic() - killed)
