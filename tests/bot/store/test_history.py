"""/history's reading of the store (issue 49): a member's ended games, newest first, twenty a page;
one game's only if asked; practice games and games ended early marked; lobbies and games still
being played left out; a private table listed only to its players and the server's managers; and
what each game did to the member's rating, as /stats shows it."""

from __future__ import annotations

import itertools
import sqlite3
from typing import Any

from bot.store import GuildStore, Seat, Stores
from bot.store.history import PAGE
from bot.store.ratings import shown

GUILD = 333
ALICE, BOB, CAROL = 2001, 2002, 2003
_clock = itertools.count(100)


def record(game: str, players: int, moves: int) -> dict[str, Any]:
    return {"key": game, "players": players, "seed": 1, "options": {}, "deck": None,
            "actions": [[0, "play:x"]] * moves}


def seats(*members: int | None) -> list[Seat]:
    return [Seat(m, f"m{m}") if m is not None else Seat(None, f"Computer {i + 1}", ai=True)
            for i, m in enumerate(members)]


async def ended(store: GuildStore, members: tuple[int | None, ...], game: str = "fosco", *,
                results: list[Any] | None = None, extra: dict[str, Any] | None = None, early: bool = False,
                moves: int = 1) -> int:
    """A table that started, had ``moves`` moves and ended: played to its end with ``results`` (none: a
    practice game), or stopped early (``early``, as /table end does)."""
    at = float(next(_clock))
    table = seats(*members)
    row = await store.create_table(game, {}, 1, members[0] or 1, table, now=at)
    if extra:
        await store.merge_extra(row.id, extra)
    assert await store.start_table(row.id, record(game, len(table), 0), table, now=at)
    for version in range(moves):
        assert await store.commit_action(row.id, version, 0, "play:x", record(game, len(table), version + 1), now=at)
    if early:
        assert await store.cancel_table(row.id, now=at + 0.5)
    else:
        assert await store.finish_table(row.id, moves, record(game, len(table), moves), results or [], now=at + 0.5)
    return row.id


def won_by(members: tuple[int | None, ...], winner: int) -> list[tuple[int, int | None, int, bool, bool]]:
    return [(seat, m, 10 if seat == winner else seat, seat == winner, False) for seat, m in enumerate(members)]


async def rated(store: GuildStore, members: tuple[int | None, ...], winner: int = 0, game: str = "fosco") -> int:
    return await ended(store, members, game, results=won_by(members, winner))


async def listed(store: GuildStore, member: int, viewer: int | None = None, **given: Any) -> list[int]:
    found = await store.member_history(member, viewer_id=member if viewer is None else viewer, **given)
    return [played.table_id for played in found.games]


async def test_a_members_games_newest_first_with_their_players(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    first = await rated(store, (ALICE, BOB))
    second = await ended(store, (BOB, ALICE, None), "busca", results=won_by((BOB, ALICE, None), 1))
    await rated(store, (BOB, CAROL))  # not hers
    found = await store.member_history(ALICE, viewer_id=ALICE)
    assert [p.table_id for p in found.games] == [second, first] and not found.more and found.page == 0
    newest = found.games[0]
    assert (newest.game, newest.names, newest.seat) == ("busca", ("m2002", "m2001", "Computer 3"), 1)
    assert not (newest.practice or newest.ended or newest.private or newest.resigned)
    assert newest.finished_at > found.games[1].finished_at
    assert newest.finish is not None and (newest.finish.won, newest.finish.place, newest.finish.places) == (True, 1, 3)
    assert found.games[1].finish is not None and found.games[1].finish.place == 1  # she won the first too
    assert await listed(await stores.guild(GUILD + 1), ALICE) == []  # another server's store knows none of them


async def test_twenty_a_page_and_a_twenty_first_on_the_next(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    tables = [await ended(store, (ALICE, None)) for _ in range(PAGE + 1)]
    first = await store.member_history(ALICE, viewer_id=ALICE)
    assert [p.table_id for p in first.games] == tables[::-1][:PAGE] and first.more
    second = await store.member_history(ALICE, viewer_id=ALICE, page=1)
    assert [p.table_id for p in second.games] == [tables[0]] and not second.more and second.page == 1
    assert (await store.member_history(ALICE, viewer_id=ALICE, page=2)).games == ()
    tables.append(await ended(store, (ALICE, None)))  # the page ends at the twentieth whatever comes after
    assert not (await store.member_history(ALICE, viewer_id=ALICE, page=1)).more


async def test_one_games_only(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    fosco = await rated(store, (ALICE, BOB))
    busca = await rated(store, (ALICE, BOB, CAROL), game="busca")
    assert await listed(store, ALICE) == [busca, fosco]
    assert await listed(store, ALICE, game="fosco") == [fosco]
    assert await listed(store, ALICE, game="busca") == [busca]
    assert await listed(store, ALICE, game="dracula") == []


async def test_practice_and_games_ended_early_are_listed_and_marked(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    practice = await ended(store, (ALICE, None), extra={"practice": True})
    stopped = await ended(store, (ALICE, BOB), early=True)
    both = await ended(store, (ALICE, None), extra={"practice": True}, early=True)
    found = {p.table_id: p for p in (await store.member_history(ALICE, viewer_id=ALICE)).games}
    assert list(found) == [both, stopped, practice]
    assert found[practice].practice and not found[practice].ended
    assert found[stopped].ended and not found[stopped].practice
    assert found[both].practice and found[both].ended
    assert all(p.finish is None and p.rating_change is None for p in found.values())  # none has a result


async def test_lobbies_and_tables_still_being_played_are_not_games(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    game = await rated(store, (ALICE, BOB))
    lobby = await store.create_table("fosco", {}, 1, ALICE, seats(ALICE), now=1.0)  # still in the lobby
    closed = await store.create_table("fosco", {}, 1, ALICE, seats(ALICE, BOB), now=1.0)
    assert await store.cancel_table(closed.id)  # cancelled in the lobby
    playing = await store.create_table("fosco", {}, 1, ALICE, seats(ALICE, BOB), now=1.0)
    assert await store.start_table(playing.id, record("fosco", 2, 0), seats(ALICE, BOB))
    await ended(store, (ALICE, BOB), early=True, moves=0)  # started, and ended before a move: nothing to replay
    assert lobby.status == "lobby" and await listed(store, ALICE) == [game]


async def test_a_member_who_resigned_still_has_the_game(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    members = (ALICE, BOB)
    row = await store.create_table("fosco", {}, 1, ALICE, seats(*members), now=5.0)
    await store.start_table(row.id, record("fosco", 2, 0), seats(*members), now=5.0)
    await store.merge_extra(row.id, {"resigned": [ALICE]})
    await store.update_table(row.id, seats=[Seat(ALICE, "m2001 (computer)", ai=True), Seat(BOB, "m2002")])
    await store.commit_action(row.id, 0, 0, "play:x", record("fosco", 2, 1), now=6.0)
    await store.finish_table(row.id, 1, record("fosco", 2, 1), [(0, ALICE, 0, False, False), (1, BOB, 9, True, False)],
                             now=7.0)
    [played] = (await store.member_history(ALICE, viewer_id=ALICE)).games
    assert played.table_id == row.id and played.resigned and played.finish is not None
    assert (played.finish.won, played.finish.place, played.finish.places) == (False, 2, 2)


async def test_a_private_table_is_listed_to_its_players_and_managers_only(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    open_ = await rated(store, (ALICE, CAROL))
    private = await ended(store, (ALICE, BOB), results=won_by((ALICE, BOB), 0), extra={"private": True})
    assert await listed(store, ALICE) == [private, open_]  # her own
    assert await listed(store, ALICE, viewer=BOB) == [private, open_]  # he sat at it too
    assert await listed(store, ALICE, viewer=CAROL) == [open_]  # she did not
    assert await listed(store, ALICE, viewer=CAROL, sees_private=True) == [private, open_]  # a manager
    assert await listed(store, BOB, viewer=CAROL) == []
    [shown_private] = (await store.member_history(BOB, viewer_id=BOB)).games
    assert shown_private.private


async def test_a_private_table_hidden_from_the_asker_does_not_fill_a_page(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    tables = [await ended(store, (ALICE, None), extra={"private": True} if n % 2 else None) for n in range(2 * PAGE)]
    seen = await store.member_history(ALICE, viewer_id=CAROL)
    assert [p.table_id for p in seen.games] == tables[-2::-2] and not seen.more  # the twenty she may see


async def test_the_rating_change_is_the_shown_rating_after_less_before(stores: Stores) -> None:
    store = await stores.guild(GUILD)
    first = await rated(store, (ALICE, BOB), winner=0)
    await rated(store, (ALICE, CAROL), winner=0, game="busca")  # another game's rating, apart
    second = await rated(store, (BOB, ALICE), winner=0)  # she loses this one
    points = await store.rating_history("fosco", ALICE)
    assert len(points) == 2
    after_first, after_second = (shown(p.mu, p.sigma) for p in points)
    found = {p.table_id: p for p in (await store.member_history(ALICE, viewer_id=ALICE, game="fosco")).games}
    assert found[first].rating_change == after_first - 1000 > 0  # from a new player's 1,000
    assert found[second].rating_change == after_second - after_first
    assert found[second].finish is not None and (found[second].finish.won, found[second].finish.place) == (False, 2)
    practice = await ended(store, (ALICE, None), extra={"practice": True})
    assert (await store.member_history(ALICE, viewer_id=ALICE)).games[0].table_id == practice
    assert (await store.member_history(ALICE, viewer_id=ALICE)).games[0].rating_change is None  # unrated


async def test_the_list_reads_the_index_not_every_row(stores: Stores) -> None:
    """Migration 6's index keeps a page from reading every ended table's record."""
    store = await stores.guild(GUILD)
    await rated(store, (ALICE, BOB))
    from bot.store.history import _GAMES

    def plan(conn: sqlite3.Connection) -> list[str]:
        return [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + _GAMES, {
            "member": ALICE, "viewer": ALICE, "sees_private": 0, "game": None, "limit": 21, "offset": 0})]

    steps = await store._read(plan)
    assert "SCAN t USING INDEX tables_ended" in steps and not any("TEMP B-TREE" in s for s in steps)
