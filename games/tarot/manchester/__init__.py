"""The two-player tarot games, Manchester Piccadilly and Manchester Truffle (docs/rules/tarot.md):
their state, rules, computer player and the simulation its search plays out."""
