"""Lobbies: /play posts one, players join or leave, seats are filled with computers, and the
host starts the table (or cancels). A lobby is a table row in the 'lobby' status, so it survives
a restart like everything else."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any, Protocol

import discord

from bot.play import channels
from bot.play.answers import tell
from bot.play.custom_ids import LobbyRef
from bot.play.partners_talk import Talk
from bot.play.refusals import Refusal
from bot.play.tables import Tables
from bot.play.timers import Turns
from bot.runtime import permissions
from bot.runtime.logs import table_extra
from bot.show import controls
from bot.show.display import messages_of
from bot.show.learning import hints_on
from bot.show.publisher import Publisher
from bot.store import Stores, TableRow
from bot.store.rows import Seat
from games.core import registry
from games.core.base import Rules
from games.core.errors import BadOptions

log = logging.getLogger("parlour.lobby")
FIELD_LIMIT = 1024  # Discord's longest embed field value


class LobbyHost(Protocol):
    """What the lobbies ask of the client."""

    @property
    def publisher(self) -> Publisher: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def turns(self) -> Turns: ...


def counts_text(rules: Rules) -> str:
    """The player counts of a game: "2 or 4", "3 to 30"."""
    counts = rules.player_counts
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(str(n) for n in counts)


def describe_options(rules: Rules, options: dict[str, Any], players: int) -> str:
    """The table's options as the lobby lists them, leaving out those that do not apply (a Joker's
    rule without jokers)."""
    parts = []
    for opt in rules.options:
        if opt.required:
            other, wanted = opt.required
            if options.get(other, rules.option(other).default_for(players)) not in wanted:
                continue
        value = options.get(opt.name, opt.default_for(players))
        if opt.kind == "int" and value == 0 and "(0: " in opt.help:  # what 0 means, not a bare 0
            value = opt.help.split("(0: ", 1)[1].split(")")[0]
        if opt.kind == "seat":
            value = "decided by the game" if value is None else f"seat {int(value) + 1}"
        elif opt.kind == "bool":
            value = "on" if value else "off"
        parts.append(f"{opt.name.replace('_', ' ')}: {value}")
    return " · ".join(parts)


def computer_seat(seats: list[Seat], level: registry.Level) -> Seat:
    """A computer's seat, named by its number among the table's computers and, if Easy or Hard, so."""
    number = sum(1 for s in seats if s.ai and s.member_id is None) + 1
    named = {"easy": "Easy computer", "hard": "Hard computer"}.get(level, "Computer")
    return Seat(None, f"{named} {number}", ai=True, level=level)


def players_for(rules: Rules, seated: int) -> int:
    """The table size its options are read for: as seated, once that is a size the game takes."""
    return seated if seated in rules.player_counts else rules.min_players


def practice_size(rules: Rules) -> int:
    """A practice table's seats: the fewest the game takes, or four where three is the fewest (the
    usual table of Busca, Fan Tan, Bullshit and Fscking Ace)."""
    fewest = rules.min_players
    return 4 if fewest == 3 and 4 in rules.player_counts else fewest


def seat_line(n: int, seat: Seat, row: TableRow, away: set[int]) -> str:
    said = "computer" in seat.name.lower()
    kind = f" ({seat.level} computer)" if seat.level != "normal" and not said else \
        " (computer)" if seat.ai and not said else ""
    return (f"{n + 1}. {seat.name}{kind}{' — host' if seat.member_id == row.host_id else ''}"
            f"{' — not back yet: press Join' if seat.member_id in away and not seat.ai else ''}")


def awaiting(row: TableRow) -> list[int]:
    """Members invited back to a rematch who have not pressed Join yet."""
    return [int(m) for m in row.extra.get("awaiting", [])]


def lobby_embed(rules: Rules, row: TableRow, note: str = "") -> discord.Embed:
    counts = counts_text(rules)
    embed = discord.Embed(title=f"{rules.title} — table #{row.id}", description=rules.summary,
                          colour=discord.Colour.blurple())
    away = set(awaiting(row))
    seats = [seat_line(i, s, row, away) for i, s in enumerate(row.seats)]
    # A field holds 1,024 characters: a big table's seats (Fscking Ace seats 30) take several.
    for n, part in enumerate(messages_of(seats, FIELD_LIMIT) or ["nobody yet"]):
        embed.add_field(name=f"Players ({len(row.seats)}; {counts} can play)" if n == 0 else "\u200b", value=part,
                        inline=False)
    options = " · ".join(part for part in (describe_options(rules, dict(row.options), len(row.seats)),
                                           "" if hints_on(row.extra) else "hints: off") if part)
    length = rules.length(rules.resolve_options(dict(row.options), players_for(rules, len(row.seats))))
    if length:
        embed.add_field(name="How long", value=f"{length[:1].upper()}{length[1:]}", inline=False)
    embed.add_field(name="Options", value=options or "none", inline=False)
    rematch_of = row.extra.get("rematch_of")
    if rematch_of:
        embed.description = f"A rematch of table #{rematch_of}: same game, options and seats. {rules.summary}"
    if row.extra.get("practice"):
        embed.title = f"{rules.title} — practice table #{row.id}"
        embed.description = (f"A practice game against the computer, with hints: unrated, and no stakes change. "
                             f"{rules.summary}")
    if note:  # where the lobby stands now (started, cancelled, expired), first thing, not under a blank heading
        embed.description = f"**{note}**\n{embed.description}"
    elif not row.extra.get("practice"):  # an open lobby; once started, cancelled or expired its note says so instead
        embed.set_footer(text="Join to take a seat. The host starts the game. The lobby closes after 15 idle "
                              "minutes.")
    return embed


def lobby_controls(guild_id: int, row: TableRow) -> discord.ui.View:
    """Start waits until everyone invited back to a rematch has answered."""
    return controls.lobby_view(guild_id, row.id, can_start=not awaiting(row), hard="hard" in registry.levels(row.game))


class Lobbies:
    def __init__(self, bot: LobbyHost) -> None:
        self.bot = bot
        self.rematch_lock = asyncio.Lock()

    async def open(self, interaction: discord.Interaction[Any], rules: Rules, options: dict[str, Any],
                   hints: bool = True) -> None:
        guild = interaction.guild
        if guild is None:
            await interaction.response.send_message("Tables are played in a server, not in direct messages.",
                                                    ephemeral=True)
            return
        problem = self.cannot_post_here(interaction, guild)
        if problem is not None:  # results, rematches and a table's thread could not go here: no lobby
            await interaction.response.send_message(problem, ephemeral=True)
            return
        try:  # checked now; defaults are filled in at Start, when the number of players is known
            resolved = {k: v for k, v in rules.resolve_options(options, rules.max_players).items() if k in options}
        except BadOptions as err:
            await interaction.response.send_message(str(err), ephemeral=True)
            return
        store = await self.bot.stores.guild(guild.id)
        host = Seat(interaction.user.id, interaction.user.display_name)
        row = await store.create_table(rules.key, resolved, secrets.randbits(31), interaction.user.id, [host],
                                       interaction.channel_id)
        if not hints:
            row = await store.merge_extra(row.id, {"hints": False})
        assert guild is not None
        await interaction.response.send_message(embed=lobby_embed(rules, row),
                                                view=lobby_controls(guild.id, row))
        message = await interaction.original_response()
        row = await store.update_table(row.id, lobby_message_id=message.id)
        self.bot.turns.expire_lobby_later(guild.id, row)

    async def practice(self, interaction: discord.Interaction[Any], rules: Rules, options: dict[str, Any],
                       level: registry.Level) -> None:
        """/practice: a table for the member against computers at once (no lobby), with hints,
        unrated; started as the host's Start would, the answer showing where to play."""
        guild = interaction.guild
        if guild is None:
            raise Refusal("Tables are played in a server, not in direct messages.")
        problem = self.cannot_post_here(interaction, guild)
        if problem is not None:
            raise Refusal(problem)
        players = practice_size(rules)
        options = {**rules.practice_options, **options}
        try:
            resolved = rules.resolve_options(options, players)
        except BadOptions as err:
            raise Refusal(str(err)) from None
        store = await self.bot.stores.guild(guild.id)
        seats = [Seat(interaction.user.id, interaction.user.display_name)]
        while len(seats) < players:
            seats.append(computer_seat(seats, level))
        row = await store.create_table(rules.key, {k: v for k, v in resolved.items() if k in options},
                                       secrets.randbits(31), interaction.user.id, seats, interaction.channel_id)
        row = await store.merge_extra(row.id, {"practice": True})
        await self.start(interaction, row, rules)

    async def click(self, interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        store = await self.bot.stores.guild(ref.guild_id)
        row = await store.get_table(ref.table_id)
        if row is None or interaction.guild_id != ref.guild_id:
            raise Refusal("That lobby no longer exists.")
        if row.status != "lobby":
            raise Refusal("This lobby is closed: the game has started or was cancelled.")
        rules = registry.get(row.game)
        user = interaction.user
        seats = list(row.seats)
        away = awaiting(row)
        if user.id in away and ref.verb in ("join", "leave"):
            await self.answer_invitation(interaction, ref.guild_id, row, rules, user.id, ref.verb == "join")
            return
        seated = any(s.member_id == user.id and not s.ai for s in seats) and user.id not in away
        if ref.verb == "join":
            if seated:
                raise Refusal("You already have a seat at this table.")
            if len(seats) >= rules.max_players:
                raise Refusal(f"This table is full ({rules.max_players} players).")
            seats.append(Seat(user.id, user.display_name))
        elif ref.verb == "leave":
            if not seated:
                raise Refusal("You don't have a seat at this table.")
            if user.id == row.host_id:
                raise Refusal("You are the host: use Cancel to close the lobby.")
            seats = [s for s in seats if s.member_id != user.id or s.ai]
        elif ref.verb in ("computer", "easy", "hard"):
            if not seated:
                raise Refusal("Only players at this table can add a computer.")
            if len(seats) >= rules.max_players:
                raise Refusal(f"This table is full ({rules.max_players} players).")
            level: registry.Level = "easy" if ref.verb == "easy" else "hard" if ref.verb == "hard" else "normal"
            if level not in registry.levels(rules.key):
                raise Refusal(f"{rules.title} has no Hard computer yet: add a Normal one.")
            seats.append(computer_seat(seats, level))
        elif ref.verb == "cancel":
            self.host_only(interaction, row)
            await store.cancel_table(row.id)
            await interaction.response.edit_message(
                embed=lobby_embed(rules, row, f"Cancelled by {user.display_name}."), view=None)
            return
        elif ref.verb == "start":
            self.host_only(interaction, row)
            await self.start(interaction, row, rules)
            return
        if not await store.set_lobby_seats(row.id, seats):
            raise Refusal("This lobby is closed: the game has started or was cancelled.")
        row = await store.get_table(row.id) or row
        await interaction.response.edit_message(embed=lobby_embed(rules, row), view=lobby_controls(ref.guild_id, row))
        self.bot.turns.expire_lobby_later(ref.guild_id, row)

    async def answer_invitation(self, interaction: discord.Interaction[Any], guild_id: int, row: TableRow,
                                rules: Rules, member_id: int, accept: bool) -> None:
        """A member invited back to a rematch takes their old seat (Join) or declines it (Leave)."""
        store = await self.bot.stores.guild(guild_id)
        rest = [m for m in awaiting(row) if m != member_id]
        if not accept:
            seats = [s for s in row.seats if s.member_id != member_id or s.ai]
            if not await store.set_lobby_seats(row.id, seats):
                raise Refusal("This lobby is closed: the game has started or was cancelled.")
        row = await store.merge_extra(row.id, {"awaiting": rest or None})
        await interaction.response.edit_message(embed=lobby_embed(rules, row), view=lobby_controls(guild_id, row))
        self.bot.turns.expire_lobby_later(guild_id, row)

    async def rematch(self, interaction: discord.Interaction[Any], guild_id: int, table_id: int) -> None:
        """Rematch under a result: a new lobby for the same game, options and seats, computers
        kept; whoever pressed is the host and seated, every other member is invited to press Join."""
        async with self.rematch_lock:  # two presses at once make one lobby
            store = await self.bot.stores.guild(guild_id)
            old = await store.get_table(table_id)
            if old is None or interaction.guild_id not in (None, guild_id):
                raise Refusal("That table no longer exists.")
            if old.status != "finished":
                raise Refusal("A rematch can be asked for once the game is over.")
            user = interaction.user
            if user.id not in old.member_ids:
                raise Refusal("Only the players of that game can ask for a rematch. Use /play to open a table.")
            current = old.extra.get("rematch")
            if current is not None:
                lobby = await store.get_table(int(current))
                if lobby is not None and lobby.status == "lobby":
                    where = f" in <#{lobby.origin_channel_id}>" if lobby.origin_channel_id else ""
                    await tell(interaction, f"The rematch is open already{where}: press **Join** on it to play.")
                    return
            rules = registry.get(old.game)
            seats = [Seat(None, s.name, ai=True, level=s.level) if s.member_id is None else
                     Seat(s.member_id, s.name.removesuffix(" (computer)")) for s in old.seats]
            invited = [s.member_id for s in seats if s.member_id is not None and s.member_id != user.id]
            channel_id = old.origin_channel_id or interaction.channel_id
            if channel_id is None:
                raise Refusal("I don't know where to open the rematch: use /play.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            row = await store.create_table(old.game, dict(old.options), secrets.randbits(31), user.id, seats,
                                           channel_id)
            row = await store.merge_extra(row.id, {"awaiting": invited or None, "rematch_of": old.id,
                                                   "hints": False if not hints_on(old.extra) else None,
                                                   "practice": True if old.extra.get("practice") else None})
            await store.merge_extra(old.id, {"rematch": row.id})
        mentions = " ".join(f"<@{m}>" for m in invited)
        text = (f"{mentions} {user.display_name} asks for a rematch: press **Join** to take your seat again."
                if invited else f"{user.display_name} asks for a rematch.")
        message = await self.bot.publisher.post(
            channel_id, text, embed=lobby_embed(rules, row), view=lobby_controls(guild_id, row),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(m) for m in invited]))
        row = await store.update_table(row.id, lobby_message_id=message.id)
        self.bot.turns.expire_lobby_later(guild_id, row)
        await interaction.followup.send(f"The rematch is open in <#{channel_id}>."
                                        + (" The host can start once everyone is back." if invited else ""),
                                        ephemeral=True)

    @staticmethod
    def host_only(interaction: discord.Interaction[Any], row: TableRow) -> None:
        if interaction.user.id != row.host_id:
            raise Refusal("Only the host can do that.")

    async def start(self, interaction: discord.Interaction[Any], row: TableRow, rules: Rules) -> None:
        away = awaiting(row)
        if away:
            names = [s.name for s in row.seats if s.member_id in away and not s.ai]
            raise Refusal(f"Waiting for {', '.join(names)} to press Join (or Leave).")
        players = len(row.seats)
        if players not in rules.player_counts:
            counts = counts_text(rules)
            fill = ("Press **Add computer** to fill a seat, or wait for friends to press **Join**."
                    if players < min(rules.player_counts) else "Someone must **Leave** first.")
            raise Refusal(f"{rules.title} needs {counts} players; this table has {players}. {fill}")
        guild = interaction.guild
        assert guild is not None
        store = await self.bot.stores.guild(guild.id)
        settings = await store.all_settings()
        private = bool(settings.get("private_tables", False))
        problem = channels.problem(guild, interaction.channel, private)
        if problem is not None:  # nothing has changed: the lobby stays open for Start once it is granted
            raise Refusal(problem)
        await interaction.response.defer()  # opening a channel and drawing the table can take a moment
        options = rules.resolve_options(dict(row.options), players)
        state = rules.new_game(players, seed=row.seed, options=options)
        if private:  # marked before it starts: a private table is never replayable by all, even for a moment
            row = await store.merge_extra(row.id, {"private": True})
        if not await store.start_table(row.id, state.to_record(), row.seats):
            await interaction.followup.send("This table has already started.", ephemeral=True)
            return
        try:
            channel_id, is_thread, note = await channels.open_table(
                guild, interaction.channel if isinstance(interaction.channel, discord.TextChannel) else None,
                channels.may_manage(guild), rules.key, rules.title, row.id, list(row.seats), private,
                str(settings.get("category", "Parlour")))
        except (discord.HTTPException, PermissionError, channels.Unfit) as err:
            await self.not_opened(interaction, store, row, rules, err)
            return
        row = await store.update_table(row.id, channel_id=channel_id, is_thread=is_thread)
        live = self.bot.tables.adopt(guild.id, row, begun=True)
        log.info("table started: %s, %d seats", row.game, len(row.seats), extra=table_extra(guild.id, row.id))
        started = f"Started! Play in <#{channel_id}>."
        await interaction.edit_original_response(embed=lobby_embed(rules, row, started), view=None)
        if note:
            await interaction.followup.send(note, ephemeral=True)
        mentions = " ".join(f"<@{s.member_id}>" for s in row.seats if s.member_id and not s.ai)
        where = ("Everything is on the table: your moves are the buttons under its picture, and you'll be "
                 "mentioned when your turn comes." if rules.open_play else
                 "Your cards come by direct message; the **My hand** button below the table shows them here too.")
        if row.extra.get("practice"):
            where += (" This is a practice game: press **💡 Hint** on your hand whenever you like, and ask why a "
                      "card can't be played with the menu under it. Nothing here is rated.")
        self.bot.publisher.greet(live, f"{mentions} your **{rules.title}** table is ready. {where}")
        self.bot.publisher.refresh(live, hands="fresh")
        self.bot.turns.schedule(live)
        await self.bot.talk.open(live)  # partners' private threads, in games where partners may talk

    @staticmethod
    def cannot_post_here(interaction: discord.Interaction[Any], guild: discord.Guild) -> str | None:
        """/play: one sentence if the bot cannot post in the command's channel (a thread: with its
        parent's permissions and Send Messages in Threads), else None."""
        channel = interaction.channel
        perms = interaction.app_permissions
        me = guild.me
        if me is not None and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            with contextlib.suppress(discord.ClientException):  # a thread whose parent is not known
                perms = channel.permissions_for(me)
        place = f"<#{interaction.channel_id}>"
        return permissions.lobby_problem(perms, place, thread=isinstance(channel, discord.Thread))

    async def not_opened(self, interaction: discord.Interaction[Any], store: Any, row: TableRow, rules: Rules,
                         err: Exception) -> None:
        """The table's channel or thread could not be opened (or used): the table is cancelled, the
        lobby says so, and the host is told why in words, never Discord's raw error."""
        if isinstance(err, channels.Unfit):
            why = str(err)
        elif isinstance(err, discord.Forbidden):
            why = ("Discord refused to open a channel or thread for this table: I'm missing a permission there. "
                   f"A server manager can check my role in {permissions.ROLE_SETTINGS}.")
        elif isinstance(err, discord.HTTPException):
            why = "Discord didn't let me open a channel or thread for this table just now; please try again."
        else:
            why = f"I couldn't open a place for this table: {err}."
        log.warning("table %s was not opened: %r", row.id, err)
        await store.cancel_table(row.id)
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(embed=lobby_embed(rules, row, "Not started: the table was "
                                                                              "cancelled. Use /play to open another."),
                                                     view=None)
        await interaction.followup.send(why, ephemeral=True)

    async def show_over(self, guild_id: int, row: TableRow, note: str) -> None:
        """The lobby of a table whose game is over says so (``note``: how it ended), where it said
        "Started! Play in #...": a link that leads to a finished table, or to nothing once it is
        cleaned up, no longer stands as the last word."""
        if row.origin_channel_id is None or row.lobby_message_id is None:
            return
        message = self.bot.publisher.channel(row.origin_channel_id).get_partial_message(row.lobby_message_id)
        try:
            async with self.bot.publisher.limits.write(row.origin_channel_id):
                await message.edit(embed=lobby_embed(registry.get(row.game), row, note), view=None)
        except discord.HTTPException:
            log.info("could not mark lobby %s of guild %s over", row.id, guild_id)

    async def show_expired(self, guild_id: int, row: TableRow) -> None:
        if row.origin_channel_id is None or row.lobby_message_id is None:
            return
        rules = registry.get(row.game)
        message = self.bot.publisher.channel(row.origin_channel_id).get_partial_message(row.lobby_message_id)
        try:
            await message.edit(embed=lobby_embed(rules, row, "This lobby expired after 15 minutes without activity."),
                               view=None)
        except discord.HTTPException:
            log.info("could not mark lobby %s of guild %s expired", row.id, guild_id)


