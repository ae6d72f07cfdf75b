"""Errors raised by the rules core. Each message is plain English fit to show a player."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""


class UnknownGame(KeyError):
    """No game is registered under that key."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class BadOptions(ValueError):
    """An unknown option, a value out of range, or an unsupported player count."""
