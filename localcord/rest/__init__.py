"""REST v10 as the stand-in serves it: ``Rest`` (api.py) records, checks and dispatches each request to
a handler named after its operation id; the handlers are by resource (channels, messages, threads,
guilds, users, application commands, interactions) and share the world's lookups and checks
(handlers.py)."""
