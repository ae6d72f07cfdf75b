"""Parlour's Discord layer: the only package that knows Discord."""
