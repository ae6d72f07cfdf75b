"""Games played round after round (``Rules.open_ended``): the break between two rounds, a seated
player's request to end the game after this round, and newcomers dealt in at the next round.

Requests are kept in the table's ``extra`` (so a restart keeps them): ``end_after`` names who
asked to stop, ``joining`` lists who waits for a seat. At the break the bot answers for the table
with the game's own tokens: it seats each newcomer (``join``), then ends the game if someone asked
(``end``) or, after a short pause to read the settlement, deals the next round (``next``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, Protocol

import discord

from bot.play import custom_ids, timers
from bot.play.answers import tell
from bot.play.protocols import Redrawer
from bot.play.refusals import Refusal
from bot.play.tables import NOT_SEATED, ActionSource, Live, Tables
from bot.store import Stores
from bot.store.rows import MemberRef, Seat
from games.core.base import END_GAME, JOIN, NEXT_ROUND, State

BREAK_MINUTES = 1 / 3  # the pause between a round's settlement and the next deal


def joining(live: Live) -> list[MemberRef]:
    """Who waits for a seat at the next round, in the order they asked."""
    return [j for j in live.row.extra.get("joining", []) if live.seat_of(int(j["id"])) is None]


def end_asked_by(live: Live) -> str | None:
    asked = live.row.extra.get("end_after")
    return str(asked["name"]) if isinstance(asked, dict) else None


def notes(live: Live, state: State | None = None) -> list[str]:
    """Lines for the table message (showing ``state``, by default the newest): the requests standing."""
    state = live.state if state is None else state
    lines = []
    if state.rules.open_ended and not state.is_over:
        asked = end_asked_by(live)
        if asked:
            lines.append(f"{asked} asked to end the game after this round.")
        waiting = joining(live)
        if waiting:
            lines.append("Joining at the next round: " + ", ".join(str(j["name"]) for j in waiting) + ".")
    return lines


def verbs(live: Live, state: State | None = None) -> list[tuple[str, str, discord.ButtonStyle]]:
    """The table buttons a game of rounds shows with ``state`` (by default the newest): (verb, label, style)."""
    state = live.state if state is None else state
    if not state.rules.open_ended or state.is_over:
        return []
    grey, red = discord.ButtonStyle.secondary, discord.ButtonStyle.danger
    found: list[tuple[str, str, discord.ButtonStyle]] = []
    if state.final_round:  # the game ends with this round anyway: nothing to ask for
        return []
    if state.between_rounds:
        found += [("next", "Deal the next round now", discord.ButtonStyle.primary), ("end", "End the game", red)]
    elif end_asked_by(live):
        found.append(("stay", "Keep playing", grey))
    else:
        found.append(("end", "End after this round", grey))
    if state.rules.joinable and not end_asked_by(live) and state.players + len(joining(live)) < state.rules.max_players:
        found.append(("join", "Join at the next round", discord.ButtonStyle.success))
    if joining(live):
        found.append(("leave", "Don't join after all", grey))
    return found


def has_humans(live: Live) -> bool:
    return any(not seat.ai for seat in live.row.seats)


class RoundsHost(Protocol):
    """What this module asks of the client."""

    @property
    def tables(self) -> Tables: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def publisher(self) -> Redrawer: ...



class Rounds:
    def __init__(self, bot: RoundsHost) -> None:
        self.bot = bot

    # -- clicks ----------------------------------------------------------------------------
    async def click(self, interaction: discord.Interaction[Any], ref: custom_ids.TableRef) -> None:
        if interaction.guild_id is not None and interaction.guild_id != ref.guild_id:
            raise Refusal("That control belongs to another server.")
        live = await self.bot.tables.get(ref.guild_id, ref.table_id)
        if live is None:
            raise Refusal("That table is not being played any more.")
        if live.state.is_over or live.row.status != "playing":
            raise Refusal("This game is over.")
        if not live.state.rules.open_ended:
            raise Refusal("This game is not played in rounds, so that button does nothing here.")
        user = interaction.user
        name = getattr(user, "display_name", None) or user.name
        if ref.verb in ("join", "leave"):
            await (self.join if ref.verb == "join" else self.leave)(interaction, live, user.id, name)
            return
        if live.seat_of(user.id) is None:
            raise Refusal(NOT_SEATED)
        if ref.verb == "next":
            if not live.state.between_rounds:
                raise Refusal("This round is still being played; the next one is dealt when it ends.")
            await self.advance(live, user.id, "table")
            await interaction.response.defer()  # once the deal is committed
        elif ref.verb == "end":
            await self.end(interaction, live, user.id, name)
        else:
            await self.stay(interaction, live, name)

    async def join(self, interaction: discord.Interaction[Any], live: Live, member_id: int, name: str) -> None:
        rules = live.state.rules
        if live.seat_of(member_id) is not None:
            raise Refusal("You are already playing at this table.")
        if member_id in live.row.member_ids:  # their old seat is the computer's now
            raise Refusal("You gave up your seat at this table, so you can't join it again.")
        if not rules.joinable:
            raise Refusal(f"{rules.title} can't take new players once it has started.")
        if end_asked_by(live) or live.state.final_round:
            raise Refusal("This game ends after this round, so there is no next round to join.")
        async with live.lock:  # read and write the list together: two joins must not drop one
            waiting = joining(live)
            if any(int(j["id"]) == member_id for j in waiting):
                raise Refusal("You are already on the list for the next round.")
            if live.state.players + len(waiting) >= rules.max_players:
                raise Refusal(f"The table is full: {rules.title} seats at most {rules.max_players} players.")
            live.take_stored(await self._store_extra(live, {"joining": [*waiting, {"id": member_id, "name": name}]}))
        if live.state.between_rounds:
            await self.advance(live, member_id, "join", deal=False)
            seated = live.seat_of(member_id) is not None and not live.state.is_over
            await tell(interaction, "You're in: you play from the next round." if seated else
                       "The game ended before you could be seated.")
            return
        await tell(interaction, "You'll be dealt in when this round ends.")
        self._show(live)

    async def leave(self, interaction: discord.Interaction[Any], live: Live, member_id: int, name: str) -> None:
        async with live.lock:
            waiting = joining(live)
            if not any(int(j["id"]) == member_id for j in waiting):
                raise Refusal("You are not on the list for the next round.")
            rest = [j for j in waiting if int(j["id"]) != member_id]
            live.take_stored(await self._store_extra(live, {"joining": rest or None}))
        await tell(interaction, "You won't be dealt in.")
        self._show(live)

    async def end(self, interaction: discord.Interaction[Any], live: Live, member_id: int, name: str) -> None:
        if live.state.between_rounds:
            await self._act(live, END_GAME, member_id, "table")
            await interaction.response.defer()  # once the end is committed
            return
        if end_asked_by(live):
            raise Refusal("The game already ends after this round.")
        async with live.lock:
            live.take_stored(await self._store_extra(live, {"end_after": {"id": member_id, "name": name}}))
        await interaction.response.send_message(
            f"{name} asked to end the game after this round. Anyone playing can press **Keep playing** to go on.",
            allowed_mentions=discord.AllowedMentions.none())
        self._show(live)

    async def stay(self, interaction: discord.Interaction[Any], live: Live, name: str) -> None:
        if not end_asked_by(live):
            raise Refusal("Nobody has asked to end the game, so play goes on anyway.")
        async with live.lock:
            live.take_stored(await self._store_extra(live, {"end_after": None}))
        await interaction.response.send_message(f"{name} wants to keep playing: the game goes on after this round.",
                                                allowed_mentions=discord.AllowedMentions.none())
        self._show(live)

    # -- the break -------------------------------------------------------------------------
    async def pause(self, live: Live, version: int) -> None:
        """The timer's part: newcomers and an end are seen to at once; otherwise the table gets a
        moment with the settlement before the next deal. Timed from the stored turn start, so a
        restart keeps the schedule."""
        ending = bool(end_asked_by(live)) or not has_humans(live)
        seating = bool(joining(live))
        if not (ending or seating):
            started = live.row.turn_started_at or time.time()
            await asyncio.sleep(max(0.0, started + timers.MINUTE * BREAK_MINUTES - time.time()))
        if live.version == version:
            # Newcomers are seated at once; the deal still waits for the break (the join
            # reschedules this timer).
            await self.advance(live, None, "table", deal=ending or not seating)

    async def advance(self, live: Live, actor_id: int | None, source: ActionSource, deal: bool = True) -> None:
        """End the game if someone asked to (or no member is left, or, when the timer asks,
        nobody played the round just settled); else seat every newcomer and deal the next round
        (unless ``deal`` is false). A step someone else took first is simply not taken again."""
        try:
            while live.state.between_rounds:
                if end_asked_by(live) or not has_humans(live) or (actor_id is None and await self.abandoned(live)):
                    await self._act(live, END_GAME, actor_id, source)
                    return
                waiting = joining(live)
                if waiting and live.state.can_join:
                    who = Seat(int(waiting[0]["id"]), str(waiting[0]["name"]))
                    await self._act(live, JOIN, who.member_id, "join", newcomer=who)
                    async with live.lock:  # the list as it is now: someone may have queued meanwhile
                        rest = [j for j in live.row.extra.get("joining", []) if int(j["id"]) != who.member_id]
                        live.take_stored(await self._store_extra(live, {"joining": rest or None}))
                    continue
                if deal:
                    await self._act(live, NEXT_ROUND, actor_id, source)
                return
        except Refusal:
            return  # another click or the timer moved the table on first

    async def abandoned(self, live: Live) -> bool:
        """Whether the members had turns in the round just settled and the computer played every
        one of them for lack of a click: then nobody is at the table, and it should not go on
        dealing to itself."""
        history = live.state.history
        start = max((i + 1 for i, (_, tok) in enumerate(history) if tok == NEXT_ROUND), default=0)
        store = await self.bot.stores.guild(live.guild_id)
        members = [a for a in await store.actions(live.table_id, start) if not live.is_computer(a.seat)
                   and a.token not in (JOIN, NEXT_ROUND, END_GAME)]
        if members and all(a.source == "timeout" for a in members):
            if live.row.channel_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await self.bot.publisher.post(
                        live.row.channel_id,
                        "Nobody made a move this round (the computer played every turn), so the game ends here.")
            return True
        return False

    async def _act(self, live: Live, token: str, actor_id: int | None, source: ActionSource,
                   newcomer: Seat | None = None) -> None:
        """Answer for the table with ``token``; Refusal if the table has moved on (the state is read
        after awaits, so the break may be over, or the game)."""
        movers = live.state.to_move
        if not live.state.between_rounds or len(movers) != 1:
            raise Refusal("The table has moved on already.")
        (seat,) = movers
        await self.bot.tables.act(live, live.version, seat, token, actor_id, source, newcomer=newcomer)

    async def _store_extra(self, live: Live, values: dict[str, Any]) -> Any:
        store = await self.bot.stores.guild(live.guild_id)
        return await store.merge_extra(live.table_id, values)

    def _show(self, live: Live) -> None:
        self.bot.publisher.refresh(live)
