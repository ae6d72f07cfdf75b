"""End-to-end: the real bot against the local Discord, a game or a feature at a time."""
