"""Several processes that work as one bot (issue 47): three bot processes, one shard each
(``SHARD_COUNT=3``), each with its own data folder, meeting in a real Redis, against the local
Discord with one server on each shard. Discord sends every click in a direct message to shard 0;
each click reaches the process that holds its table and is answered with its move. One process is
killed mid-game: clicks for its table are answered in words meanwhile, and once it is started again
every game is played to its end."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import backup
from tests.discord_spec import local_discord
from tests.faults.bot_process import BotProcess
from tests.faults.fosco_game import Fosco

from .conftest import RedisServer

SHARDS = 3


def cluster_env(redis: RedisServer, shard: int) -> dict[str, str]:
    return {"SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard), "PARLOUR_REDIS_URL": redis.url}


async def play_out(game: Fosco, timeout: float = 60.0) -> int:
    """The member's moves, each by a click on their DM hand, to the game's end: how many."""
    moves = 0
    while not game.over():
        await game.standin.wait_for(lambda: game.offered() or game.over(), timeout, "the member's turn or the end")
        if game.over():
            break
        click = await game.click(timeout)
        await click.record.wait_response(5)
        assert click.acknowledged, f"a DM click was not taken as a move: {click.record.callbacks}"
        moves += 1
    return moves


async def test_three_processes_serve_dm_clicks_through_a_kill(redis_server: RedisServer, tmp_path: Path) -> None:
    async with local_discord() as standin:
        games = [Fosco(standin, f"Club{k} on shard", shard=(k, SHARDS)) for k in range(SHARDS)]
        bots = [BotProcess(standin, tmp_path / f"process-{k}", workers=1, ai_delay=0.0,
                           env=cluster_env(redis_server, k)) for k in range(SHARDS)]
        try:
            for bot in bots:
                await bot.start()
            for game, bot in zip(games, bots, strict=True):
                await game.open(bot.data_dir, {"deals": 1, "target": 1})
                assert game.store_path.is_file()  # each process keeps its own guilds' files
            for game in games:  # a few moves each, every one a click in a DM (Discord sends them to shard 0)
                for _ in range(2):
                    click = await game.move()
                    assert click.acknowledged
            for k, bot in enumerate(bots):
                others = [g for j, g in enumerate(games) if j != k]
                assert all(not (bot.data_dir / "guilds" / f"{g.guild.id}.sqlite3").exists() for g in others)

            # Shard 1's process dies: its member's clicks are answered in words, and nothing changes.
            await bots[1].kill()
            before = games[1].row()
            offered = await standin.wait_for(games[1].offered, 15, "game 1's member to have a move offered")
            click = await games[1].send(*offered)
            await click.record.wait_response(5)
            assert click.said is not None and "restarting" in click.said and "nothing was changed" in click.said, \
                click.record.callbacks
            assert games[1].row() == before
            # A server of shard 2 put into shard 1's folder by mistake is left alone, and said so.
            await asyncio.to_thread(backup.take, bots[2].data_dir, tmp_path / "stray", games[2].guild.id)
            await asyncio.to_thread(backup.restore, tmp_path / "stray", bots[1].data_dir, False, games[2].guild.id)
            await games[1].restart(bots[1])
            assert await bots[1].logged("servers on shards this process does not serve", 10), bots[1].tail()

            for game in games:  # every game to its end, by DM clicks only
                assert await play_out(game) >= 0
                assert game.over() and game.row()[0] == "finished"
        finally:
            for bot in bots:
                await bot.close()


async def test_redis_stopped_mid_play_loses_nothing_and_play_resumes(redis_server: RedisServer,
                                                                    tmp_path: Path) -> None:
    """While Redis is down a click that must be handed over is answered in words and changes
    nothing; a click for the process Discord sent it to is played as ever (that process keeping to
    its equal share of the budget); once Redis is back the clicks reach their tables again."""
    async with local_discord() as standin:
        games = [Fosco(standin, f"Club{k} on shard", shard=(k, 2)) for k in range(2)]
        bots = [BotProcess(standin, tmp_path / f"process-{k}", workers=1, ai_delay=0.0,
                           env={"SHARD_COUNT": "2", "SHARD_IDS": str(k), "PARLOUR_REDIS_URL": redis_server.url})
                for k in range(2)]
        try:
            for bot in bots:
                await bot.start()
            for game, bot in zip(games, bots, strict=True):
                await game.open(bot.data_dir, {"deals": 1, "target": 1})
                await game.move()
            redis_server.stop()
            before = games[1].row()
            click = await games[1].send(*await standin.wait_for(games[1].offered, 15, "a move for game 1"))
            await click.record.wait_response(5)
            assert click.said is not None and "nothing was changed" in click.said, click.record.callbacks
            assert games[1].row() == before
            local = await games[0].move()  # shard 0's own table plays on without Redis
            assert local.acknowledged
            assert await bots[0].logged("unreachable", 10), bots[0].tail()

            redis_server.start()
            await standin.wait_for(lambda: redis_server.meeting(shard=1), 15, "shard 1's process back in Redis")
            click = await games[1].send(*await standin.wait_for(games[1].offered, 15, "a move for game 1"))
            await click.record.wait_response(5)
            assert click.acknowledged, click.record.callbacks  # handed over again
            for game in games:
                await play_out(game)
                assert game.row()[0] == "finished"
            assert not [c for g in games for c in g.clicks if not c.answered], "a click left unanswered"
        finally:
            for bot in bots:
                await bot.close()
