"""Bullshit's view read once (:class:`Table`), for the table and a player's copy, and what they
both tell from it: the log told shortly (:func:`merged_log`), how many of a rank a hand holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=3)
        self.counts = [int(n) for n in self.per_seat("counts", 0)]
        self.pile = int(view.get("pile") or 0)
        self.rank = str(view.get("rank") or "A")
        self.most = int(view.get("most") or 4)
        window = view.get("window")
        self.window: Mapping[str, Any] | None = window if isinstance(window, Mapping) and not self.over else None
        reveal = view.get("reveal")
        self.reveal: Mapping[str, Any] | None = reveal if isinstance(reveal, Mapping) else None
        self.claims = [c for c in view.get("claims") or [] if isinstance(c, Mapping)]
        self.out = [int(s) for s in view.get("out") or []]
        self.places = bool((view.get("options") or {}).get("places"))
        self.waiting = {int(s) for s in self.window.get("waiting") or []} if self.window else set()
        self.status = layout.named(view, str(view.get("status", "")))

    def waiting_text(self) -> str:
        """Who may still call, and how long they have."""
        seconds = int((self.window or {}).get("seconds") or 0)
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
