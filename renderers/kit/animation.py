"""Animated pictures: a round or a whole game as one animated WebP, each frame a picture the bot
already draws with a caption band under it (the replay's "Animate", issue 49).

    +--------------------------------------------+
    |                                            |
    |   the table or a player's copy, 600 x 382  |   (any picture of the game, as drawn)
    |                                            |
    +----------------+---------------------------+
    | Move 17 of 84  | Ann plays the 7H. Bo wins |   CAPTION_HEIGHT: the label (up to two lines,
    | Round 2 of 3   | the trick.                |   17 px) and the move's lines (two at 19 px)
    +----------------+---------------------------+

**Size as Discord shows it.** A frame is 600 x 454. A phone shows it at 0.65 of its size, as
it does every 600 x 382 picture (the width decides there, up to 538 px high), so the table's
cards and texts read as they do in play (:mod:`renderers.kit.shown`); a desktop's 550 x 350 box
shows it at 0.77 rather than 0.92, every text still 13 px or more.

**Why WebP, lossless, on the fixed palette** (:mod:`renderers.kit.palette`). Measured on the
frames of whole games as ``bot.show.replays.animation`` plans them (random games: Fosco 4 players
107 frames, Scarto 3 players 120, Fscking Ace 5 players 120, Bullshit 6 players 120; captions
included), KB a frame and ms to encode one (Pillow 13, libwebp; the best of two runs):

=================================  =========  =========  ===========  =========  ==========
encoding                           Fosco      Scarto     Fscking Ace  Bullshit   ms a frame
=================================  =========  =========  ===========  =========  ==========
GIF, the fixed palette             21.7       25.3       12.1         27.2       2
WebP lossy, quality 80, method 4   19.9       22.8       14.7         24.5       24-25
WebP lossy, quality 60, method 4   16.1       18.1       12.0         19.9       24-34
WebP lossless, RGB, method 4       24.8       32.7       10.7         30.5       45-145
WebP lossless, palette, method 0   19.9       21.3       18.8         25.1       7-10
WebP lossless, palette, method 2   12.0       13.3       7.0          15.1       13-19
=================================  =========  =========  ===========  =========  ==========

Mapped first to the palette every PNG is saved in, so that a frame is, pixel for pixel, the
picture the bot shows in play, lossless WebP (method 2, the chosen one) is 53-58 % of the GIF's
size, and smaller than lossy WebP even at quality 60, which is not exact (method 6 at quality 100
saves 2 % more for some 250 times the time). A whole game's 120 frames come to 0.8-1.8 MB, its
encoding to some 2 s of a worker's time beside 0.5-1 s of drawing. Lowering the quality buys
nothing here, so an animation over its byte limit drops frames instead (:func:`encode`), evenly,
keeping the first, the last and the ones the caller names.

Deterministic: the same frames, durations and limit give the same bytes (libwebp's encoder has
no clock or randomness in it; Pillow writes no date).
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from PIL import Image

from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text
from renderers.kit.palette import palette_image

CAPTION_HEIGHT = 72  # px under the picture: two lines of the move (19 px) with their margins
LABEL_SIZE = shown.COPY_TEXT_MIN  # the label's lines ("Move 17 of 84", "Round 2 of 3")
TEXT_SIZE = theme.SMALL_TEXT_SIZE  # the move's lines
LABEL_WIDTH = 150  # px of the band the label takes ("Move 999 of 999" is 128 px wide at 17 px bold)
TEXT_LINES = 2
FRAME_SIZE = (shown.COPY_SIZE[0], shown.COPY_SIZE[1] + CAPTION_HEIGHT)
WEBP_METHOD = 2  # libwebp's effort: 0 gives 1.6-2.7 times the bytes, 4 no fewer and slower, 6 ~250 times slower
WEBP_QUALITY = 80  # for lossless WebP, the effort within the method (Pillow's default)
FIT_MARGIN = 0.9  # frames are thinned to 90 % of the count that would just fit, so one more try usually does


class Animation(NamedTuple):
    """An animated WebP and what is in it: ``durations`` in ms, one a frame of the file;
    ``kept`` the indices of the frames given to :func:`encode` that it shows (each from its own
    start until the next one's)."""

    data: bytes
    durations: tuple[int, ...]
    kept: tuple[int, ...]

    @property
    def frames(self) -> int:
        return len(self.durations)

    @property
    def seconds(self) -> float:
        return sum(self.durations) / 1000


def evenly(count: int, wanted: int, keep: Collection[int] = ()) -> list[int]:
    """``wanted`` of the indices ``0 .. count - 1``, in order, spread evenly: always the first and
    the last, then those in ``keep`` (themselves spread evenly if there are too many), then the
    others in the gaps between those, each gap given its share by its length. All of them if
    ``wanted >= count``."""
    if count <= 0:
        return []
    if wanted >= count:
        return list(range(count))
    if wanted <= 1 or count == 1:
        return [0]
    named = sorted({i for i in keep if 0 < i < count - 1})
    room = wanted - 2
    if len(named) >= room:
        return [0, *_spread(named, room), count - 1]
    anchors = [0, *named, count - 1]
    gaps = list(itertools.pairwise(anchors))
    free = room - len(named)
    inside = [b - a - 1 for a, b in gaps]
    total = sum(inside)
    shares = [free * n / total for n in inside]
    given = [math.floor(share) for share in shares]
    # the slots left go to the gaps with the largest remainders (the earlier on a tie)
    for g in sorted(range(len(gaps)), key=lambda g: (given[g] - shares[g], g))[: free - sum(given)]:
        given[g] += 1
    chosen = list(anchors)
    for (a, b), n in zip(gaps, given, strict=True):
        chosen += [a + math.floor((j + 1) * (b - a) / (n + 1)) for j in range(n)]
    return sorted(chosen)


def _spread(items: Sequence[int], wanted: int) -> list[int]:
    """``wanted`` of ``items``, evenly: the middle one of each of ``wanted`` equal stretches."""
    if wanted <= 0:
        return []
    if wanted >= len(items):
        return list(items)
    return [items[math.floor((k + 0.5) * len(items) / wanted)] for k in range(wanted)]


def captioned(picture: Image.Image, label: Sequence[str], text: str) -> Image.Image:
    """``picture`` (drawn at :data:`renderers.kit.shown.COPY_SIZE`; another size is fitted into
    it) over a caption band: ``label``'s first two lines at the left ("Move 17 of 84", "Round 2
    of 3"), ``text`` (the move's lines, suits as marks) to their right on at most two lines."""
    width, height = shown.COPY_SIZE
    img, draw = layout.canvas(*FRAME_SIZE)
    if picture.size != shown.COPY_SIZE:
        fitted = picture.convert("RGB")
        fitted.thumbnail((width, height), Image.Resampling.LANCZOS)
        img.paste(fitted, ((width - fitted.width) // 2, (height - fitted.height) // 2))
    else:
        img.paste(picture if picture.mode == "RGB" else picture.convert("RGB"), (0, 0))
    top = height
    layout.opaque_draw(draw).rectangle((0, top, width, FRAME_SIZE[1]), fill=theme.PANEL)
    layout.opaque_draw(draw).line([(0, top + 1), (width, top + 1)], fill=theme.PANEL_LIGHT, width=2)
    pad = theme.PADDING
    middle = top + 2 + (CAPTION_HEIGHT - 2) / 2
    lead = layout.line_height(LABEL_SIZE)
    shown_label = [line for line in label if line][:2]
    first = middle - lead * (len(shown_label) - 1) / 2
    for i, line in enumerate(shown_label):
        draw_text(draw, (pad, first + i * lead), layout.ellipsize(line, LABEL_SIZE, LABEL_WIDTH - pad, bold=i == 0),
                  LABEL_SIZE, theme.TEXT if i == 0 else theme.MUTED, anchor="lm", bold=i == 0, cached=False)
    left = LABEL_WIDTH + pad if shown_label else pad
    if shown_label:
        layout.opaque_draw(draw).line([(LABEL_WIDTH, top + 12), (LABEL_WIDTH, FRAME_SIZE[1] - 12)],
                                      fill=theme.PANEL_LIGHT, width=2)
    room = width - left - pad
    lines = layout.wrap(" ".join(text.split()), TEXT_SIZE, room)
    if len(lines) > TEXT_LINES:
        lines = lines[: TEXT_LINES - 1] + [layout.ellipsize(" ".join(lines[TEXT_LINES - 1:]), TEXT_SIZE, room)]
    lead = layout.line_height(TEXT_SIZE)
    first = middle - lead * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        layout.draw_rich(img, draw, (left, first + i * lead), line, TEXT_SIZE, theme.TEXT, cached=False)
    return img


def encode(frames: Iterable[Image.Image], durations: Sequence[int], max_bytes: int,
           keep: Collection[int] = ()) -> Animation:
    """``frames`` (RGB, one size) shown ``durations`` ms each, as an animated WebP that loops, of at
    most ``max_bytes``: lossless on the fixed palette. A frame the same as the one before it only
    lengthens that one. Over ``max_bytes``, frames are dropped evenly (never the first, the last or
    those in ``keep`` while others are left), each dropped frame's time going to the frame before it
    so that the animation lasts as long; ValueError if even the first and last alone are too big.

    ``frames`` may be a generator: each is mapped to the palette as it comes (a third of its RGB
    bytes), so 120 frames hold some 33 MB, not 100."""
    mapped: list[Image.Image] = []
    times: list[int] = []
    index: list[int] = []  # the given frame each distinct one starts at
    keeping: set[int] = set()
    last = b""
    count = 0
    for i, (frame, ms) in enumerate(zip(frames, durations, strict=True)):
        count += 1
        if mapped and frame.size != mapped[0].size:
            raise ValueError("an animation's frames are all one size")
        rgb = frame if frame.mode == "RGB" else frame.convert("RGB")
        image = rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)
        pixels = image.tobytes()
        if mapped and pixels == last:
            times[-1] += max(0, int(ms))
        else:
            mapped.append(image)
            times.append(max(1, int(ms)))
            index.append(i)
            last = pixels
        if i in keep:
            keeping.add(len(mapped) - 1)
    if not count:
        raise ValueError("an animation needs frames, each with its duration")
    chosen = list(range(len(mapped)))
    data = _webp([mapped[i] for i in chosen], _merged(times, chosen))
    while len(data) > max_bytes and len(chosen) > 2:
        fits = math.floor(len(chosen) * max_bytes / len(data) * FIT_MARGIN)
        chosen = evenly(len(mapped), max(2, min(len(chosen) - 1, fits)), keeping)
        data = _webp([mapped[i] for i in chosen], _merged(times, chosen))
    if len(data) > max_bytes:
        raise ValueError(f"an animation of {len(chosen)} frames is {len(data)} bytes, over {max_bytes}")
    return Animation(data, tuple(_merged(times, chosen)), tuple(index[i] for i in chosen))


def _merged(times: Sequence[int], chosen: Sequence[int]) -> list[int]:
    """Each chosen frame's time: its own and that of the frames dropped after it."""
    ends = [*chosen[1:], len(times)]
    return [sum(times[start:end]) for start, end in zip(chosen, ends, strict=True)]


def _webp(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=list(frames[1:]), duration=list(durations),
                   loop=0, lossless=True, quality=WEBP_QUALITY, method=WEBP_METHOD)
    return out.getvalue()
