"""Tools that are not part of what the bot draws: the gallery and the palette maker."""
