"""How big Discord shows a picture inline, and so how big a picture's parts must be drawn.

Discord fits an attached picture inside a box in the chat without opening it: about 550 x 350
on a desktop, the screen's width on a phone (360-430 dp; we take 390). A picture wider than that
box is scaled down, so what reads at full size may not read where it is shown. Parlour's pictures
are laid out for that box: a card's index, and every text, is at least ``INDEX_MIN`` px high as
shown on both.

A player's copy (their hand with what of the table they need, sent at every move) is drawn at
``COPY_SIZE`` exactly: the desktop box's shape (wider than tall), shown at 0.92 of its size on a
desktop and 0.65 on a phone, so a card ``COPY_CARD_WIDTH`` wide shows its index at 11 px there.
"""

from __future__ import annotations

from typing import Final

DESKTOP_BOX: Final = (550, 350)
PHONE_WIDTH: Final = 390
INDEX_MIN: Final = 11.0  # px, as shown
COPY_SIZE: Final = (600, 382)
# A card's corner index is this fraction of its width high (renderers.kit.cards: the capital
# height of a 0.34-width font on cards under 100 px wide, a 0.2-width one from 100 px).
INDEX_RATIO_SMALL: Final = 0.70 * 0.34
INDEX_RATIO_LARGE: Final = 0.70 * 0.20
PIP_LAYOUT_WIDTH: Final = 100


def shown_scale(width: int, height: int) -> float:
    """The smaller of the scales a ``width`` x ``height`` picture is shown at on a desktop and on a
    phone (1 when it fits both)."""
    desktop = min(1.0, DESKTOP_BOX[0] / width, DESKTOP_BOX[1] / height)
    phone = min(1.0, PHONE_WIDTH / width)
    return min(desktop, phone)


def index_height(card_width: int) -> float:
    """The height in px of the corner index of a card ``card_width`` px wide."""
    ratio = INDEX_RATIO_LARGE if card_width >= PIP_LAYOUT_WIDTH else INDEX_RATIO_SMALL
    return card_width * ratio


def shown_index(card_width: int, picture: tuple[int, int]) -> float:
    """How high that card's index is shown in a picture of size ``picture``."""
    return index_height(card_width) * shown_scale(*picture)


def smallest_readable_card(picture: tuple[int, int]) -> int:
    """The narrowest card (under the pip-layout width) whose index reads in ``picture``."""
    width = 1
    while shown_index(width, picture) < INDEX_MIN and width < PIP_LAYOUT_WIDTH - 1:
        width += 1
    return width


COPY_CARD_WIDTH: Final = smallest_readable_card(COPY_SIZE)
# Text: the kit's smallest size (19) shows at 12 px on a phone.
COPY_TEXT_MIN: Final = 17
