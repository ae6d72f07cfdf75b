"""Showing a table once an action is committed: the publisher (one display per table), the table
message's text and controls, each player's copy (DM, or kept current through a click's token),
the learner's help and the result in words."""
