"""The table of Manchester Piccadilly and Manchester Truffle: the copies' sibling for onlookers
(:func:`renderers.kit.trick_copy.draw_table`), fed as :mod:`.copies` feeds the copy, in play order
from seat 0's hand.

The heading names the game, the hand, the part and the trick; the status line (the outcome at the
end); a plate per position (each player's hand, and in the second part the dummies) with its cards
held, points and tricks, the game points on the hands' plates and the table's tag; the trick under
them, and the felt's words (the trick's number and the last trick, or what the table waits for).
Where a copy has the hand, the notes: the face-up dummies' cards, said as the log says them ("Qb 6c
T21": a line of cards would crowd out the rest), the cards discarded face up or laid aside, the
players' scores this hand and where the Fool went.
Nothing hidden is drawn: hands are counts, and every viewer and spectator sees the same table.

Both games' pictures (:mod:`renderers.games.tarot.manchester`, as the registry names them) are
:func:`table` here, with the hand and Piccadilly's choice (:mod:`.hands`), the copy (:mod:`.copies`)
and the hand's end (:mod:`.round_ends`) drawn by their own modules.
"""

from __future__ import annotations

from PIL import Image

from games.tarot import pack
from games.tarot.manchester.view import ManchesterView
from renderers.kit import layout, theme
from renderers.kit.layout import plural
from renderers.kit.trick_copy import draw_table
from renderers.kit.trick_table import Extras, LineNote, trick_plays

from ..scene import cards_text, signed
from .board import Board
from .copies import scene_of
from .plates import DUMMY_INK

__all__ = ["table"]


def dummies(board: Board) -> list[tuple[str, tuple[str, ...]]]:
    """The face-up dummies as (label, cards); who plays the Truffle dummy is on its plate."""
    out = []
    for place in board.places:
        if place.dummy and place.cards is not None and not board.over:
            label = "Dummy" if place.owner < 0 else f"{board.who.seat(place.owner)}'s dummy"
            out.append((label, tuple(place.cards)))
    return out


def scores(board: Board) -> list[LineNote]:
    """Each player's hand this far: the hand value announced, the Manchester score (or the points
    taken while it is played), the second part's points and tricks; the game points at the end."""
    if board.over:
        return [("Game points", " \u00b7 ".join(f"{board.who.seat(s)} {board.game_points[s]}"
                                                for s in range(min(board.players, len(board.game_points)))))]
    out: list[LineNote] = []
    for seat in range(board.players):
        parts = []
        if seat < len(board.announced) and board.phase not in ("discard", "choose"):
            parts.append(f"hand value {board.announced[seat]}")
        if board.first is not None and seat < len(board.first):
            parts.append(f"Manchester {signed(board.first[seat])}")
        elif board.phase == "play1":
            parts.append(f"{sum(p.points for p in board.places if p.owner == seat)} points taken")
        two = board.part_two(seat)
        if two is not None:
            parts.append(f"{board.part} {two[0]} + {plural(two[1], 'trick')}")
        if parts:
            out.append((board.who.seat(seat), " \u00b7 ".join(parts)))
    return out


def notes(board: Board) -> list[LineNote]:
    """What the felt does not show (the dummies come first, where they are said), the most
    needed first."""
    out: list[LineNote] = []
    label, shown = board.shown()
    if shown:
        whose = f"Laid aside by {board.who.seat(board.dealer)}" if label.startswith("LAID") else "Discarded face up"
        out.append((whose, cards_text(shown)))
    out += scores(board)
    note = board.note()
    if note:
        out.append(("", note))
    fool, _ = board.fool_lines()
    if fool:
        out.append(("Fool", " ".join(fool)))
    return out


def felt_words(board: Board) -> list[str]:
    """The felt's words: the trick's number and the last trick, or what the table waits for."""
    if board.over:
        return []
    if board.phase == "discard":
        return ["Each player discards three cards face down"]
    if board.phase == "discard2":
        return [f"{board.who.seat(board.dealer)} lays three cards aside face up"]
    if board.phase == "choose":
        chosen = board.view["chosen"] or []
        done = [board.who.seat(s) for s in range(board.players) if s < len(chosen) and chosen[s]]
        return ["Each holds one of two hands of 13; the other is turned up as a dummy",
                f"{' and '.join(done)} {'has' if len(done) == 1 else 'have'} chosen" if done else ""]
    words = [board.trick_count()]
    cards = [card for _, card in trick_plays(board.last)] if board.last is not None else []
    if cards and board.last is not None:
        words.append(f"last trick {cards_text(cards)} to {board.who.position(board.last['winner'])}, "
                     f"{plural(pack.total(cards), 'point')}")
    return words


def table(view: ManchesterView) -> Image.Image:
    """The table for ``view`` (every seat and spectator sees the same table)."""
    board = Board(view)
    status, colour = (f"Game over: {board.outcome()}", theme.GOOD) if board.over else (board.status, theme.ACCENT)
    colours = tuple(layout.seat_colour(p.owner) if p.owner >= 0 else DUMMY_INK for p in board.places)
    extras = Extras(colours=colours, info=tuple(felt_words(board)), status_colour=colour)
    # The dummies are said, not drawn: a line of their cards would crowd out the scores.
    said = [(label, cards_text(cards)) for label, cards in dummies(board)]
    start = next((p.position for p in board.places if p.owner == 0 and not p.dummy), 0)
    heading = (board.title(), board.subtitle())
    return draw_table(scene_of(board, None), heading, status, extras, said + notes(board), start, 4 + bool(said))
