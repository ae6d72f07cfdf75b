"""The Busca table: the shared trick picture (:mod:`renderers.kit.trick_copy`), a plate per player
in play order (play goes to the right) with cards held, tricks, the points in them so far (in
thirds, "2⅓ pts") and the running total; the trick under the plates. The heading names the hand
and who deals now and next; under the felt, its notes: the last trick's cards and worth, the
dealer's card laid aside (three players, face down), the last hand's scores and, at the end, the
totals. A player's copy (:mod:`renderers.games.busca.copy`) draws the same scene.
"""

from __future__ import annotations

from PIL import Image

from games.busca.scoring import thirds_text
from games.busca.view import BuscaView
from games.core.cards import short
from renderers.kit import layout, theme
from renderers.kit.layout import plural
from renderers.kit.trick_copy import draw_table
from renderers.kit.trick_table import Extras, LineNote, Scene, Seat, trick_plays


def points(thirds: int) -> str:
    """``thirds`` as points: "1 point", "2⅓ points"."""
    return f"{thirds_text(thirds)} {'point' if thirds == 3 else 'points'}"


def _short(text: str) -> str:
    """Points short ("2⅓ pts"): the plates are narrow."""
    return text.replace(" points", " pts").replace(" point", " pt")


class Table(layout.SeatedView):
    """The view, read once, and the drawing of each part."""

    view: BuscaView

    def __init__(self, view: BuscaView) -> None:
        super().__init__(view)
        self.totals = view["totals"]
        self.tricks = view["tricks"]
        self.counts = view["counts"]
        self.taken = view["taken_thirds"]
        self.status = layout.named(view, view["status"])

    def scene(self) -> Scene:
        discarding = self.view["discarding"]
        last = self.view["last_trick"]
        done = sum(self.tricks)
        per_hand = 40 // self.players
        centre = ("The dealer lays a card aside" if discarding else
                  "" if self.over else f"Trick {min(done + 1, per_hand)} of {per_hand}")
        seats = [Seat(name=self.name(s), cards=self.counts[s], tricks=self.tricks[s], score=str(self.totals[s]),
                      note=_short(points(self.taken[s])) if self.taken[s] and not self.over else "",
                      to_move=s == self.turn, dealer=s == self.dealer and not self.over, winner=s in self.winners)
                 for s in range(self.players)]
        worth = last["thirds"] if last else 0
        return Scene(
            seats=seats, direction=self.view["direction"], trick=trick_plays(self.view["trick"]),
            to_play=None if (discarding or self.over) else self.turn,
            last=trick_plays(last), last_winner=last["winner"] if last else None,
            last_note=points(worth) if worth else "no points",
            centre=centre, aside="laid aside" if self.view["set_aside"] else "",
        )

    def subtitle(self) -> str:
        hand_no = self.view["hand_no"]
        total = self.view["hands_total"]
        if self.over:
            return f"Game over \u00b7 {plural(hand_no, 'hand')} \u00b7 lowest total wins"
        target = self.view["target"]
        which = f"Hand {hand_no} of {total}" if total else f"Hand {hand_no} \u00b7 game to {target}"
        # The deal passes to the right (counter-clockwise), as play does: say who deals the next hand.
        after = "" if self.dealer is None or (total and hand_no >= total) else \
            f", {self.name((self.dealer - 1) % self.players)} next"
        # "low wins" before the dealer: where the line is short of room the dealer's piece gives way
        # (the dealer's button marks the seat).
        return f"{which} \u00b7 low wins \u00b7 {self.name(self.dealer)} deals{after}"

    def notes(self) -> list[LineNote]:
        """What the felt does not show: the last trick, the card laid aside, the last hand's
        scores, the totals at the end."""
        out: list[LineNote] = []
        scene = self.scene()
        if scene.last and scene.last_winner is not None and not self.over:
            cards = " ".join(short(c) for _, c in scene.last)
            out.append(("Last trick", f"{cards} to {self.name(scene.last_winner)}, {scene.last_note}"))
        if self.view["set_aside"] and not self.over:
            out.append(("Laid aside", f"a card face down by {self.name(self.dealer)}: it goes with the last trick"))
        hand = self.view["last_hand"]
        if hand is not None:
            scores = " \u00b7 ".join(f"{self.name(s)} +{v}" for s, v in enumerate(hand["scores"]))
            cappotto = hand["cappotto"]
            extra = (f" \u00b7 cappotto by {self.name(cappotto)}" if cappotto is not None else
                     f" \u00b7 last trick {self.name(hand['last_trick'])}")
            out.append((f"Hand {hand['hand']}", scores + extra))
        if self.over:
            totals = " \u00b7 ".join(f"{self.name(s)} {self.totals[s]}" for s in range(self.players))
            out.append(("Totals", f"{totals} (low wins)"))
        return out

    def draw(self) -> Image.Image:
        scene = self.scene()
        status, colour = (outcome_line(self), theme.GOOD) if self.over else (self.status, theme.ACCENT)
        extras = Extras(info=(scene.centre, "" if self.over else "play goes to the right"), status_colour=colour)
        return draw_table(scene, (self.view["title"], self.subtitle()), status, extras, self.notes())


def table(view: BuscaView) -> Image.Image:
    """The Busca table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()


def outcome_line(board: Table) -> str:
    """Who won the game, with what total (the status at the end)."""
    winners = sorted(board.winners)
    if not winners:
        return "Game over: everyone ends level"
    who = " and ".join(board.name(s) for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"Game over: {who} {verb} with {plural(board.totals[winners[0]], 'point')}"
