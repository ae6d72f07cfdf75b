"""Every click on a Parlour component comes here: the custom_id is read, the right service acts,
and anything that cannot be done is answered to that user alone, changing nothing."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

import discord

from bot.commands.history import HistoryCommands
from bot.commands.lobby import Lobbies
from bot.play import custom_ids, faults
from bot.play.answers import answer, payload
from bot.play.refusals import Refusal
from bot.play.rounds import Rounds
from bot.play.tables import ALREADY_MADE, MOVED_ON, NOT_SEATED, Live, Stale, Tables, same_choice
from bot.runtime.logs import table_extra
from bot.runtime.metrics import Metrics
from bot.show import controls
from bot.show.display import DrawnCopy
from bot.show.hand_copies import moves_view
from bot.show.publisher import Publisher
from bot.show.replays.replays import Replays
from bot.show.results import game_over
from bot.store import StoreFault
from games.core import registry
from games.core.actions import Pick

log = logging.getLogger("parlour.router")
TOO_LATE = "Too late: that moment has passed, and your click changed nothing."
CHOSEN_ALREADY = "You already made your choice there; it counted once."
NOT_MY_SERVER = "That control belongs to a server I'm not in, so it does nothing."
# A hand drawn within this many seconds answers the click itself (one call); a slower one (a worker
# under load) is drawn after the click is acknowledged, well inside Discord's 3 seconds.
ANSWER_WITHIN = 2.0


def log_extra(ref: custom_ids.Ref) -> dict[str, int]:
    """The ``extra`` of a log line about a click: its guild, and its table if it names one (a page of
    /history names a member instead)."""
    return table_extra(ref.guild_id, None if isinstance(ref, custom_ids.HistoryRef) else ref.table_id)


class RouterHost(Protocol):
    """What the router asks of the client."""

    def elsewhere(self, guild_id: int) -> str | None:
        """Why a click for ``guild_id``'s table cannot be served here, when another process of the
        bot serves that guild and the click could not be handed to it; else None."""

    @property
    def stopping(self) -> bool: ...

    @property
    def history(self) -> HistoryCommands: ...

    @property
    def lobbies(self) -> Lobbies: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def publisher(self) -> Publisher: ...

    @property
    def replays(self) -> Replays: ...

    @property
    def rounds(self) -> Rounds: ...

    @property
    def tables(self) -> Tables: ...

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...


class Router:
    def __init__(self, bot: RouterHost) -> None:
        self.bot = bot
        self.active: set[asyncio.Task[Any]] = set()  # clicks being handled

    async def settle(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) for the clicks being handled to be committed and answered."""
        others = [t for t in self.active if t is not asyncio.current_task()]
        if others:
            await asyncio.wait(others, timeout=timeout)

    async def component(self, interaction: discord.Interaction[Any]) -> None:
        """Answer one click, always: with what it did, or with one sentence saying why it did nothing."""
        began = time.perf_counter()
        task = asyncio.current_task()
        if task is not None:
            self.active.add(task)
        custom_id = str(payload(interaction).get("custom_id", ""))
        where: dict[str, int] = {}
        try:
            try:
                ref = custom_ids.parse(custom_id)
            except custom_ids.BadCustomId as err:
                raise Refusal(f"Sorry, {err}. Use the newest message from the table.") from None
            where = log_extra(ref)
            if self.bot.stopping:
                raise Refusal(faults.RESTARTING)
            handed = self.bot.elsewhere(ref.guild_id)
            if handed is not None:  # another process's table, which could not be reached
                raise Refusal(handed)
            if self.bot.get_guild(ref.guild_id) is None:  # forged, or a server that removed the bot
                raise Refusal(NOT_MY_SERVER)
            await self.dispatch(interaction, ref)
        except Refusal as refusal:
            await answer(interaction, str(refusal))
        except StoreFault as fault:
            self.bot.metrics.error("store")
            log.warning("a click could not be saved: %s", fault, extra=where)
            await answer(interaction, faults.words(fault))
        except discord.HTTPException as err:  # answering failed, e.g. the reply to edit is gone
            self.bot.metrics.error("discord")
            log.warning("a click could not be answered as planned (%s %s)", err.status, err.code, extra=where)
            await answer(interaction, "I couldn't show that here. Use the newest message from the table.")
        except Exception:
            self.bot.metrics.error("click")
            log.exception("a click failed", extra=where)
            await answer(interaction, faults.BROKEN)
        finally:
            self.bot.metrics.click(time.perf_counter() - began)
            if task is not None:
                self.active.discard(task)

    async def dispatch(self, interaction: discord.Interaction[Any], ref: custom_ids.Ref) -> None:
        if isinstance(ref, custom_ids.LobbyRef):
            await self.bot.lobbies.click(interaction, ref)
        elif isinstance(ref, custom_ids.HandRef):
            await self.hand(interaction, ref.guild_id, ref.table_id)
        elif isinstance(ref, custom_ids.TableRef) and ref.verb == "rematch":
            await self.bot.lobbies.rematch(interaction, ref.guild_id, ref.table_id)
        elif isinstance(ref, custom_ids.TableRef):
            await self.bot.rounds.click(interaction, ref)
        elif isinstance(ref, custom_ids.PickRef):
            await self.pick(interaction, ref)
        elif isinstance(ref, custom_ids.ReplayRef):
            await self.bot.replays.press(interaction, ref)
        elif isinstance(ref, custom_ids.AskRef):
            live, seat = await self.seated(interaction, ref.guild_id, ref.table_id)
            await self.bot.publisher.ask(interaction, ref, live, seat)
        elif isinstance(ref, custom_ids.HistoryRef):
            await self.bot.history.turn(interaction, ref)
        else:
            await self.action(interaction, ref)

    async def seated(self, interaction: discord.Interaction[Any], guild_id: int, table_id: int) -> tuple[Live, int]:
        if interaction.guild_id is not None and interaction.guild_id != guild_id:
            raise Refusal("That control belongs to another server.")
        live = await self.bot.tables.get(guild_id, table_id)
        if live is None:
            raise Refusal(await self.finished(guild_id, table_id))
        if live.state.is_over:
            raise Refusal(game_over(live.state, live.names, live.unit, live.table_id))
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(NOT_SEATED)
        return live, seat

    async def finished(self, guild_id: int, table_id: int) -> str:
        """What a click on a table no longer played is told: its result, if it finished."""
        store = await self.bot.tables.store(guild_id)
        row = await store.get_table(table_id)
        if row is None or row.status != "finished" or row.record is None:
            return "That table is not being played any more."
        state = registry.get(row.game).from_record(row.record)
        unit = str(await store.get_setting("stakes_unit", "dollars"))
        return game_over(state, [seat.name for seat in row.seats], unit, table_id)

    async def hand(self, interaction: discord.Interaction[Any], guild_id: int, table_id: int) -> None:
        live, seat = await self.seated(interaction, guild_id, table_id)
        if live.state.rules.open_play:
            raise Refusal(f"Nothing is dealt to hands in {live.state.rules.title}: everything is on the table, "
                          "and your moves are the buttons under its picture.")
        await self.show_hand(interaction, live, seat)

    async def show_hand(self, interaction: discord.Interaction[Any], live: Live, seat: int, note: str = "") -> None:
        """Answer this click, for the clicker alone, with their hand and moves as they are now, and
        keep that answer current while Discord lets it be edited. A click on a hand shown this way
        redraws it in place; any other gets a reply of its own. One call when the picture is drawn
        in time (the answer carries it), else two (acknowledged, then edited)."""
        source = interaction.message
        in_place = source is not None and source.flags.ephemeral

        async def drawn() -> tuple[str, discord.File, discord.ui.View | None]:
            copy = await self.bot.publisher.draw_copy(live, seat)
            drawn_for.append(copy)
            content = f"{note}\n{copy.content}"[:2000] if note else copy.content
            return content, copy.file, copy.view

        drawn_for: list[DrawnCopy] = []
        drawing = asyncio.ensure_future(drawn())
        sent_id: int | None
        if not interaction.response.is_done():
            done, _ = await asyncio.wait({drawing}, timeout=ANSWER_WITHIN)
            if drawing in done:
                content, file, view = drawing.result()
                if in_place and source is not None:
                    await interaction.response.edit_message(content=content, attachments=[file], view=view)
                    sent_id = source.id
                else:
                    answered = await interaction.response.send_message(content, file=file, ephemeral=True,
                                                                       view=view or discord.utils.MISSING)
                    sent_id = answered.message_id
            else:  # drawn by a worker, which under load may take longer than Discord waits
                await (interaction.response.defer() if in_place
                       else interaction.response.defer(ephemeral=True, thinking=True))
                sent_id = await self.edit_or_follow(interaction, await drawing, edit=True)
        else:  # acknowledged already, by a click whose move then lost a race: edit only our own reply
            sent_id = await self.edit_or_follow(interaction, await drawing, edit=in_place)
        if sent_id is not None:  # its note kept on it as the game moves on, through the click's token
            await self.bot.publisher.replied_with_copy(live, seat, drawn_for[0], sent_id, interaction, note)

    @staticmethod
    async def edit_or_follow(interaction: discord.Interaction[Any],
                             drawn: tuple[str, discord.File, discord.ui.View | None], *, edit: bool) -> int:
        """Show a hand after the click was acknowledged: in the answer's place, or as a follow-up."""
        content, file, view = drawn
        if edit:
            return (await interaction.edit_original_response(content=content, attachments=[file], view=view)).id
        return (await interaction.followup.send(content, file=file, ephemeral=True, wait=True,
                                                view=view or discord.utils.MISSING)).id

    async def action(self, interaction: discord.Interaction[Any], ref: custom_ids.ActionRef) -> None:
        live, seat = await self.seated(interaction, ref.guild_id, ref.table_id)
        token = ref.token
        if ref.select:
            values = payload(interaction).get("values") or []
            if len(values) != 1 or not isinstance(values[0], str):
                raise Refusal("Choose one move from the list.")
            token = values[0]
        copy = self.hand_copy(interaction)
        if ref.clock:
            await self.clock_move(interaction, live, seat, ref.version, token, copy)
            return
        for _ in range(5):  # each retry follows a move made by another seat while this one was in hand
            version = ref.version
            if version != live.version:  # checked again under the table's lock
                if not self.same_choice(live, seat, version):
                    await self.stale(interaction, live, seat, version, token)
                    return
                version = live.version  # others moved at the same time: this seat's choice stands
            if live.state.between_rounds:  # the table decides, through its own buttons (bot.play.rounds)
                raise Refusal("The round is over: use the buttons under the table's picture to go on or stop.")
            if seat not in live.state.to_move:
                raise Refusal("It's not your turn yet.")
            try:
                await self.move_and_answer(interaction, live, seat, copy, version, token)
                return
            except Stale:
                continue  # another move got there first: this one may still stand (two players discarding)
        await self.stale(interaction, live, seat, ref.version, token)

    @staticmethod
    def hand_copy(interaction: discord.Interaction[Any]) -> discord.Message | None:
        """The copy of the clicker's hand the click was made on (a hand shown in reply, or the hand's
        direct message), or None for a message in the table's channel."""
        message = interaction.message
        if message is not None and (message.flags.ephemeral or message.guild is None):
            return message
        return None

    async def move_and_answer(self, interaction: discord.Interaction[Any], live: Live, seat: int,
                              copy: discord.Message | None, version: int, token: str) -> None:
        """Commit the move, then answer the click: on a copy of the hand, by redrawing that copy in
        the answer itself (one call, outside the global limit), which from then on is the seat's
        copy kept current through this click's token; on the table message (a game played on the
        table), by redrawing the table in the answer; elsewhere by acknowledging it."""
        publisher = self.bot.publisher
        if copy is not None:
            # Noted before the move, so the display it starts knows of it (and leaves it to this answer).
            await publisher.track_reply(live, seat, interaction.application_id, interaction.token, copy.id,
                                        dm=not copy.flags.ephemeral, answering=True)
        on_table = copy is None and interaction.message is not None \
            and interaction.message.id == live.row.table_message_id
        if on_table:
            publisher.answering_table(live)
        shown: int | None = None
        try:
            await self.bot.tables.act(live, version, seat, token, interaction.user.id, "click")
            # Acknowledged only now that the move is committed: a stop in between loses no move anyone saw taken.
            if copy is not None:
                shown = await publisher.answer_with_hand(interaction, live, seat, copy.id, ANSWER_WITHIN)
            elif on_table:
                await publisher.answer_with_table(interaction, live, ANSWER_WITHIN)
            if not interaction.response.is_done():
                await interaction.response.defer()
        finally:
            if copy is not None:
                publisher.answered(live, seat, shown)
            if on_table:
                publisher.table_answered(live)

    async def clock_move(self, interaction: discord.Interaction[Any], live: Live, seat: int, since: int,
                         token: str, copy: discord.Message | None) -> None:
        """A move made on a clock: good while the clock begun at version ``since`` runs, whoever
        moves meanwhile. Once it has stopped, a pick's move still stands if the seat could make
        that very move then and still can (a play chosen in the window, made just after it
        closed); anything else is too late. Of two calls at once the second finds the clock
        stopped: the first counts, once."""
        for _ in range(5):  # each retry follows another seat's move inside the same clock
            version = live.version
            if not self.still_good(live, seat, since, token):
                made = [tok for s, tok in live.state.history[since:] if s == seat]
                raise Refusal(CHOSEN_ALREADY if made else TOO_LATE)
            try:
                await self.move_and_answer(interaction, live, seat, copy, version, token)
            except Stale:
                continue
            return
        raise Refusal("The table is busy: try once more.")

    @staticmethod
    def same_choice(live: Live, seat: int, version: int) -> bool:
        return same_choice(live, seat, version)

    def still_good(self, live: Live, seat: int, since: int, token: str) -> bool:
        state = live.state
        if seat not in state.to_move:
            return False
        clock = state.clock
        if clock is not None and clock.since == since:
            return seat in clock.seats
        pick = state.pick(seat)
        if pick is None or not token.startswith(f"{pick.verb}:") or since > len(state.history):
            return False
        return self.bot.tables.state_at(live, since).pick(seat) == pick

    async def pick(self, interaction: discord.Interaction[Any], ref: custom_ids.PickRef) -> None:
        """Cards ticked in a pick's select: the message's controls are redrawn with the choice in
        the pick's button (the choice lives nowhere else), still good if the table moved on
        without changing what the seat may choose."""
        live, seat = await self.seated(interaction, ref.guild_id, ref.table_id)
        pick = live.state.pick(seat)
        current = ref.version == live.version or (pick is not None and self.still_good(
            live, seat, ref.version, f"{pick.verb}:")) or self.same_choice(live, seat, ref.version)
        if pick is None or not current:
            await self.stale(interaction, live, seat, ref.version, "")
            return
        first = ref.index * controls.SELECT_SIZE
        part = range(first, min(first + controls.SELECT_SIZE, len(pick.cards)))
        values = payload(interaction).get("values") or []
        if not all(isinstance(v, str) and v.isdigit() and int(v) in part for v in values):
            raise Refusal("That choice of cards is out of date. Use the newest copy of your hand.")
        ticked = {int(v) for v in values}
        kept = {i for i in self.chosen(interaction, pick) if i not in part}
        view = moves_view(live, seat, live.state, chosen=sorted(kept | ticked))
        await interaction.response.edit_message(view=view)

    @staticmethod
    def chosen(interaction: discord.Interaction[Any], pick: Pick) -> list[int]:
        """The cards chosen so far, read from the pick's button on the clicked message."""
        message = interaction.message
        for row in message.components if message is not None else []:
            for item in getattr(row, "children", [row]):
                custom_id = getattr(item, "custom_id", None) or ""
                try:
                    ref = custom_ids.parse(custom_id)
                except custom_ids.BadCustomId:
                    continue
                if isinstance(ref, custom_ids.ActionRef) and ref.token.startswith(f"{pick.verb}:"):
                    return controls.chosen_in(pick, ref.token)
        return []

    async def stale(self, interaction: discord.Interaction[Any], live: Live, seat: int, version: int,
                    token: str) -> None:
        """A click on controls the table has moved past: say whether it was this very move, made
        already (a double click, a slow connection), and give the player what they can do now."""
        history = live.state.history
        repeated = version < len(history) and tuple(history[version]) == (seat, token)
        await self.show_hand(interaction, live, seat, ALREADY_MADE if repeated else MOVED_ON)
