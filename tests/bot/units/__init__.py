"""The bot's parts one at a time: the action path without Discord, controls, custom_ids, the
budget, limits, workers, permissions and the stakes' text."""
