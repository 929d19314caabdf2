"""Plotly figures of the toolkit's metrics (issue 8). Each function takes a game log (and
the metric's frame where it is worth reusing) and returns a `plotly.graph_objects.Figure`
that JupyterLab shows and `mafiakit report` draws offline. Colours and node positions are
fixed by the data (slot order, sorted names), never by chance."""
