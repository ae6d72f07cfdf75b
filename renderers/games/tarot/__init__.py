"""The tarot family's pictures, mirroring its rules (``games/tarot``): ``manchester`` (the two-player
games) and ``base`` (Scarto, Tarocchi, Conference), each a package the registry names as its games'
pictures; ``scene`` and ``shared_round_end`` are what both share."""
