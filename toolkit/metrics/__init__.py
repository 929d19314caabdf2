"""The analysis toolkit's metrics (issue 8): each in a module named for what it measures,
each with its exact definition in its docstring and unit tests on tiny games computed by
hand (`tests/toolkit/metrics/`). Notebooks only load a game, call these and show."""
