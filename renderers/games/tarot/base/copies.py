"""A player's copy for the tarot base games (Scarto, Tarocchi, Conference): the shared layout of
:mod:`renderers.kit.trick_copy` fed from the base games' table (:mod:`renderers.games.tarot.base.board`).

The plates show each seat's cards held, game score, tricks and card points (or the table's tag:
discarding, takes the trick, Tontine's face-up worth, the Butt holding the Fool), partners in their
side's colour; the trick's cards the rule set asks about glow; the felt's words say the trick's
number, what the table waits for, the last trick and the dealer's discard. The member's hand is
marked as their hand picture marks it: a discard's cards raised, a play's raised and the others
dimmed, nothing while they answer about the trick.
"""

from __future__ import annotations

from PIL import Image

from games.tarot import pack
from games.tarot.base.view import TarotTableView
from renderers.kit import hand as generic_hand
from renderers.kit import layout, theme
from renderers.kit.layout import plural
from renderers.kit.trick_copy import CardRow, draw_copy
from renderers.kit.trick_table import Extras, Scene, Seat, trick_plays

from ..scene import FAMILY
from .board import Board

__all__ = ["copy"]


def scene_of(board: Board) -> Scene:
    """The table's seats and trick as the shared copy draws them."""
    seats = []
    for s in range(board.players):
        plate = board.plate(s)
        note, colour = (plate.tag, plate.tag_colour) if plate.tag else (plate.points, theme.HIGHLIGHT)
        if plate.strip and plate.note and board.tontine:
            note, colour = f"{plate.note} up", theme.HIGHLIGHT  # Tontine: what the face-up cards score now
        elif plate.strip and board.seats[s].fool:
            note, colour = "holds Fool", theme.HIGHLIGHT
        seats.append(Seat(name=plate.name, cards=plate.count, tricks=plate.tricks, score=plate.score, note=note,
                          note_colour=colour, to_move=plate.to_move, dealer=plate.dealer, winner=plate.winner))
    to_play = next(iter(board.movers)) if len(board.movers) == 1 and board.phase == "play" else None
    return Scene(seats=seats, direction=1, trick=board.trick, to_play=to_play, family=FAMILY,
                 glow=frozenset(board.glow()))


def info(board: Board) -> list[str]:
    """The felt's words: the trick's number, what the table waits for, the last trick, the
    dealer's discard, where the Fool is."""
    out = [board.trick_count()]
    pill, lines = board.centre_words()
    if lines:
        out.append(f"{pill}: {lines[0]}" if pill else lines[0])
    if board.last is not None and board.taker is None and not board.over:
        cards = [card for _, card in trick_plays(board.last)]
        if cards:
            out.append(f"last trick to {board.who.seat(board.last['winner'])}, "
                       f"{plural(pack.total(cards), 'point')}")
    count = board.view["discard_count"]
    if count and not board.over:
        mine = board.view["my_discard"] or []
        shown = len(board.view["shown"])
        whose = "your" if mine else f"{board.who.seat(board.dealer)}'s"
        how = f"{pack.total(mine)} points" if mine else f"{shown} shown" if shown else "face down"
        out.append(f"{whose} discard: {plural(count, 'card')}, {how}")
    fool, _ = board.fool_lines()
    if fool:
        out.append(" ".join(fool))
    return [line for line in out if line]


def hand_row(view: TarotTableView) -> CardRow:
    """The member's hand, marked as :func:`.hands.hand` marks it."""
    cards = generic_hand.hand_cards(view)
    viewer = view["viewer"]
    phase = view["phase"]
    mine = viewer is not None and viewer in view["to_move"] and not view["over"]
    if not mine or phase in ("claim", "summon"):
        return CardRow(tuple(cards))  # they answer about the trick: its cards glow, not the hand's
    pick = view["pick"]
    if pick is not None and phase == "discard":
        # A pick is not moves: the cards it may take are raised, the others left as they are.
        glow = set(pick["fixed"]) | set(pick["cards"])
        return CardRow(tuple(cards), frozenset(glow & set(cards)))
    if phase == "give":
        legal = {a["token"].partition(":")[2] for a in view["legal"] if a["token"].startswith("give:")}
    else:
        legal = generic_hand.playable(view)[0]
    legal &= set(cards)
    return CardRow(tuple(cards), frozenset(legal), frozenset(set(cards) - legal))


def copy(table_view: TarotTableView, hand_view: TarotTableView) -> Image.Image:
    """A player's copy: the status, the seats along the trick in play order from the member's,
    the table's words and the member's hand."""
    board = Board(table_view)
    viewer = hand_view["viewer"]
    row = hand_row(hand_view)
    if board.over:
        status, colour = f"Game over: {board.outcome()}", theme.GOOD
    else:
        status = layout.named(hand_view, hand_view["status"]) or board.status
        colour = theme.ACCENT if row.glow or viewer in board.movers else theme.PANEL_LIGHT
    colours = tuple(board.side_colour(s) for s in range(board.players))
    scores = " \u00b7 ".join(f"{board.who.side(side)} {board.scores[side[0]]}" for side in board.sides
                             if side and side[0] < len(board.scores))
    extras = Extras(colours=colours, partners=board.partners, takes=board.taker, info=tuple(info(board)),
                    status_colour=colour, notice=f"Scores: {scores}" if board.over else "No cards in hand")
    return draw_copy(scene_of(board), status, [row], viewer, extras)
