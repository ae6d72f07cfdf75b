"""The computer player the registry names for Manchester Piccadilly and Manchester Truffle: the
Normal computer (``choose``: :mod:`.search`), the Easy one (``choose_easy``: :mod:`.easy`), the Hard
one (``choose_hard``: :mod:`.hard`) and a hint's reasons (``explain``: :mod:`.explain`)."""

from .easy import choose_easy
from .explain import explain
from .hard import choose_hard
from .search import choose

__all__ = ["choose", "choose_easy", "choose_hard", "explain"]
