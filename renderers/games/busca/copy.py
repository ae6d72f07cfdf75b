"""A Busca player's copy (:mod:`renderers.kit.trick_copy`): the table's scene from the member's seat
above their hand, the cards they may play raised."""

from __future__ import annotations

from PIL import Image

from games.busca.view import BuscaView
from renderers.games.busca.table import Table, outcome_line
from renderers.kit import hand as generic_hand
from renderers.kit import layout, theme
from renderers.kit.trick_copy import CardRow, draw_copy
from renderers.kit.trick_table import Extras


def copy(table_view: BuscaView, hand_view: BuscaView) -> Image.Image:
    """A player's copy (:mod:`renderers.kit.trick_copy`): the status, the seats along the trick in
    play order from the member's, the trick's number and the last trick, and the member's hand
    with the cards they may play raised."""
    board = Table(table_view)
    scene = board.scene()
    viewer = hand_view["viewer"]
    cards = generic_hand.hand_cards(hand_view)
    mine = viewer is not None and viewer in hand_view["to_move"] and not board.over
    legal = generic_hand.playable(hand_view)[0] & set(cards) if mine else set()
    rows = [CardRow(tuple(cards), frozenset(legal), frozenset(set(cards) - legal) if mine else frozenset())]
    info: list[str] = [scene.centre] if scene.centre else []
    if not board.over:  # the seats are drawn in the order of play, which is to the right (issue 44)
        info.append("play goes to the right")
    if scene.last and scene.last_winner is not None:
        info.append(f"last trick to {board.name(scene.last_winner)}, {scene.last_note}")
    if scene.aside:
        info.append("a card laid aside")
    if board.over:
        status, colour = outcome_line(board), theme.GOOD
    else:
        status = layout.named(hand_view, hand_view["status"]) or board.status
        colour = theme.ACCENT if mine else theme.PANEL_LIGHT
    totals = " \u00b7 ".join(f"{board.name(s)} {board.totals[s]}" for s in range(board.players))
    extras = Extras(info=tuple(info), status_colour=colour,
                    notice=f"Totals (low wins): {totals}" if board.over else "No cards in hand")
    return draw_copy(scene, status, rows, viewer, extras)
