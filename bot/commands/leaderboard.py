"""/leaderboard and /stats: skill ratings ranked, a member's record per game with a chart of their
rating, and how they fare against the players they meet most.

Depends only on the guild stores and a chart drawer, not on the client."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.games import GAME_CHOICES
from bot.play.places import place_older_results
from bot.store import COMPUTER, COMPUTERS, EASY_COMPUTER, GuildStore, Rating, Stores
from bot.store.ratings import BASE, MODEL, PROVISIONAL_GAMES, SCALE, START_ESTIMATE, Z
from bot.store.rows import StatRow
from games.core import registry
from games.core.base import Rules
from games.core.stakes import format_money

ChartDrawer = Callable[[Mapping[str, Any]], Awaitable[bytes]]
RANKED_LINES = 10
PROVISIONAL_LINES = 8
CHART_GAMES = 30
HOW_RANKED = (f"One scale for all: a new player's best estimate is {START_ESTIMATE:,} and their rating "
              f"{BASE:,}, the estimate less three times its uncertainty: the level a player is fairly sure to play "
              "at, at least. Beating strong players raises it most, and every game makes it surer, so the rating "
              f"climbs toward the estimate. Fewer than {PROVISIONAL_GAMES} games: provisional. (The skill rating, "
              f"by openskill: {BASE:,} + {SCALE} \u00d7 (estimate \u2212 {Z} \u00d7 uncertainty), in its units.)")


def who(entity: int) -> str:
    """A player as the boards name them; the computers as the tables do ("Computer 1", "Easy computer 1")."""
    if entity in COMPUTERS:
        return "Computer" if entity == COMPUTER else "Easy computer" if entity == EASY_COMPUTER else "Hard computer"
    return f"<@{entity}>"


def counted(n: int, word: str) -> str:
    """"1 game", "3 games"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def title_of(key: str) -> str:
    return registry.get(key).title if key in set(registry.keys()) else key


def shown_score(rules: Rules | None, score: int, unit: str, with_word: bool = True) -> str:
    """A score as players count it: points, or money in the guild's unit."""
    if rules is not None and rules.score_unit == "money":
        return format_money(score, unit, sign=True)
    return f"{score} points" if with_word else str(score)


def _rate(r: Rating) -> str:
    return f"{round(100 * r.wins / r.games)}% won" if r.games else ""


def board_lines(rows: Sequence[Rating]) -> tuple[list[str], list[str]]:
    """The ranked lines and the provisional ones of a game's board."""
    ranked = [r for r in rows if not r.provisional]
    provisional = [r for r in rows if r.provisional]
    lines = [f"`{i + 1:>2}.` {who(r.entity)} — **{r.shown:,}** · {counted(r.games, 'game')} · {_rate(r)}"
             for i, r in enumerate(ranked[:RANKED_LINES])]
    early = [f"{who(r.entity)} \u2014 **{r.shown:,}** ({counted(r.games, 'game')})"
             for r in provisional[:PROVISIONAL_LINES]]
    return lines, early


def leaderboard_embed(key: str | None, rows: Sequence[Rating], tops: Mapping[str, Rating],
                      early: Sequence[Rating] = ()) -> discord.Embed:
    """A game's board (``key``), or the board across games: ``rows`` ranked, ``tops`` the best at each
    game, ``early`` each provisional player's best rating so far (marked so: a first game shows)."""
    if key is not None:
        ranked, starting = board_lines(rows)
        embed = discord.Embed(title=f"{title_of(key)} leaderboard", colour=discord.Colour.gold(),
                              description="\n".join(ranked) or "Nobody has played enough games to be ranked yet.")
        if starting:
            embed.add_field(name="Provisional", value="\n".join(starting), inline=False)
    else:
        lines = [f"`{i + 1:>2}.` {who(r.entity)} — **{r.shown:,}** at {title_of(r.game)} ({counted(r.games, 'game')})"
                 for i, r in enumerate(rows[:RANKED_LINES])]
        embed = discord.Embed(title="Best players here", colour=discord.Colour.gold(),
                              description="\n".join(lines) or f"Nobody has {PROVISIONAL_GAMES} rated games in any "
                                                              "game yet: everyone so far is provisional.")
        ranked_here = {r.entity for r in rows[:RANKED_LINES]}
        newer = [r for r in early if r.entity not in ranked_here][:PROVISIONAL_LINES]
        if newer:
            embed.add_field(name=f"Provisional (fewer than {PROVISIONAL_GAMES} games)", inline=False, value="\n".join(
                f"{who(r.entity)} \u2014 **{r.shown:,}** at {title_of(r.game)} ({counted(r.games, 'game')})"
                for r in newer))
        if tops:
            embed.add_field(name="Top at each game", inline=False, value="\n".join(
                f"{title_of(game)}: {who(r.entity)} {r.shown:,}" for game, r in tops.items()))
    embed.set_footer(text=HOW_RANKED)
    return embed


class RatingCommands(Cog):
    """The family of commands about skill: the boards and a member's record."""

    def __init__(self, stores: Stores, draw_chart: ChartDrawer) -> None:
        self.stores = stores
        self.draw_chart = draw_chart

    @app_commands.command(name="leaderboard", description="The best players in this server, by skill rating")
    @app_commands.describe(game="One game's board (left out: the best players across games)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          game: Optional[app_commands.Choice[str]] = None) -> None:  # noqa: UP045
        assert interaction.guild_id is not None
        store = await self.stores.guild(interaction.guild_id)
        await place_older_results(store)
        if game is not None:
            embed = leaderboard_embed(game.value, await store.leaderboard(game.value), {})
        else:
            tops: dict[str, Rating] = {}
            for rules in registry.all_rules():
                best = next((r for r in await store.leaderboard(rules.key)
                             if r.entity not in COMPUTERS and not r.provisional), None)
                if best is not None:
                    tops[rules.key] = best
            ranked = await store.best_ratings()
            early = [r for r in await store.best_ratings(least_games=1) if r.provisional]
            embed = leaderboard_embed(None, ranked, tops, early)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="A member's record and skill ratings in this server")
    @app_commands.describe(member="Whose record (yours if left out)", game="The game whose rating to chart")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], member: Optional[discord.Member] = None,  # noqa: UP045
                    game: Optional[app_commands.Choice[str]] = None) -> None:  # noqa: UP045
        assert interaction.guild_id is not None
        person = member or interaction.user
        store = await self.stores.guild(interaction.guild_id)
        await place_older_results(store)
        rows = await store.member_stats(person.id)
        if not rows:
            await interaction.response.send_message(f"{person.display_name} has not finished a game here yet.",
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the chart takes a moment to draw
        rated = {r.game: r for r in await store.member_ratings(person.id)}
        unit = str(await store.get_setting("stakes_unit", "dollars"))
        embed = discord.Embed(title=f"{person.display_name}'s games", colour=discord.Colour.blurple(),
                              description="\n".join(await stat_lines(store, person.id, rows, rated, unit)))
        met = await store.meetings(person.id)
        if met:
            embed.add_field(name="Head to head (finished ahead\u2013behind)", inline=False, value="\n".join(
                f"{who(m.entity)}: {m.ahead}\u2013{m.behind}{f', {m.level} level' if m.level else ''} in {m.games}"
                for m in met))
        charted = rated.get(game.value) if game is not None else rated.get(rows[0].game)
        files = []
        if charted is not None:
            data = await chart_data(store, person.display_name, charted)
            png = await self.draw_chart(data)
            games = len(data["points"]) - (1 if data["from_start"] else 0)
            files.append(discord.File(io.BytesIO(png), filename="rating.png",
                                      description=f"{data['title']}: the rating over the last {games} games, "
                                                  f"now {charted.shown:,}"))
            embed.set_image(url="attachment://rating.png")
        embed.set_footer(text=HOW_RANKED)
        await interaction.followup.send(embed=embed, files=files, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())


async def stat_lines(store: GuildStore, member_id: int, stats: Sequence[StatRow], rated: Mapping[str, Rating],
                     unit: str) -> list[str]:
    lines = []
    for row in stats:
        rules = registry.get(row.game) if row.game in set(registry.keys()) else None
        rating = rated.get(row.game)
        if rating is None:
            head = "not rated yet"
        else:
            where = await store.rating_rank(row.game, member_id)
            ranked = len([r for r in await store.leaderboard(row.game)
                          if r.entity not in COMPUTERS and not r.provisional])
            place = (f"{ordinal(where)} of {counted(ranked, 'ranked player')}" if where is not None else
                     f"provisional until {counted(PROVISIONAL_GAMES, 'game')}")
            head = f"rating **{rating.shown:,}** (best estimate {rating.estimate:,}), {place}"
        if rules is not None and rules.low_scores_win:
            best = f"best score {row.lowest_score} (low scores win)"
        else:
            best = f"best score {shown_score(rules, row.best_score, unit, with_word=False)}"
        drawn = f", {row.draws} drawn" if row.draws else ""
        lines.append(f"**{rules.title if rules else row.game}**: {head} · {counted(row.games, 'game')}, "
                     f"{row.wins} won{drawn} · {best}")
    return lines


async def chart_data(store: GuildStore, name: str, rating: Rating) -> dict[str, Any]:
    points = [[p.mu, p.sigma] for p in await store.rating_history(rating.game, rating.entity, CHART_GAMES)]
    from_start = rating.games <= len(points)
    if from_start:
        points.insert(0, [MODEL.mu, MODEL.sigma])
    return {"title": f"{name} at {title_of(rating.game)}", "points": points, "from_start": from_start,
            "subtitle": f"rating {rating.shown:,} after {rating.games} game{'s' if rating.games != 1 else ''}",
            "base": BASE, "scale": SCALE, "z": Z}
