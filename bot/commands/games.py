"""/play and /practice: a subcommand per registered game whose options are built from the game's
``Rules.options``, so a new game needs no code here."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any, Literal, Optional

import discord
from discord import app_commands
from discord.ext.commands import Cog

from bot.commands.lobby import Lobbies
from games.core import registry
from games.core.base import Rules
from games.core.options import Option
from renderers import has_table

HINTS = "hints"  # a table option of every game, the bot's own
HINTS_HELP = "Offer each player a Hint button that says what the computer would play, and why (default: on)"
LEVEL = "computers"  # /practice: how strong the computers are
LEVEL_HELP = "How well the computers play: easy (default), normal, or hard where the game has it"
# Every registered game, as the choices of a command's ``game`` option (/rules, /leaderboard, /stats, /history).
GAME_CHOICES = [app_commands.Choice(name=r.title, value=r.key) for r in registry.all_rules()]


class GameCommands(Cog):
    """The family of commands that open a table: its groups' subcommands are the games, added
    when the family is made, from the registry."""

    play = app_commands.Group(name="play", description="Open a table for a card game", guild_only=True)
    practice = app_commands.Group(name="practice", description="Learn a game: play it against computers at once, "
                                  "with hints, unrated", guild_only=True)

    def __init__(self, lobbies: Lobbies) -> None:
        for rules in playable():
            self.play.add_command(play_command(lobbies, rules))
            for alias in rules.aliases:
                self.play.add_command(play_command(lobbies, rules, alias))
            self.practice.add_command(play_command(lobbies, rules, practice=True))


def playable() -> Iterator[Rules]:
    """The registered games, each once its table can be drawn (then it arrives in /play)."""
    return (rules for rules in registry.all_rules() if has_table(rules.key))


def annotation(option: Option, rules: Rules) -> Any:
    """The slash-command type for a game option: typed choices and ranges."""
    if option.kind == "bool":
        return bool
    if option.kind == "seat":  # shown to people 1-based
        return app_commands.Range[int, 1, rules.max_players]
    if option.kind == "choice":
        return Literal.__getitem__(tuple(option.choices))
    return app_commands.Range[int, option.min, option.max]


def to_game_value(option: Option, value: Any) -> Any:
    return value - 1 if option.kind == "seat" else value


def play_command(lobbies: Lobbies, rules: Rules, alias: str | None = None, *,
                 practice: bool = False) -> app_commands.Command[Any, ..., None]:
    """``/play <game>``, or the same under another name the game goes by (``alias``); with
    ``practice``, ``/practice <game>``: a table against computers at once, unrated, with hints.
    Its parameters are the game's options, so its callback's signature is written here."""
    levels = Literal["easy", "normal", "hard"] if "hard" in registry.levels(rules.key) else Literal["easy", "normal"]
    own = {LEVEL: (Optional[levels], LEVEL_HELP)} if practice else {  # noqa: UP045
        HINTS: (Optional[bool], HINTS_HELP)}  # noqa: UP045

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        hints, level = given.pop(HINTS, None), given.pop(LEVEL, None)
        by_name = {o.name: o for o in rules.options}
        options = {k: to_game_value(by_name[k], v) for k, v in given.items() if v is not None}
        if practice:
            await lobbies.practice(interaction, rules, options, level or "easy")
        else:
            await lobbies.open(interaction, rules, options, hints=hints is not False)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    for option in rules.options:
        params.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                        annotation=Optional[annotation(option, rules)]))  # noqa: UP045
    for name, (kind, _) in own.items():
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind))
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    described = app_commands.describe(**{o.name: describe(o) for o in rules.options},
                                      **{name: text for name, (_, text) in own.items()})(callback)
    summary = rules.summary or rules.title
    return app_commands.Command(name=alias or rules.key, callback=described,
                                description=clip(f"{rules.title}: {summary}" if alias else summary))


def describe(option: Option) -> str:
    default = option.default
    shown = "decided by the game" if default is None and option.kind == "seat" else default
    return clip(f"{option.help} (default: {shown})")


def clip(text: str, limit: int = 100) -> str:
    """Discord's 100-character descriptions: the first sentence if it fits, else cut at a word."""
    first = text.split(". ")[0].rstrip(".")
    if len(first) <= limit:
        return first
    return text[: limit - 1].rsplit(" ", 1)[0] + "\u2026"
