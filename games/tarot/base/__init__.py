"""The tarot base games, Scarto, Tarocchi and Conference, under every rule set (docs/rules/tarot.md):
their state, rules, computer player and the simulation its search plays out."""
