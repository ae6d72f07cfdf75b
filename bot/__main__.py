"""`python -m bot`: Parlour on Discord when a token is set, else Parlour Local in the browser.

    python -m bot              # DISCORD_TOKEN set: connect to Discord; not set: Parlour Local
    python -m bot --local      # Parlour Local, whatever the token
    python -m bot --discord    # Discord only: without a token, say how to get one and stop
    python -m bot --debug      # log everything, and show the full traceback of a failure to start
    python -m bot backup DEST [--guild ID]                 # a copy of the data, while the bot plays
    python -m bot restore SOURCE [--replace] [--guild ID]  # put a backup back (the bot stopped)
    python -m bot replay FILE [--moment N] [--seat S] [--png OUT]  # a downloaded game record: its story

A bad setting stops it with one line and exit code 2; a failure to start on Discord (a refused token,
no network) with one line and exit code 1. ``replay`` refuses a file that is not a record it can read
with one line and exit code 2."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import socket
import ssl
import sys
import time
import traceback
from pathlib import Path

from bot.runtime.config import ConfigError, load

PREFIX = "parlour: "


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Parlour, card games for Discord.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--local", action="store_true",
                      help="play in the browser against a Discord of our own on this machine (Parlour Local)")
    mode.add_argument("--discord", action="store_true", help="connect to Discord (needs DISCORD_TOKEN)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="Parlour Local: the address to listen on (default 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=None, help="Parlour Local: the port (default 8710)")
    parser.add_argument("--openapi", type=Path, default=None,
                        help="Parlour Local: check the bot's requests against Discord's OpenAPI description "
                             "at this path (also DISCORD_OPENAPI_SPEC)")
    parser.add_argument("--metrics-host", default=None,
                        help="serve /metrics and /healthz (PARLOUR_METRICS_PORT) on this address rather than "
                             "127.0.0.1: anyone who can reach it sees the bot's figures")
    parser.add_argument("--debug", action="store_true",
                        help="log at DEBUG level and show the full traceback when the bot cannot start")
    return parser.parse_args(argv)


def say(message: str) -> None:
    """One line on standard error, for whoever started the program."""
    print(PREFIX + " ".join(message.split()), file=sys.stderr, flush=True)


def backup_command(argv: list[str]) -> int:
    """``backup DEST`` and ``restore SOURCE``: one line on success, one line and exit code 2 on a
    refusal (a damaged backup, a folder that holds data, a bad setting)."""
    parser = argparse.ArgumentParser(prog=f"python -m bot {argv[0]}")
    if argv[0] == "backup":
        parser.add_argument("dest", type=Path, help="a new folder, or a file ending .tar.gz")
        parser.add_argument("--method", choices=("backup", "vacuum"), default="backup",
                            help="SQLite's online backup (default) or VACUUM INTO")
    else:
        parser.add_argument("source", type=Path, help="a backup's folder or .tar.gz")
        parser.add_argument("--replace", action="store_true",
                            help="move data already in the folder aside first (it is never deleted)")
    parser.add_argument("--guild", type=int, default=None, help="one guild's data only")
    args = parser.parse_args(argv[1:])
    try:
        config = load(require_token=False)
    except ConfigError as err:
        say(str(err))
        return 2
    from bot.store import backup

    started = time.monotonic()
    try:
        if argv[0] == "backup":
            # A backup yields the processor to the bot's players: it may take longer, never them.
            with contextlib.suppress(OSError, AttributeError):
                os.nice(10)
            made = backup.take(config.data_dir, args.dest, guild=args.guild, method=args.method)
            print(f"backup: {len(made.files)} files, {made.size / 1e6:.1f} MB, to {args.dest} in "
                  f"{time.monotonic() - started:.1f} s")
        else:
            manifest, moved = backup.restore(args.source, config.data_dir, replace=args.replace, guild=args.guild)
            print(f"restored {len(manifest.files)} files from the backup of {manifest.to_json()['taken_at_utc']} "
                  f"into {config.data_dir}" + (f"; what was there is now {moved}" if moved else ""))
    except backup.BackupError as err:
        say(str(err))
        return 2
    return 0


def replay_command(argv: list[str]) -> int:
    """``replay FILE``: a game record's story on standard output (docs/record-format.md); with
    ``--png OUT`` one moment drawn by the game's own pictures, or with ``--moment N`` alone that
    moment told. A file that is not a record Parlour can read, or a moment or seat the game does
    not have: one line on standard error and exit code 2."""
    parser = argparse.ArgumentParser(prog="python -m bot replay",
                                     description="Tell a downloaded Parlour game record, or draw one of its moments.")
    parser.add_argument("file", type=Path, help="a game record (.json), as Parlour's Download record gives it")
    parser.add_argument("--moment", type=int, default=None,
                        help="a moment: 0 is the deal, N the table after the Nth move (default: the last)")
    parser.add_argument("--seat", type=int, default=None,
                        help="whose hand the picture shows, from 0 (default: the seat to move, or the one that moved)")
    parser.add_argument("--png", type=Path, default=None, help="draw the moment to this PNG file")
    args = parser.parse_args(argv[1:])
    from bot.show.replays import record_file

    try:
        data = args.file.read_bytes()
    except OSError as err:
        say(f"cannot read {args.file}: {err.strerror or err}.")
        return 2
    try:
        doc = record_file.loads(data)
    except record_file.RecordError as err:
        say(str(err))
        return 2
    moments = record_file.moments_of(doc)
    moment = moments.last if args.moment is None else args.moment
    if not 0 <= moment <= moments.last:
        say(f"This game has moments 0 (the deal) to {moments.last} (after its last move); there is no moment "
            f"{moment}.")
        return 2
    players = len(doc["seats"])
    if args.seat is not None and not 0 <= args.seat < players:
        say(f"This game's seats are 0 to {players - 1}; there is no seat {args.seat}.")
        return 2
    if args.png is not None:
        import renderers

        focus = moments.focus(moment, args.seat)
        table = moments.view(moment, None)
        if focus is None:
            picture = renderers.render_table(moments.key, table)
        else:
            picture = renderers.render_seat(moments.key, table, moments.view(moment, focus))
        try:
            args.png.write_bytes(picture)
        except OSError as err:
            say(f"cannot write {args.png}: {err.strerror or err}.")
            return 2
        whose = "" if focus is None else f", {doc['seats'][focus]['name']}'s hand"
        print(f"wrote moment {moment} of {moments.last}{whose} to {args.png}")
    elif args.moment is not None:
        return tell(record_file.moment_told(doc, moments, moment))
    else:
        return tell(record_file.story(doc, moments))
    return 0


def tell(lines: list[str]) -> int:
    """Lines on standard output; a reader that stops early (``| head``) is no failure."""
    try:
        print("\n".join(lines), flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so exiting does not complain again
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] in (["backup"], ["restore"]):
        return backup_command(argv)
    if argv[:1] == ["replay"]:
        return replay_command(argv)
    args = arguments(argv)
    try:
        config = load(require_token=args.discord)
    except ConfigError as err:
        say(str(err))
        return 2
    from bot.runtime import logs

    if args.metrics_host:
        config = dataclasses.replace(config, metrics_host=args.metrics_host)
    local = args.local or not config.token
    # Parlour Local is for a person at a terminal: its log says only what needs their attention,
    # unless they ask for more.
    level = "WARNING" if local and not os.environ.get("PARLOUR_LOG_LEVEL") else config.log_level
    logs.configure("DEBUG" if args.debug else level, config.log_format)
    if local:
        from bot.local import run as run_local

        spec = args.openapi or (Path(os.environ["DISCORD_OPENAPI_SPEC"]) if os.environ.get("DISCORD_OPENAPI_SPEC")
                                else None)
        try:
            run_local(config, host=args.host, port=args.port, spec=spec)
        except OSError as err:
            if args.debug:
                traceback.print_exc()
            say(str(err))
            return 2
        return 0
    from bot.client import run

    try:
        run(config)
    except Exception as err:
        problem = startup_problem(err)
        if problem is None:
            raise  # not a known way to fail at start: a bug, with its traceback
        if args.debug:
            traceback.print_exc()
        say(problem)
        return 1
    return 0


def startup_problem(err: BaseException) -> str | None:
    """What to tell whoever started the bot when it could not start on Discord; None for anything else."""
    import aiohttp
    import discord

    if isinstance(err, discord.LoginFailure):
        return ("Discord did not accept DISCORD_TOKEN: copy the bot token again from the developer portal "
                "(Bot > Reset Token) into .env or the environment.")
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return ("Discord refused to connect because the bot asked for privileged intents that are not turned on "
                "for it in the developer portal (Bot > Privileged Gateway Intents).")
    if isinstance(err, discord.GatewayNotFound):
        return "Discord's gateway could not be found, so Discord may be having trouble: try again in a few minutes."
    if isinstance(err, discord.ConnectionClosed):
        if err.code == 4004:
            return "Discord did not accept DISCORD_TOKEN: copy the bot token again from the developer portal."
        if err.code in (4010, 4011):
            return (f"Discord refused the shard settings (code {err.code}): check SHARD_COUNT and SHARD_IDS, "
                    "or leave both unset.")
        return f"Discord closed the connection while the bot was starting (code {err.code}): try again shortly."
    if isinstance(err, discord.HTTPException):
        return f"Discord refused a request while the bot was starting ({err}): check the settings and try again."
    if isinstance(err, TimeoutError):
        return "Discord did not answer in time while the bot was connecting: check the network and try again."
    if isinstance(err, aiohttp.ClientConnectorError):
        return (f"cannot reach Discord at {err.host}:{err.port} ({reason(err)}): check this machine's network "
                "connection (and DISCORD_API_BASE, if set).")
    if isinstance(err, aiohttp.ClientError | OSError):
        return (f"cannot reach Discord ({reason(err)}): check this machine's network connection "
                "(and DISCORD_API_BASE and DISCORD_GATEWAY_URL, if set).")
    return None


def reason(err: BaseException) -> str:
    """The heart of a network error, without aiohttp's wrapping."""
    cause: BaseException = getattr(err, "os_error", None) or err
    number = getattr(cause, "errno", None)
    if isinstance(cause, socket.gaierror):  # the name could not be looked up: its own words say so
        text = cause.strerror or str(cause)
    elif isinstance(cause, ssl.SSLError):  # its errno is the library's, not the system's
        text = f"secure connection failed: {cause.reason or cause}"
    elif isinstance(number, int) and number > 0:
        text = os.strerror(number).lower()
    else:
        text = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
    return " ".join(str(text).split())


if __name__ == "__main__":
    sys.exit(main())
