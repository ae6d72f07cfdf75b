"""Bullshit's view read once (:class:`Table`), for the table and a player's copy, and what they
both tell from it: the log told shortly (:func:`merged_log`), how many of a rank a hand holds."""

from __future__ import annotations

from collections.abc import Sequence

from games.bullshit.view import BullshitView, WindowView
from games.core.cards import rank_of
from renderers.games.bullshit.parts import PASS
from renderers.kit import layout


def merged_log(lines: Sequence[str]) -> list[str]:
    """The log with each run of "X lets it stand" lines told as one ("X, Y and Z let it stand"):
    at ten seats a play is followed by up to nine of them."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            who = run[0] if len(run) == 1 else ", ".join(run[:-1]) + " and " + run[-1]
            out.append(f"{who} {'lets' if len(run) == 1 else 'let'} it stand")
            run.clear()

    for line in lines:
        found = PASS.fullmatch(str(line))
        if found:
            run.append(found.group(1))
        else:
            flush()
            out.append(str(line))
    flush()
    return out


class Table(layout.SeatedView):
    """The view, read once."""

    view: BullshitView

    def __init__(self, view: BullshitView) -> None:
        super().__init__(view)
        self.counts = view["counts"]
        self.pile = view["pile"]
        self.rank = view["rank"]
        self.most = view["most"]
        self.window: WindowView | None = None if self.over else view["window"]
        self.reveal = view["reveal"]
        self.claims = view["claims"]
        self.out = view["out"]
        self.places = bool(view["options"]["places"])
        self.waiting = set(self.window["waiting"]) if self.window else set()
        self.status = layout.named(view, view["status"])

    def waiting_text(self) -> str:
        """Who may still call, and how long they have."""
        seconds = self.window["seconds"] if self.window else 0
        clock = f" \u00b7 {seconds} s to call" if seconds else ""
        waiting = sorted(self.waiting)
        if not waiting:
            return "Nobody left to call"
        if len(waiting) <= 2:
            return "Waiting for " + " and ".join(self.name(s) for s in waiting) + clock
        return f"Waiting for {len(waiting)} players{clock}"


def held(cards: Sequence[str], rank: str) -> str:
    """"you hold 2", "you hold none"."""
    n = sum(1 for c in cards if rank_of(c) == rank)
    return f"you hold {n}" if n else "you hold none"
