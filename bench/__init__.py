"""Benchmarks that print figures; run as `python -m bench.<name>`."""
