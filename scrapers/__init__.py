"""mafiakit scrapers: archives and datasets into game logs. Imports `engine`, never `toolkit`."""
