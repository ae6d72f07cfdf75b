"""What a member is told when something outside the game stops their click or command: the
bot stopping, or the guild's store failing. Words only: nothing here reveals a card."""

from __future__ import annotations

from bot.store import StoreError

RESTARTING = "Parlour is restarting, so nothing was changed. Try again in a moment."
BUSY = "This server's games are busy being saved, so nothing was changed. Try again in a moment."
UNSAVED = "This server's games can't be saved right now, so nothing was changed. The table stays as it was."
BROKEN = "Something went wrong on my side. Look at the table, and try again if it did not take your move."


def words(err: BaseException) -> str:
    """The sentence for a failure the member could not have caused."""
    kind = getattr(err, "kind", None)
    if kind == "busy":
        return BUSY
    if kind is not None and isinstance(err, StoreError):
        return UNSAVED
    return BROKEN
