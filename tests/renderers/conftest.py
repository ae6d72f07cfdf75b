"""The fixture shared by the table-image tests."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string Pillow is asked to draw while the test runs."""
    texts: list[str] = []
    real = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        texts.append(str(text))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    return texts
