"""Each game's pictures, in the module its registry entry names (``pictures``): a package named
after the game (``fosco``: its ``table``, ``copy`` …), or a module; the tarot family's in ``tarot``."""
