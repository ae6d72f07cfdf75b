"""A busy bot draws the players' copies first (issue 37): while pictures wait for a drawing worker, a
table message that only onlookers need is edited less often, and the member still sees every move."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.runtime.workers import Workers
from localcord import LocalDiscord
from localcord.model import Channel

from ..counting import SHORT, human_plays
from ..faults.test_faults_discord import member_at_table


def table_edits(standin: LocalDiscord, table: Channel, since: int) -> int:
    """The table message's edits with a new picture since call ``since``."""
    return sum(1 for c in standin.calls[since:] if c.method == "PATCH" and c.files
               and c.path.startswith(f"/channels/{table.id}/messages/"))


async def play_a_deal(tmp_path: Path) -> tuple[int, int]:
    """One member's Fosco deal against a computer, played in their copy: (moves, table edits)."""
    async with member_at_table(tmp_path, "fosco", SHORT["fosco"]) as (standin, _, member, live, table):
        since = len(standin.calls)
        await human_plays(standin, live, member, table, 0.05)
        return live.version, table_edits(standin, table, since)


async def test_while_pictures_wait_for_a_worker_the_onlookers_table_waits_longer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    moves, edits = await play_a_deal(tmp_path / "idle")
    monkeypatch.setattr(Workers, "drawing_behind", property(lambda self: True))
    busy_moves, busy_edits = await play_a_deal(tmp_path / "busy")
    # Both deals are played to the end through the copies; the busy bot's table message, edited at
    # most every 0.6 s rather than 0.1 s (the test's scale) but for a round's end and the result,
    # shows fewer of the moves.
    assert moves > 20 and busy_moves > 20
    assert busy_edits / busy_moves < 0.6 * edits / moves, (moves, edits, busy_moves, busy_edits)


async def test_a_click_the_busy_workers_could_not_draw_in_time_is_deferred_and_its_copy_drawn_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: when a picture asked for now would come after the answer's deadline, the click is
    answered at once (deferred) and the display draws the copy from the newest state: one picture a
    click, not the answer's (too late) and the display's."""
    monkeypatch.setattr(Workers, "drawn_within", lambda self, seconds: False)
    async with member_at_table(tmp_path, "fosco", SHORT["fosco"]) as (standin, _, member, live, table):
        await human_plays(standin, live, member, table, 0.05)
        assert live.state.is_over  # every move reached the member's copy, to the end of the game
        clicks = [r for r in standin.world.interactions.values() if r.type == 3 and r.user.id == member.id
                  and str(r.payload.get("data", {}).get("custom_id", "")).startswith("pl:a:")]  # the moves
        kinds = [c["type"] for r in clicks for c in r.callbacks]
        assert len(clicks) > 10 and kinds and set(kinds) == {6}, kinds  # DEFERRED_UPDATE_MESSAGE, never a redraw
