"""A Busca hand's end, the table's and copy's sibling: exactly :data:`renderers.kit.shown.COPY_SIZE`.

Top to bottom: the heading line (the hand scored; low wins); the status bar naming who took the
last trick and so scores what is left of 11, or the cappotto; the columns' labels; a row per
player: their name (and "last trick" or "cappotto" under it), the counting cards they took as
text by suit ("♠ A 2 J"; 24 small cards would not read), their points in thirds, the hand's
score and their total; in three-player hands, the card laid aside and whom it went to.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.busca.scoring import thirds_text
from games.busca.view import BuscaView, HandEnd
from games.core.cards import SUIT_SYMBOLS, rank_of, short, suit_of
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.trick_table import SMALLEST, TEXT, draw_notes, heading_line, notes_height, status_bar

W, H = shown.COPY_SIZE
MARGIN = 5
HEADING_H = 24
STATUS_H = 30
LABELS_H = 22
GAP = 4
NAME_W = 150  # the dot, the name and its tag; the cards start after
CARD_LINE = 21
NUMBER = 21  # the figures' size: a little over the names', they are what a player looks for
# The figures' columns, centred this far from the rows' right edge.
COLUMNS = ((165, "POINTS"), (98, "HAND"), (34, "TOTAL"))
CARDS_END = W - MARGIN - COLUMNS[0][0] - 42  # the POINTS label and "10 2/3" start after
SUIT_ORDER = "SHCD"
RANK_ORDER = ("A", "2", "3", "J", "Q", "K")  # the counting ranks, as printed on the cards


def by_suit(cards: Sequence[str]) -> list[str]:
    """``cards`` as runs a suit each ("♠ A 2 J"), suits and ranks in a fixed order so two
    players' runs line up by eye."""
    runs = []
    for suit in SUIT_ORDER:
        ranks = sorted((rank_of(c) for c in cards if suit_of(c) == suit),
                       key=lambda r: RANK_ORDER.index(r) if r in RANK_ORDER else len(RANK_ORDER))
        if ranks:
            runs.append(f"{SUIT_SYMBOLS[suit]} {' '.join(ranks)}")
    return runs


def card_lines(runs: Sequence[str], width: float, most: int) -> list[str]:
    """The runs in at most ``most`` lines ``width`` wide, a run never split (a run of six ranks
    is ~105 px, a line holds two); a last line that still overflows is cut with "..."."""
    lines: list[str] = []
    for run in runs:
        trial = f"{lines[-1]}   {run}" if lines else run
        if lines and layout.rich_width(trial, SMALLEST) <= width:
            lines[-1] = trial
        else:
            lines.append(run)
    if len(lines) > most:
        lines = [*lines[: most - 1], layout.ellipsize("   ".join(lines[most - 1:]), SMALLEST, width)]
    return lines


def round_end(view: BuscaView, data: HandEnd) -> Image.Image:
    """A hand's scores: each player's counting cards and points (in thirds), the hand's score
    (with the last trick's or a cappotto's share) and the total."""
    names = layout.names(view)

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    players = view["players"]
    last, cappotto = data["last_trick"], data["cappotto"]
    thirds, scores, totals = data["thirds"], data["scores"], data["totals"]
    aside = data["discard"]
    img, draw = layout.canvas(W, H)
    y: float = MARGIN
    heading_line(img, draw, (MARGIN, y, W - MARGIN, y + HEADING_H), "Busca",
                 f"Hand {data['hand']} scored \u00b7 low wins")
    y += HEADING_H + GAP
    if cappotto is not None:
        status, colour = f"Cappotto by {name(cappotto)}: 0 for them, 11 for everyone else", theme.HIGHLIGHT
    else:
        status, colour = f"{name(last)} took the last trick: scores what is left of 11", theme.ACCENT
    status_bar(img, draw, (MARGIN, y, W - MARGIN, y + STATUS_H), status, colour)
    y += STATUS_H + GAP
    draw_text(draw, (MARGIN + 12, y + LABELS_H / 2), "COUNTING CARDS", SMALLEST, theme.MUTED, anchor="lm", bold=True)
    for offset, label in COLUMNS:
        draw_text(draw, (W - MARGIN - offset, y + LABELS_H / 2), label, SMALLEST, theme.MUTED, anchor="mm", bold=True)
    y += LABELS_H
    # Three players: the dealer's card laid aside, on a line (two for long names) under the rows.
    notes = [("Laid aside", f"the dealer's {short(aside)} went to {name(last)} with the last trick")] \
        if aside else []
    bottom = H - MARGIN - (notes_height(notes, 2, W - 2 * MARGIN - 24) + GAP if notes else 0)
    row_h = (bottom - y - GAP * (players - 1)) / max(1, players)  # fewer players, taller rows
    for seat in range(players):
        tag = "cappotto" if seat == cappotto else "last trick" if seat == last and cappotto is None else ""
        _row(img, draw, (MARGIN, y, W - MARGIN, y + row_h), seat, name(seat), tag, data["counting"][seat],
             (thirds[seat], scores[seat], totals[seat]))
        y += row_h + GAP
    if notes:
        draw_notes(img, draw, (MARGIN, bottom + GAP, W - MARGIN, H - MARGIN), notes)
    return img


def _row(img: Image.Image, draw: Draw, box: Box, seat: int, name: str, tag: str, cards: Sequence[str],
         figures: tuple[int, int, int]) -> None:
    """One player's row: the name (and its tag), the counting cards, the three figures."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    layout.panel(draw, box, theme.PANEL, theme.HIGHLIGHT if tag else theme.PANEL_LIGHT, line=2 if tag else 1)
    draw.ellipse((x0 + 10, mid - 6, x0 + 22, mid + 6), fill=layout.seat_colour(seat))
    # A long name takes two lines where the row has room (issue 36: names cut short); the status
    # names the tagged player in full when a short five-player row must cut theirs.
    room = max(1, min(2, int((y1 - y0 - 6) // CARD_LINE) - (1 if tag else 0)))
    named = list(layout.wrap(name, TEXT, NAME_W - 34, True))
    if len(named) > room:
        named = [*named[: room - 1], fit_name(" ".join(named[room - 1:]), TEXT, NAME_W - 34, True)]
    top = mid - CARD_LINE * (len(named) + (1 if tag else 0) - 1) / 2
    for k, line in enumerate(named):
        layout.draw_rich(img, draw, (x0 + 28, top + k * CARD_LINE), line, TEXT, theme.TEXT, bold=True)
    if tag:
        draw_text(draw, (x0 + 28, top + len(named) * CARD_LINE), tag, SMALLEST, theme.HIGHLIGHT, anchor="lm", bold=True)
    left = x0 + NAME_W
    lines = card_lines(by_suit(cards), CARDS_END - left, max(1, int((y1 - y0 - 6) // CARD_LINE)))
    if not lines:
        draw_text(draw, (left, mid), "no counting cards", SMALLEST, theme.MUTED, anchor="lm")
    top = mid - CARD_LINE * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        layout.draw_rich(img, draw, (left, top + k * CARD_LINE), line, SMALLEST, theme.TEXT)
    thirds, score, total = figures
    (points_x, _), (hand_x, _), (total_x, _) = COLUMNS
    draw_text(draw, (x1 - points_x, mid), thirds_text(thirds), NUMBER, theme.MUTED, anchor="mm", bold=True)
    ink = theme.GOOD if score == 0 else theme.BAD if score >= 6 else theme.TEXT
    draw_text(draw, (x1 - hand_x, mid), f"+{score}", NUMBER, ink, anchor="mm", bold=True)
    draw_text(draw, (x1 - total_x, mid), str(total), NUMBER + 2, theme.TEXT, anchor="mm", bold=True)
