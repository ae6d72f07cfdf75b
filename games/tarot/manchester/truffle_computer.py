"""Manchester Truffle's computer player: the two games' Normal and Easy players and hints
(:mod:`.computer`), and a Hard one (``choose_hard``: :mod:`.hard`). Piccadilly offers no Hard: the
same player measured below Normal there (docs/development.md)."""

from .computer import choose, choose_easy, explain
from .hard import choose_hard

__all__ = ["choose", "choose_easy", "choose_hard", "explain"]
