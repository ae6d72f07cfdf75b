"""Skill ratings (issue 28): the update is openskill's own, a game is rated exactly once, the
ratings are rebuilt from the results float for float, the places follow each game's rules, and
games recorded before ratings are placed and rated when the guild is next used."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.play.places import Placing, game_placings, place_older_results, placings, stored_placings
from bot.store import COMPUTER, MIGRATIONS, GuildStore, Seat, Stores, migrations
from bot.store.ratings import RatedSeat, rate, shown
from games.core.base import Outcome

GUILD = 222
A, B, C, D, E, F = 11, 12, 13, 14, 15, 16


def record(game: str = "fosco") -> dict[str, Any]:
    return {"key": game, "players": 2, "seed": 1, "options": {}, "deck": None, "actions": []}


async def finished(store: GuildStore, game: str, results: list[Any], seats: list[Seat] | None = None) -> int:
    seats = seats or [Seat(r[1], f"m{r[1]}", ai=r[1] is None) for r in results]
    row = await store.create_table(game, {}, 1, seats[0].member_id or 1, seats, 5)
    assert await store.start_table(row.id, record(game), seats)
    assert await store.finish_table(row.id, 0, record(game), results)
    return row.id


@pytest.fixture
async def stores(tmp_path: Path) -> Any:
    async with Stores(tmp_path) as opened:
        yield opened


@pytest.fixture
async def store(stores: Stores) -> GuildStore:
    return await stores.guild(GUILD)


# -- the update is openskill's ------------------------------------------------------------------
def test_two_players_match_openskill() -> None:
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    got = rate({}, [RatedSeat(A, 0, 1, True), RatedSeat(B, 1, 2, False)])
    assert got[A] == (expected[0][0].mu, expected[0][0].sigma) and got[B] == (expected[1][0].mu, expected[1][0].sigma)
    assert got[A][0] > 25 > got[B][0]


def test_six_players_with_a_tie_match_openskill() -> None:
    model = PlackettLuce()
    prior = {A: (30.0, 4.0), B: (22.0, 6.0), C: (25.0, 8.0), D: (27.0, 3.0), E: (18.0, 7.5), F: (25.0, 25 / 3)}
    places = {A: 1, B: 2, C: 2, D: 4, E: 5, F: 6}  # B and C tie for second
    expected = model.rate([[model.rating(*prior[p])] for p in places], ranks=[float(v) for v in places.values()])
    got = rate(prior, [RatedSeat(p, i, where, where == 1) for i, (p, where) in enumerate(places.items())])
    for (p, _), team in zip(places.items(), expected, strict=True):
        assert got[p] == (team[0].mu, team[0].sigma)
    assert got[B][0] > prior[B][0] and got[F][0] < prior[F][0]  # tied second gains, last loses


def test_two_teams_of_two_match_openskill() -> None:
    model = PlackettLuce()
    prior = {A: (28.0, 5.0), B: (24.0, 7.0), C: (26.0, 6.0), D: (21.0, 8.0)}
    expected = model.rate([[model.rating(*prior[A]), model.rating(*prior[C])],
                           [model.rating(*prior[B]), model.rating(*prior[D])]], ranks=[2.0, 1.0])
    got = rate(prior, [RatedSeat(A, 0, 2, False), RatedSeat(B, 1, 1, True), RatedSeat(C, 0, 2, False),
                       RatedSeat(D, 1, 1, True)])
    assert got[A] == (expected[0][0].mu, expected[0][0].sigma) and got[C] == (expected[0][1].mu, expected[0][1].sigma)
    assert got[B] == (expected[1][0].mu, expected[1][0].sigma) and got[D] == (expected[1][1].mu, expected[1][1].sigma)


def test_several_computer_seats_make_one_update_the_mean_of_theirs() -> None:
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1.0, 2.0, 3.0])
    got = rate({}, [RatedSeat(COMPUTER, 0, 1, True), RatedSeat(A, 1, 2, False), RatedSeat(COMPUTER, 2, 3, False)])
    assert got[COMPUTER][0] == pytest.approx((expected[0][0].mu + expected[2][0].mu) / 2)
    assert rate({}, [RatedSeat(A, 0, 1, True), RatedSeat(B, 0, 1, True)]) == {}  # one team: nothing to rate


def test_the_shown_rating_starts_at_1000_and_is_conservative() -> None:
    assert shown(25.0, 25 / 3) == 1000
    assert shown(30.0, 2.0) == 1000 + 40 * 24


# -- places ---------------------------------------------------------------------------------------
def test_places_winners_first_then_score_ties_shared() -> None:
    assert placings([10, 30, 30, 5], {1, 2}, (), False) == [Placing(0, 3), Placing(1, 1), Placing(2, 1),
                                                            Placing(3, 4)]
    assert placings([12, 30, 20], {0}, (), True) == [Placing(0, 1), Placing(1, 3), Placing(2, 2)]  # lowest wins
    assert placings([40, 40], set(), (), False) == [Placing(0, 1), Placing(1, 1)]  # a draw


def test_partners_are_one_team_and_a_resigned_member_is_last() -> None:
    sides = ((0, 2), (1, 3))
    assert placings([60, 20, 60, 20], {0, 2}, sides, False) == [Placing(0, 1), Placing(1, 2), Placing(0, 1),
                                                                 Placing(1, 2)]
    # Seat 0 resigned and the computer won the game for the side: seat 2 wins, seat 0 loses.
    assert placings([60, 20, 60, 20], {0, 2}, sides, False, {0}) == [Placing(4, 3), Placing(1, 2), Placing(0, 1),
                                                                      Placing(1, 2)]


def test_a_games_places_follow_its_rules() -> None:
    busca = game_placings("busca", Outcome((14, 31, 9), frozenset({2}), "x"))
    assert [p.place for p in busca] == [2, 3, 1]
    tarocchi = game_placings("tarocchi", Outcome((50, 96, 50, 96), frozenset({1, 3}), "x", ((0, 2), (1, 3))))
    assert [p.team for p in tarocchi] == [0, 1, 0, 1] and [p.place for p in tarocchi] == [2, 1, 2, 1]
    assert stored_placings("conference", [(0, A, 40, False), (1, B, 40, False), (2, C, 106, True), (3, D, 106, True)],
                           {B}) == [(0, 0, 2), (1, 5, 3), (2, 2, 1), (3, 2, 1)]


# -- once, and rebuilt exactly ------------------------------------------------------------------
async def test_a_result_recorded_twice_or_after_a_restart_is_rated_once(tmp_path: Path) -> None:
    results = [(0, A, 11, True, False, 0, 1), (1, B, 3, False, False, 1, 2)]
    async with Stores(tmp_path) as stores:
        store = await stores.guild(GUILD)
        table_id = await finished(store, "fosco", results)
        assert not await store.finish_table(table_id, 0, record(), results)  # the repeated press
        before = await store.leaderboard("fosco")
    async with Stores(tmp_path) as stores:  # the restart
        store = await stores.guild(GUILD)
        assert not await store.finish_table(table_id, 0, record(), results)
        assert await store.leaderboard("fosco") == before
        assert [r.games for r in before] == [1, 1]


async def test_a_table_stopped_without_a_result_is_not_rated(store: GuildStore) -> None:
    seats = [Seat(A, "a"), Seat(B, "b")]
    row = await store.create_table("fosco", {}, 1, A, seats, 5)
    assert await store.start_table(row.id, record(), seats)
    assert await store.cancel_table(row.id)
    assert await store.leaderboard("fosco") == []


async def test_the_rebuild_finds_every_stored_rating_again_after_200_games(store: GuildStore) -> None:
    rng = random.Random(28)
    members = list(range(101, 113))
    for _ in range(200):
        game = rng.choice(["fosco", "dracula", "bullshit", "tarocchi"])
        if game == "tarocchi":  # two teams of two, computers filling seats now and then
            people: list[int | None] = [rng.choice([*members, None]) for _ in range(4)]
            winners = rng.choice([(0, 2), (1, 3)])
            rows = [(s, people[s], 90 if s in winners else 40, s in winners, False, s % 2, 1 if s in winners else 2)
                    for s in range(4)]
        else:
            n = rng.randint(2, 6)
            people = [*rng.sample(members, n - 1), None]
            rng.shuffle(people)
            places = [rng.randint(1, n) for _ in range(n)]
            best = min(places)
            rows = [(s, people[s], 10 * (n - places[s]), places[s] == best, False, s, places[s]) for s in range(n)]
        people_seats = [Seat(p, f"m{p}", ai=p is None) for p in people]
        if len({p for p in people if p is not None}) == len([p for p in people if p is not None]):
            await finished(store, game, rows, people_seats)
    stored = {game: await store.leaderboard(game) for game in ("fosco", "dracula", "bullshit", "tarocchi")}
    done = await store.rebuild_ratings()
    assert done.changed == 0 and done.games >= 150
    assert {game: await store.leaderboard(game) for game in stored} == stored
    assert sum(len(rows) for rows in stored.values()) == done.ratings


async def test_the_leaderboard_follows_the_conservative_rating(store: GuildStore) -> None:
    for i in range(6):  # A beats B every time; C beats A once and loses to B once
        await finished(store, "fosco", [(0, A, 10, True, False, 0, 1), (1, B, 2, False, False, 1, 2)])
        if i < 2:
            await finished(store, "fosco", [(0, C, 10, i == 0, False, 0, 1 if i == 0 else 2),
                                            (1, A if i == 0 else B, 4, i == 1, False, 1, 2 if i == 0 else 1)])
    board = await store.leaderboard("fosco")
    assert [r.conservative for r in board] == sorted((r.conservative for r in board), reverse=True)
    assert board[0].entity == A and not board[0].provisional
    assert [r.entity for r in await store.best_ratings()] == [A, B]  # C has too few games to count


async def test_head_to_head_counts_who_finished_ahead(store: GuildStore) -> None:
    await finished(store, "fosco", [(0, A, 10, True, False, 0, 1), (1, B, 2, False, False, 1, 2)])
    await finished(store, "fosco", [(0, A, 1, False, False, 0, 2), (1, B, 9, True, False, 1, 1)])
    await finished(store, "dracula", [(0, A, 9, True, False, 0, 1), (1, None, 2, False, False, 1, 2),
                                      (2, None, 5, False, False, 2, 3)])
    met = {m.entity: m for m in await store.meetings(A)}
    assert (met[B].games, met[B].ahead, met[B].behind) == (2, 1, 1)
    assert (met[COMPUTER].games, met[COMPUTER].ahead) == (1, 1)  # two computer seats, one meeting


# -- games recorded before ratings ---------------------------------------------------------------
async def test_older_results_are_placed_by_their_games_rules_and_rated(tmp_path: Path) -> None:
    path = tmp_path / "guilds" / f"{GUILD}.sqlite3"
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:3]:
        for statement in migrations.statements(script):
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 3")
    seats = '[{"member_id": %d, "name": "a", "ai": false}, {"member_id": %d, "name": "b", "ai": false},' \
            ' {"member_id": %d, "name": "c", "ai": false}, {"member_id": %d, "name": "d", "ai": false}]'
    for table_id, (game, scores, won) in enumerate([("busca", (14, 31, 9, 20), 2), ("tarocchi", (40, 106, 40, 106), 1)],
                                                   start=1):
        conn.execute("INSERT INTO tables (id, game, options, seed, status, host_id, seats, created_at, updated_at,"
                     " extra) VALUES (?, ?, '{}', 1, 'finished', ?, ?, ?, ?, '{}')",
                     (table_id, game, A, seats % (A, B, C, D), table_id, table_id))
        winners = {won} if game == "busca" else {1, 3}
        for seat, member in enumerate((A, B, C, D)):
            conn.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
                         (table_id, seat, game, member, scores[seat], int(seat in winners), float(table_id)))
    conn.close()
    async with Stores(tmp_path) as stores:
        store = await stores.guild(GUILD)
        assert await store.leaderboard("busca") == []  # migrated, not yet placed
        await place_older_results(store)
        busca = {r.entity: r for r in await store.leaderboard("busca")}
        assert busca[C].conservative > busca[A].conservative > busca[D].conservative > busca[B].conservative
        tarocchi = {r.entity: r for r in await store.leaderboard("tarocchi")}
        assert tarocchi[B].mu == tarocchi[D].mu > tarocchi[A].mu == tarocchi[C].mu  # rated as two teams
        assert await store.unplaced() == [] and (await store.rebuild_ratings()).changed == 0
