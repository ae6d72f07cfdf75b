"""The tarot family's pictures: ``scene`` (shared), ``manchester`` (the two-player games) and
``base_games`` (Scarto, Tarocchi, Conference). The games' pictures, as the registry names them,
are ``manchester_table`` and ``base_table``."""
