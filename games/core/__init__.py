"""The rules core shared by every game."""

from .actions import Action, Pick
from .base import Clock, Event, Outcome, Rules, State, name_players, player, random_action
from .errors import BadOptions, IllegalAction, UnknownGame
from .options import Option, OptionValue
from .stakes import Settlement, Transfer, fill_money, format_money, money

__all__ = [
    "Action", "BadOptions", "Clock", "Event", "IllegalAction", "Option", "OptionValue", "Outcome", "Pick", "Rules",
    "Settlement", "State", "Transfer", "UnknownGame", "fill_money", "format_money", "money", "name_players",
    "player", "random_action",
]
