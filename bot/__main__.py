"""`python -m bot`: check the configuration, then connect to Discord."""

from __future__ import annotations

import sys

from .config import ConfigError, load


def main() -> int:
    try:
        config = load()
    except ConfigError as err:
        print(f"parlour: {err}", file=sys.stderr)
        return 2
    from .client import run

    run(config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
