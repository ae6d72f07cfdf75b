"""bot.runtime.permissions: what the bot needs where it plays, and the one sentence the host gets when it lacks it."""

from __future__ import annotations

import discord

from bot.runtime import permissions

P = discord.Permissions
POSTING = P(view_channel=True, send_messages=True, send_messages_in_threads=True, attach_files=True,
            embed_links=True, read_message_history=True)


def without(perms: P, *names: str) -> P:
    copy = P(perms.value)
    for name in names:
        setattr(copy, name, False)
    return copy


def test_names_are_listed_as_discord_shows_them() -> None:
    assert permissions.listed(["send_messages"]) == "**Send Messages**"
    assert permissions.listed(["view_channel", "send_messages"]) == "**View Channel** and **Send Messages**"
    assert permissions.listed(["view_channel", "send_messages", "attach_files"]) == \
        "**View Channel**, **Send Messages** and **Attach Files**"


def test_an_administrator_lacks_nothing() -> None:
    assert permissions.missing(P(administrator=True), ["send_messages", "manage_channels"]) == []
    assert permissions.post_problem(P(administrator=True), "#general") is None


def test_the_bot_grants_itself_only_what_it_holds() -> None:
    held = without(POSTING, "attach_files", "embed_links")
    allow, deny = permissions.bot_grant(held).pair()
    assert allow == P(view_channel=True, send_messages=True, read_message_history=True)
    assert deny == P.none()
    allow, _ = permissions.bot_grant(P(administrator=True)).pair()
    assert allow == P(view_channel=True, send_messages=True, attach_files=True, embed_links=True,
                      read_message_history=True)


def test_lobby_needs_to_post_in_the_channel() -> None:
    assert permissions.lobby_problem(POSTING, "#general") is None
    assert permissions.lobby_problem(without(POSTING, "embed_links", "attach_files"), "#general") is None
    assert permissions.lobby_problem(without(POSTING, "send_messages"), "#general") == (
        "I can't post in #general: I need **Send Messages** there. A server manager can give it to me in the "
        "channel's settings (Edit Channel → Permissions).")
    assert permissions.lobby_problem(P.none(), "#general") == (
        "I can't post in #general: I need **View Channel** and **Send Messages** there. A server manager can give "
        "them to me in the channel's settings (Edit Channel → Permissions).")


def test_in_a_thread_the_lobby_needs_send_messages_in_threads() -> None:
    threadless = without(POSTING, "send_messages_in_threads")
    assert permissions.lobby_problem(without(POSTING, "send_messages"), "#t", thread=True) is None
    assert permissions.lobby_problem(threadless, "#t", thread=True) == (
        "I can't post in #t: I need **Send Messages in Threads** there. A server manager can give it to me in "
        "its channel's settings (Edit Channel → Permissions).")


def test_a_table_channel_needs_attach_files_in_the_server() -> None:
    assert permissions.channel_problem(POSTING) is None
    assert permissions.channel_problem(without(POSTING, "embed_links")) is None
    assert permissions.channel_problem(without(POSTING, "attach_files")) == (
        "I can't start this table: I need **Attach Files** in this server to show it in a channel of its own, "
        "since the table is a picture. A server manager can give it to my role in Server Settings → Roles; "
        "then press **Start** again.")
    assert permissions.channel_problem(without(POSTING, "send_messages")) == (
        "I can't start this table: I need **Send Messages** in this server to show it in a channel of its own. "
        "A server manager can give it to my role in Server Settings → Roles; then press **Start** again.")


def test_a_thread_needs_to_be_created_and_written_in() -> None:
    public = P(POSTING.value | P(create_public_threads=True).value)
    assert permissions.thread_problem(public, "#games", private=False) is None
    assert permissions.thread_problem(POSTING, "#games", private=False) == (
        "I can't start this table: I need **Manage Channels** to give it a channel of its own, or **Create Public "
        "Threads** in #games to play it in a thread. A server manager can grant these in Server Settings → Roles, "
        "or for #games alone in Edit Channel → Permissions; then press **Start** again.")
    threadless = without(public, "send_messages_in_threads", "attach_files")
    said = permissions.thread_problem(threadless, "#games", private=False)
    assert said is not None and "**Send Messages in Threads** and **Attach Files** in #games" in said


def test_private_tables_want_a_private_thread_and_never_a_public_one() -> None:
    both = P(POSTING.value | P(create_public_threads=True, create_private_threads=True).value)
    assert permissions.thread_problem(both, "#games", private=True) is None
    public_only = without(both, "create_private_threads")
    assert permissions.thread_problem(public_only, "#games", private=False) is None
    assert permissions.thread_problem(public_only, "#games", private=True) == (
        "I can't start this table: I need **Manage Channels** to give it a channel of its own, or **Create Private "
        "Threads** in #games to play it in a private thread (tables here are private, so not in a public one). "
        "A server manager can grant these in Server Settings → Roles, or for #games alone in Edit Channel → "
        "Permissions; then press **Start** again.")


def test_no_thread_inside_a_thread() -> None:
    assert permissions.no_thread_problem("#t") == (
        "I can't start this table: I need **Manage Channels** to give it a channel of its own, as a table can't "
        "be a thread inside #t. A server manager can give it to my role in Server Settings → Roles; then press "
        "**Start** again.")


def test_the_table_place_needs_attach_files_once_open() -> None:
    assert permissions.table_problem(POSTING, "#fosco-1", thread=False) is None
    said = permissions.table_problem(without(POSTING, "attach_files"), "#fosco-1", thread=True)
    assert said is not None and said.startswith("I can't post in #fosco-1: I need **Attach Files** there.")
