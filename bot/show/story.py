"""The table channel's story: the notable lines of the moves a batch shows, posted where a step is
worth a message (a round's or the game's end, cards turned up for all), in as few messages as
Discord's length allows, with the pictures of settlements and round ends under their own lines; a
story too long to keep up with the game is told in part in brief. Held by the Publisher
(``Publisher.story``), which posts within each channel's write limit."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.play.tables import Live
from bot.show.display import Batch, nudges, worth_a_message
from renderers.describe import describe_round_end, describe_settlement

# A channel takes 5 messages in 5 s. The story of the moves shown together goes out in at most this many
# messages; a longer one is told with its oldest lines in brief, so the channel keeps up with the game.
STORY_MOST = 3
TEXT_MOST = 2000  # Discord's limit on a message's text


@dataclass(frozen=True)
class Told:
    """A notable line as the channel tells it: where it is in the log, its text, and its gist
    (named, as the text is) for telling it in brief."""

    index: int
    text: str
    gist: str = ""


@dataclass
class StoryPart:
    """A stretch of the story: its lines, up to the log's length ``cut``, then its pictures (a
    round's account) that must follow them."""

    cut: int
    lines: list[Told]
    pictures: list[discord.File] = field(default_factory=list)


@dataclass
class StoryPost:
    """One message of the story, and the log's length a retry goes on from once it is posted."""

    text: str | None
    pictures: list[discord.File]
    resume: int


def story_posts(parts: list[StoryPart], mention: str | None = None, limit: int = 2000,
                most: int = STORY_MOST) -> list[StoryPost]:
    """The story's messages: lines grouped into as few as ``limit`` allows, a new one only after
    pictures (which sit below the lines they follow), ``mention`` last. Beyond ``most`` messages
    the oldest lines give way to one line that tells them in brief (pictures are always kept)."""
    posts = _grouped(parts, mention, limit)
    total = sum(len(part.lines) for part in parts)
    if len(posts) <= most or total < 2:
        return posts
    low, high = 2, total  # the fewest lines to tell in brief so that the story fits
    while low < high:
        middle = (low + high) // 2
        if len(_grouped(_in_brief(parts, middle), mention, limit)) <= most:
            high = middle
        else:
            low = middle + 1
    return _grouped(_in_brief(parts, low), mention, limit)


def _grouped(parts: list[StoryPart], mention: str | None, limit: int) -> list[StoryPost]:
    posts: list[StoryPost] = []
    text: str | None = None
    resume = parts[0].lines[0].index if parts and parts[0].lines else 0
    for part in parts:
        for line in part.lines:
            said = line.text[:TEXT_MOST]
            if text is not None and len(text) + 1 + len(said) > limit:
                posts.append(StoryPost(text, [], line.index))
                text = None
            text = said if text is None else f"{text}\n{said}"
        resume = part.cut
        if part.pictures:
            posts.append(StoryPost(text, part.pictures[-10:], resume))  # (a message holds ten files)
            text = None
    if mention is not None:
        if text is not None and len(text) + 1 + len(mention) > limit:
            posts.append(StoryPost(text, [], resume))
            text = None
        text = mention if text is None else f"{text}\n{mention}"
    if text is not None:
        posts.append(StoryPost(text, [], resume))
    return posts


def _in_brief(parts: list[StoryPart], count: int) -> list[StoryPart]:
    """``parts`` with their oldest ``count`` lines replaced by one line saying what they came to."""
    gone: list[Told] = []
    kept: list[StoryPart] = []
    first: StoryPart | None = None  # where the first line told in brief was
    for part in parts:
        take = min(count - len(gone), len(part.lines))
        gone += part.lines[:take]
        kept.append(StoryPart(part.cut, part.lines[take:], part.pictures))
        if take and first is None:
            first = kept[-1]
    if first is not None:
        first.lines.insert(0, Told(gone[0].index, brief(gone)))
    return kept


def brief(lines: list[Told]) -> str:
    """What ``lines`` came to, in one line: each gist counted, the other lines only counted."""
    counts = Counter(line.gist for line in lines if line.gist)
    said = [f"{gist} {times(n)}" for gist, n in counts.items()]
    others = sum(1 for line in lines if not line.gist)
    if others:
        said.append(f"{others} other {'move' if others == 1 else 'moves'}")
    return f"\u23e9 {len(lines)} moves in brief: {', '.join(said)}."


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


class Drawer(Protocol):
    """The pictures the story posts under its lines (the drawing workers)."""

    async def settlement(self, key: str, view: Mapping[str, Any], settlement: Mapping[str, Any]) -> bytes: ...

    async def round_end(self, key: str, view: Mapping[str, Any], data: Mapping[str, Any]) -> bytes: ...


class Story:
    """Tells a table's channel what its moves came to."""

    def __init__(self, workers: Drawer, post: Callable[..., Awaitable[discord.Message]],
                 merge_extra: Callable[[Live, dict[str, Any]], Awaitable[None]]) -> None:
        self.workers = workers
        self.post = post
        self.merge_extra = merge_extra

    async def tell(self, live: Live, batch: Batch) -> None:
        """A message in the channel only where it is worth one. Notable lines are said at once on
        the table message (``recent``), which is edited anyway, and posted in the channel together
        when a round or the game ends or cards are turned up for all (each once, in order), with a
        picture of any settlement (who paid whom, how much and why) or round's end (who went out,
        what each paid); where moves are made on the table, a nudge to whoever's turn begins (an
        edited message notifies nobody, and there is no DM to do it). A message holds at most ten
        files: the newest are kept."""
        if live.row.channel_id is None:
            return
        nudged: list[int] = []
        # Each step worth a message closes a part of the story: its lines, then its pictures. Moves
        # shown together (a round ended and the next one played out while the channel waited) are
        # posted part by part, so a round's picture follows its own lines, not the next round's.
        parts: list[tuple[int, list[discord.File]]] = []  # (the log's length there, its pictures)
        files: list[discord.File] = []
        for before, after in batch.steps():
            for member in nudges(live, before, after):
                if member not in nudged:
                    nudged.append(member)
            for settled in after.settlements[len(before.settlements):]:
                seen, account = live.view(None, after), settled.to_json()
                png = await self.workers.settlement(live.row.game, seen, account)
                files.append(discord.File(io.BytesIO(png), filename=f"round-{settled.round}.png",
                                          description=describe_settlement(seen, account)))
            for ended in after.round_ends[len(before.round_ends):]:
                seen = live.view(None, after)
                png = await self.workers.round_end(live.row.game, seen, ended)
                files.append(discord.File(io.BytesIO(png), filename=f"round-end-{len(after.round_ends)}.png",
                                          description=describe_round_end(seen)))
            if worth_a_message(before, after):
                parts.append((len(after.log), files[-10:]))
                files = []
        posted = live.row.extra.get("lines_at")
        if posted is None:  # the table's first batch: its lines are posted from here on
            posted = len(batch.states[batch.lines_from].log)
            await self.merge_extra(live, {"lines_at": posted})
        log = batch.last.log
        now = len(batch.states[batch.lines_from].log)  # cards turned up are said with the move that did it only
        outcome = batch.last.outcome
        waiting = [m for m in nudged if (s := live.seat_of(m)) is not None and s in batch.last.to_move]
        mention = ", ".join(f"<@{m}>" for m in waiting) + ": your turn." if waiting and \
            not batch.last.between_rounds else None
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(m) for m in waiting])
        story: list[StoryPart] = []
        begin = posted
        for cut, pictures in parts:
            if cut <= posted:
                continue  # posted with its pictures before a later part failed
            told = [Told(i, live.text(f"{e.text} {e.shown}" if e.shown and i >= now else e.text), live.text(e.gist))
                    for i, e in enumerate(log[begin:cut], begin) if e.notable]
            if outcome is not None:  # the result says it (``results``)
                told = [line for line in told if line.text != live.text(outcome.detail)]
            story.append(StoryPart(cut, told, pictures))
            begin = cut
        posts = story_posts(story, mention)
        if outcome is not None and len(posts) == 1 and not posts[0].pictures and mention is None:
            # said in the result's own message (``results``): one post, not two
            batch.preface = [posts[0].text] if posts[0].text else []
            await self.merge_extra(live, {"lines_at": story[-1].cut})
            return
        for post in posts:
            await self.post(live.row.channel_id, post.text, files=post.pictures or discord.utils.MISSING,
                            allowed_mentions=mentions)
            if post.resume > posted:  # a retry after a later message fails goes on after this one
                posted = post.resume
                await self.merge_extra(live, {"lines_at": posted})
        if story and story[-1].cut > posted:  # (its last parts had nothing to say)
            await self.merge_extra(live, {"lines_at": story[-1].cut})
