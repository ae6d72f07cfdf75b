"""Tables and hands still look as they did when the golden images were last approved.

After a deliberate change: ``python -m tests.renderers.golden``, then look at the new images.
"""

from __future__ import annotations

import pytest

from .golden import FOLDER, MEAN_TOLERANCE, PIXEL_TOLERANCE, cases, difference

CASES = list(cases())


def test_every_golden_image_is_still_produced() -> None:
    produced = {name for name, _ in CASES}
    kept = {path.name for path in FOLDER.glob("*.png")}
    assert kept == produced, "regenerate with: python -m tests.renderers.golden"


@pytest.mark.parametrize(("name", "png"), CASES, ids=[name for name, _ in CASES])
def test_matches_golden(name: str, png: bytes) -> None:
    path = FOLDER / name
    assert path.exists(), f"missing {name}: regenerate with python -m tests.renderers.golden"
    result = difference(path.read_bytes(), png)
    assert result is not None, f"{name} changed size"
    mean, share = result
    assert mean <= MEAN_TOLERANCE and share <= PIXEL_TOLERANCE, (
        f"{name} differs from its golden image (mean {mean:.2f}, {share:.2%} of pixels); if the change is "
        "intended, regenerate with python -m tests.renderers.golden and review the images")


def test_the_comparison_notices_a_change() -> None:
    from io import BytesIO

    from PIL import Image, ImageDraw

    _, png = CASES[0]
    image = Image.open(BytesIO(png)).convert("RGB")
    ImageDraw.Draw(image).rectangle((10, 10, 200, 120), fill=(255, 0, 0))
    changed = BytesIO()
    image.save(changed, format="PNG")
    result = difference(png, changed.getvalue())
    assert result is not None and result[1] > PIXEL_TOLERANCE
    assert difference(png, png) == (0.0, 0.0)
