"""The pictures of the tarot base games, Scarto, Tarocchi and Conference, as the registry names
them: the table (:mod:`.tables`), a player's copy (:mod:`.copies`), the hand (:mod:`.hands`) and the
hand's end (:mod:`.round_ends`), each drawn from the view :mod:`.board` reads once."""

from .copies import copy
from .hands import hand
from .round_ends import round_end
from .tables import table

__all__ = ["copy", "hand", "round_end", "table"]
