"""PNG encoding: every image is mapped to one fixed 256-colour palette, then saved fast.

Why a palette: Pillow filters each row of an RGB PNG adaptively, some 13 ms for a table even at
compression level 0; a palette image is one byte a pixel and is not filtered, so mapping and
saving take about 4 ms (zlib's fastest level) and the file is less than half the size. Why a fixed one: building a
palette per image costs 10 ms (octree) to 50 ms (median cut); mapping to a fixed one does not.

The palette (:mod:`renderers.kit.palette_data`) holds every colour of :mod:`renderers.kit.theme` and
the side colours exactly, so flat areas keep their exact colour, and fills the rest with an
octree quantisation of the gallery's own pictures (the anti-aliased edges of text, pips and
panels, card art, glows and shadows). On those pictures the mean error is about one level in
256 and no pixel moves by more than 40. Regenerate it after changing theme colours or adding
a game whose pictures bring colours of their own, and look at the gallery::

    python -m renderers.tools.make_palette
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from renderers.kit.palette_data import PALETTE_HEX

COLOURS = 256
# zlib's level 3: on the gallery's copies (600 x 382) 20.5 KB in 1.6 ms, against 19.1 KB in 2.3 ms at
# level 4, 22.5 KB in 1.7 ms at level 1 and 17.3 KB in 3.8 ms at level 6. A copy is sent at every
# move and drawn at every click, so both count: level 3 keeps two members' uploads near 38 KB a move
# (goal 45) for 0.7 ms less a picture than level 4 (a busy bot draws a copy a click). Not 9: 20 ms
# for 6 % less than 6.
PNG_LEVEL = 3
# Above this many pixels (the 30-seat Fscking Ace table was 880 x 1934) level 6 took 25-40 ms: such
# a picture is saved at zlib's fastest level and again at level 6 only if above the caller's limit.
LARGE_PIXELS = 1_000_000
PNG_FAST_LEVEL = 1
PNG_RETRY_LEVEL = 6


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A 1 x 1 "P" image carrying the fixed palette (what ``Image.quantize`` maps to)."""
    img = Image.new("P", (1, 1))
    img.putpalette(bytes.fromhex(PALETTE_HEX))
    return img


def encode_png(img: Image.Image, limit: int) -> bytes:
    """``img`` (RGB) mapped to the fixed palette (nearest colour, no dithering: flat areas stay
    flat) as PNG bytes; a large picture is saved fast, then harder if above ``limit`` bytes."""
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # convert would copy an RGB image
    mapped = rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    level = PNG_FAST_LEVEL if img.width * img.height > LARGE_PIXELS else PNG_LEVEL
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=level)
    if out.tell() > limit and level == PNG_FAST_LEVEL:
        out = io.BytesIO()
        mapped.save(out, format="PNG", compress_level=PNG_RETRY_LEVEL)
    return out.getvalue()
