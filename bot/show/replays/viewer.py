"""The replay viewer's message for one moment: its words (where the game is, the move's lines,
who is to play, every hand) and its controls (⏮ ◀ ▶ ⏭, a jump to each round's start and end,
whose hand is drawn, and what may be shared). Every control carries the moment it leads to, so a
press on an old viewer, or after a restart, shows exactly the moment it names.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.play import custom_ids
from bot.show.controls import SELECT_SIZE, Control, button
from bot.show.replays.moments import Moments, Round
from bot.show.results import headline
from bot.store.rows import TableRow

TEXT_MOST = 2000  # Discord's limit on a message's text
LINES_MOST = 5  # a move's lines shown in full (a phone's screen); a longer moment (a round's account) is cut
# The buttons' labels: emoji all four (a plain ◀ beside an emoji ⏮ looks like another kind of button).
FIRST, BACK, NEXT, LAST = "⏮️", "◀️", "▶️", "⏭️"
# The sharing row's labels, short enough for four to fit a phone's row.
POST, RECORD, ANIMATE_ROUND, ANIMATE_GAME = "📢 Post", "💾 Record", "🎞️ Round", "🎞️ Game"
HAND_MOST = 300  # characters of one hand's line


@dataclass(frozen=True)
class Moment:
    """Which moment a viewer shows, and whose hand it draws (None: the seat to move)."""

    moment: int
    seat: int | None = None


def focus_name(moments: Moments, at: Moment) -> str | None:
    seat = moments.focus(at.moment, at.seat)
    return None if seat is None else moments.names[seat] if seat < len(moments.names) else f"Player {seat + 1}"


def where(moments: Moments, moment: int) -> str:
    """"Move 17 of 84 · round 2 of 3", "Move 40 of 84 · end of round 1 of 3", "The deal · move 0 of 84"."""
    rounds = moments.rounds()
    at = moments.round_at(moment)
    ended = "end of " if at is not None and at.end == moment and moment > 0 else ""
    of_rounds = f" · {ended}round {at.number} of {len(rounds)}" if at is not None and len(rounds) > 1 else ""
    if moment == 0:
        return f"The deal · move 0 of {moments.last}{of_rounds}"
    return f"Move {moment} of {moments.last}{of_rounds}"


def next_line(moments: Moments, row: TableRow, moment: int) -> str:
    """What the table waits for at ``moment``, or how the game came out at its last."""
    state = moments.state(moment)
    if moment == moments.last:
        outcome = state.outcome
        if outcome is None:
            return "🛑 The table was ended here, before the game was over."
        said = headline(outcome, moments.names, moments.rules.score_unit, moments.unit)
        return f"🏁 {said}."
    return "➡️ " + moments.text(state.status(None))


def content(moments: Moments, row: TableRow, at: Moment, shared_by: str | None = None) -> str:
    """The viewer's text at ``at`` (or, with ``shared_by``, the same moment posted for everyone)."""
    moment = moments.clamp(at.moment)
    title = moments.rules.title
    if shared_by is None:
        head = f"⏪ **{title}** table #{row.id}"
    else:
        head = f"{shared_by} shares a moment of **{title}** table #{row.id}:"
    lines = moments.lines(moment)
    if len(lines) > LINES_MOST:
        lines = [*lines[:LINES_MOST - 1], f"… and {len(lines) - LINES_MOST + 1} more lines"]
    parts = [head, *(f"> {line}" for line in lines), next_line(moments, row, moment)]
    hands = moments.hands(moment)
    if any(seen.cards for seen in hands) and shared_by is None:  # none dealt yet, or all played out
        drawn = focus_name(moments, at)
        said = [f"**{seen.name}**: {' '.join(seen.cards) or '(no cards)'}"[:HAND_MOST] for seen in hands]
        parts.extend(said)  # a hand a line: a phone's column reads them one under another
        if drawn:
            parts.append(f"(The picture shows {drawn}'s hand.)")
    # Where the game is, last: right above the picture, where a phone's reader is looking
    parts.append(f"__{where(moments, moment)}__")
    text = "\n".join(parts)
    return text if len(text) <= TEXT_MOST else text[:TEXT_MOST - 1] + "…"


def jumps(moments: Moments, moment: int) -> list[tuple[str, int]]:
    """The moments a viewer may jump to: the deal, each round's start and end, the end; at most a
    select's 25, around the round being shown."""
    rounds = moments.rounds()
    chosen: list[Round] = rounds
    if 2 * len(rounds) + 2 > SELECT_SIZE:
        at = moments.round_at(moment)
        middle = 0 if at is None else at.number - 1
        keep = (SELECT_SIZE - 2) // 2
        first = max(0, min(middle - keep // 2, len(rounds) - keep))
        chosen = rounds[first:first + keep]
    several = len(rounds) > 1
    said: dict[int, list[str]] = {} if several else {0: ["the deal"]}  # values must differ: an option a moment
    for each in chosen:
        if several:
            said.setdefault(each.start, []).append(f"round {each.number} starts")
            if each.end is not None:
                said.setdefault(each.end, []).append(f"round {each.number} ends")
    said.setdefault(moments.last, []).append("the end")
    found = [(f"{', '.join(sorted(set(what), key=what.index))} · move {at_moment}", at_moment)
             for at_moment, what in sorted(said.items())]
    return [(label[0].upper() + label[1:], at_moment) for label, at_moment in found][:SELECT_SIZE]


def controls(moments: Moments, row: TableRow, guild_id: int, at: Moment) -> discord.ui.View:
    """The viewer's controls at ``at``: each press shows the moment its id names."""
    moment, seat, last = moments.clamp(at.moment), at.seat, moments.last
    view = discord.ui.View(timeout=None)

    def go(verb: str, target: int, label: str, disabled: bool) -> Control:
        return button(custom_ids.replay(guild_id, row.id, verb, target, seat), label, discord.ButtonStyle.primary,
                      row=0, disabled=disabled)

    view.add_item(go("first", 0, FIRST, moment == 0))
    view.add_item(go("go", max(0, moment - 1), BACK, moment == 0))
    view.add_item(go("go", min(last, moment + 1), NEXT, moment == last))
    view.add_item(go("last", last, LAST, moment == last))
    options = [discord.SelectOption(label=label[:100], value=str(target), default=target == moment)
               for label, target in jumps(moments, moment)]
    view.add_item(Control(discord.ui.Select(custom_id=custom_ids.replay(guild_id, row.id, "jump", moment, seat),
                                            placeholder="Jump to a round's start or end", options=options, row=1)))
    players = moments.state(moment).players
    # hidden hands, while someone holds cards (face-up ones are all drawn)
    choose_hand = any(seen.cards for seen in moments.hands(moment)) and players > 1
    if choose_hand:
        hands = [discord.SelectOption(label="Draw the hand of the player to move", value="-", default=seat is None)]
        hands += [discord.SelectOption(label=f"Draw {moments.names[s] if s < len(moments.names) else s}'s hand"[:100],
                                       value=str(s), default=seat == s) for s in range(min(players, SELECT_SIZE - 1))]
        view.add_item(Control(discord.ui.Select(custom_id=custom_ids.replay(guild_id, row.id, "seat", moment, seat),
                                                placeholder="Whose hand to draw", options=hands, row=2)))
    share_row = 3 if choose_hand else 2
    view.add_item(button(custom_ids.replay(guild_id, row.id, "post", moment, seat), POST,
                         row=share_row, disabled=bool(row.extra.get("private"))))
    view.add_item(button(custom_ids.replay(guild_id, row.id, "record", moment, seat), RECORD, row=share_row))
    several = len(moments.rounds()) > 1
    if several:
        view.add_item(button(custom_ids.replay(guild_id, row.id, "animate", moment, seat), ANIMATE_ROUND,
                             row=share_row))
    view.add_item(button(custom_ids.replay(guild_id, row.id, "animate_game", moment, seat), ANIMATE_GAME,
                         row=share_row))
    return view

