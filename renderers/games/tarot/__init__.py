"""The tarot family's pictures: ``scene`` (shared), ``manchester`` (the two-player games) and
``base_games`` (Scarto, Tarocchi, Conference), and a module per game key."""
