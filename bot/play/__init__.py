"""The action path: tables in play held in memory (``tables``), every move checked and committed
through ``Tables.act``, the custom_id grammar, refusals and their answers, timers, rounds,
partners' talk, where a table is played (its channel) and the places a finished game gives."""
