"""/stats' rating chart: a small PNG for any length of history, its scale holding every point, and
the latest rating marked where the leaderboard's number is."""

from __future__ import annotations

import io

from PIL import Image

from renderers import rating_chart, render_rating_chart
from renderers.tools.gallery import sample_chart

from .helpers import png_size


def test_any_history_draws_a_small_png_of_one_size() -> None:
    for games in (0, 1, 2, 30):
        data = sample_chart(games) if games else {"title": "Nobody yet", "points": []}
        png = render_rating_chart(data)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 60_000
        assert png_size(png) == (rating_chart.WIDTH, rating_chart.HEIGHT)


def test_the_latest_rating_is_marked_in_the_ratings_colour_at_its_height() -> None:
    data = sample_chart(12)
    img = Image.open(io.BytesIO(render_rating_chart(data))).convert("RGB")
    mu, sigma = data["points"][-1]
    low = [1000 + 40 * (m - 3 * s) for m, s in data["points"]]
    high = [1000 + 40 * (m + 3 * s) for m, s in data["points"]]
    y = rating_chart.y_of(1000 + 40 * (mu - 3 * sigma), *rating_chart.bounds(low, high))
    assert rating_chart.TOP < y < rating_chart.BOTTOM
    assert img.getpixel((rating_chart.PLOT_RIGHT, round(y))) == rating_chart.RATING
    floor, ceil = rating_chart.bounds(low, high)
    assert floor <= min(low) and max(high) <= ceil


def test_the_rating_and_the_estimate_are_told_in_the_same_points_as_the_text(drawn: list[str]) -> None:
    """Issue 44 point 7: the chart's estimate sat near 2,000 unexplained beside a text saying 1,062. Both
    latest values are labelled on the one scale, as /stats writes them (base + scale x (mu - z sigma),
    base + scale x mu)."""
    data = {"title": "Bob at Fosco", "points": [[25, 25 / 3], [26, 7.5], [27, 6.5]], "from_start": True,
            "base": 1000, "scale": 40, "z": 3}
    render_rating_chart(data)
    assert f"{round(1000 + 40 * (27 - 3 * 6.5)):,}" in drawn  # 1,300: the rating
    assert f"{(1000 + 40 * 27):,}" in drawn  # 2,080: the best estimate
    assert "best estimate" in drawn and "rating (the leaderboard's)" in drawn
