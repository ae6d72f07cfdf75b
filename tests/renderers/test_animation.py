"""Animated pictures (issue 49): frames to an animated WebP within a byte limit, the caption band,
and ``renderers.render_animation`` on a real game's pictures."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageChops

import renderers
from games.core import registry
from games.core.base import random_action
from renderers.kit import animation, shown
from renderers.kit.animation import FRAME_SIZE, captioned, encode, evenly
from renderers.kit.palette import palette_image


def opened(data: bytes) -> tuple[Image.Image, list[int]]:
    """The animation as Pillow reads it, and each frame's duration (ms)."""
    img = Image.open(io.BytesIO(data))
    durations = []
    for i in range(getattr(img, "n_frames", 1)):
        img.seek(i)
        img.load()
        durations.append(int(img.info["duration"]))
    img.seek(0)
    return img, durations


def frame_at(img: Image.Image, i: int) -> Image.Image:
    img.seek(i)
    return img.convert("RGB")


def mapped(picture: Image.Image) -> Image.Image:
    """What the animation keeps of a picture: it mapped to the fixed palette (lossless from there)."""
    return picture.quantize(palette=palette_image(), dither=Image.Dither.NONE).convert("RGB")


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def tables(key: str, players: int, count: int, seed: int = 4) -> list[Image.Image]:
    """``count`` pictures of one random game of ``key``, a move apart."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    pictures = []
    while len(pictures) < count and not state.is_over:
        pictures.append(renderers.table_image(key, state.view(None)))
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return pictures


@pytest.fixture(scope="module")
def frames() -> list[Image.Image]:
    return [captioned(p, (f"Move {i} of 24", "Round 1 of 1"), f"Move {i}: a line of the game.")
            for i, p in enumerate(tables("fosco", 4, 24))]


def test_frames_make_an_animated_webp_with_every_frame_and_its_time(frames: list[Image.Image]) -> None:
    durations = [2500] + [1200] * (len(frames) - 2) + [5000]
    made = encode(frames, durations, 8_000_000)
    img, read = opened(made.data)
    assert img.format == "WEBP" and getattr(img, "is_animated", False)
    assert img.size == FRAME_SIZE and img.n_frames == len(frames) == made.frames
    assert read == durations and made.durations == tuple(durations)
    assert made.kept == tuple(range(len(frames))) and made.seconds == sum(durations) / 1000
    assert img.info.get("loop") == 0  # it repeats
    # lossless from the palette every picture is shown in: the frames are the bot's pictures exactly
    for i in (0, 7, len(frames) - 1):
        assert same(frame_at(img, i), mapped(frames[i]))


def test_the_same_frames_give_the_same_bytes(frames: list[Image.Image]) -> None:
    durations = [1200] * 8
    assert encode(frames[:8], durations, 8_000_000).data == encode(frames[:8], durations, 8_000_000).data


def test_over_the_limit_frames_are_dropped_evenly_keeping_the_first_last_and_kept(frames: list[Image.Image]) -> None:
    durations = [1000 + i for i in range(len(frames))]
    whole = encode(frames, durations, 8_000_000)
    limit = len(whole.data) // 3
    made = encode(frames, durations, limit, keep={5})
    img, read = opened(made.data)
    assert len(made.data) <= limit < len(whole.data)
    assert 2 < img.n_frames == made.frames < len(frames)
    assert made.kept[0] == 0 and made.kept[-1] == len(frames) - 1 and 5 in made.kept
    assert same(frame_at(img, 0), mapped(frames[0]))
    assert same(frame_at(img, img.n_frames - 1), mapped(frames[-1]))
    assert same(frame_at(img, made.kept.index(5)), mapped(frames[5]))
    # a dropped frame's time goes to the frame before it: the animation lasts as long
    assert read == list(made.durations) and sum(read) == sum(durations)
    ends = [*made.kept[1:], len(frames)]
    assert read == [sum(durations[a:b]) for a, b in zip(made.kept, ends, strict=True)]
    gaps = [b - a for a, b in itertools.pairwise(made.kept)]
    assert max(gaps) - min(gaps) <= 3  # evenly (the kept frame 5 aside)


def test_an_animation_that_cannot_fit_is_refused(frames: list[Image.Image]) -> None:
    with pytest.raises(ValueError, match="over 2000"):
        encode(frames[:6], [1000] * 6, 2000)
    with pytest.raises(ValueError):
        encode([], [], 8_000_000)
    with pytest.raises(ValueError):
        encode([frames[0], frames[1].resize((300, 200))], [1000, 1000], 8_000_000)


def test_a_frame_like_the_one_before_lengthens_it(frames: list[Image.Image]) -> None:
    made = encode([frames[0], frames[0].copy(), frames[1]], [1000, 500, 1200], 8_000_000)
    img, read = opened(made.data)
    assert img.n_frames == 2 and read == [1500, 1200] and made.kept == (0, 2)


def test_evenly_keeps_the_ends_and_what_is_asked() -> None:
    assert evenly(5, 10) == [0, 1, 2, 3, 4]
    assert evenly(100, 5) == [0, 24, 49, 74, 99]
    assert evenly(100, 5, keep={50, 51}) == [0, 25, 50, 51, 99]
    assert evenly(24, 5, keep={5}) == [0, 5, 11, 17, 23]  # the others share the gaps by their lengths
    assert evenly(100, 4, keep={10, 20, 30, 40, 50}) == [0, 20, 40, 99]  # too many to keep: spread too
    assert evenly(1, 3) == [0] and evenly(0, 3) == [] and evenly(9, 1) == [0]
    rng = random.Random(49)
    for _ in range(2000):
        count, wanted = rng.randint(2, 300), rng.randint(2, 303)
        keep = {rng.randrange(count) for _ in range(rng.randint(0, 8))}
        picked = evenly(count, wanted, keep)
        assert picked == sorted(set(picked)) and len(picked) == min(count, wanted)
        assert picked[0] == 0 and picked[-1] == count - 1
        if len(keep - {0, count - 1}) <= wanted - 2:
            assert keep <= set(picked)
        if not keep:
            gaps = [b - a for a, b in itertools.pairwise(picked)]
            assert max(gaps) - min(gaps) <= 1


def test_the_caption_band_shows_as_the_pictures_do(drawn: list[str]) -> None:
    picture = tables("busca", 3, 1)[0]
    frame = captioned(picture, ("Move 17 of 84", "Round 2 of 3"),
                      "Ann plays 7\u2665. Bartholomew takes the trick with the King of hearts and leads again "
                      "with a long line that goes on well past two lines of the band's room, to be cut.")
    assert frame.size == FRAME_SIZE == (shown.COPY_SIZE[0], shown.COPY_SIZE[1] + animation.CAPTION_HEIGHT)
    assert same(frame.crop((0, 0, *shown.COPY_SIZE)), picture)  # the picture untouched above it
    # the phone's width decides the scale, as for every 600 x 382 picture: nothing reads smaller
    assert shown.shown_scale(*FRAME_SIZE) == shown.shown_scale(*shown.COPY_SIZE)
    assert min(animation.LABEL_SIZE, animation.TEXT_SIZE) >= shown.COPY_TEXT_MIN
    assert "Move 17 of 84" in drawn and "Round 2 of 3" in drawn
    assert any(t.startswith("Ann plays 7") for t in drawn) and any(t.endswith("...") for t in drawn)


def test_render_animation_draws_every_kind_of_frame() -> None:
    """A table, a player's copy, a round's end (Busca) and a settlement (Fscking Ace), each drawn as
    the bot draws it, with its caption."""
    busca = registry.get("busca").new_game(3, seed=2)
    busca_view = busca.view(None)
    scored, rng = busca, random.Random(2)
    while not scored.round_ends:
        seat = min(scored.to_move)
        scored = scored.apply(seat, random_action(scored, seat, rng))
    frames = [
        renderers.Frame("table", busca_view, None, ("The deal",), "Cards are dealt.", 2.5, keep=True),
        renderers.Frame("seat", busca_view, busca.view(min(busca.to_move)), ("Move 1 of 3",), "A move.", 1.2),
        renderers.Frame("settlement", busca_view, {"round": 1, "transfers": [
            {"from": 1, "to": 0, "cents": 500, "reason": "the pot"}]}, ("End of round 1",), "Settled.", 4.0),
        renderers.Frame("round_end", scored.view(None), scored.round_ends[0], ("End of round 1",), "Scored.", 4.0),
        renderers.Frame("table", scored.view(None), None, ("Move 40 of 40",), "The end.", 5.0),
    ]
    made = renderers.render_animation("busca", frames, 8_000_000)
    img, read = opened(made.data)
    assert img.n_frames == 5 and read == [2500, 1200, 4000, 4000, 5000]
    assert same(frame_at(img, 1), mapped(captioned(renderers.seat_image("busca", busca_view, frames[1].extra or {}),
                                                    ("Move 1 of 3",), "A move.")))
    assert same(frame_at(img, 3), mapped(captioned(renderers.round_end_image("busca", scored.view(None),
                                                                             scored.round_ends[0]),
                                                    ("End of round 1",), "Scored.")))
    settlement = captioned(renderers.settlement_image("busca", busca_view, frames[2].extra or {}),
                           ("End of round 1",), "Settled.")
    assert same(frame_at(img, 2), mapped(settlement))
