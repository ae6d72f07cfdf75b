"""The bot's request budget (bot.runtime.budget): nothing waits while there is room; when there is none,
urgent requests go first and the table messages only onlookers need last, the others still get one
grant in four (none starves), a waiter that gave up is skipped, and a context's prepaid grant is used
once."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from bot.runtime.budget import NORMAL, ONLOOKERS, URGENT, Budget, Ticket, guard


class Clock:
    """A clock that stands still: the budget's room is only what it starts with."""

    def __call__(self) -> float:
        return 1000.0


class HeldClock:
    """A clock that stands still until released, then runs: while a test lines up its requests the
    budget gains no room, however slowly a loaded machine runs the test, so every one of them waits."""

    def __init__(self) -> None:
        self.at = 1000.0
        self.since: float | None = None

    def __call__(self) -> float:
        return self.at if self.since is None else self.at + time.monotonic() - self.since

    def step(self, seconds: float) -> None:
        """Move the held clock on (too little for a grant: a later request is younger)."""
        self.at += seconds

    def release(self) -> None:
        self.since = time.monotonic()


async def lined_up(spend: Budget, count: int) -> None:
    """Wait until ``count`` requests wait for the budget."""
    while spend.waiting < count:
        await asyncio.sleep(0)


async def test_there_is_no_waiting_while_there_is_room() -> None:
    spend = Budget(rate=5, clock=Clock())
    for _ in range(5):
        assert spend.room()
        await asyncio.wait_for(spend.spend(), 0.01)
    assert not spend.room() and spend.spent.waited == 0


async def test_urgent_requests_go_before_ordinary_ones_that_came_first() -> None:
    clock = HeldClock()
    spend = Budget(rate=200, burst=1, clock=clock)
    await spend.spend()  # the room is used up
    order: list[str] = []

    async def ask(name: str, priority: int) -> None:
        await spend.spend(priority)
        order.append(name)

    tasks = [asyncio.create_task(ask("cosmetic 1", NORMAL)), asyncio.create_task(ask("cosmetic 2", NORMAL))]
    await lined_up(spend, 2)
    tasks.append(asyncio.create_task(ask("turn", URGENT)))
    await lined_up(spend, 3)
    clock.release()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order[0] == "turn" and order[1:] == ["cosmetic 1", "cosmetic 2"]


async def test_ordinary_requests_still_get_one_grant_in_four_while_urgent_ones_keep_coming() -> None:
    clock = HeldClock()
    spend = Budget(rate=500, burst=1, clock=clock)
    await spend.spend()
    order: list[str] = []

    async def ask(name: str, priority: int) -> None:
        await spend.spend(priority)
        order.append(name)

    tasks = [asyncio.create_task(ask(f"cosmetic {n}", NORMAL)) for n in range(3)]
    tasks += [asyncio.create_task(ask(f"turn {n}", URGENT)) for n in range(9)]
    await lined_up(spend, 12)
    clock.release()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["turn 0", "turn 1", "turn 2", "cosmetic 0", "turn 3", "turn 4", "turn 5", "cosmetic 1",
                     "turn 6", "turn 7", "turn 8", "cosmetic 2"]


async def test_onlookers_wait_behind_players_and_still_get_one_grant_in_four() -> None:
    clock = HeldClock()
    spend = Budget(rate=500, burst=1, clock=clock)
    await spend.spend()
    order: list[str] = []

    async def ask(name: str, ticket: Ticket) -> None:
        with spend.using(ticket):
            await spend.spend()
        order.append(name)

    tasks = [asyncio.create_task(ask(f"onlookers {n}", Ticket(onlookers=True))) for n in range(2)]
    await lined_up(spend, 2)
    tasks += [asyncio.create_task(ask(f"player {n}", Ticket())) for n in range(6)]
    await lined_up(spend, 8)
    clock.release()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["player 0", "player 1", "player 2", "onlookers 0", "player 3", "player 4", "player 5",
                     "onlookers 1"]
    assert spend.spent.by_priority == {NORMAL: 7, ONLOOKERS: 2}  # the first, room at once, counted normal


async def test_a_waiter_that_gave_up_is_skipped_and_costs_nothing() -> None:
    clock = HeldClock()
    spend = Budget(rate=200, burst=1, clock=clock)
    await spend.spend()
    gone = asyncio.create_task(spend.spend(URGENT))
    kept = asyncio.create_task(spend.spend(NORMAL))
    await lined_up(spend, 2)
    gone.cancel()
    clock.release()
    await asyncio.wait_for(kept, 5)
    assert spend.spent.granted == 2  # the first and the one still waiting


async def test_every_request_of_the_client_spends_and_a_prepaid_grant_is_used_once() -> None:
    spend = Budget(rate=1000, burst=3, clock=Clock())
    made: list[str] = []

    class Http:
        async def request(self, route: str, **_: Any) -> str:
            made.append(route)
            return route

    http = Http()
    guard(http, spend)
    assert await http.request("GET /a") == "GET /a"
    assert spend.spent.by_priority == {NORMAL: 1}
    ticket = Ticket(urgent=True)
    with spend.using(ticket):
        await spend.spend()  # the display's grant, waited for before it chose what to draw
        ticket.prepaid = 1
        await http.request("PATCH /table")  # made on that grant
        assert spend.spent.granted == 2
        await http.request("POST /line")  # spends anew, as urgent as its ticket
    assert spend.spent.by_priority == {NORMAL: 1, URGENT: 2}
    assert made == ["GET /a", "PATCH /table", "POST /line"]


async def test_a_waiting_request_hurried_goes_among_the_urgent_ones_by_its_age() -> None:
    clock = HeldClock()
    spend = Budget(rate=200, burst=1, clock=clock)
    await spend.spend()
    order: list[str] = []
    ticket = Ticket()

    async def ask(name: str, priority: int | None, on: Ticket | None = None) -> None:
        with contextlib.ExitStack() as stack:
            if on is not None:
                stack.enter_context(spend.using(on))
            await spend.spend(priority)
        order.append(name)

    tasks = [asyncio.create_task(ask("turn 0", URGENT)), asyncio.create_task(ask("table", None, ticket))]
    await lined_up(spend, 2)
    clock.step(0.001)  # the next request is younger than the table's (a fifth of a grant's time)
    tasks.append(asyncio.create_task(ask("turn 1", URGENT)))
    await lined_up(spend, 3)
    assert ticket.waiting is not None and ticket.waiting[0] == NORMAL
    spend.hurry(ticket)  # a turn began at that table while it waited
    clock.release()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["turn 0", "table", "turn 1"] and ticket.urgent
