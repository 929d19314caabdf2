"""Fuzzing of the readers of outside input: nothing raises but mafiakit's documented errors."""
