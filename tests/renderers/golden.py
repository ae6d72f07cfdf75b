"""Golden images: a few tables and hands at fixed seeds, kept in tests/renderers/golden/.

Regenerate them on purpose, after a change to how tables look, and review the result:

    python -m tests.renderers.golden
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from games.core import registry
from renderers import render_hand, render_table
from renderers.gallery import rendered_games, stages

FOLDER = Path(__file__).resolve().parent / "golden"
SEED = 7
# A render counts as unchanged when its mean channel difference is tiny and almost no pixel moved
# visibly; this absorbs anti-aliasing differences between FreeType builds, not layout changes.
MEAN_TOLERANCE = 1.0
PIXEL_TOLERANCE = 0.004


def cases() -> Iterator[tuple[str, bytes]]:
    """(file name, PNG) for every golden image, rendered now: the smallest table at its start,
    middle and end; other sizes in the middle; a hand in the middle."""
    for key, players in rendered_games():
        table_stages = {"start", "middle", "over"} if players == registry.get(key).min_players else {"middle"}
        for stage in stages(key, players, SEED):
            if stage.name in table_stages:
                yield f"{stage.label}-table.png", render_table(key, stage.view(stage.mover))
            if stage.name == "middle":
                yield f"{stage.label}-hand.png", render_hand(key, stage.view(stage.mover))


def difference(expected: bytes, actual: bytes) -> tuple[float, float] | None:
    """(mean channel difference, share of visibly changed pixels); None if the sizes differ."""
    a = Image.open(io.BytesIO(expected)).convert("RGB")
    b = Image.open(io.BytesIO(actual)).convert("RGB")
    if a.size != b.size:
        return None
    diff = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
    share = (ImageStat.Stat(changed).mean[0] / 255) if changed.getbbox() else 0.0
    return mean, share


def main() -> int:
    FOLDER.mkdir(exist_ok=True)
    written = []
    for name, data in cases():
        (FOLDER / name).write_bytes(data)
        written.append(name)
    for stale in FOLDER.glob("*.png"):
        if stale.name not in written:
            stale.unlink()
    print(f"wrote {len(written)} golden images to {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
