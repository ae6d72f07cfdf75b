"""/history: a member's last games in this server, twenty a page, each with how it went and a button
that opens its replay; Previous and Next turn the page in place.

Only this server's games are listed (the store is the guild's), and a table made while the server's
tables were private only to a member who sat at it or who manages the server, whoever's games are
asked for, on every page. Depends only on the guild stores, not on the client."""

from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.games import GAME_CHOICES
from bot.commands.leaderboard import ordinal, shown_score, title_of
from bot.play import custom_ids
from bot.play.custom_ids import HistoryRef
from bot.play.places import place_older_results
from bot.play.refusals import Refusal
from bot.runtime.permissions import manages_server
from bot.show import controls
from bot.store import Stores
from bot.store.history import PAGE, Page, Played
from games.core import registry

NONE = discord.AllowedMentions.none()
PER_ROW = 5  # a game's button each, four rows of them above the row that turns the page
NAMES_WITHIN = 90  # the players of a game, in characters: a line that fits a phone's width or two
NAME_WITHIN = 24
ANOTHER_SERVER = "That list of games belongs to another server: use /history here."
NOT_YOURS = "Those pages are for the member who asked: use /history to see your own list."
MINUS = "\u2212"


def signed(change: int) -> str:
    """A rating change as players read it: +12; a loss after a true minus sign (U+2212), not a hyphen; ±0."""
    return f"+{change}" if change > 0 else f"{MINUS}{-change}" if change < 0 else "\u00b10"


def players(played: Played) -> str:
    """Who else sat at the table, by the names the table showed, cut short to fit a line."""
    others = [name if len(name) <= NAME_WITHIN else name[:NAME_WITHIN - 1] + "\u2026"
              for seat, name in enumerate(played.names) if seat != played.seat]
    listed: list[str] = []
    for n, name in enumerate(others):
        left = len(others) - n - 1
        if len(", ".join([*listed, name])) + (len(f" and {left} more") if left else 0) > NAMES_WITHIN:
            break
        listed.append(name)
    if not listed:
        return f"with {len(others)} players"
    more = len(others) - len(listed)
    return f"with {', '.join(listed)}" + (f" and {more} more" if more else "")


def how_it_went(played: Played, unit: str) -> str:
    """The result in a few words: won, lost or drew, the place, the score and the rating's change;
    or what kind of game it was when it has no result (practice, ended early)."""
    marks = [word for word, on in (("*practice*", played.practice), ("*ended early*", played.ended),
                                   ("*private*", played.private)) if on]
    finish = played.finish
    words: list[str] = []
    if finish is not None:
        rules = registry.get(played.game) if played.game in set(registry.keys()) else None
        verb = "resigned" if played.resigned else "won" if finish.won else "drew" if finish.drew else "lost"
        if finish.place is not None and finish.places > 1:
            verb += f", {ordinal(finish.place)} of {finish.places}{' teams' if finish.teams else ''}"
        words += [verb, shown_score(rules, finish.score, unit)]
        if played.rating_change is not None:
            words.append(f"rating **{signed(played.rating_change)}**")
    elif not played.practice and not played.ended:
        words.append("played to the end")
    return " \u00b7 ".join(words + marks)


def game_line(number: int, played: Played, unit: str) -> str:
    """One game on the page: its number (its button's), date, game, table, how it went; then who played."""
    return (f"`{number:>2}.` <t:{int(played.finished_at)}:d> **{title_of(played.game)}** #{played.table_id}"
            f" \u00b7 {how_it_went(played, unit)}\n\u2003{players(played)}")


def nothing_yet(member_id: int, yours: bool, game: str | None) -> str:
    """What a list with no game says: how to start one."""
    what = f"a game of {title_of(game)}" if game else "a game"
    who = "You haven't" if yours else f"<@{member_id}> hasn't"
    how = (f"`/play {game}` opens a table for friends, and `/practice {game}`" if game else
           "`/play` opens a table for friends, and `/practice`")
    return f"{who} finished {what} here yet. {how} starts one against the computer at once, with hints."


def history_embed(member_id: int, found: Page, game: str | None, unit: str) -> discord.Embed:
    title = f"Game history: {title_of(game)}" if game else "Game history"
    lines = [game_line(found.page * PAGE + n, played, unit) for n, played in enumerate(found.games, 1)]
    if lines:
        text = f"<@{member_id}>'s games here, newest first:\n\n" + "\n".join(lines)
    else:
        text = f"No more of <@{member_id}>'s games: that was all of them."
    embed = discord.Embed(title=title, description=text[:4096], colour=discord.Colour.blurple())
    if lines:
        embed.set_footer(text=f"Page {found.page + 1}. Press a game's number to watch it again.")
    return embed


def history_view(guild_id: int, member_id: int, found: Page, game: str | None) -> discord.ui.View | None:
    """A button per game, numbered as its line, opening its replay; and Previous and Next, when there
    is more than one page."""
    view = discord.ui.View(timeout=None)
    for n, played in enumerate(found.games):
        view.add_item(controls.button(custom_ids.replay(guild_id, played.table_id, "open"),
                                      f"{found.page * PAGE + n + 1} \u00b7 #{played.table_id}", row=n // PER_ROW))
    if found.page > 0 or found.more:
        row = -(-PAGE // PER_ROW)
        view.add_item(controls.button(custom_ids.history(guild_id, member_id, max(found.page - 1, 0), game),
                                      "\u25c0 Previous", row=row, disabled=found.page == 0))
        view.add_item(controls.button(custom_ids.history(guild_id, member_id, found.page + 1, game), "Next \u25b6",
                                      row=row, disabled=not found.more))
    return view if view.children else None


class HistoryCommands(Cog):
    """/history, and the pages it turns (the router hands it a press of Previous or Next)."""

    def __init__(self, stores: Stores) -> None:
        self.stores = stores

    @app_commands.command(name="history", description="A member's last games here, each with its replay")
    @app_commands.describe(member="Whose games (yours if left out)", game="Only this game's")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any], member: Optional[discord.Member] = None,  # noqa: UP045
                      game: Optional[app_commands.Choice[str]] = None) -> None:  # noqa: UP045
        if interaction.guild_id is None:
            raise Refusal("Games are kept per server: use /history in a server.")
        person = member or interaction.user
        text, embed, view = await self.page(interaction, interaction.guild_id, person.id,
                                            game.value if game is not None else None, 0)
        if embed is None:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)
        else:
            await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING, ephemeral=True,
                                                    allowed_mentions=NONE)

    async def turn(self, interaction: discord.Interaction[Any], ref: HistoryRef) -> None:
        """Previous or Next: the list's message shows the page asked for, in place. Refused for
        another server's list, and for anyone but the member who asked; whatever the custom_id
        says, a private table is listed only as it would be to the presser's own /history."""
        if interaction.guild_id != ref.guild_id:
            raise Refusal(ANOTHER_SERVER)
        message = interaction.message
        asked = message.interaction_metadata if message is not None else None
        if asked is not None and asked.user.id != interaction.user.id:
            raise Refusal(NOT_YOURS)
        text, embed, view = await self.page(interaction, ref.guild_id, ref.member_id, ref.game, ref.page)
        await interaction.response.edit_message(content=text, embed=embed, view=view, allowed_mentions=NONE)

    async def page(self, interaction: discord.Interaction[Any], guild_id: int, member_id: int, game: str | None,
                   page: int) -> tuple[str | None, discord.Embed | None, discord.ui.View | None]:
        """A page of the member's games as the asker may see them: words when there is none at all,
        else the list and its buttons."""
        store = await self.stores.guild(guild_id)
        await place_older_results(store)  # so a game recorded before ratings shows what it did to them
        found = await store.member_history(member_id, viewer_id=interaction.user.id,
                                           sees_private=manages_server(interaction), game=game, page=page)
        if not found.games and page == 0:
            return nothing_yet(member_id, member_id == interaction.user.id, game), None, None
        unit = str(await store.get_setting("stakes_unit", "dollars"))
        return None, history_embed(member_id, found, game, unit), history_view(guild_id, member_id, found, game)
