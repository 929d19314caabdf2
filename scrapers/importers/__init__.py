"""Importers of existing datasets into game logs."""
