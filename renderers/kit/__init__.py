"""The drawing kit every picture shares: cards and their pips, fonts, theme and palette, layout
helpers, cached regions, the generic hand and settlement sheet, the trick-table scene."""
