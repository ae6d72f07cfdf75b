"""The rules core shared by every game."""

from .base import (
    Action,
    Clock,
    Event,
    Option,
    OptionValue,
    Outcome,
    Pick,
    Rules,
    State,
    name_players,
    player,
    random_action,
)
from .errors import BadOptions, IllegalAction, UnknownGame
from .stakes import Settlement, Transfer, fill_money, format_money, money

__all__ = [
    "Action", "BadOptions", "Clock", "Event", "IllegalAction", "Option", "OptionValue", "Outcome", "Pick", "Rules",
    "Settlement", "State", "Transfer", "UnknownGame", "fill_money", "format_money", "money", "name_players",
    "player", "random_action",
]
