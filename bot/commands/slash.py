"""Slash commands. /play has a subcommand per registered game whose options are built from the
game's ``Rules.options``, so a new game needs no code here."""

from __future__ import annotations

import inspect
import io
from typing import Any, Literal, Optional, Protocol

import discord
from discord import app_commands

from bot.commands.leaderboard import leaderboard_command, stats_command
from bot.commands.lobby import Lobbies, counts_text
from bot.commands.router import Router
from bot.commands.settings import SETTINGS
from bot.commands.stakes import StakesCommands
from bot.play.answers import CommandGroup, tell
from bot.play.partners_talk import Talk
from bot.play.places import place_older_results
from bot.play.refusals import Refusal
from bot.play.tables import Tables
from bot.play.timers import Turns
from bot.runtime.permissions import manages_server, manages_tables
from bot.runtime.workers import Workers
from bot.show.publisher import Publisher
from bot.store import Stores
from games.core import registry
from games.core.base import Rules
from games.core.options import Option
from renderers import has_table
from renderers.describe import describe_table

HINTS = "hints"  # a table option of every game, the bot's own
HINTS_HELP = "Offer each player a Hint button that says what the computer would play, and why (default: on)"
LEVEL = "computers"  # /practice: how strong the computers are
LEVEL_HELP = "How well the computers play: easy (default) or normal"
GAME_CHOICES = [app_commands.Choice(name=r.title, value=r.key) for r in registry.all_rules()]


class CommandHost(Protocol):
    """What the slash commands ask of the client."""

    @property
    def lobbies(self) -> Lobbies: ...

    @property
    def publisher(self) -> Publisher: ...

    @property
    def router(self) -> Router: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def workers(self) -> Workers: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...


def annotation(option: Option, rules: Rules) -> Any:
    """The slash-command type for a game option: typed choices and ranges."""
    if option.kind == "bool":
        return bool
    if option.kind == "seat":  # shown to people 1-based
        return app_commands.Range[int, 1, rules.max_players]
    if option.kind == "choice":
        return Literal.__getitem__(tuple(option.choices))
    return app_commands.Range[int, option.min, option.max]


def to_game_value(option: Option, value: Any) -> Any:
    return value - 1 if option.kind == "seat" else value


def play_command(bot: CommandHost, rules: Rules, alias: str | None = None, *,
                 practice: bool = False) -> app_commands.Command[Any, ..., None]:
    """``/play <game>``, or the same under another name the game goes by (``alias``); with
    ``practice``, ``/practice <game>``: a table against computers at once, unrated, with hints."""
    own = {LEVEL: (Optional[Literal["easy", "normal"]], LEVEL_HELP)} if practice else {  # noqa: UP045
        HINTS: (Optional[bool], HINTS_HELP)}  # noqa: UP045

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        hints, level = given.pop(HINTS, None), given.pop(LEVEL, None)
        by_name = {o.name: o for o in rules.options}
        options = {k: to_game_value(by_name[k], v) for k, v in given.items() if v is not None}
        if practice:
            await bot.lobbies.practice(interaction, rules, options, level or "easy")
        else:
            await bot.lobbies.open(interaction, rules, options, hints=hints is not False)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    for option in rules.options:
        params.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                        annotation=Optional[annotation(option, rules)]))  # noqa: UP045
    for name, (kind, _) in own.items():
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind))
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    described = app_commands.describe(**{o.name: describe(o) for o in rules.options},
                                      **{name: text for name, (_, text) in own.items()})(callback)
    summary = rules.summary or rules.title
    return app_commands.Command(name=alias or rules.key, callback=described,
                                description=clip(f"{rules.title}: {summary}" if alias else summary))


def describe(option: Option) -> str:
    default = option.default
    shown = "decided by the game" if default is None and option.kind == "seat" else default
    return clip(f"{option.help} (default: {shown})")


def clip(text: str, limit: int = 100) -> str:
    """Discord's 100-character descriptions: the first sentence if it fits, else cut at a word."""
    first = text.split(". ")[0].rstrip(".")
    if len(first) <= limit:
        return first
    return text[: limit - 1].rsplit(" ", 1)[0] + "\u2026"


def build(bot: CommandHost) -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    play = app_commands.Group(name="play", description="Open a table for a card game", guild_only=True)
    for rules in registry.all_rules():
        if has_table(rules.key):  # a game arrives in /play once its table can be drawn
            play.add_command(play_command(bot, rules))
            for alias in rules.aliases:
                play.add_command(play_command(bot, rules, alias))
    practice = app_commands.Group(name="practice", description="Learn a game: play it against computers at once, "
                                  "with hints, unrated", guild_only=True)
    for rules in registry.all_rules():
        if has_table(rules.key):
            practice.add_command(play_command(bot, rules, practice=True))
    return [play, practice, TableCommands(bot), talk_command(bot), rules_command(bot), leaderboard_command(bot.stores),
            stats_command(bot.stores, bot.workers.rating_chart), StakesCommands(bot.stores), ParlourCommands(bot),
            help_command(bot)]


async def table_here(bot: CommandHost, interaction: discord.Interaction[Any]) -> Any:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal("Use this in a table's channel.")
    store = await bot.stores.guild(interaction.guild_id)
    row = await store.table_in_channel(interaction.channel_id)
    if row is None or row.status != "playing":
        raise Refusal("There is no game being played in this channel.")
    live = await bot.tables.get(interaction.guild_id, row.id)
    if live is None:
        raise Refusal("There is no game being played in this channel.")
    return live


class TableCommands(CommandGroup):
    def __init__(self, bot: CommandHost) -> None:
        super().__init__(name="table", description="The table in this channel", guild_only=True)
        self.bot = bot

    @app_commands.command(description="Show this table's picture and whose turn it is")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        from bot.show.display import table_content

        live = await table_here(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the picture is drawn by a worker
        seen = live.view(live.seat_of(interaction.user.id))
        png = await self.bot.workers.table(live.row.game, seen)
        await interaction.followup.send(table_content(live), ephemeral=True, file=discord.File(
            io.BytesIO(png), "table.png", description=describe_table(live.row.game, seen)))

    @app_commands.command(description="Show your hand and your moves here, just for you")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        await self.bot.router.hand(interaction, live.guild_id, live.table_id)

    @app_commands.command(description="Give up your seat: the computer plays it and you take the loss")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You are not playing at this table.")
        await self.bot.tables.resign(live, seat, interaction.user.id)
        await interaction.response.send_message(
            f"{interaction.user.display_name} resigned; the computer takes over their seat.")
        self.bot.publisher.refresh(live)  # the seat's new name, and no hand controls for it
        self.bot.turns.schedule(live)
        await self.bot.talk.resigned(live, seat, interaction.user.id)

    @app_commands.command(description="Stop this table without a result (host or managers)")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        live = await table_here(self.bot, interaction)
        if interaction.user.id != live.row.host_id and not manages_tables(interaction):
            raise Refusal("Only the host or a server manager can end a table.")
        await self.bot.tables.end(live)
        await interaction.response.send_message(
            f"{interaction.user.display_name} ended this table. No result is recorded.")
        await self.bot.publisher.ended(live, interaction.user.display_name)
        await self.bot.lobbies.show_over(live.guild_id, live.row, f"Ended by {interaction.user.display_name}: "
                                         "no result was recorded.")
        await self.bot.talk.close(live.guild_id, live.table_id, live)
        await self.bot.publisher.schedule_cleanup(live)


def talk_command(bot: CommandHost) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="talk", description="Pass a message to your partner, in games where partners may talk")
    @app_commands.describe(text="What to tell your partner (only they will see it)")
    @app_commands.guild_only()
    async def talk(interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 1500]) -> None:
        live = await table_here(bot, interaction)
        await bot.talk.relay(interaction, live, text)

    return talk


def rules_command(bot: CommandHost) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        found = registry.get(game.value)
        example = await bot.workers.example(found.key)
        quick = discord.Embed(title=f"{found.title} ({counts_text(found)} players): quick start",
                              description="\n".join(f"**{n}.** {line}" for n, line in enumerate(found.quick_start, 1)),
                              colour=discord.Colour.blurple())
        files = []
        if example is not None:
            png, alt, caption = example
            quick.description = f"{quick.description}\n\n*Pictured:* {caption}"
            quick.set_image(url="attachment://example.png")
            files.append(discord.File(io.BytesIO(png), filename="example.png", description=alt))
        quick.set_footer(text=f"Try it: /practice {found.key} plays a game against the computer, with hints.")
        embed = discord.Embed(title="The rules in full", description=found.guide[:4096],
                              colour=discord.Colour.blurple())
        parts = [discord.Embed(title=title, description=text[:4096], colour=discord.Colour.blurple())
                 for title, text in found.guide_parts]  # a rule set each
        (parts or [embed])[-1].set_footer(
            text="\"Table ruling\" marks a decision of ours where the original rules are silent.")
        first, rest = embeds_within([quick, embed, *parts])
        await interaction.response.send_message(embeds=first, files=files, ephemeral=True)
        if rest:
            await interaction.followup.send(embeds=rest, ephemeral=True)

    return rules


EMBEDS_TOTAL = 6000  # Discord's limit on the text of all the embeds in one message


def embeds_within(embeds: list[discord.Embed]) -> tuple[list[discord.Embed], list[discord.Embed]]:
    """The embeds that fit in one message (at most ten, their text within Discord's total), and the
    rest for a second."""
    total = 0
    for n, embed in enumerate(embeds):
        total += len(embed)
        if total > EMBEDS_TOTAL or n == 10:
            return embeds[:n], embeds[n:]
    return embeds, []


def command_lines(commands: list[Any], prefix: str = "") -> list[str]:
    """Every slash command in the tree, with its description: the help stays true as commands change."""
    lines = []
    for command in sorted(commands, key=lambda c: c.name):
        if command.name in ("play", "practice"):  # their subcommands are the games, listed on their own
            lines.append(f"`/{command.name} <game>` — {command.description}")
        elif isinstance(command, app_commands.Group):
            lines += command_lines(command.commands, f"{prefix}{command.name} ")
        else:
            lines.append(f"`/{prefix}{command.name}` — {command.description}")
    return lines


HELP_INTRO = ("I host card games in this server. Open a table with `/play`, fill the seats with friends "
              "or computer players, and I open a channel for it, deal each player's hand by direct "
              "message (or under **My hand** on the table), draw the table after every move and keep "
              "the scores, skill ratings and any stakes. A table picks up where it left off if I restart.")


def help_command(bot: CommandHost) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="help", description="What Parlour does: its games and commands")
    async def help_(interaction: discord.Interaction[Any]) -> None:
        games = [f"**{r.title}** ({counts_text(r)} players) — {r.summary or r.title}"
                 for r in registry.all_rules() if has_table(r.key)]
        text = "\n".join([HELP_INTRO, "", "**Games**", *games, "", "**Commands**",
                           *command_lines(bot.tree.get_commands())])
        embed = discord.Embed(title="Parlour", description=text[:4096], colour=discord.Colour.blurple())
        embed.set_footer(text="/rules <game> explains a game, starting simple; /practice <game> lets you try it "
                              "against the computer, with hints.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    return help_


class ParlourCommands(app_commands.Group):
    def __init__(self, bot: CommandHost) -> None:
        super().__init__(name="parlour", description="Parlour's settings for this server", guild_only=True,
                         default_permissions=discord.Permissions(manage_guild=True))
        self.bot = bot

    @app_commands.command(description="Show or change Parlour's settings for this server (managers)")
    @app_commands.describe(**{key: s.help[:100] for key, s in SETTINGS.items()})
    async def settings(self, interaction: discord.Interaction[Any],
                       turn_timeout: Optional[app_commands.Range[int, 1, 1440]] = None,  # noqa: UP045
                       private_tables: Optional[bool] = None,  # noqa: UP045
                       category: Optional[app_commands.Range[str, 1, 100]] = None,  # noqa: UP045
                       cleanup_delay: Optional[app_commands.Range[int, 0, 10080]] = None,  # noqa: UP045
                       stakes_unit: Optional[Literal["dollars", "cents", "points"]] = None) -> None:  # noqa: UP045
        assert interaction.guild_id is not None
        if not manages_server(interaction):
            await tell(interaction, "Only members who can manage the server can change Parlour's settings.")
            return
        store = await self.bot.stores.guild(interaction.guild_id)
        changes = {"turn_timeout": turn_timeout, "private_tables": private_tables, "category": category,
                   "cleanup_delay": cleanup_delay, "stakes_unit": stakes_unit}
        for key, value in changes.items():
            if value is not None:
                await store.set_setting(key, SETTINGS[key].check(value))
        current = await store.all_settings()
        lines = [f"**{key}**: {current.get(key, s.default)} — {s.help}" for key, s in SETTINGS.items()]
        changed = [k for k, v in changes.items() if v is not None]
        head = f"Updated {', '.join(changed)}." if changed else "Parlour's settings here:"
        await interaction.response.send_message(head + "\n" + "\n".join(lines), ephemeral=True)

    @app_commands.command(name="rebuild-ratings",
                          description="Compute every skill rating again from the recorded results (managers)")
    async def rebuild_ratings(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        if not manages_server(interaction):
            await tell(interaction, "Only members who can manage the server can rebuild the ratings.")
            return
        store = await self.bot.stores.guild(interaction.guild_id)
        await place_older_results(store)
        done = await store.rebuild_ratings()
        found = ("every one came out as it was stored." if not done.changed else
                 f"{done.changed} came out different from what was stored and are now replaced.")
        await interaction.response.send_message(
            f"Rebuilt {done.ratings} ratings from {done.games} finished games: {found}", ephemeral=True)
