"""The computer player the registry names for Dracula: the Normal computer (``choose``), the Easy
one (``choose_easy``) and the Hard one (``choose_hard``), all in :mod:`.ai`, and a hint's reasons
(``explain``: :mod:`.explain`)."""

from .ai import choose, choose_easy, choose_hard
from .explain import explain

__all__ = ["choose", "choose_easy", "choose_hard", "explain"]
