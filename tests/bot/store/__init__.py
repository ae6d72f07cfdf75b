"""The per-guild store: its tables, ledger, ratings and results, its faults and its scale."""
