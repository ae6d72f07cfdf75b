"""The stand-in tells the calls bound by Discord's global rate limit from the interaction endpoints
(the response to a click, and what the bot does with the interaction's token), and counts uploads:
the real bot, one click of a Fosco game against the computer."""

from __future__ import annotations

from pathlib import Path

from localcord.rest.records import Call
from tests.bot.parlour_harness import live_table, open_table, running, take_turn
from tests.discord_spec import local_discord


def test_kinds_from_paths_alone() -> None:
    def call(method: str, path: str, files: list[tuple[str, bytes]] | None = None) -> Call:
        return Call(method, path, {}, None, files or [])

    assert not call("POST", "/interactions/1/standin-abc/callback").global_limited
    assert not call("POST", "/webhooks/2/standin-abc").global_limited
    assert not call("PATCH", "/webhooks/2/standin-abc/messages/@original").global_limited
    assert not call("PATCH", "/webhooks/2/standin-abc/messages/3").global_limited
    assert call("POST", "/channels/4/messages").global_limited
    assert call("PATCH", "/channels/4/messages/5").global_limited
    assert call("POST", "/users/@me/channels").global_limited
    assert call("POST", "/webhooks/2/a-webhook-token").global_limited  # a webhook of its own, not a click's
    upload = call("POST", "/channels/4/messages", [("table.png", b"\x89PNG" + bytes(96)), ("hand.png", b"x" * 20)])
    assert (upload.uploads, upload.upload_bytes) == (2, 120)
    assert (call("POST", "/channels/4/messages").uploads, call("POST", "/channels/4/messages").upload_bytes) == (0, 0)


async def test_a_click_is_answered_outside_the_global_limit_and_the_table_edit_inside(tmp_path: Path) -> None:
    async with local_discord() as standin:
        guild = standin.add_guild("Card club")
        alice = standin.add_user("alice")
        guild.add_member(alice)
        lobby = guild.add_text_channel("games")
        async with running(standin, tmp_path, ai_delay=0.05) as bot:
            await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
            live = await live_table(standin, bot)
            await standin.wait_for(lambda: live.state.to_move == {live.seat_of(alice.id)}, 10, "alice's turn")
            first = len(standin.calls)
            record = await take_turn(standin, bot, live, alice)
            await bot.publisher.settled(live, timeout=10)
            calls = standin.calls[first:]
            callback = [c for c in calls if c.path == f"/interactions/{record.id}/{record.token}/callback"]
            assert callback and not any(c.global_limited for c in callback)
            with_token = [c for c in calls if record.token in c.path]
            assert not any(c.global_limited for c in with_token)
            table = f"/channels/{live.row.channel_id}/messages/{live.row.table_message_id}"
            edits = [c for c in calls if c.method == "PATCH" and c.path == table]
            assert edits and all(c.global_limited for c in edits)
            assert sum(c.uploads for c in edits) >= 1 and sum(c.upload_bytes for c in edits) > 0  # the picture
            assert all(c.global_limited for c in calls if c not in with_token)
        standin.assert_clean()
