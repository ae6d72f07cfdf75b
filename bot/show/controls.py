"""The components a seat acts with. Every custom_id is built by :mod:`bot.play.custom_ids`, so these Views hold
no state: they are rebuilt from the table whenever they are shown and keep working after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import discord

from bot.play import custom_ids
from games.core import cards
from games.core.actions import Action, Pick

MAX_BUTTONS = 20  # four rows of five, leaving a row for anything else on the message
SELECT_SIZE = 25  # Discord's limit on a select's options
MAX_ROWS = 5
PICK_SELECTS = MAX_ROWS - 1  # a pick's cards (at most 100) above one row of buttons


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"pl:(?P<body>.*)"):
    """Every Parlour button and select. discord.py hands a click on any ``pl:`` custom_id here,
    and the router reads the id itself, so a damaged one is answered rather than ignored."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Control:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        router = getattr(interaction.client, "router", None)
        if router is not None:
            await router.component(interaction)


def button(custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False) -> Control:
    return Control(discord.ui.Button(custom_id=custom_id, label=label[:80], style=style, row=row, disabled=disabled))


def action_view(guild_id: int, table_id: int, version: int, actions: Sequence[Action],
                extra: Sequence[Control] = (), label: Callable[[str], str] = str,
                help_items: Help | None = None) -> discord.ui.View:
    """Buttons for a few moves; selects of at most 25 for many (a big hand is split). ``label``
    fills in a move's text (amounts in the guild's unit). ``help_items``: a learner's Hint button
    (beside the moves where a row has room) and why-not select (a row of its own); the moves go
    in a select rather than leave no room for them."""
    view = discord.ui.View(timeout=None)
    hint, why = help_items or Help()
    help_rows = (1 if why is not None else 0)
    as_buttons = len(actions) <= MAX_BUTTONS and -(-(len(actions) + (hint is not None)) // 5) + help_rows <= MAX_ROWS
    if as_buttons:
        for i, action in enumerate(actions):
            view.add_item(button(custom_ids.action(guild_id, table_id, version, action.token), label(action.label),
                                 discord.ButtonStyle.primary, row=i // 5))
        if hint is not None:
            hint.row = len(actions) // 5
            view.add_item(hint)
    else:
        chunks = [actions[i:i + SELECT_SIZE] for i in range(0, len(actions), SELECT_SIZE)]
        room = MAX_ROWS - (1 if extra else 0) - help_rows - (hint is not None)
        if len(chunks) > room:  # no room for the learner's controls: the moves come first
            hint = why = None
            room = MAX_ROWS - (1 if extra else 0)
        if len(chunks) > room:
            raise ValueError(f"{len(actions)} moves do not fit in {room} selects")
        for n, chunk in enumerate(chunks):
            first, last = label(chunk[0].label), label(chunk[-1].label)
            placeholder = "Choose a move" if len(chunks) == 1 else f"Moves {first} … {last}"
            select: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=custom_ids.select(guild_id, table_id, version, n), placeholder=placeholder[:150], row=n,
                options=[discord.SelectOption(label=label(a.label)[:100], value=a.token) for a in chunk],
            )
            view.add_item(Control(select))
        if hint is not None:
            hint.row = len(chunks)
            view.add_item(hint)
    if why is not None:
        view.add_item(why)
    for item in extra:
        view.add_item(item)
    return view


class Help(NamedTuple):
    """A learner's controls on a copy: the Hint button and the why-not select (either may be absent)."""

    hint: Control | None = None
    why: Control | None = None


def help_items(guild_id: int, table_id: int, *, hint: bool, blocked: Sequence[str],
               family: cards.Family = "standard") -> Help:
    """The Hint button (``hint``), and a select of the ``blocked`` cards (those the seat may not
    play now) whose answer says why not."""
    why = None
    if blocked:
        options = [discord.SelectOption(label=f"{cards.short(card, family)} {cards.name(card, family)}"[:100],
                                        value=card) for card in blocked[:SELECT_SIZE]]
        why = Control(discord.ui.Select(custom_id=custom_ids.ask(guild_id, table_id, "why"),
                                        placeholder="Why can't I play…?", options=options))
    return Help(button(custom_ids.ask(guild_id, table_id, "hint"), "💡 Hint") if hint else None, why)


def as_drawn(actions: Sequence[Action], sort: Callable[[list[str]], list[str]],
             family: cards.Family = "standard") -> list[Action]:
    """The moves in the order their cards are drawn in the hand (``sort``, the game's order): each
    by the first card its token names; moves naming no card after them, as they came."""
    def named(action: Action) -> str | None:
        _, _, arg = action.token.partition(":")
        return next((part for piece in arg.split(",") for part in piece.split("@")
                     if cards.is_card(part, family)), None)

    firsts = {card for card in map(named, actions) if card is not None}
    place = {card: n for n, card in enumerate(sort(sorted(firsts)))}
    return sorted(actions, key=lambda a: place.get(named(a) or "", len(place)))


def move_view(guild_id: int, table_id: int, version: int, actions: Sequence[Action], *,
              pick: Pick | None = None, chosen: Sequence[int] = (), clock: int | None = None,
              label: Callable[[str], str] = str, family: cards.Family = "standard",
              help_items: Help | None = None) -> discord.ui.View:
    """A seat's moves. ``actions`` as buttons (as in :func:`action_view`); with a ``pick``, its
    cards in selects (``chosen``: the positions ticked so far) and the button that makes the move,
    whose custom_id is the only place the choice is kept. Moves made while a clock runs on the
    seat (``clock``: the version it began at) stay good for as long as it runs."""
    if pick is None and clock is None:
        return action_view(guild_id, table_id, version, actions, label=label, help_items=help_items)
    view = discord.ui.View(timeout=None)
    hint, why = help_items or Help()
    row = 0
    at = version if clock is None else clock
    if pick is not None:
        for n in range(0, min(len(pick.cards), PICK_SELECTS * SELECT_SIZE), SELECT_SIZE):
            view.add_item(Control(pick_select(guild_id, table_id, at, pick, n // SELECT_SIZE, chosen, family)))
            row += 1
    if len(actions) + (pick is not None) > 5:
        raise ValueError(f"{len(actions)} moves do not fit beside a pick")
    for action in actions:
        custom_id = (custom_ids.action(guild_id, table_id, version, action.token) if clock is None
                     else custom_ids.clock(guild_id, table_id, clock, action.token))
        view.add_item(button(custom_id, label(action.label), _style(action, actions), row=row))
    if pick is not None:
        view.add_item(pick_button(guild_id, table_id, at, pick, chosen, clock=clock is not None, row=row,
                                  family=family))
    if hint is not None and len(actions) + (pick is not None) < 5:
        hint.row = row
        view.add_item(hint)
    if why is not None and row + 1 < MAX_ROWS:
        why.row = row + 1
        view.add_item(why)
    return view


def _style(action: Action, actions: Sequence[Action]) -> discord.ButtonStyle:
    """On a clock the first move is the one that acts (Bullshit!), the others stand aside."""
    return discord.ButtonStyle.danger if action is actions[0] else discord.ButtonStyle.secondary


def pick_select(guild_id: int, table_id: int, version: int, pick: Pick, index: int,
                chosen: Sequence[int], family: cards.Family = "standard") -> discord.ui.Select[Any]:
    """The ``index``-th select of a pick's cards: each option's value is the card's position."""
    first = index * SELECT_SIZE
    part = pick.cards[first:first + SELECT_SIZE]
    several = len(pick.cards) > SELECT_SIZE
    placeholder = (f"Cards {first + 1} to {first + len(part)}: {cards.short(part[0], family)} … "
                   f"{cards.short(part[-1], family)}"
                   if several else f"Choose {pick.fewest} to {pick.most} cards")
    options = [discord.SelectOption(label=f"{cards.short(card, family)} {cards.name(card, family)}"[:100],
                                    value=str(first + i),
                                    default=first + i in chosen) for i, card in enumerate(part)]
    return discord.ui.Select(custom_id=custom_ids.pick(guild_id, table_id, version, index),
                             placeholder=placeholder[:150],
                             min_values=0, max_values=min(pick.most, len(part)), options=options)


def pick_button(guild_id: int, table_id: int, version: int, pick: Pick, chosen: Sequence[int], *,
                clock: bool = False, row: int | None = None, family: cards.Family = "standard") -> Control:
    """The button that makes a pick's move with the cards ``chosen`` (positions), or says what
    is missing; its custom_id carries the move, so the choice survives anything."""
    picked = [pick.cards[i] for i in sorted(chosen)]
    ready = pick.fewest <= len(picked) <= pick.most
    token = pick.token(picked) if ready else f"{pick.verb}:"
    make = custom_ids.clock if clock else custom_ids.action
    if ready:
        text = f"{pick.label}: {' '.join(cards.short(c, family) for c in [*pick.fixed, *picked])}"
    elif picked:
        text = f"Too many: choose at most {pick.most}"
    else:
        text = f"{pick.label} (choose cards first)"
    return button(make(guild_id, table_id, version, token), text, discord.ButtonStyle.success, row=row,
                  disabled=not ready)


def chosen_in(pick: Pick, token: str) -> list[int]:
    """The positions in ``pick.cards`` of the cards a pick's move ``token`` names (twins in turn)."""
    verb, _, arg = token.partition(":")
    if verb != pick.verb:
        return []
    named = list(cards.split(arg)) if arg else []
    for card in pick.fixed:  # part of the move whatever is chosen
        if card in named:
            named.remove(card)
    free = list(range(len(pick.cards)))
    found: list[int] = []
    for card in named:
        at = next((i for i in free if pick.cards[i] == card), None)
        if at is not None:
            free.remove(at)
            found.append(at)
    return found


def lobby_view(guild_id: int, table_id: int, can_start: bool = True, hard: bool = False) -> discord.ui.View:
    """A lobby's buttons; **Add hard computer** where the game has a Hard computer (``hard``)."""
    view = discord.ui.View(timeout=None)
    styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "computer": discord.ButtonStyle.secondary, "easy": discord.ButtonStyle.secondary,
              "hard": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
              "cancel": discord.ButtonStyle.danger}
    labels = {"join": "Join", "leave": "Leave", "computer": "Add computer", "easy": "Add easy computer",
              "hard": "Add hard computer", "start": "Start", "cancel": "Cancel"}
    rows = {"join": 0, "leave": 0, "computer": 1, "easy": 1, "hard": 1, "start": 0, "cancel": 0}
    for verb in custom_ids.LOBBY_VERBS:
        if verb == "hard" and not hard:
            continue
        view.add_item(button(custom_ids.lobby(guild_id, table_id, verb), labels[verb], styles[verb],
                             disabled=verb == "start" and not can_start, row=rows[verb]))
    return view


def hand_button(guild_id: int, table_id: int) -> Control:
    return button(custom_ids.hand(guild_id, table_id), "My hand", discord.ButtonStyle.primary)


def table_view(guild_id: int, table_id: int, *, hand: bool = True, version: int = 0,
               moves: Sequence[Action] = (), verbs: Sequence[tuple[str, str, discord.ButtonStyle]] = (),
               label: Callable[[str], str] = str, clock: int | None = None,
               on_clock: Sequence[Action] = (), hint: bool = False) -> discord.ui.View:
    """The table message's controls: "My hand" where hands are private; the moves themselves
    where everything is on the table; while a clock (begun at version ``clock``) runs, the moves
    every seat it waits for shares (Bullshit!, No call); and a game of rounds' requests (see
    :mod:`bot.play.rounds`)."""
    extra = [button(custom_ids.clock(guild_id, table_id, clock, a.token), label(a.label), _style(a, on_clock))
             for a in on_clock] if clock is not None else []
    extra += [hand_button(guild_id, table_id)] if hand else []
    extra += [button(custom_ids.ask(guild_id, table_id, "hint"), "💡 Hint")] if hint else []
    extra += [button(custom_ids.table(guild_id, table_id, verb), text, style, row=MAX_ROWS - 1)
              for verb, text, style in verbs]
    return action_view(guild_id, table_id, version, moves, extra, label)


def result_view(guild_id: int, table_id: int) -> discord.ui.View:
    """Under a result: the same game again, with the same options and seats; and the game replayed,
    move by move, to whoever asks."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(custom_ids.table(guild_id, table_id, "rematch"), "Rematch", discord.ButtonStyle.success))
    view.add_item(button(custom_ids.replay(guild_id, table_id, "open"), "⏪ Replay"))
    return view
