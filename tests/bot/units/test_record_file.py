"""Issue 49: a finished game's record as a file to share (bot/show/replays/record_file.py,
docs/record-format.md): built from the store's row and action log, written and read back the same,
every damage refused in one sentence, and ``python -m bot replay FILE`` telling and drawing it."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.show.replays import record_file
from bot.show.replays.record_file import RecordDoc, RecordError
from bot.store.rows import ActionRow, Seat, TableRow, TableStatus
from games import registry
from games.core.base import JOIN, State

ROOT = Path(__file__).resolve().parents[3]
OPENED = 1_800_000_000.0  # 2027-01-15T08:00:00Z
ALICE, BOB = 4_000_000_000_000_001, 4_000_000_000_000_002  # Discord ids, which no record may hold


def played(key: str, players: int, seed: int = 7, *, join: bool = False, resign_at: int | None = None,
           status: TableStatus = "finished", stop_at: int | None = None, practice: bool = False
           ) -> tuple[TableRow, list[ActionRow]]:
    """A game of ``key`` played by the computers to its end (or ``stop_at`` moves), as the store
    would hold it: Alice (a member) in seat 0, Bob (a member) in seat 1, computers in the rest.
    ``join``: Carol joins at the first break between rounds (seat ``players``); ``resign_at``:
    Alice resigns after that many moves and the computer plays her seat on. The break's moves are
    the table's (its timer), a member's move past its time the table's too (every fifth of Bob's)."""
    rules = registry.get(key)
    state: State = rules.new_game(players, seed)
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), *(Seat(None, f"Computer {n}", ai=True)
                                                      for n in range(1, players - 1))]
    actions: list[ActionRow] = []
    resigned: list[int] = []
    joined = False
    while not state.is_over and (stop_at is None or len(state.history) < stop_at):
        if resign_at is not None and len(state.history) == resign_at:
            seats[0] = replace(seats[0], ai=True, name="Alice (computer)")
            resigned = [ALICE]
        seat = min(state.to_move)
        actor: int | None
        if join and not joined and state.between_rounds and state.can_join:
            token, actor, source, joined = JOIN, 5, "join", True
            seats.append(Seat(5, "Carol"))
        else:
            token = registry.computer_move(state, seat, "easy").token
            who = seats[seat]
            if state.between_rounds:
                actor, source = None, "table"
            elif who.ai:
                actor, source = None, "computer"
            elif who.member_id == BOB and sum(1 for a in actions if a.seat == 1) % 5 == 4:
                actor, source = None, "timeout"
            else:
                actor, source = who.member_id, "click"
        state = state.apply(seat, token)
        actions.append(ActionRow(12, len(actions) + 1, seat, token, actor, source, OPENED + 60 + 3 * len(actions)))
    ended: TableStatus = status if state.is_over or status != "finished" else "playing"
    row = TableRow(
        id=12, game=key, options={}, seed=seed, status=ended,
        host_id=ALICE, seats=tuple(seats), record=state.to_record(), version=len(actions), origin_channel_id=1,
        lobby_message_id=2, channel_id=3, is_thread=False, table_message_id=4, turn_started_at=None, reminded=False,
        created_at=OPENED, updated_at=OPENED + 4000, finished_at=OPENED + 4000, delete_channel_at=None,
        extra={"resigned": resigned, "practice": True} if practice else {"resigned": resigned})
    return row, actions


@pytest.fixture(scope="module")
def fosco() -> tuple[TableRow, list[ActionRow]]:
    return played("fosco", 4)


@pytest.fixture(scope="module")
def doc(fosco: tuple[TableRow, list[ActionRow]]) -> RecordDoc:
    return record_file.build(*fosco, "dollars")


def damaged(doc: RecordDoc, change: Any) -> bytes:
    data = json.loads(record_file.dumps(doc))
    change(data)
    return json.dumps(data).encode()


# -- building, writing, reading --------------------------------------------------------------

def test_a_record_round_trips_and_is_the_same_bytes_every_time(fosco: tuple[TableRow, list[ActionRow]],
                                                               doc: RecordDoc) -> None:
    data = record_file.dumps(doc)
    assert record_file.dumps(record_file.build(*fosco, "dollars")) == data  # deterministic
    back = record_file.loads(data)
    assert back == doc and record_file.dumps(back) == data
    text = data.decode("utf-8")
    assert text.startswith('{\n  "format": "parlour-game-record",\n  "version": 1,\n')
    assert list(json.loads(text)) == list(record_file.DOC_KEYS)
    assert text.count('\n    {"number": ') == len(doc["moves"]) == fosco[0].version  # a move a line
    stored = registry.get("fosco").from_record(fosco[0].record or {})
    moments = record_file.moments_of(back)
    assert moments.final == stored and moments.final.outcome == stored.outcome


def test_the_record_names_the_game_seats_and_result_in_words_and_holds_no_discord_id(doc: RecordDoc) -> None:
    assert (doc["game"], doc["title"], doc["table"], doc["status"], doc["practice"]) == (
        "fosco", "Fosco", 12, "finished", False)
    assert (doc["players"], doc["seed"], doc["deck"], doc["unit"]) == (4, 7, None, "dollars")
    assert doc["options"] == registry.get("fosco").resolve_options({}, 4)
    assert doc["opened"] == "2027-01-15T08:00:00.000Z" and doc["finished"] == "2027-01-15T09:06:40.000Z"
    assert doc["seats"] == [
        {"seat": 0, "name": "Alice", "kind": "member", "level": None, "resigned": False},
        {"seat": 1, "name": "Bob", "kind": "member", "level": None, "resigned": False},
        {"seat": 2, "name": "Computer 1", "kind": "computer", "level": "normal", "resigned": False},
        {"seat": 3, "name": "Computer 2", "kind": "computer", "level": "normal", "resigned": False}]
    result = doc["result"]
    assert result is not None and result["winners"] and "{p" not in result["detail"]
    assert "**" not in result["headline"] and any(name in result["headline"] for name in ("Alice", "Bob", "Computer"))
    first = doc["moves"][0]
    assert first["number"] == 1 and first["at"] == "2027-01-15T08:01:00.000Z"
    data = record_file.dumps(doc).decode()
    assert str(ALICE) not in data and str(BOB) not in data and "member_id" not in data


def test_who_made_each_move_is_said_in_words(doc: RecordDoc) -> None:
    by_source = {(m["source"], m["seat"], m["by"]) for m in doc["moves"]}
    assert ("click", 0, "Alice") in by_source and ("click", 1, "Bob") in by_source
    assert ("computer", 2, "Computer 1") in by_source
    assert ("timeout", 1, "the table") in by_source  # Bob's time ran out: the table moved for him
    assert all(m["by"] == "the table" for m in doc["moves"] if m["source"] == "timeout")


def test_a_newcomer_and_a_resigned_member_are_named_and_the_breaks_are_the_tables() -> None:
    row, actions = played("fscking-ace", 3, join=True, resign_at=30)
    doc = record_file.build(row, actions, "cents")
    assert doc["players"] == 3 and [s["name"] for s in doc["seats"]] == ["Alice (computer)", "Bob", "Computer 1",
                                                                           "Carol"]
    assert doc["seats"][0] == {"seat": 0, "name": "Alice (computer)", "kind": "computer", "level": "normal",
                               "resigned": True}
    moves = doc["moves"]
    assert {m["by"] for m in moves[:30] if m["seat"] == 0 and m["source"] == "click"} == {"Alice"}
    assert {m["by"] for m in moves[30:] if m["seat"] == 0 and m["source"] != "table"} == {"Alice (computer)"}
    assert [m["by"] for m in moves if m["token"] == JOIN] == ["Carol"]
    assert {m["by"] for m in moves if m["source"] == "table"} == {"the table"}
    assert record_file.loads(record_file.dumps(doc)) == doc
    story = "\n".join(record_file.story(doc))
    assert "Alice (resigned; the computer played on)" in story and "Carol" in story and "¢" in story


def test_a_table_ended_early_has_no_result_and_a_practice_game_says_so() -> None:
    row, actions = played("busca", 3, status="cancelled", stop_at=40, practice=True)
    doc = record_file.build(row, actions, "points")
    assert (doc["status"], doc["result"], len(doc["moves"]), doc["practice"]) == ("ended", None, 40, True)
    assert record_file.loads(record_file.dumps(doc)) == doc
    story = record_file.story(doc)
    assert story[0] == "Busca, table #12 (practice)" and story[-1] == (
        "The table was ended before the game was over: no result.")


def test_a_table_still_being_played_or_whose_log_differs_from_its_record_is_refused(
        fosco: tuple[TableRow, list[ActionRow]]) -> None:
    row, actions = fosco
    with pytest.raises(RecordError, match=r"^Table #12 has no record to download: only a game that has ended"):
        record_file.build(replace(row, status="playing"), actions, "dollars")
    with pytest.raises(RecordError, match=r"^Table #12's action log does not match its record at move 5\.$"):
        record_file.build(row, [a for a in actions if a.version != 5], "dollars")


def test_the_file_name(doc: RecordDoc) -> None:
    assert record_file.file_name(doc) == "parlour-fosco-table-12.json"
    assert record_file.file_name({**doc, "game": "fscking-ace", "table": 3}) == "parlour-fscking-ace-table-3.json"


def test_fields_a_newer_writer_added_are_left_out(doc: RecordDoc) -> None:
    def more(data: dict[str, Any]) -> None:
        data["comment"] = "a field of a later version 1"
        data["moves"][0]["think_ms"] = 12
        data["seats"][0]["avatar"] = "x"

    assert record_file.loads(damaged(doc, more)) == doc


# -- what is refused, in one sentence --------------------------------------------------------

def _illegal(data: dict[str, Any]) -> None:
    first, second = data["moves"][0], data["moves"][1]
    first["token"], second["token"] = second["token"], first["token"]


REFUSED: list[tuple[str, Any, str]] = [
    ("newer", lambda d: d.update(version=2),
     r"^This record was written by a newer Parlour \(format 2\); this Parlour reads format 1\. "
     r"Update Parlour to open it\.$"),
    ("other format", lambda d: d.update(format="something-else"), r"^This file is not a Parlour game record\.$"),
    ("unknown game", lambda d: d.update(game="snap"),
     r"^This record is of a game this Parlour does not know \('snap'\): a newer Parlour may know it\.$"),
    ("illegal move", _illegal, r"^This record is damaged: move 1 is not a legal move \(.+\)\.$"),
    ("missing field", lambda d: d.pop("seed"), r"^This record is damaged: 'seed' is missing\.$"),
    ("ill-typed field", lambda d: d.update(seed="7"),
     r"^This record is damaged: 'seed' should be a whole number, not text\.$"),
    ("a move's missing token", lambda d: d["moves"][2].pop("token"),
     r"^This record is damaged: the 'token' of move 3 is missing\.$"),
    ("a seat's kind", lambda d: d["seats"][1].update(kind="robot"),
     r"^This record is damaged: the 'kind' of seat 1 should be 'member' or 'computer', not \"robot\"\.$"),
    ("moves renumbered", lambda d: d["moves"][3].update(number=9), r"^This record is damaged: move 4 is numbered 9\.$"),
    ("bad time", lambda d: d["moves"][0].update(at="yesterday"),
     r"^This record is damaged: the 'at' of move 1 should be a time \(ISO 8601\), not 'yesterday'\.$"),
    ("version zero", lambda d: d.update(version=0),
     r"^This record is damaged: 'version' should be at least 1, not 0\.$"),
    ("a result the moves do not reach", lambda d: d["result"]["scores"].reverse(),
     r"^This record is damaged: its result is not the one its moves reach\.$"),
    ("a move fewer", lambda d: d["moves"].pop(),
     r"^This record is damaged: it says the game finished, but its moves do not finish it\.$"),
    ("a seat fewer", lambda d: d["seats"].pop(), r"^This record is damaged: it names 3 seats but its game has 4\.$"),
    ("bad options", lambda d: d["options"].update(colour="red"),
     r"^This record is damaged: its game cannot be set up \(Fosco has no option 'colour' .*\)\.$"),
    ("a list of moves that is not", lambda d: d.update(moves={}),
     r"^This record is damaged: 'moves' should be a list, not an object\.$"),
]


@pytest.mark.parametrize(("change", "said"), [(c, s) for _, c, s in REFUSED], ids=[n for n, _, _ in REFUSED])
def test_a_damaged_or_newer_record_is_refused_in_one_sentence(doc: RecordDoc, change: Any, said: str) -> None:
    with pytest.raises(RecordError, match=said) as refused:
        record_file.loads(damaged(doc, change))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("data", [b"", b"\xff\xfe", b"{", b"[1, 2", b"nan", "{}".encode("utf-16")])
def test_what_is_not_json_is_refused(data: bytes) -> None:
    with pytest.raises(RecordError, match=r"^This file is not a Parlour game record: it is not JSON\.$"):
        record_file.loads(data)


@pytest.mark.parametrize("data", [b"{}", b"[]", b"12", b'"parlour-game-record"', b'{"format": 1}'])
def test_json_that_is_not_a_record_is_refused(data: bytes) -> None:
    with pytest.raises(RecordError, match=r"^This file is not a Parlour game record\.$"):
        record_file.loads(data)


# -- the story and the command ---------------------------------------------------------------

def test_the_story_has_a_header_each_round_each_move_numbered_and_the_result() -> None:
    row, actions = played("busca", 3)
    doc = record_file.build(row, actions, "points")
    story = record_file.story(doc)
    assert story[:3] == ["Busca, table #12", "Players: Alice, Bob and Computer 1",
                         f"Opened 2027-01-15 08:00 UTC; finished 2027-01-15 09:06 UTC; {len(actions)} moves."]
    rounds = record_file.moments_of(doc).rounds()
    assert [line for line in story if line.startswith("Round ")] == [f"Round {r.number}" for r in rounds]
    numbered = [int(found[1]) for found in map(re.compile(r"^ *(\d+)\. ").match, story) if found]
    assert numbered == list(range(1, len(actions) + 1))
    result = doc["result"]
    assert result is not None and story[-2] == f"Result: {result['headline']}."
    told = record_file.moment_told(doc, record_file.moments_of(doc), 5)
    assert told[4].startswith("Moment 5 of ") and any(line.startswith("      Alice: ") for line in told)


def replay(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "replay", *argv], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env=env)


def test_python_m_bot_replay_tells_the_game_and_draws_a_moment(doc: RecordDoc, tmp_path: Path) -> None:
    path = tmp_path / record_file.file_name(doc)
    path.write_bytes(record_file.dumps(doc))
    told = replay(str(path))
    assert told.returncode == 0 and told.stderr == "", told
    lines = told.stdout.splitlines()
    assert lines[0] == "Fosco, table #12" and lines[1] == "Players: Alice, Bob, Computer 1 and Computer 2"
    assert f"{len(doc['moves']):4}. " in told.stdout and lines[-2].startswith("Result: ")
    drawn = replay(str(path), "--png", str(tmp_path / "last.png"))
    at_the_deal = replay(str(path), "--moment", "0", "--seat", "1", "--png", str(tmp_path / "deal.png"))
    assert drawn.returncode == 0 and drawn.stdout.startswith(f"wrote moment {len(doc['moves'])} of ")
    assert at_the_deal.stdout == f"wrote moment 0 of {len(doc['moves'])}, Bob's hand to {tmp_path / 'deal.png'}\n"
    for name in ("last.png", "deal.png"):
        image = Image.open(io.BytesIO((tmp_path / name).read_bytes()))
        assert image.format == "PNG" and image.size == (600, 382)


def test_python_m_bot_replay_draws_a_game_played_on_the_table(tmp_path: Path) -> None:
    doc = record_file.build(*played("fscking-ace", 3), "dollars")
    path = tmp_path / "ace.json"
    path.write_bytes(record_file.dumps(doc))
    drawn = replay(str(path), "--moment", "4", "--png", str(tmp_path / "ace.png"))
    assert drawn.stdout == f"wrote moment 4 of {len(doc['moves'])} to {tmp_path / 'ace.png'}\n", drawn
    assert Image.open(tmp_path / "ace.png").size == (600, 382)


def test_python_m_bot_replay_refuses_a_newer_record_or_a_moment_it_lacks_in_words(doc: RecordDoc,
                                                                                    tmp_path: Path) -> None:
    newer = tmp_path / "newer.json"
    newer.write_bytes(damaged(doc, lambda d: d.update(version=2)))
    refused = replay(str(newer), "--png", str(tmp_path / "x.png"))
    assert refused.returncode == 2 and refused.stdout == "" and not (tmp_path / "x.png").exists()
    assert refused.stderr == ("parlour: This record was written by a newer Parlour (format 2); this Parlour reads "
                              "format 1. Update Parlour to open it.\n")
    path = tmp_path / "game.json"
    path.write_bytes(record_file.dumps(doc))
    beyond = replay(str(path), "--moment", "999")
    assert beyond.returncode == 2 and beyond.stdout == ""
    assert beyond.stderr == (f"parlour: This game has moments 0 (the deal) to {len(doc['moves'])} (after its last "
                             "move); there is no moment 999.\n")
    missing = replay(str(tmp_path / "nothing.json"))
    assert missing.returncode == 2 and missing.stderr.startswith("parlour: cannot read ") and missing.stdout == ""
