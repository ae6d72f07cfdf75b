"""Each game's pictures, in a module named after the game; the tarot family in ``tarot``."""
