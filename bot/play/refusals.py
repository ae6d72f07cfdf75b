"""A click or command that changes nothing gets one sentence, to that member alone: raised as a
Refusal anywhere on the action path (it knows no Discord; ``bot.play.answers`` says it)."""


class Refusal(Exception):
    """A click or command that changes nothing; the message is shown to that user only."""
