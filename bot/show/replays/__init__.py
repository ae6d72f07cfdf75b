"""Looking back at an ended game: its moments replayed from the record (``moments.py``), the viewer
shown to one member, and the record as a file to share."""
