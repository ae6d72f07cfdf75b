"""The pictures of the two-player tarot games, Manchester Piccadilly and Manchester Truffle, as the
registry names them: the table (:mod:`.tables`), a player's copy (:mod:`.copies`), the hand and
Piccadilly's choice (:mod:`.hands`) and the hand's end (:mod:`.round_ends`), each drawn from the view
:mod:`.board` reads once."""

from .copies import copy
from .hands import hand
from .round_ends import round_end
from .tables import table

__all__ = ["copy", "hand", "round_end", "table"]
