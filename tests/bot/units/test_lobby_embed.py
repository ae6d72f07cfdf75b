"""The lobby's card (bot.commands.lobby.lobby_embed): a big table's seats, each named in full, fit Discord's
embed limits (a field holds 1,024 characters): Fscking Ace seats 30 (docs/rules/fscking-ace.md)."""

from __future__ import annotations

from dataclasses import replace

from bot.commands.lobby import FIELD_LIMIT, lobby_embed
from bot.store import TableRow
from bot.store.rows import Seat
from games import registry


def row(seats: list[Seat]) -> TableRow:
    return TableRow(id=7, game="fscking-ace", options={}, seed=1, status="lobby", host_id=1, seats=tuple(seats),
                    record=None, version=0, origin_channel_id=None, lobby_message_id=None, channel_id=None,
                    is_thread=False, table_message_id=None, turn_started_at=None, reminded=False, created_at=0.0,
                    updated_at=0.0, finished_at=None, delete_channel_at=None, extra={"awaiting": [2, 3]})


def test_thirty_long_names_are_all_listed_within_the_field_limit() -> None:
    rules = registry.get("fscking-ace")
    names = [f"{n:02d} a display name of 32 letters!" for n in range(rules.max_players)]  # 32: the longest
    seats = [Seat(n + 1, name) for n, name in enumerate(names)]
    embed = lobby_embed(rules, row(seats))
    players = [f for f in embed.fields if f.name != "Options"]
    assert players[0].name == f"Players ({rules.max_players}; 3 to 30 can play)" and len(players) > 1
    listed = "\n".join(str(f.value) for f in players).splitlines()
    assert len(listed) == rules.max_players and all(name in line for name, line in zip(names, listed, strict=True))
    assert all(len(str(f.value)) <= FIELD_LIMIT for f in embed.fields)
    assert "host" in listed[0] and "not back yet" in listed[1] and len(embed) <= 6000


def test_a_small_table_keeps_one_field() -> None:
    rules = registry.get("fscking-ace")
    embed = lobby_embed(rules, row([Seat(1, "alice"), Seat(None, "Computer 1", ai=True)]))
    assert [f.name for f in embed.fields][:2] == ["Players (2; 3 to 30 can play)", "Options"]


def test_options_that_do_not_apply_are_left_out_and_a_note_leads() -> None:
    """Issue 36 point 4: no "joker: half" without jokers; once started the card says so first,
    with no blank line and no invitation to join; hints off and an Easy computer are said."""
    rules = registry.get("fosco")
    seats = [Seat(1, "alice"), Seat(None, "Easy computer 1", ai=True, level="easy")]
    plain = replace(row(seats), game="fosco", extra={})
    options = next(str(f.value) for f in lobby_embed(rules, plain).fields if f.name == "Options")
    assert "joker:" not in options and "king: double" in options
    jokers = replace(plain, options={"jokers": 2})
    assert "joker: half" in next(str(f.value) for f in lobby_embed(rules, jokers).fields if f.name == "Options")
    assert "Join to take a seat" in str(lobby_embed(rules, plain).footer.text)
    started = lobby_embed(rules, replace(plain, extra={"hints": False}), "Started! Play in <#5>.")
    assert str(started.description).startswith("**Started! Play in <#5>.**") and started.footer.text is None
    assert all(f.name != "\u200b" for f in started.fields)
    fields = {f.name: str(f.value) for f in started.fields}
    listed = next(v for k, v in fields.items() if str(k).startswith("Players"))
    assert "Easy computer 1" in listed and "(computer)" not in listed and "hints: off" in fields["Options"]
    # issue 36 point 9: how long the game is, and what a 0 means
    assert fields["How long"] == "Until someone has 31 points" and "deals: play to the target" in fields["Options"]
    three = lobby_embed(rules, replace(plain, options={"deals": 3}))
    assert {f.name: str(f.value) for f in three.fields}["How long"] == "3 deals"
