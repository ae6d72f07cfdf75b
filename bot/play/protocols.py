"""What the bot's services ask of one another, as small protocols.

The services call each other both ways (a turn's time-out posts a notice; the display schedules the
channel's clean-up), so a service lower down names what it needs from one higher up by a protocol
here, never by its class: the imports then run one way only, and only the client, which makes
them all, knows every one (issue 29)."""

from __future__ import annotations

from typing import Any, Literal, Protocol

import discord

from bot.play.tables import Live
from bot.runtime.limits import ChannelLimits

Hands = Literal["fresh", "edit"] | None  # show the hands of the seats to move: new DMs, or the last ones edited


class Poster(Protocol):
    """Sends a message into a channel, within its write limit (the Publisher)."""

    async def post(self, channel_id: int, content: str | None = None, **kwargs: Any) -> discord.Message: ...

    @property
    def limits(self) -> ChannelLimits: ...


class Redrawer(Poster, Protocol):
    """Posts, and draws a table again (the Publisher)."""

    def refresh(self, live: Live, hands: Hands = None) -> None: ...


class Pauser(Protocol):
    """Holds a table between rounds (Rounds)."""

    async def pause(self, live: Live, version: int) -> None: ...


class ExpiredLobbies(Protocol):
    """Shows a lobby that closed unstarted (Lobbies)."""

    async def show_expired(self, guild_id: int, row: Any) -> None: ...


class OverLobbies(Protocol):
    """Says on a started table's lobby message that its game is over (Lobbies)."""

    async def show_over(self, guild_id: int, row: Any, note: str) -> None: ...
