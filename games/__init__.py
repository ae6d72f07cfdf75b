"""Parlour's rules: pure, typed, standard library only. ``from games import registry``."""

from .core import registry
from .core.errors import BadOptions, IllegalAction, UnknownGame

__all__ = ["BadOptions", "IllegalAction", "UnknownGame", "registry"]
