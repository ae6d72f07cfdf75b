"""The computer player the registry names for Manchester Piccadilly and Manchester Truffle: the
Normal computer (``choose``: :mod:`.search`), the Easy one (``choose_easy``: :mod:`.easy`) and a
hint's reasons (``explain``: :mod:`.explain`)."""

from .easy import choose_easy
from .explain import explain
from .search import choose

__all__ = ["choose", "choose_easy", "explain"]
