"""The rules core shared by every game."""

from .base import Action, Event, Option, OptionValue, Outcome, Rules, State, name_players, player
from .errors import BadOptions, IllegalAction, UnknownGame

__all__ = [
    "Action", "BadOptions", "Event", "IllegalAction", "Option", "OptionValue", "Outcome", "Rules",
    "State", "UnknownGame", "name_players", "player",
]
