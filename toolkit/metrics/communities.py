"""Communities of voters: Louvain partitions of a vote or co-voting graph, swept over
resolutions and seeds, how often two slots land together, and the modularity of the true
factions.

The graphs are those of `toolkit.metrics.blocs`: the directed vote graph (`vote_graph`) or an
undirected co-voting graph built here from a pair table (`covote_graph`, e.g. from
`co_wagon_overlap_game`). Louvain is networkx's (`louvain_communities`), which uses directed
modularity on a directed graph. Communities are numbered 0, 1, ... by size, largest first,
ties by their earliest member in the graph's node order (the roster), so that a run's
labels do not depend on the order networkx returns the sets in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

import networkx as nx
import pandas as pd

from engine.gamelog import GameLog
from toolkit.metrics.blocs import UNKNOWN, typed_frame

DEFAULT_RESOLUTIONS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
DEFAULT_SEEDS = tuple(range(20))


def covote_graph(log: GameLog, pairs: pd.DataFrame, value: str = "overlap") -> nx.Graph:
    """An undirected graph from a pair table (columns a, b and `value`): a node per slot of
    the roster (attributes `name` and `faction` at the start), an edge a - b of weight
    `value` where it is > 0 (NaN and 0 give no edge)."""
    graph = nx.Graph()
    for s in log.players:
        graph.add_node(s.id, name=s.name, faction=s.faction or UNKNOWN)
    for a, b, w in zip(pairs["a"], pairs["b"], pairs[value], strict=True):
        if pd.notna(w) and float(w) > 0:
            graph.add_edge(a, b, weight=float(w))
    return graph


def _numbered(graph: nx.Graph, parts: Iterable[Iterable[str]]) -> list[list[str]]:
    """Communities as lists in node order, largest first, ties by earliest member."""
    rank = {n: i for i, n in enumerate(graph.nodes)}
    lists = [sorted(part, key=rank.__getitem__) for part in parts]
    return sorted(lists, key=lambda p: (-len(p), rank[p[0]]))


def _modularity(graph: nx.Graph, parts: Sequence[Iterable[str]], resolution: float) -> float:
    """networkx's modularity (weighted by `weight`); NaN for a graph without weight."""
    if graph.size(weight="weight") == 0:
        return float("nan")
    return float(nx.community.modularity(graph, parts, weight="weight",
                                         resolution=resolution))


def louvain(graph: nx.Graph, resolution: float = 1.0, seed: int = 0) -> dict[str, int]:
    """Slot -> community number of one Louvain run (`louvain_communities` with edge
    attribute `weight`, the given resolution and seed). A slot without edges is a community
    of its own."""
    parts = nx.community.louvain_communities(graph, weight="weight", resolution=resolution,
                                             seed=seed)
    return {n: i for i, part in enumerate(_numbered(graph, parts)) for n in part}


SWEEP_COLUMNS = {"resolution": "float64", "seed": "int64", "slot": "string",
                 "community": "int64", "communities": "int64", "modularity": "float64"}


def community_sweep(graph: nx.Graph, resolutions: Sequence[float] = DEFAULT_RESOLUTIONS,
                    seeds: Sequence[int] = DEFAULT_SEEDS) -> pd.DataFrame:
    """Louvain over every (resolution, seed): one row per run and slot.

    Columns: resolution, seed, slot, community (`louvain`'s number), communities (how many
    the run found), modularity (of the run's partition at the run's resolution; NaN for a
    graph without weight). Sorted by resolution, seed, then node order."""
    rows: list[dict[str, Any]] = []
    for resolution in sorted(resolutions):
        for seed in sorted(seeds):
            labels = louvain(graph, resolution, seed)
            count = max(labels.values(), default=-1) + 1
            parts = [[n for n in graph.nodes if labels[n] == c] for c in range(count)]
            q = _modularity(graph, parts, resolution)
            rows.extend({"resolution": resolution, "seed": seed, "slot": n,
                         "community": labels[n], "communities": count, "modularity": q}
                        for n in graph.nodes)
    return typed_frame(rows, SWEEP_COLUMNS)


def coassignment(sweep: pd.DataFrame, resolutions: Iterable[float] | None = None
                 ) -> pd.DataFrame:
    """The co-assignment of each pair of slots over the runs of a `community_sweep` (those
    at `resolutions` only, when given): runs = runs holding both slots, together = runs
    that put them in one community, share = together / runs.

    Columns: a, b, runs, together, share; pairs in the sweep's slot order (a before b)."""
    if resolutions is not None:
        sweep = sweep[sweep["resolution"].isin(list(resolutions))]
    slots = list(dict.fromkeys(sweep["slot"]))
    runs: dict[tuple[str, str], list[int]] = {p: [0, 0] for p in combinations(slots, 2)}
    for _, run in sweep.groupby(["resolution", "seed"], sort=True):
        label: Mapping[str, int] = dict(zip(run["slot"], run["community"], strict=True))
        for a, b in combinations([s for s in slots if s in label], 2):
            runs[(a, b)][0] += 1
            runs[(a, b)][1] += int(label[a] == label[b])
    rows = [{"a": a, "b": b, "runs": n, "together": k, "share": k / n}
            for (a, b), (n, k) in runs.items() if n]
    return typed_frame(rows, {"a": "string", "b": "string", "runs": "int64", "together": "int64",
                         "share": "float64"})


def faction_partition(graph: nx.Graph, labels: Mapping[str, str] | None = None
                      ) -> list[list[str]]:
    """The graph's nodes grouped by faction: `labels` (slot -> faction) or else each node's
    `faction` attribute ("unknown" when missing), groups in node order."""
    groups: dict[str, list[str]] = {}
    for n, data in graph.nodes(data=True):
        faction = labels.get(n, UNKNOWN) if labels is not None else data.get("faction", UNKNOWN)
        groups.setdefault(str(faction), []).append(n)
    return list(groups.values())


def faction_modularity(graph: nx.Graph, labels: Mapping[str, str] | None = None,
                       resolution: float = 1.0) -> float:
    """Faction modularity: networkx's modularity (edge attribute `weight`, directed
    modularity on a directed graph) of the graph under the partition of its nodes by
    faction (`faction_partition`). NaN for a graph without weight."""
    return _modularity(graph, faction_partition(graph, labels), resolution)
