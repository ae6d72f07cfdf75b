"""Faults from outside the game (Discord errors, a full disk, late timers, bad clicks): a clear
word and nothing lost."""
