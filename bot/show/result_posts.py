"""A finished game's result, where it is said: in the table's channel (who won first, then the
game's last lines and its own account, with a Rematch button), in the channel where the game was
opened (and its lobby message says the game is over), the partners' talk closed, and the table's
channel set to be tidied away. Each part is noted in ``done`` as it is posted, so a retry after a
failure posts each once."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Protocol

import discord

from bot.play import timers
from bot.play.partners_talk import Talk
from bot.play.protocols import OverLobbies
from bot.play.tables import Live
from bot.play.timers import Turns
from bot.show import controls
from bot.show.display import messages_of
from bot.show.learning import hints_used_line, practice_line
from bot.show.results import headline, repeats
from bot.store import Stores
from games.core.base import Outcome, State

Send = Callable[..., Awaitable[discord.Message]]  # the Publisher's post: a channel's message, within its write limit


class ResultHost(Protocol):
    """What saying a result asks of the bot."""

    @property
    def stores(self) -> Stores: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def lobbies(self) -> OverLobbies: ...


class ResultPosts:
    """Posts a finished game's result, as the Publisher's display reaches the end."""

    def __init__(self, bot: ResultHost, send: Send) -> None:
        self.bot = bot
        self.send = send

    async def post(self, live: Live, state: State | None = None, done: set[str] | None = None,
                   preface: list[str] | None = None) -> None:
        """The result, in words first (who won, by how much), then the game's own account; with a
        Rematch button, in the table's channel and where the game was opened. ``done`` names the
        parts already posted (tried again after a failure, each is posted once); ``preface``, the
        game's last lines, follow the result in the table channel's message."""
        state = live.state if state is None else state
        outcome = state.outcome
        if outcome is None:
            return
        done = set() if done is None else done
        title = result_title(live, state, outcome)
        detail = said_once(live, state, outcome)
        again = controls.result_view(live.guild_id, live.table_id)
        if live.row.channel_id is not None and "result:table" not in done:
            # Who won first; then the game's last lines in order, its account the last of them. A
            # long account is several messages: each is noted as it goes, so a retry after a later
            # one was refused does not post the earlier ones again.
            learned = [line for line in (practice_line(live.row.extra), hints_used_line(
                live.row.extra, live.names, [None if s.ai else s.member_id for s in live.row.seats])) if line]
            texts = messages_of([title, *(preface or []), *([detail] if detail else []), *learned,
                                 "Thank you for playing! This channel will be tidied away later."])
            for n, text in enumerate(texts):
                if f"result:table:{n}" in done:
                    continue
                last = n == len(texts) - 1
                await self.send(live.row.channel_id, text, view=again if last else discord.utils.MISSING,
                                allowed_mentions=discord.AllowedMentions.none())
                done.add(f"result:table:{n}")
            done.add("result:table")
        await self.in_origin(live, state, done)
        if "result:talk" not in done:
            await self.bot.talk.close(live.guild_id, live.table_id, live)
            done.add("result:talk")
        await self.schedule_cleanup(live)

    async def in_origin(self, live: Live, state: State, done: set[str]) -> None:
        """The result in the channel where the game was opened (once: ``done`` notes it)."""
        outcome = state.outcome
        if outcome is None or not live.row.origin_channel_id or live.row.origin_channel_id == live.row.channel_id \
                or "result:origin" in done:
            return
        title = result_title(live, state, outcome)
        where = f" (played in <#{live.row.channel_id}>)" if live.row.channel_id else ""
        await self.send(live.row.origin_channel_id, "\n".join(filter(None, (f"{title}{where}",
                                                                              said_once(live, state, outcome)))),
                        view=controls.result_view(live.guild_id, live.table_id),
                        allowed_mentions=discord.AllowedMentions.none())
        done.add("result:origin")
        # The lobby above said "Started! Play in #...": it says the game is over now, and how it came out.
        said = headline(outcome, live.names, state.rules.score_unit, live.unit)
        await self.bot.lobbies.show_over(live.guild_id, live.row, f"Finished: {said}.")

    async def schedule_cleanup(self, live: Live) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        delay = int(await store.get_setting("cleanup_delay", 30))
        live.take_stored(await store.update_table(live.table_id, delete_channel_at=time.time() + timers.MINUTE * delay))
        self.bot.turns.cleanup_later(live.guild_id, live.row)


def said_once(live: Live, state: State, outcome: Outcome) -> str:
    """The game's own account of its result, or nothing where it only repeats the headline."""
    detail = live.text(outcome.detail)
    return "" if repeats(headline(outcome, live.names, state.rules.score_unit, live.unit), detail) else detail


def result_title(live: Live, state: State, outcome: Outcome) -> str:
    """The result's first line: who won, by how much, and which table is over."""
    said = headline(outcome, live.names, state.rules.score_unit, live.unit)
    return f"{said}. **{state.rules.title}** table #{live.table_id} is over."
