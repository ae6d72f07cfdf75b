"""Process-level faults: the real bot (``python -m bot --discord``) in a process of its own against the
local Discord, stopped with SIGTERM and killed with SIGKILL mid-game, and what it must guarantee then."""
