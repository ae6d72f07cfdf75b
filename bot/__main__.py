"""`python -m bot`: Parlour on Discord when a token is set, else Parlour Local in the browser.

    python -m bot              # DISCORD_TOKEN set: connect to Discord; not set: Parlour Local
    python -m bot --local      # Parlour Local, whatever the token
    python -m bot --discord    # Discord only: without a token, say how to get one and stop
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .config import ConfigError, load


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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    try:
        config = load(require_token=args.discord)
    except ConfigError as err:
        print(f"parlour: {err}", file=sys.stderr)
        return 2
    if args.local or not config.token:
        from .local import run as run_local

        spec = args.openapi or (Path(os.environ["DISCORD_OPENAPI_SPEC"]) if os.environ.get("DISCORD_OPENAPI_SPEC")
                                else None)
        try:
            run_local(config, host=args.host, port=args.port, spec=spec)
        except OSError as err:
            print(f"parlour: {err}", file=sys.stderr)
            return 2
        return 0
    from .client import run

    run(config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
