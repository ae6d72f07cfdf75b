"""Manchester Truffle's computer player (shared with the other two-player tarot game): the Normal
one (``choose``), the Easy one (``choose_easy``) and its reasons (``explain``)."""

from games.tarot.manchester_ai import choose, choose_easy, explain

__all__ = ["choose", "choose_easy", "explain"]
