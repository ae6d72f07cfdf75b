"""The animated summary of an ended game (issue 49): a round, or the whole game, as one animated
WebP at a readable pace, with its alt text; the replay viewer's "Animate" button posts it.

Which moments become frames: every move while there are at most ``MAX_FRAMES``; past that, the
moves evenly, always keeping the first and last moment and each round's start and end. After a
round's scoring moment comes its account (the picture the channel was shown then: the round's end,
or who paid whom) where the game draws one. A move is shown ``SECONDS_A_MOVE``, a deal
``SECONDS_DEAL``, a round's account ``SECONDS_ACCOUNT`` and the last picture ``SECONDS_END`` before
the animation starts again. The views are made here (the states are already in ``Moments``); the
pictures are drawn and encoded in a drawing worker (``Workers.animation``), some 20 ms a frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from bot.runtime.workers import Workers
from bot.show.replays.moments import Moments, Round
from games.core.stakes import Settlement
from renderers import Frame
from renderers.describe import LIMIT as ALT_LIMIT
from renderers.describe import describe_round_end, describe_settlement, describe_table
from renderers.kit.animation import evenly

# Discord's default limit on the files of a bot's message (10 MiB since 2024; boosted servers allow
# more, but a bot cannot count on it). An animation aims well under it, leaving room for a slower
# upload and for the limit to be counted in MB rather than MiB.
UPLOAD_LIMIT = 10 * 1024 * 1024
ANIMATION_BYTES = 8_000_000
MAX_FRAMES = 120  # a whole game at most: about 2.5 minutes, some 1.5 MB
ACCOUNTS_MOST = MAX_FRAMES // 4  # rounds' accounts beyond this are spread evenly (a long game of rounds)
SECONDS_A_MOVE = 1.2
SECONDS_DEAL = 2.5  # the first picture, and each round's deal
SECONDS_ACCOUNT = 4.0  # a round's end or settlement: a page of figures
SECONDS_END = 5.0  # the last picture, before it starts again


@dataclass(frozen=True)
class Animated:
    """An animated summary ready to attach: the WebP, its file name, its alt text, and what it holds
    (frames, and how long it runs once through)."""

    data: bytes
    filename: str
    alt: str
    frames: int
    seconds: float


@dataclass(frozen=True)
class Planned:
    """A frame of the animation and the moment it shows (a round's account: the moment it was scored)."""

    moment: int
    frame: Frame


async def animate(workers: Workers, moments: Moments, first: int, last: int, title: str,
                  seat: int | None = None) -> Animated:
    """Moments ``first`` to ``last`` of an ended game (a round's ``start`` and ``end``, or 0 and
    ``moments.last`` for the whole game) as one animated picture. ``title`` names the game for the
    alt text and the file's name (its title, say "Fosco"); ``seat`` is whose hand the pictures draw
    (None: the seat to move at each moment, as the viewer does). ValueError if ``first > last``."""
    first, last = moments.clamp(first), moments.clamp(last)
    if first > last:
        raise ValueError(f"no moments from {first} to {last}")
    planned = plan(moments, first, last, seat)
    made = await workers.animation(moments.key, [p.frame for p in planned], ANIMATION_BYTES)
    span = what_is_shown(moments, first, last)
    pictured = sum(1 for i in made.kept if planned[i].frame.kind not in ACCOUNT_KINDS)
    alt = describe(moments, first, last, title, span, made.frames, made.seconds, planned[-1].frame, pictured)
    return Animated(made.data, filename(title, span, moments.key), alt, made.frames, made.seconds)


def plan(moments: Moments, first: int, last: int, seat: int | None = None) -> list[Planned]:
    """The frames of moments ``first`` to ``last``, in order, with their captions and times."""
    rounds = moments.rounds()
    marks = {m for r in rounds for m in (r.start, r.end) if m is not None and first <= m <= last}
    accounts = _accounts(moments, first, last)
    accounts = [accounts[i] for i in evenly(len(accounts), ACCOUNTS_MOST)]
    room = max(2, MAX_FRAMES - len(accounts))
    chosen = [first + i for i in evenly(last - first + 1, room, [m - first for m in marks])]
    starts = {r.start for r in rounds}
    planned: list[Planned] = []
    for moment in chosen:
        focus = moments.focus(moment, seat)
        table = moments.view(moment, None)
        seconds = SECONDS_END if moment == last else \
            SECONDS_DEAL if moment in starts or moment == first else SECONDS_A_MOVE
        hand = None if focus is None else moments.view(moment, focus)
        planned.append(Planned(moment, Frame(
            "table" if hand is None else "seat", table, hand, _label(moments, moment, rounds),
            _said(moments, moment), seconds, keep=moment in marks or moment in (first, last))))
    for moment, number, kind, data in accounts:
        label = (f"End of round {number}", f"Move {moment} of {moments.last}")
        planned.append(Planned(moment, Frame(kind, moments.view(moment, None), data, label, _said(moments, moment),
                                              SECONDS_ACCOUNT, keep=True)))
    planned.sort(key=lambda p: (p.moment, p.frame.kind in ACCOUNT_KINDS))
    if len(planned) > 1 and planned[-1].frame.kind in ACCOUNT_KINDS and planned[-2].moment == last \
            and planned[-2].frame.kind not in ACCOUNT_KINDS:
        # the last move scored a round: its table held as long as a deal, its account the longest
        planned[-2] = Planned(last, planned[-2].frame._replace(seconds=SECONDS_DEAL))
        planned[-1] = Planned(last, planned[-1].frame._replace(seconds=SECONDS_END))
    return planned


Account = tuple[int, int, Literal["round_end", "settlement"], dict[str, Any]]
ACCOUNT_KINDS = ("round_end", "settlement")


def _accounts(moments: Moments, first: int, last: int) -> list[Account]:
    """The rounds scored after ``first`` up to ``last``: (moment, round number, the picture's kind,
    its data), as the story showed them in the channel."""
    found: list[Account] = []
    for moment in range(max(first, 0) + 1, last + 1):
        before, after = moments.state(moment - 1), moments.state(moment)
        number = before.rounds_scored
        settled: tuple[Settlement, ...] = after.settlements[len(before.settlements):]
        for settlement in settled:
            number += 1
            found.append((moment, number, "settlement", dict(settlement.to_json())))
        for ended in after.round_ends[len(before.round_ends):]:
            number += 1
            found.append((moment, number, "round_end", dict(ended)))
    return found


def _label(moments: Moments, moment: int, rounds: list[Round]) -> tuple[str, ...]:
    head = "The deal" if moment == 0 else f"Move {moment} of {moments.last}"
    found = moments.round_at(moment)
    return (head, f"Round {found.number} of {len(rounds)}") if found is not None and len(rounds) > 1 else (head,)


def _said(moments: Moments, moment: int) -> str:
    """The caption's text: the move's lines, or the table's status where the move said nothing."""
    lines = moments.lines(moment) or [moments.text(str(moments.view(moment, None)["status"]))]
    return " ".join(line if line.rstrip()[-1:] in ".!?:;" else f"{line.rstrip()}." for line in lines if line.strip())


def what_is_shown(moments: Moments, first: int, last: int) -> str:
    """The span in words: "the whole game", "round 2 of 3" or "moves 17 to 40"."""
    rounds = moments.rounds()
    if first == 0 and last == moments.last:
        return "the whole game"
    for found in rounds:
        if found.start == first and found.end == last:
            return f"round {found.number} of {len(rounds)}" if len(rounds) > 1 else "the whole game"
    return f"moves {first + 1} to {last}" if last > first else f"move {last}"


def describe(moments: Moments, first: int, last: int, title: str, span: str, frames: int, seconds: float,
             end: Frame, pictured: int) -> str:
    """The animation in words: what it shows, how many moves in how many pictures (``pictured`` of
    them the table at a moment, the others rounds' accounts) at what pace, the result where the
    game ends in it, and its last picture (``end``: the table, or the round's account); at most
    Discord's 1,024 characters."""
    moves = last - first
    every = moves / max(1, pictured - 1)
    pace = "" if moves == 0 else " (a picture a move)" if every <= 1 else " (a picture for most moves)" \
        if every < 1.5 else f" (a picture every {round(every)} moves or so)"
    told = (f"An animated summary of {title}, {span}: {moves} {'move' if moves == 1 else 'moves'} in {frames} "
            f"{'picture' if frames == 1 else 'pictures'}{pace}, {_duration(seconds)} each time through.")
    state, said = moments.state(last), _in_words(moments.key, end)
    detail = moments.text(state.outcome.detail).rstrip(".") if state.outcome is not None else ""
    result = f" Result: {detail}." if state.is_over and last == moments.last and detail not in said else ""
    text = f"{told}{result} At its end: {said}"
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "\u2026"


def _in_words(key: str, frame: Frame) -> str:
    if frame.kind == "round_end":
        return describe_round_end(frame.table)
    if frame.kind == "settlement" and frame.extra is not None:
        return describe_settlement(frame.table, frame.extra)
    return describe_table(key, frame.table)


def _duration(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60} min {whole % 60} s" if whole % 60 else f"{whole // 60} min"


def filename(title: str, span: str, key: str) -> str:
    """A file name of plain letters: "fosco-round-2-of-3.webp"."""
    stem = re.sub(r"[^a-z0-9]+", "-", f"{title} {span.removeprefix('the ')}".lower()).strip("-")[:80].strip("-")
    return f"{stem or key}.webp"
