"""The replay viewer's message for every game (bot/show/replays/viewer.py): its text fits Discord and
says where the game is; its controls keep to Discord's limits, every id is a replay id naming the
moment it leads to; a table ended early says so at its last moment."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.play import custom_ids
from bot.show.replays import viewer
from bot.show.replays.moments import Moments
from games.core import registry

from .test_moments import played

GUILD = 7


def row(extra: dict[str, Any] | None = None) -> Any:
    return SimpleNamespace(id=12, extra=extra or {})


def inner(item: Any) -> Any:
    """The button or select a ``Control`` wraps."""
    return getattr(item, "item", item)


def ids_of(view: discord.ui.View) -> list[str]:
    return [str(getattr(item, "custom_id", "")) for item in view.children]


@pytest.mark.parametrize("key", registry.keys())
def test_every_moment_fits_discord_and_each_control_names_its_moment(key: str) -> None:
    final = played(key, 21)
    moments = Moments(registry.get(key), final.to_record(), [f"Player {i + 1}" for i in range(final.players)])
    for moment in sorted({0, 1, moments.last // 2, moments.last - 1, moments.last}):
        at = viewer.Moment(moment)
        text = viewer.content(moments, row(), at)
        assert len(text) <= 2000 and text.splitlines()[-1] == f"__{viewer.where(moments, moment)}__"
        view = viewer.controls(moments, row(), GUILD, at)
        assert len(view.children) <= 25 and max(item.row or 0 for item in view.children) <= 4
        refs = [custom_ids.parse(i) for i in ids_of(view)]
        assert all(isinstance(r, custom_ids.ReplayRef) and r.table_id == 12 for r in refs)
        assert len(set(ids_of(view))) == len(view.children)  # Discord refuses a message with two alike
        steps = {r.verb + str(r.moment) for r in refs if isinstance(r, custom_ids.ReplayRef)}
        assert {"first0", f"go{max(0, moment - 1)}", f"go{min(moments.last, moment + 1)}",
                f"last{moments.last}"} <= steps
        selects = [inner(item) for item in view.children if isinstance(inner(item), discord.ui.Select)]
        assert selects  # the jump at least
        for item in selects:
            if isinstance(item, discord.ui.Select):
                values = [o.value for o in item.options]
                assert 1 <= len(values) <= 25 and len(set(values)) == len(values)
                assert sum(o.default for o in item.options) <= 1


def test_a_table_ended_early_says_so_at_its_last_moment_and_a_private_one_is_not_posted() -> None:
    final = played("busca", 14)
    record = final.to_record()
    record["actions"] = record["actions"][:50]
    moments = Moments(registry.get("busca"), record, ["A", "B", "C"])
    said = viewer.content(moments, row(), viewer.Moment(50))
    assert "🛑 The table was ended here" in said and "🏁" not in said
    view = viewer.controls(moments, row({"private": True}), GUILD, viewer.Moment(50))
    post = next(inner(item) for item in view.children if getattr(inner(item), "label", "") == viewer.POST)
    assert post.disabled
