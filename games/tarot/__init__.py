"""The tarot family's shared core (docs/rules/tarot.md)."""
