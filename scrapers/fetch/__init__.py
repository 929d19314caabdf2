"""Getting a thread: `mafiakit fetch URL -o DIR` walks a live forum thread's pages into a
folder that `mafiakit scrape` reads like any saved archive (`scrapers.fetch.run`)."""

from scrapers.fetch.http import Client, FetchError, Response
from scrapers.fetch.run import FetchOptions, fetch_thread

__all__ = ["Client", "FetchError", "FetchOptions", "Response", "fetch_thread"]
