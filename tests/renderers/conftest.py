"""The fixture shared by the table-image tests."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw

from renderers.kit import fonts, regions


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn while the test runs: those Pillow is asked to draw, and those drawn
    from the cache of text masks (each time, whether the mask was cached already or not). The
    region cache keeps nothing meanwhile, so that every part is painted, and its texts seen."""
    texts: list[str] = []
    real_text = ImageDraw.ImageDraw.text
    real_mask = fonts.text_mask

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        texts.append(str(text))
        real_text(self, xy, text, *args, **kwargs)

    def recording_mask(shown: str, *args: Any) -> Any:
        texts.append(shown)
        return real_mask(shown, *args)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    monkeypatch.setattr(fonts, "text_mask", recording_mask)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    return texts


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every text drawn while the test runs (each from the cache of text masks)."""
    sizes: list[int] = []
    real_mask = fonts.text_mask

    def recording(text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(text, size, *args)

    monkeypatch.setattr(fonts, "text_mask", recording)
    return sizes
