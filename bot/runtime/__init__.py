"""The process's plumbing, which knows no table: configuration, logging, metrics, the worker
processes, Discord's request budget and per-channel limits, and the permissions the bot needs."""
