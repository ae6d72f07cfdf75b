"""Learning as you play: a seat's Hint button (what the computer would play for it now, and why)
and its why-not select (the rule that stops a card), answered to the member alone; the coach's
line a member meets once per kind of moment at a practice table; and the count of hints each
member used, which the result states. The reasons come from the rules core and its computer
players, from the seat's own view: nothing here can name a card the member may not see."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.play.answers import answer, payload
from bot.play.custom_ids import AskRef
from bot.play.refusals import Refusal
from bot.play.tables import Live
from bot.show import controls
from bot.store import Stores
from games.core import cards
from games.core.base import State
from games.core.cards import Family
from games.core.teaching import in_card_names, in_plain_words

ANSWER_WITHIN = 2.0  # a hint found within this long answers the click itself; else it is acknowledged first
HINTS_OFF = "The host turned hints off at this table."
ANSWER_MARKS = ("💡 ", "• ", "❔ ")  # the lines of an answer given in a copy, replaced by the next one
NOT_YOUR_TURN = "There is nothing for you to choose just now: hints and reasons come with your turn."


def hints_on(extra: Mapping[str, Any]) -> bool:
    """Whether a table offers hints (its ``hints`` option, on unless the host turned it off)."""
    return extra.get("hints", True) is not False


def is_practice(extra: Mapping[str, Any]) -> bool:
    """A practice table: one member against computers, unrated, coached."""
    return bool(extra.get("practice"))


def practice_line(extra: Mapping[str, Any]) -> str:
    return "🎓 A practice game: no rating, leaderboard or stakes changed." if is_practice(extra) else ""


def blocked_cards(state: State, seat: int) -> list[str]:
    """The cards ``seat`` may not play now, in the order its hand is drawn."""
    why = state.why_not(seat)
    return [card for card in state.rules.sort_cards(list(why)) if card in why]


def help_items(live: Live, seat: int, state: State) -> controls.Help:
    """A seat's learner's controls in ``state``: the Hint button while the table offers hints, and
    the why-not select whenever some card it holds may not go."""
    return controls.help_items(live.guild_id, live.table_id, hint=hints_on(live.row.extra),
                               blocked=blocked_cards(state, seat), family=state.rules.card_order.family)


def hints_used_line(extra: Mapping[str, Any], names: list[str], members: list[int | None]) -> str:
    """"Hints used: Alex 3, Blair none" for the members of a table that offered hints, once anyone used one."""
    if not hints_on(extra):
        return ""
    used = extra.get("hints_used", {})
    parts = []
    for seat, (name, member) in enumerate(zip(names, members, strict=True)):
        if member is None:
            continue
        count = int(used.get(str(seat), 0))
        parts.append(f"{name} {count if count else 'none'}")
    if not any(int(used.get(str(seat), 0)) for seat in range(len(names))):
        return ""  # nobody asked: nothing worth a line
    return f"💡 Hints used: {', '.join(parts)}." if parts else ""


def spoken(text: str, family: Family) -> str:
    """A teaching text as a learner reads it: no rulings' numbers, cards by their names."""
    return in_card_names(in_plain_words(text), family)


@dataclass(frozen=True)
class CoachTold:
    """The coach's line told to a seat: its kind of moment, the version it was told at, and the
    line, said again on every redraw of the seat's copy until the seat has moved (a quick redraw
    does not lose it)."""

    kind: str
    version: int
    line: str


class Thinker(Protocol):
    async def hint(self, state: State, seat: int, /) -> tuple[str, str, tuple[str, ...]]: ...


class Learning:
    """Answers a learner's questions, and tells a practice table's member what is happening."""

    def __init__(self, workers: Thinker, stores: Stores,
                 merge_extra: Callable[[Live, dict[str, Any]], Awaitable[None]]) -> None:
        self.workers = workers
        self.stores = stores
        self.merge_extra = merge_extra
        # (guild, member, game) -> the kinds of moment told: the store's ``coached`` rows, read once
        self.seen: dict[tuple[int, int, str], set[str]] = {}

    async def ask(self, interaction: discord.Interaction[Any], ref: AskRef, live: Live, seat: int) -> None:
        state = live.state
        if state.is_over:
            raise Refusal("This game is over.")
        if seat not in state.to_move or state.between_rounds:
            raise Refusal(NOT_YOUR_TURN)
        if ref.what == "why":
            await self.tell(interaction, self.why(interaction, state, seat))
            return
        if not hints_on(live.row.extra):
            raise Refusal(HINTS_OFF)
        await self.hint(interaction, live, seat)

    @staticmethod
    async def tell(interaction: discord.Interaction[Any], text: str, *, deferred: bool = False) -> None:
        """Answer a question where it was asked: on a copy of the hand (a DM, or a hand shown to the
        member alone) the answer goes into the copy, under its status, replacing an earlier answer
        (one call, and the why-not menu is cleared for the next question); on the table message,
        to the member alone."""
        message = interaction.message
        if message is None or not (message.flags.ephemeral or message.guild is None):
            await answer(interaction, text)
            return
        kept = [line for line in message.content.split("\n") if not line.startswith(ANSWER_MARKS)]
        content = "\n".join([*kept, text])[:2000]
        if deferred:
            await interaction.edit_original_response(content=content)
        else:
            await interaction.response.edit_message(content=content)

    @staticmethod
    def why(interaction: discord.Interaction[Any], state: State, seat: int) -> str:
        values = payload(interaction).get("values") or []
        family = state.rules.card_order.family
        if len(values) != 1 or not isinstance(values[0], str) or not cards.is_card(values[0], family):
            raise Refusal("Choose one card from the list.")
        card = values[0]
        shown = cards.short(card, family)
        reason = state.why_not(seat).get(card)
        if reason is not None:
            return f"❔ **Why not {shown}?** {spoken(reason, family)}"
        if card in state.held(seat):
            return f"❔ You may play {shown} now: the table has moved on since that list was made."
        return f"❔ You don't hold {shown} any more: the table has moved on since that list was made."

    async def hint(self, interaction: discord.Interaction[Any], live: Live, seat: int) -> None:
        state = live.state
        thinking = asyncio.ensure_future(self.workers.hint(state, seat))
        done, _ = await asyncio.wait({thinking}, timeout=ANSWER_WITHIN)
        on_table = interaction.message is None or not (interaction.message.flags.ephemeral
                                                       or interaction.message.guild is None)
        if thinking not in done:  # a slow hint: acknowledged first, within Discord's three seconds
            await (interaction.response.defer(ephemeral=True, thinking=True) if on_table
                   else interaction.response.defer())
        _, label, reasons = await thinking
        family = state.rules.card_order.family
        lines = [f"💡 I would choose **{live.text(spoken(label, family))}**.",
                 *(f"• {live.text(spoken(r, family))}" for r in reasons)]
        await self.tell(interaction, "\n".join(lines), deferred=thinking not in done)
        await self.count(live, seat, len(state.history))

    async def count(self, live: Live, seat: int, version: int) -> None:
        """One more hint for the seat, counted once per decision however often it is asked."""
        asked = dict(live.row.extra.get("hinted_at", {}))
        if asked.get(str(seat)) == version:
            return
        used = dict(live.row.extra.get("hints_used", {}))
        used[str(seat)] = int(used.get(str(seat), 0)) + 1
        asked[str(seat)] = version
        await self.merge_extra(live, {"hints_used": used, "hinted_at": asked})

    async def coach_line(self, live: Live, seat: int, state: State,
                         told: CoachTold | None) -> tuple[str, CoachTold | None]:
        """At a practice table, the first time its member meets a kind of moment in this game, one
        line saying what is happening (noted, so it is never said again); else nothing. With the
        line, what the seat has been told (``told`` before): the line stays until the seat moves."""
        member = live.row.seats[seat].member_id
        if not is_practice(live.row.extra) or member is None or live.row.seats[seat].ai:
            return "", told
        coaching = state.coaching(seat)
        if coaching is None:
            return "", told
        if told is not None and told.kind == coaching.kind and told.version <= len(state.history) \
                and not any(s == seat for s, _ in state.history[told.version:]):
            return told.line, told
        key = (live.guild_id, member, live.row.game)
        store = await self.stores.guild(live.guild_id)
        if key not in self.seen:
            self.seen[key] = await store.coached(member, live.row.game)
        seen = self.seen[key]
        if coaching.kind in seen:
            return "", told
        seen.add(coaching.kind)
        await store.mark_coached(member, live.row.game, coaching.kind)
        line = f"🎓 {live.text(spoken(coaching.line, state.rules.card_order.family))}"
        return line, CoachTold(coaching.kind, len(state.history), line)
