"""A property of the whole stakes path (game -> action path -> guild store): over random Fscking Ace
games, with newcomers joining and resets at random moments, every round's ledger entries sum to
zero and match the game's settlement, and every balance is the sum of its movements since the
reset that covers it (A-4)."""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections import defaultdict
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.play.tables import Live, Tables
from bot.store import GuildStore, Seat, Stores
from games import registry
from games.core.base import JOIN, State

GUILD = 5
MEMBERS = [1000 + n for n in range(40)]


def nothing(live: Live, before: State, after: State) -> None:
    """The property is about what is stored; nothing is shown."""


async def play(seed: int, players: int, humans: int, moves: int, reset_every: int) -> None:
    rng = random.Random(seed)
    rules = registry.get("fscking-ace")
    with tempfile.TemporaryDirectory() as folder:
        async with Stores(Path(folder)) as stores:
            store = await stores.guild(GUILD)
            seats = [Seat(MEMBERS[i], f"M{i}") if i < humans else Seat(None, f"C{i}", ai=True) for i in range(players)]
            state = rules.new_game(players, seed=seed)
            row = await store.create_table(rules.key, {}, seed, MEMBERS[0], seats)
            assert await store.start_table(row.id, state.to_record(), seats)
            tables = Tables(stores, nothing, lambda live: None)
            live = await tables.get(GUILD, row.id)
            assert live is not None
            newcomers = iter(MEMBERS[players:])
            resets = 0
            for move in range(moves):
                if live.state.is_over:
                    break
                (seat,) = live.state.to_move
                legal = [a.token for a in live.state.legal_actions(seat)]
                # Between rounds play on more often than not, so games run to several rounds.
                weights = [{"end": 1, "join": 4, "next": 12}.get(t, 10) for t in legal]
                token = rng.choices(legal, weights)[0]
                newcomer = None
                if token == JOIN:
                    member = next(newcomers)
                    newcomer = Seat(member, f"M{member - MEMBERS[0]}")
                await tables.act(live, live.version, seat, token, newcomer.member_id if newcomer else None,
                                 "click", newcomer=newcomer)
                if reset_every and move % reset_every == reset_every - 1:
                    member = rng.choice([None, *MEMBERS[:humans]])
                    await store.reset_stakes(MEMBERS[0], member_id=member)
                    resets += 1
            await check(store, live, resets)


async def check(store: GuildStore, live: Live, resets: int) -> None:
    state = live.state
    rounds = await store.table_ledger(live.table_id)
    assert sorted(rounds) == [s.round for s in state.settlements]
    for settled in state.settlements:
        rows = rounds[settled.round]
        assert sum(r.amount for r in rows) == 0
        by_seat: dict[int, int] = defaultdict(int)
        for r in rows:
            assert r.seat is not None
            by_seat[r.seat] += r.amount
        net = settled.net(state.players)
        assert {s: c for s, c in by_seat.items() if c} == {s: c for s, c in enumerate(net) if c}

    # Balances, computed again from the full history: movements after the latest reset covering each.
    history = list(reversed(await store.stakes_history(limit=100_000)))
    expected: dict[int, int] = defaultdict(int)
    counted: dict[int, int] = defaultdict(int)
    for entry in history:
        if entry.kind == "reset":
            for member in list(expected):
                if entry.member_id is None or entry.member_id == member:
                    expected[member], counted[member] = 0, 0
        elif entry.member_id is not None:
            expected[entry.member_id] += entry.amount
            counted[entry.member_id] += 1
    stored = {b.member_id: b.cents for b in await store.stakes_balances()}
    assert stored == {m: c for m, c in expected.items() if counted[m]}
    if not resets:  # the ledger and the game agree on every member's winnings
        for seat, info in enumerate(live.row.seats):
            if info.member_id is not None and state.settlements:
                assert stored.get(info.member_id, 0) == state.balances[seat]  # type: ignore[attr-defined]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), players=st.integers(3, 8), humans=st.integers(1, 3),
       moves=st.integers(20, 400), reset_every=st.sampled_from([0, 0, 7, 60]))
def test_every_round_sums_to_zero_and_balances_are_their_movements(
        seed: int, players: int, humans: int, moves: int, reset_every: int) -> None:
    asyncio.run(play(seed, players, min(humans, players), moves, reset_every))
