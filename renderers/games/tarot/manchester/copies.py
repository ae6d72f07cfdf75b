"""A player's copy for Manchester Piccadilly and Manchester Truffle: the shared layout of
:mod:`renderers.kit.trick_copy` fed from the two-player table (:mod:`renderers.games.tarot.manchester.board`).

A column per position (each player's hand, and in the second part the dummies) along the trick,
in play order from the member's hand: its cards held, points and tricks taken, the game points
(on the hands' plates) and the table's tag (to discard, choosing, lays 3 aside, who plays the
Truffle dummy). Under the felt, the face-up dummies (the one the member plays from first, its
playable cards raised), the member's hand (the cards they may play or discard raised; all dimmed
while they play from a dummy) and, in Piccadilly's choice, the two hands to choose between.
"""

from __future__ import annotations

from PIL import Image

from games.core.cards import short
from games.tarot import pack
from games.tarot.manchester.view import ManchesterView
from renderers.kit import hand as generic_hand
from renderers.kit import layout, theme
from renderers.kit.layout import plural
from renderers.kit.names import fit_name_with
from renderers.kit.trick_copy import LABEL_W, CardRow, draw_copy
from renderers.kit.trick_table import SMALLEST, Extras, Scene, Seat, trick_plays

from ..scene import FAMILY, capital
from .board import Board
from .hands import legal_cards
from .plates import DUMMY_INK

__all__ = ["copy"]


def scene_of(board: Board, viewer: int | None) -> Scene:
    """The positions and the trick as the shared copy draws them, for ``viewer``."""
    seats = []
    for place in board.places:
        plate = board.plate(place.position)
        note = plate.tag or (f"{place.points} pts" if plate.scored and place.tricks else "")
        if board.truffle and place.dummy and plate.tag:
            note = f"{board.who.seat(place.controller)} plays"  # short: the plate is narrow
        colour = plate.tag_colour if plate.tag else theme.HIGHLIGHT
        # "Dummy" first: a long name cut short still tells the dummy's plate from its owner's.
        name = board.who.seat(place.owner)
        if place.dummy:
            name = "The dummy" if place.owner < 0 else "Your dummy" if place.owner == viewer else f"Dummy \u00b7 {name}"
        name = capital(name)  # "the dummy" (Truffle's, before it is turned up) heads a plate
        score = "" if place.dummy else str(board.game_points[place.owner]) if place.owner < len(
            board.game_points) else ""
        seats.append(Seat(name=name, cards=place.count, tricks=place.tricks, score=score, note=note,
                          note_colour=colour, to_move=plate.to_play or (board.phase != "play2" and not place.dummy
                                                                        and place.owner in board.movers),
                          dealer=plate.dealer, winner=plate.winner))
    return Scene(seats=seats, direction=1, trick=board.trick, to_play=board.to_play, family=FAMILY)


def info(board: Board) -> list[str]:
    """The felt's words: the trick's number, the cards shown face up, the last trick, the Fool."""
    out = [board.trick_count()] if board.phase in ("play1", "play2") else []
    if board.phase == "discard":
        out.append("Each player discards three cards face down")
    elif board.phase == "discard2":
        out.append(f"{board.who.seat(board.dealer)} lays three cards aside face up")
    elif board.phase == "choose":
        out.append("Each holds one of two hands; the other is turned up as a dummy")
    if board.last is not None and not board.over:
        cards = [card for _, card in trick_plays(board.last)]
        if cards:
            out.append(f"last trick to {board.who.position(board.last['winner'])}, "
                       f"{plural(pack.total(cards), 'point')}")
    label, shown = board.shown()
    if shown:
        whose = f"laid aside by {board.who.seat(board.dealer)}" if label.startswith("LAID") else "discarded face up"
        out.append(f"{whose}: " + " ".join(short(c, "tarot") for c in shown))
    fool, _ = board.fool_lines()
    if fool:
        out.append(" ".join(fool))
    return [line for line in out if line]


def rows(board: Board, view: ManchesterView) -> list[CardRow]:
    """The member's dummies and hand (or Piccadilly's two hands to choose between), marked as
    :func:`.hands.hand` marks them."""
    viewer = view["viewer"]
    phase = view["phase"]
    over = view["over"]
    mine = viewer is not None and viewer in view["to_move"] and not over
    candidates = view["candidates"]
    if phase == "choose" and candidates:
        return [CardRow(tuple(cand["cards"]), label=f"Hand {'AB'[i % 2]}", note=plural(cand["points"], "pt"))
                for i, cand in enumerate(candidates)]
    cards = tuple(generic_hand.hand_cards(view))
    legal = legal_cards(view) if mine else set()
    pick = view["pick"]
    out = []
    # The face-up dummies, the member's own first: the one they play from now has its cards raised.
    dummies = sorted((p for p in board.places if p.dummy and p.cards is not None and not over),
                     key=lambda p: p.controller != viewer)
    playing_dummy = False
    for place in dummies:
        dummy = tuple(place.cards or ())
        now = mine and place.position == board.to_play and place.controller == viewer
        playing_dummy |= now
        # The label's first line is the owner's name ("Easy 1's", its number kept), the second "dummy".
        whose = "Your dummy" if place.owner == viewer else "Dummy" if place.owner < 0 else \
            fit_name_with(board.who.seat(place.owner), "'s", SMALLEST, LABEL_W - 8, True) + " dummy"
        note = "to play" if now else f"{board.who.seat(place.controller)} plays" if place.owner < 0 else ""
        glow = frozenset(legal & set(dummy)) if now else frozenset()
        # Another's dummy gives way to the member's own rows when they would not all fit.
        out.append(CardRow(dummy, glow, frozenset(set(dummy) - glow) if now else frozenset(), whose, note,
                           optional=place.controller != viewer))
    if pick is not None and phase in ("discard", "discard2") and mine:
        may = set(pick["fixed"]) | set(pick["cards"])
        hand = CardRow(cards, frozenset(may & set(cards)))
    elif mine and playing_dummy:
        hand = CardRow(cards, dim=frozenset(cards))  # they play from the dummy: the hand waits
    elif mine and legal:
        hand = CardRow(cards, frozenset(legal & set(cards)), frozenset(set(cards) - legal))
    else:
        hand = CardRow(cards)
    if out:
        hand = CardRow(hand.cards, hand.glow, hand.dim, "Your hand" if cards else "")
    return [*out, hand]


def copy(table_view: ManchesterView, hand_view: ManchesterView) -> Image.Image:
    """A player's copy: the status, the positions along the trick in play order from the
    member's hand, the table's words, the dummies and the member's hand."""
    board = Board(table_view)
    viewer = hand_view["viewer"]
    if board.over:
        status, colour = f"Game over: {board.outcome()}", theme.GOOD
    else:
        status = layout.named(hand_view, hand_view["status"]) or board.status
        colour = theme.ACCENT if viewer in board.movers else theme.PANEL_LIGHT
    colours = tuple(layout.seat_colour(p.owner) if p.owner >= 0 else DUMMY_INK for p in board.places)
    start = next((p.position for p in board.places if p.owner == viewer and not p.dummy), None)
    points = " \u00b7 ".join(f"{board.name(s)} {board.game_points[s]}" for s in range(board.players)
                             if s < len(board.game_points))
    extras = Extras(colours=colours, info=tuple(info(board)), status_colour=colour,
                    notice=f"Game points: {points}" if board.over else "No cards in hand")
    return draw_copy(scene_of(board, viewer), status, rows(board, hand_view), start, extras)
