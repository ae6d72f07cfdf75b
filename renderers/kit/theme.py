"""The look shared by every image: a dark theme that sits on Discord's dark background.

Discord shows a whole image about 400 px wide on a phone, so sizes here favour big text and big
card indices, and colours favour contrast. Colours are RGB tuples (add an alpha where needed);
table renderers should take every colour and size from here rather than invent their own.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def rgba(colour: RGB, alpha: int = 255) -> RGBA:
    """``colour`` with an alpha channel."""
    return (colour[0], colour[1], colour[2], alpha)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 gives ``a``, 1 gives ``b``)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# --- Table and text -------------------------------------------------------------------------
DISCORD_DARK: Final[RGB] = (49, 51, 56)  # #313338, the chat background in Discord's dark theme
BACKGROUND: Final[RGB] = (43, 45, 49)  # #2b2d31, the image background (edges blend into Discord)
FELT: Final[RGB] = (27, 77, 62)  # #1b4d3e, the playing surface
FELT_DARK: Final[RGB] = (20, 58, 47)  # felt shadow, grid lines, empty card slots
FELT_LIGHT: Final[RGB] = (38, 99, 80)  # felt highlight, slot outlines
PANEL: Final[RGB] = (30, 31, 34)  # #1e1f22, boxes for names, scores, status
PANEL_LIGHT: Final[RGB] = (64, 66, 73)  # panel borders, separators
TEXT: Final[RGB] = (242, 243, 245)  # main text on felt and panels
MUTED: Final[RGB] = (160, 166, 175)  # secondary text (labels, counts)
HIGHLIGHT: Final[RGB] = (255, 209, 64)  # playable / legal cards (a glow or outline)
ACCENT: Final[RGB] = (88, 101, 242)  # #5865f2 blurple: "your turn", the active seat
GOOD: Final[RGB] = (67, 181, 129)  # gains, wins
BAD: Final[RGB] = (242, 63, 67)  # losses, warnings
SHADOW: Final[RGBA] = (0, 0, 0, 110)  # drop shadow under cards

# --- Card faces ------------------------------------------------------------------------------
CARD_FACE: Final[RGB] = (252, 251, 247)  # warm white
CARD_BORDER: Final[RGB] = (150, 146, 138)  # thin edge line, visible on white and on dark
CARD_INNER_LINE: Final[RGB] = (214, 209, 199)  # hairlines and frames inside the face
RED_SUIT: Final[RGB] = (206, 22, 36)
BLACK_SUIT: Final[RGB] = (24, 24, 30)

# Court panels (standard and tarot): a pale fill and a strong frame/decoration colour per rank,
# so a King, Queen, Cavalier and Jack differ at a glance whatever the suit.
COURT_COLOURS: Final[dict[str, tuple[RGB, RGB]]] = {
    "K": ((250, 229, 160), (176, 122, 10)),  # gold
    "Q": ((245, 208, 226), (168, 38, 104)),  # rose
    "N": ((206, 232, 212), (34, 120, 70)),  # green (the Cavalier)
    "J": ((204, 222, 247), (36, 86, 170)),  # blue
}

# Tarot suit marks each have their own colour.
TAROT_SUIT_COLOURS: Final[dict[str, RGB]] = {
    "S": (34, 76, 150),  # swords: steel blue
    "B": (40, 118, 52),  # batons: green wood
    "C": (190, 28, 40),  # cups: red
    "D": (164, 102, 0),  # coins: gold
}
TRUMP_PANEL: Final[RGB] = (34, 40, 82)  # deep indigo behind a trump's numeral
TRUMP_INK: Final[RGB] = (255, 214, 102)  # gold numerals on it
TRUMP_NAME: Final[RGB] = (40, 40, 52)

JOKER_COLOURS: Final[tuple[RGB, ...]] = ((206, 22, 36), (110, 46, 160), (20, 92, 170), (188, 94, 0))
MONEY_5: Final[tuple[RGB, RGB]] = ((22, 112, 60), (226, 244, 231))  # the $5 joker: green ink, mint
MONEY_10: Final[tuple[RGB, RGB]] = ((150, 40, 150), (246, 228, 248))  # the $10 joker: purple ink, lilac
VAMPIRE: Final[tuple[RGB, RGB, RGB]] = ((38, 14, 44), (150, 20, 40), (236, 228, 240))  # night, blood, pale

# --- Card backs ------------------------------------------------------------------------------
BACK_STYLES: Final[dict[str, tuple[RGB, RGB, RGB]]] = {
    # style: (field, pattern lines, trim)
    "standard": ((30, 58, 120), (70, 108, 182), (232, 200, 120)),
    "red": ((128, 24, 40), (184, 62, 78), (236, 204, 130)),
    "tarot": ((36, 30, 70), (92, 76, 150), (226, 190, 96)),
    "green": ((22, 84, 62), (52, 132, 100), (230, 206, 132)),
}

# --- Sizes -----------------------------------------------------------------------------------
CARD_RATIO: Final[float] = 1.4  # height / width (poker cards are 63 x 88 mm, about 5:7)
CARD_WIDTH: Final[int] = 80  # a card on a table image
CARD_WIDTH_SMALL: Final[int] = 60  # crowded tables, captured piles (indices still readable)
CARD_WIDTH_LARGE: Final[int] = 110  # the player's own hand
CARD_MIN_WIDTH: Final[int] = 40
CARD_HEIGHT: Final[int] = round(CARD_WIDTH * CARD_RATIO)
CARD_RADIUS: Final[float] = 0.075  # corner radius as a fraction of the width
CARD_GAP: Final[int] = 8  # between cards laid side by side
CARD_OVERLAP: Final[float] = 0.42  # visible fraction of a card in a fanned hand (shows the index)

TEXT_SIZE: Final[int] = 24  # body text on a table image (about 800 px wide)
TITLE_SIZE: Final[int] = 30
SMALL_TEXT_SIZE: Final[int] = 19  # the smallest text worth drawing
PADDING: Final[int] = 14
RADIUS: Final[int] = 10  # panels' corner radius


def card_height(width: int) -> int:
    """A card's height for ``width`` (the 5:7 ratio)."""
    return round(width * CARD_RATIO)
