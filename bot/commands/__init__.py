"""What members ask of the bot: slash commands (and keeping them in sync with Discord), lobbies,
every click (the router), the leaderboard and /stats, /stakes and the guild's settings."""
