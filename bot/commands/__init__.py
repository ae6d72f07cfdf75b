"""What members ask of the bot: the slash commands, a cog per family (kept in sync with Discord by
sync.py), lobbies, every click (the router), and the guild's settings."""
