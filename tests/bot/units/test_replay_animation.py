"""The animated summary of an ended game (issue 49, bot/show/replays/animation.py): games played to
their end by random moves, a round and the whole game animated by a drawing worker (a thread here)."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.runtime.workers import Workers
from bot.show.replays import animation
from bot.show.replays.animation import ANIMATION_BYTES, MAX_FRAMES, Animated, animate, plan
from bot.show.replays.moments import Moments
from games.core import registry
from games.core.base import END_GAME, JOIN, NEXT_ROUND, random_action
from renderers.describe import LIMIT
from tests.sampling import FULL

NAMES = ["Ann", "Bartholomew", "Cyrille", "Dmitri", "Eve", "Fatima"]


def played(key: str, players: int, seed: int = 3, rounds: int = 3) -> Moments:
    """One game of ``key`` played to its end by random moves (a game of rounds ended after
    ``rounds``), as the replay reads it: from its record."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    between = 0
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        if state.between_rounds:
            between += 1
            legal = [a for a in state.legal_actions(seat) if a.token != JOIN]
            want = NEXT_ROUND if between < rounds else END_GAME
            state = state.apply(seat, next((a for a in legal if a.token == want), legal[0]))
        else:
            state = state.apply(seat, random_action(state, seat, rng))
    return Moments(rules, state.to_record(), NAMES[:players])


@pytest.fixture
async def workers() -> AsyncIterator[Workers]:
    drawing = Workers(0)
    try:
        yield drawing
    finally:
        drawing.close()


def durations(made: Animated) -> list[int]:
    img = Image.open(io.BytesIO(made.data))
    assert img.format == "WEBP"
    read = []
    for i in range(getattr(img, "n_frames", 1)):
        img.seek(i)
        img.load()
        read.append(int(img.info["duration"]))
    return read


# Fosco (a round's end drawn), Fscking Ace (settlements, the table alone), Bullshit (one long round:
# the moves sampled); the full sweep adds Busca (many rounds), Dracula (rounds with no picture of
# their end), Scarto (the tarot family) and every other game at its smallest table.
GAMES = [("fosco", 4), ("fscking-ace", 5), ("bullshit", 6)]
if FULL:
    GAMES += [("busca", 3), ("dracula", 2), ("scarto", 3)]
    GAMES += [(r.key, r.min_players) for r in registry.all_rules() if r.key not in {key for key, _ in GAMES}]


@pytest.mark.parametrize(("key", "players"), GAMES)
async def test_a_round_and_the_whole_game_animate(workers: Workers, key: str, players: int) -> None:
    moments = played(key, players)
    title = registry.get(key).title
    rounds = moments.rounds()
    first = rounds[0]
    assert first.end is not None
    made = await animate(workers, moments, first.start, first.end, title)
    whole = await animate(workers, moments, 0, moments.last, title)
    for shown, moves in ((made, first.end - first.start), (whole, moments.last)):
        read = durations(shown)
        assert len(read) == shown.frames <= MAX_FRAMES and shown.frames >= min(moves + 1, 2)
        assert shown.seconds == pytest.approx(sum(read) / 1000)
        assert read[0] == animation.SECONDS_DEAL * 1000 and read[-1] == animation.SECONDS_END * 1000
        assert len(shown.data) <= ANIMATION_BYTES < animation.UPLOAD_LIMIT
        assert shown.filename.endswith(".webp") and " " not in shown.filename
        assert len(shown.alt) <= LIMIT and shown.alt.startswith(f"An animated summary of {title}, ")
        assert f"{moves} moves in {shown.frames} pictures" in shown.alt
        assert "{" not in shown.alt  # names and amounts said, no placeholder left
    span = f"round 1 of {len(rounds)}" if len(rounds) > 1 else "the whole game"
    assert span in made.alt
    assert "the whole game" in whole.alt and whole.filename.endswith("-whole-game.webp")
    outcome = moments.final.outcome
    assert outcome is not None and moments.text(outcome.detail).rstrip(".") in whole.alt  # its result


async def test_a_long_game_is_sampled_keeping_each_rounds_start_and_end(workers: Workers) -> None:
    moments = played("busca", 3, seed=5)
    planned = plan(moments, 0, moments.last)
    rounds = moments.rounds()
    assert moments.last + 1 > MAX_FRAMES and len(planned) == MAX_FRAMES
    shown = [p.moment for p in planned if p.frame.kind not in animation.ACCOUNT_KINDS]
    assert shown[0] == 0 and shown[-1] == moments.last and shown == sorted(set(shown))
    assert {m for r in rounds for m in (r.start, r.end) if m is not None} <= set(shown)
    accounts = [p for p in planned if p.frame.kind == "round_end"]
    assert len(accounts) == len(moments.final.round_ends)  # each round's end, after its scoring moment
    for account in accounts:
        at = planned.index(account)
        assert planned[at - 1].moment == account.moment and planned[at - 1].frame.kind != "round_end"
        assert account.frame.label[0].startswith("End of round ") and account.frame.keep
    labels = [p.frame.label for p in planned if p.frame.kind == "seat"]
    assert labels[0] == ("The deal", f"Round 1 of {len(rounds)}")
    assert labels[1][0].startswith("Move ") and labels[1][0].endswith(f" of {moments.last}")
    made = await animate(workers, moments, 0, moments.last, "Busca")
    assert made.frames == MAX_FRAMES and "a picture every 2 moves or so" in made.alt


async def test_a_round_of_a_game_played_on_the_table_draws_the_table(workers: Workers) -> None:
    """Where nothing is dealt to hands (Fscking Ace) the frames are the table; a seat asked for draws
    that seat's copy where hands are dealt."""
    moments = played("fscking-ace", 3)
    assert {p.frame.kind for p in plan(moments, 0, 10)} == {"table"}
    fosco = played("fosco", 2)
    planned = plan(fosco, 0, 10, seat=1)
    assert {p.frame.kind for p in planned} == {"seat"}
    assert all(p.frame.extra is not None and p.frame.extra["viewer"] == 1 for p in planned)


async def test_a_few_moves_and_a_single_moment(workers: Workers) -> None:
    moments = played("dracula", 2)
    made = await animate(workers, moments, 3, 7, "Dracula")
    assert made.frames == 5 and "moves 4 to 7" in made.alt and "4 moves in 5 pictures" in made.alt
    one = await animate(workers, moments, 4, 4, "Dracula")
    assert one.frames == 1 and "move 4" in one.alt
    with pytest.raises(ValueError):
        await animate(workers, moments, 7, 3, "Dracula")


async def test_a_worker_process_draws_the_animation_a_thread_draws() -> None:
    """Issue 49: the frames cross to a drawing process as plain data, and come back the same bytes."""
    moments = played("fan-tan", 3)
    frames = [p.frame for p in plan(moments, 0, 6)]
    process, thread = Workers(1), Workers(0)
    try:
        await process.start()
        by_process = await process.animation(moments.key, frames, ANIMATION_BYTES)
        by_thread = await thread.animation(moments.key, frames, ANIMATION_BYTES)
        assert by_process == by_thread and by_process.frames == 7
    finally:
        process.close()
        thread.close()
