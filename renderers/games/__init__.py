"""Each game's pictures, in the module its registry entry names (``pictures``): mostly one named
after the game; the tarot family's in ``tarot``."""
