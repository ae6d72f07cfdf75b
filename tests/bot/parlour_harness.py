"""Running the real Parlour bot against the stand-in, and playing it by clicks as a person would."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.client import Parlour, configure_endpoints
from bot.commands import lobby
from bot.play import custom_ids
from bot.play.tables import Live, same_choice
from bot.runtime import limits
from bot.runtime.config import Config
from bot.show import controls as bot_controls
from bot.show import publisher
from games.core import cards
from localcord import LocalDiscord
from localcord.model import LOADING, Channel, InteractionRecord, Message, User


class TestParlour(Parlour):
    """The bot unchanged but for discord.py's 5-second pause before a re-identify."""

    __test__ = False

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


# Discord's per-channel write limit, scaled down as turns.MINUTE is: 5 writes per 0.05 s. A test of
# the limit itself passes the real window (limits.WINDOW).
FAST_WINDOW = 0.05


def make_bot(standin: LocalDiscord, data_dir: Path, ai_delay: float = 0.0,
             write_window: float = FAST_WINDOW, workers: int | None = None, **settings: Any) -> Parlour:
    # One worker of each kind, not one per core: a test's few tables need no more, and each worker
    # a bot starts costs its start-up (0.2 s of drawing caches) some 300 times a run.
    workers = 1 if workers is None else workers
    config = Config(token=standin.token, data_dir=data_dir, dev_guild=None, ai_delay=ai_delay, shard_count=None,
                    shard_ids=None, api_base=standin.api_base, gateway_url=standin.gateway_url, workers=workers,
                    **settings)
    configure_endpoints(config)
    bot = TestParlour(config, guild_ready_timeout=0.05)
    bot.publisher.limits.window = write_window  # (the copies share the publisher's limits)
    # The table message's pace while only onlookers need it, scaled as the write limit is (10 s: 0.1 s).
    bot.publisher.spectated_every = publisher.SPECTATED_EVERY * write_window / limits.WINDOW
    return bot


@contextlib.asynccontextmanager
async def running(standin: LocalDiscord, data_dir: Path, ai_delay: float = 0.0,
                  write_window: float = FAST_WINDOW, workers: int | None = None,
                  **settings: Any) -> AsyncIterator[Parlour]:
    """The bot against ``standin``; ``workers=0`` draws and plays the computers in a thread of this
    process (where a test may patch them) rather than in worker processes. ``settings``: more of
    the Config's fields (a metrics port, backups)."""
    bot = make_bot(standin, data_dir, ai_delay, write_window, workers, **settings)
    async with standin.running(bot, timeout=15) as started:
        await standin.wait_for(lambda: started._restored, 5, "the restore pass")
        yield started


def quick_tarot_computers(monkeypatch: Any) -> None:
    """The tarot computers think a tenth as long: what a test of the bot checks does not depend on
    how well they play. Only in this process, so run the bot with ``workers=0``."""
    from games.tarot.base import search as base_search
    from games.tarot.manchester import search as manchester_search

    for module, name in ((base_search, "BUDGET"), (base_search, "DISCARD_BUDGET"), (manchester_search, "BUDGET")):
        monkeypatch.setattr(module, name, getattr(module, name) // 10)


def moves_on(messages: Iterable[Message]) -> Iterator[tuple[Message, Any, custom_ids.ActionRef]]:
    """Every enabled move control on ``messages``, in order, with what its custom_id says."""
    for message in messages:
        for comp in message.components:
            if not comp.custom_id or comp.disabled:
                continue
            try:
                ref = custom_ids.parse(comp.custom_id)
            except custom_ids.BadCustomId:
                continue
            if isinstance(ref, custom_ids.ActionRef):
                yield message, comp, ref


def controls(message: Message, version: int) -> list[Any]:
    """The action components of a hand message made for ``version``."""
    return [comp for _, comp, ref in moves_on([message]) if ref.version == version]


async def live_table(standin: LocalDiscord, bot: Parlour) -> Live:
    """The newest table being played, once its table message is up."""

    def ready() -> Live | None:
        tables = [t for t in bot.tables.live.values() if t.row.table_message_id and not t.state.is_over]
        return max(tables, key=lambda t: t.table_id) if tables else None

    return await standin.wait_for(ready, 10, "a table being played")


async def click_move(standin: LocalDiscord, user: User, message: Message, comp: Any, *,
                     ephemeral: bool = False) -> InteractionRecord:
    if comp.type == 2:
        record = await standin.click(user, message, comp.custom_id)
    else:
        record = await standin.select(user, message, comp.custom_id, values=[comp.values[0]])
    return record


async def take_turn(standin: LocalDiscord, bot: Parlour, live: Live, user: User) -> InteractionRecord:
    """The player clicks the first move offered in the newest hand message sent to them by DM."""
    version = live.version

    def offered() -> tuple[Message, Any] | None:
        for message in reversed(standin.dm_messages(user)):
            found = controls(message, version)
            if found:
                return message, found[0]
        return None

    message, comp = await standin.wait_for(offered, 10, f"{user.name}'s controls for version {version}")
    record = await click_move(standin, user, message, comp)
    await wait_past(standin, live, version, "the move to be applied")
    return record


async def play_to_end(standin: LocalDiscord, bot: Parlour, live: Live, players: dict[int, User],
                      max_moves: int = 2000) -> None:
    """Humans click; computers move by themselves; until the game is over."""
    for _ in range(max_moves):
        if live.state.is_over:
            await bot.publisher.settled(live, timeout=10)  # everything the last moves changed is shown
            return
        humans = [s for s in sorted(live.state.to_move) if not live.is_computer(s)]
        if humans:
            await take_turn(standin, bot, live, players[humans[0]])
        else:
            await wait_past(standin, live, live.version, "a computer move")
    raise AssertionError("the game did not end")


async def open_table(standin: LocalDiscord, host: User, channel: Channel, game: str, options: dict[str, Any],
                     joiners: tuple[User, ...] = (), computers: int = 0) -> InteractionRecord:
    lobby = await standin.slash(host, channel, "play", game, options=options)
    assert lobby.message is not None
    for user in joiners:
        await standin.click(user, lobby.message, label="Join")
    for _ in range(computers):
        await standin.click(host, lobby.message, label="Add computer")
    start = await standin.click(host, lobby.message, label="Start")
    await start.wait_response(5)
    return lobby


def channel_named(guild: Any, name: str) -> Channel | None:
    return next((c for c in guild.channels.values() if c.name == name), None)


async def wait_past(standin: LocalDiscord, live: Live, version: int, what: str) -> None:
    await standin.wait_for(lambda: live.version > version or live.state.is_over, 10, what)


async def hand_reply(standin: LocalDiscord, record: InteractionRecord, timeout: float = 5) -> Message:
    """The hand the bot showed in answer to a click, for that user alone: the reply's message once
    its picture is in (a hand is drawn after the click is acknowledged), or the follow-up it sent."""

    def shown() -> Message | None:
        for message in [record.message, *record.followups]:
            if message is not None and message.ephemeral and not message.flags & LOADING and message.attachments:
                return message
        return None

    return await standin.wait_for(shown, timeout, "the hand shown in reply")


async def answer_of(standin: LocalDiscord, record: InteractionRecord, timeout: float = 10) -> Message:
    """A command's answer once it is in: the reply itself, or, for a command that deferred (the
    bot said it was thinking), the message that replaced the thinking one."""

    def given() -> Message | None:
        for message in [record.message, *record.followups]:
            if message is not None and not message.flags & LOADING and (message.content or message.embeds):
                return message
        return None

    return await standin.wait_for(given, timeout, "the command's answer")


def table_text(guild: Any, channel: str) -> str:
    """Everything the bot wrote in the table channel named ``channel``."""
    table = channel_named(guild, channel)
    assert table is not None
    return "\n".join(m.content for m in table.messages)


def attachments(guild: Any, channel: str) -> list[str]:
    """The names of the files the bot posted in the table channel named ``channel``."""
    table = channel_named(guild, channel)
    assert table is not None
    return [a.filename for m in table.messages for a in m.attachments]


def token_of(comp: Any) -> str:
    """The move a control's custom_id carries."""
    ref = custom_ids.parse(comp.custom_id)
    assert isinstance(ref, custom_ids.ActionRef)
    return ref.token


def fix_seed(monkeypatch: Any, seed: int) -> None:
    """Every table the lobby opens gets ``seed``: the same deals, and computer moves, every run."""
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed))


def newest_with(messages: list[Message], kind: str, version: int,
                still: tuple[Live, int] | None = None) -> Message | None:
    """The newest of ``messages`` with a control of ``kind`` ("pl:w:", "pl:c:") made at ``version``
    or, given ``still`` (the table and a seat), at one where that seat faced the same choice (the
    bot leaves such controls as they are: they may hold a choice half made)."""
    for message in reversed(messages):
        for comp in message.components:
            if comp.custom_id and comp.custom_id.startswith(kind):
                ref = custom_ids.parse(comp.custom_id)
                if isinstance(ref, custom_ids.ActionRef | custom_ids.PickRef) and (
                        ref.version == version or (still is not None and same_choice(*still, ref.version))):
                    return message
    return None


def hand_copies(standin: LocalDiscord, user: User) -> list[Message]:
    """The messages a player may play from, oldest first: the bot's DMs to them and the hands shown
    to them alone in answer to a click (an out-of-date click is answered with one)."""
    replies = {m.id: m for rec in standin.world.interactions.values() if rec.user.id == user.id
               for m in [rec.message, *rec.followups] if m is not None and m.ephemeral and not m.deleted}
    return sorted([*standin.dm_messages(user), *replies.values()], key=lambda m: m.id)


async def pick_cards(standin: LocalDiscord, live: Live, user: User, chosen: list[str]) -> None:
    """``user`` ticks ``chosen`` in the card selects of their newest hand offering their pick (see
    ``State.pick``) and presses the pick's button; returns once the move is made."""
    state = live.state
    seat = live.seat_of(user.id)
    assert seat is not None
    pick = state.pick(seat)
    assert pick is not None, f"{user.name} has no cards to choose now"

    def offered() -> Message | None:  # made for the choice as it is now (others may move meanwhile)
        clock = live.state.clock
        if clock is not None and seat in clock.seats:
            return newest_with(hand_copies(standin, user), "pl:c:", clock.since)
        return newest_with(hand_copies(standin, user), "pl:c:", live.version, (live, seat))

    message = await standin.wait_for(offered, 10, f"{user.name}'s cards to choose from")
    positions = bot_controls.chosen_in(pick, pick.token(chosen))
    assert len(positions) == len(chosen) - len(pick.fixed)
    selects = [c for c in message.components if c.type == 3]
    for n, select in enumerate(selects):
        mine = [str(p) for p in positions if p // bot_controls.SELECT_SIZE == n]
        if mine:
            record = await standin.select(user, message, select.custom_id, values=mine)
            assert record.response_type == 7  # the message's controls redrawn in place, nothing else
    button = next(c for c in message.components if c.type == 2 and (c.label or "").startswith(pick.label))
    family = state.rules.card_order.family
    assert not button.disabled and all(cards.short(c, family) in (button.label or "") for c in chosen)
    version = live.version
    await standin.click(user, message, button.custom_id)
    await wait_past(standin, live, version, f"{user.name}'s cards")
