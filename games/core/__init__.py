"""The rules core shared by every game."""

from .base import Action, Event, Option, OptionValue, Outcome, Rules, State, name_players, player
from .errors import BadOptions, IllegalAction, UnknownGame
from .stakes import Settlement, Transfer, fill_money, format_money, money

__all__ = [
    "Action", "BadOptions", "Event", "IllegalAction", "Option", "OptionValue", "Outcome", "Rules",
    "Settlement", "State", "Transfer", "UnknownGame", "fill_money", "format_money", "money", "name_players",
    "player",
]
