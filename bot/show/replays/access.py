"""Who may look back at which table. Every way into a replay (/replay, /history's buttons, the
Replay button under a result, any press in a viewer, a forged custom_id) asks here first:

- a game still being played can be replayed by no one, in no way (it would show hands in play);
- a server's games are seen only in that server (each guild's store is its own, and a press is
  held to the server it was made in);
- a table marked private (opened while the server's tables were private) only by its players and
  the server's managers.
"""

from __future__ import annotations

from bot.play.refusals import Refusal
from bot.store.rows import TableRow

STILL_PLAYED = ("Table #{id} is still being played. A game can be replayed once it has ended, so that no "
                "one sees a hand that is still in play.")
NEVER_STARTED = "Table #{id} never started, so there is nothing to replay."
NO_SUCH_TABLE = "There is no table #{id} in this server."
PRIVATE = ("Table #{id} was a private table: only its players and the server's managers can replay it.")
OTHER_SERVER = "That replay belongs to another server, so it can't be shown here."
NOT_IN_DMS = "Replays open in the server where the game was played: use /replay there."


def players_of(row: TableRow) -> set[int]:
    """The members who sat at the table (a member who resigned keeps their seat's id)."""
    found = {seat.member_id for seat in row.seats if seat.member_id is not None}
    return found | set(row.extra.get("resigned", []))


def may_see(row: TableRow, member_id: int, manager: bool) -> bool:
    """Whether ``member_id`` may see the table at all: not private, or one of its players or a manager."""
    return not row.extra.get("private") or manager or member_id in players_of(row)


def check(row: TableRow | None, table_id: int, member_id: int, manager: bool) -> TableRow:
    """The table if ``member_id`` may replay it now; else Refusal with the one sentence that says why."""
    if row is None:
        raise Refusal(NO_SUCH_TABLE.format(id=table_id))
    if row.status in ("lobby", "playing"):
        # a playing table's seats are known to all, but its cards are not: refused before anything else
        raise Refusal((NEVER_STARTED if row.status == "lobby" else STILL_PLAYED).format(id=table_id))
    if row.record is None:  # a lobby cancelled before it started
        raise Refusal(NEVER_STARTED.format(id=table_id))
    if not may_see(row, member_id, manager):
        raise Refusal(PRIVATE.format(id=table_id))
    return row


def same_server(ref_guild: int, interaction_guild: int | None) -> None:
    """Refusal unless the press was made in the server the replay belongs to."""
    if interaction_guild is None:
        raise Refusal(NOT_IN_DMS)
    if interaction_guild != ref_guild:
        raise Refusal(OTHER_SERVER)
