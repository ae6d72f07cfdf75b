"""The computer player the registry names for Fan Tan: the Normal computer (``choose``), the Easy
one (``choose_easy``) and a hint's reasons (``explain``), all in :mod:`.ai`, and the Hard one
(``choose_hard``: :mod:`.hard`)."""

from .ai import choose, choose_easy, explain
from .hard import choose_hard

__all__ = ["choose", "choose_easy", "choose_hard", "explain"]
