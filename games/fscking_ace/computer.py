"""The computer player the registry names for Fscking Ace: the Normal computer (``choose``), the
Easy one (``choose_easy``) and a hint's reasons (``explain``), all in :mod:`.ai`, and the Hard one
(``choose_hard``: :mod:`.hard`, which builds on Normal's model, so :mod:`.ai` cannot import it)."""

from .ai import choose, choose_easy, explain
from .hard import choose_hard

__all__ = ["choose", "choose_easy", "choose_hard", "explain"]
