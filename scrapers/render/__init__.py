"""Game logs written back as saved forum pages (the inverse of the scrapers), for round
trips: a simulated game rendered, scraped again, compared."""

from scrapers.render.thread import render_thread, vote_html

__all__ = ["render_thread", "vote_html"]
