"""Table and hand images drawn with Pillow (pure functions of a view)."""
