"""Helpers shared by the table-image tests."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from games.core.base import State


def views_of(state: State, names: list[str]) -> list[dict[str, Any]]:
    """The state's views for seats 0 and 1 and a spectator (seat 1's with names)."""
    out = []
    for seat in (0, 1, None):
        view = state.view(seat)
        if seat == 1:
            view["names"] = names[: state.players]
        out.append(view)
    return out


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        return img.size
