"""Parts of a picture drawn once per content and pasted from then on.

A table is mostly the same from one move to the next: of twenty players' cells, one or two
change. A renderer draws such a part with :func:`region`, giving a key that holds everything
the part shows (names, amounts, cards, whose turn ...): the first time it is drawn on a small
canvas of its own and kept, afterwards the kept pixels are pasted. A key that misses something
the part shows would show a stale part, so build it from exactly the values the painter reads.

The part must lie on the plain ``background`` (its box, and a pixel above and left of it, are
pasted whole) and draw nothing outside its box. The cache is bounded by bytes
(:data:`REGION_BUDGET`), least recently used first out.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, cast

from PIL import Image, ImageDraw

from renderers.kit import theme
from renderers.kit.theme import RGB

Box = tuple[float, float, float, float]
Painter = Callable[[Image.Image, ImageDraw.ImageDraw, Box], None]
REGION_BUDGET = 24 << 20  # bytes of kept pixels per process


class RegionCache:
    """Kept parts by key, least recently used first out once over ``budget`` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.kept: OrderedDict[Hashable, Image.Image] = OrderedDict()

    def get(self, key: Hashable) -> Image.Image | None:
        sprite = self.kept.get(key)
        if sprite is not None:
            self.kept.move_to_end(key)
        return sprite

    def put(self, key: Hashable, sprite: Image.Image) -> None:
        size = sprite.width * sprite.height * len(sprite.getbands())
        if size > self.budget:
            return
        self.kept[key] = sprite
        self.used += size
        while self.used > self.budget:
            _, old = self.kept.popitem(last=False)
            self.used -= old.width * old.height * len(old.getbands())

    def clear(self) -> None:
        self.kept.clear()
        self.used = 0


REGIONS = RegionCache(REGION_BUDGET)


def frozen(value: Any) -> Hashable:
    """A hashable copy of a view's JSON-like ``value`` (for a region's key): lists become
    tuples and mappings sorted tuples of pairs, so equal content gives equal keys (and True,
    equal to 1 in Python, a key of its own)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, Mapping):
        return ("{}", tuple(sorted((str(k), frozen(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return cast(Hashable, value)


def region(img: Image.Image, box: Box, key: Hashable, paint: Painter, background: RGB = theme.BACKGROUND) -> None:
    """Draw ``paint(img, draw, box)``'s part of ``img`` (an RGB canvas from ``layout.canvas``),
    from the kept pixels when ``key`` was drawn before at a box of the same size and sub-pixel
    place on the same ``background``."""
    x0, y0, x1, y1 = box
    # An even shift: Pillow rounds some coordinates half to even, which an odd shift would flip.
    ix, iy = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
    local = (x0 - ix, y0 - iy, x1 - ix, y1 - iy)
    full_key = (key, local, background)
    sprite = REGIONS.get(full_key)
    if sprite is None:
        sprite = Image.new("RGB", (math.floor(x1) - ix + 1, math.floor(y1) - iy + 1), background)
        paint(sprite, ImageDraw.Draw(sprite, "RGBA"), local)
        REGIONS.put(full_key, sprite)
    img.paste(sprite, (ix, iy))
