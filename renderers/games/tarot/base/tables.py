"""The table of the tarot base games (Scarto, Tarocchi, Conference): the copies' sibling for
onlookers (:func:`renderers.kit.trick_copy.draw_table`), fed as :mod:`.copies` feeds the copy.

The heading names the game, the hand, the rule set and the trick; the status line (the outcome at
the end); the felt's plates (cards held, game score, tricks and card points or the table's tag,
partners in their side's colour) over the trick, the cards a rule set asks about glowing, and
the felt's words (the trick's number, what the table waits for). Under the felt, the notes: the
last trick (and the Courtship rule that took it), the cards each seat has face up (Tontine) or
known in hand (the Last Laugh), each side's totals, the dealer's discard (the dealer's own view
names its cards), and where the Fool is, as many as fit.

The three games' pictures (:mod:`renderers.games.tarot.base`, as the registry names them) are
:func:`table` here, with the hand (:mod:`.hands`), the copy (:mod:`.copies`) and the hand's end
(:mod:`.round_ends`) drawn by their own modules.
"""

from __future__ import annotations

from PIL import Image

from games.tarot import pack
from games.tarot.base.hand_end import TONTINE_TARGET
from games.tarot.base.view import TarotTableView
from renderers.kit import theme
from renderers.kit.layout import plural
from renderers.kit.trick_copy import draw_table
from renderers.kit.trick_table import Extras, LineNote, trick_plays

from ..scene import cards_text
from .board import Board
from .copies import scene_of
from .plates import tontine_worth

__all__ = ["table"]

DOT = " \u00b7 "


def felt_words(board: Board) -> list[str]:
    """The felt's words: the trick's number and what the table waits for (a called rule first)."""
    pill, lines = board.centre_words()
    called = f"{pill}{'' if pill.endswith('!') else ':'} " if pill else ""  # "Queen's Ruff! took the..."
    return [board.trick_count(), *([called + lines[0]] if lines else [])]


def notes(board: Board) -> list[LineNote]:
    """What the felt does not show, the most needed first."""
    out: list[LineNote] = []
    if board.last is not None and board.taker is None and not board.over:
        cards = [card for _, card in trick_plays(board.last)]
        if cards:
            why = board.last_call(board.last)
            out.append(("Last trick", f"{cards_text(cards)} to {board.who.seat(board.last['winner'])}, "
                        f"{plural(pack.total(cards), 'point')}" + (f" ({why})" if why else "")))
    out += rule_notes(board)
    if board.partners or board.over:
        sides = [f"{board.who.side(side)} {side_totals(board, side)}" for side in board.sides if side]
        out.append(("Scores" if board.over else "Sides", DOT.join(sides)))
    out += discard_notes(board)
    fool, _ = board.fool_lines()
    if fool:
        out.append(("Fool", " ".join(fool)))
    return out


def side_totals(board: Board, side: list[int]) -> str:
    """A side's points this hand (its tricks and game score are on its plates), or at the end its
    game score."""
    infos = [board.seats[s] for s in side if 0 <= s < len(board.seats)]
    worth = (f"{tontine_worth([c for i in infos for c in i.face_up])} face up" if board.tontine
             else f"{sum(i.points for i in infos)} pts")
    if board.over:
        return f"{board.scores[side[0]] if side[0] < len(board.scores) else 0}"
    return worth


def rule_notes(board: Board) -> list[LineNote]:
    """A rule set's cards: Tontine's face-up claims, the cards known in a hand (the Last Laugh's
    Fool set aside face up is the Fool's note)."""
    if board.over:
        return []
    if board.tontine:
        claims = [f"{board.who.seat(s)} {cards_text(info.face_up)} ({tontine_worth(info.face_up)})"
                  for s, info in enumerate(board.seats) if info.face_up]
        target = TONTINE_TARGET.get(board.players, 37)
        goal = f"{target} {'to break even' if board.players == 3 else 'wins'}"
        return [("Face up", f"{DOT.join(claims) or 'nothing claimed yet'} ({goal})")]
    known = [f"{board.who.seat(s)} {cards_text(info.known)}" for s, info in enumerate(board.seats) if info.known]
    return [("Known", DOT.join(known))] if known else []


def discard_notes(board: Board) -> list[LineNote]:
    """The dealer's discard: how many, the cards forced face up, or the dealer's own."""
    count = board.view["discard_count"]
    if not count or board.over:
        return []
    mine = board.view["my_discard"] or []
    if mine:
        return [("Your discard", f"{cards_text(mine)} ({plural(pack.total(mine), 'point')})")]
    shown = board.view["shown"]
    how = f"{len(shown)} shown: {cards_text(shown)}" if shown else "face down"
    return [(f"{board.who.seat(board.dealer)}'s discard", f"{plural(count, 'card')}, {how}")]


def table(view: TarotTableView) -> Image.Image:
    """The table for ``view``: only what the view gives is drawn."""
    board = Board(view)
    if board.over:
        status, colour = f"Game over: {board.outcome()}", theme.GOOD
    else:
        status, colour = board.status, theme.ACCENT
    colours = tuple(board.side_colour(s) for s in range(board.players))
    extras = Extras(colours=colours, partners=board.partners, takes=board.taker, info=tuple(felt_words(board)),
                    status_colour=colour)
    return draw_table(scene_of(board), (board.title(), board.subtitle()), status, extras, notes(board))
