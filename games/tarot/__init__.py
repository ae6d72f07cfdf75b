"""The tarot family's shared core (rules/tarot.md)."""
