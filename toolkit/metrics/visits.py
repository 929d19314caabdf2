"""Night visits: who went to whom each night, as the players sent it and as the night
engine resolved it (issue 8, "Night visits").

A *visit row* is one (move, target) pair: a move with two targets gives two rows. Two
sources:

- `submitted_visits`: the GM's night log (`GameLog.nights[n].actions`) as written, every
  row with status ``submitted``; needs no night engine.
- `resolved_visits`: the same night log replayed by the night engine
  (`engine.night.replay_game`), every move the engine made with what became of it.

Status of a resolved row (the first that applies):

- ``refused``: the move failed the checks before the night and was never applied (a dead
  actor, an ability the player does not have or may no longer use, a target who is oneself,
  too many moves: `Move.refused`), or the engine made no move of a logged action at all (an
  unknown ability, an action replaced by last night's stunned repeat).
- ``resolved`` / ``redirected``: the move took place (`Move.done`: its effect ran, and the
  engine gave no stop reason); its target at this position is where it was sent
  (``resolved``) or elsewhere (``redirected``, the new target in ``resolved_target``).
- ``blocked``: it did not take place because its actor was stopped from acting: the
  engine's reason starts with one of `BLOCK_REASONS` (blocked, stunned, isolated by
  someone, driven away).
- ``stopped``: it did not take place for another reason (its target isolated or away, the
  actor died first, a pit, an ultimate that makes a side's moves fail, a refused
  recruitment, ...).

`Move.stopped` is the engine's word that a move did not take place, and it wins over
`Move.done`: open-roles marks a move done once its handler returns, also when the handler
stopped it (a witch's swap blocked by the nurse is done and stopped); ``done`` keeps the
engine's flag as it is.

A redirection is a change of the move's own targets (`Move.targets` against
`Move.sent_targets`); an attack that a guard takes on himself leaves the attacker's visit
where it was sent, so it is no redirection here. Moves an engine keeps outside the night's
move list (open-roles' deferred witch moves) are not seen.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from typing import Any

import networkx as nx
import pandas as pd

from engine.errors import MafiakitError
from engine.gamelog import Action, GameLog
from engine.night import Move, NightResult, replay_game
from toolkit.frames import BOOL, INT, STR, typed_frame

BLOCK_REASONS = ("blocked", "stunned", "isolated by", "driven")
# the rows that are visits that happened: everything the log says was sent, and after the
# replay the moves that took place
VISITED: tuple[str, ...] = ("submitted", "resolved", "redirected")
STATUSES = ("submitted", "resolved", "redirected", "blocked", "stopped", "refused")

VISIT_COLUMNS: dict[str, str] = {
    "night": INT, "index": INT, "origin": STR, "actor": STR, "ability": STR, "position": INT,
    "target": STR, "resolved_target": STR, "status": STR, "redirected": BOOL, "done": BOOL,
    "reason": STR, "via": STR,
}
REPEAT_COLUMNS: dict[str, str] = {
    "actor": STR, "target": STR, "nights": INT, "visits": INT, "first_night": INT,
    "last_night": INT, "night_list": STR, "abilities": STR,
}
_ORIGIN_RANK = {"repeat": 0, "log": 1, "performed": 2, "changed": 3}


def has_night_engine(log: GameLog) -> bool:
    """Whether the game's rule set has a night engine (so `resolved_visits` can run)."""
    from engine.night.game import night_rules

    try:
        night_rules(log)
    except MafiakitError:
        return False
    return True


def submitted_visits(log: GameLog) -> pd.DataFrame:
    """Every action of the GM's night log, one row per (action, target), as sent.

    Columns (`VISIT_COLUMNS`): ``night``; ``index`` the action's place in the night's log;
    ``origin`` always ``log``; ``actor``, ``ability``; ``position`` the target's place in
    the action's targets (0 first); ``target``; ``resolved_target`` null; ``status``
    ``submitted``; ``redirected`` False; ``done`` null; ``reason`` null; ``via`` null. An
    action without targets gives one row with null ``position`` and ``target``. Sorted by
    night, index, position."""
    rows: list[dict[str, Any]] = []
    for night in sorted(log.nights, key=lambda n: n.number):
        for i, action in enumerate(night.actions):
            targets: list[str | None] = list(action.targets) or [None]
            for pos, target in enumerate(targets):
                rows.append({
                    "night": night.number, "index": i, "origin": "log", "actor": action.actor,
                    "ability": action.ability, "position": pos if target else None,
                    "target": target, "resolved_target": None, "status": "submitted",
                    "redirected": False, "done": None, "reason": None, "via": None})
    return typed_frame(rows, VISIT_COLUMNS)


def resolved_visits(log: GameLog, rulings: Mapping[str, str] | None = None,
                    results: list[NightResult] | None = None) -> pd.DataFrame:
    """Every move of every night as the night engine resolved it (`replay_game(log,
    rulings)`, or `results` when given), one row per (move, target) position.

    Columns (`VISIT_COLUMNS`): ``night``; ``index`` the move's place in the night's log (-1
    for a move the engine carries from the night before, e.g. a stunned player's repeat);
    ``origin``: ``log`` (the logged action), ``repeat`` (carried from the night before),
    ``performed`` (an ability done through a logged action of the same index, e.g.
    Tactical Maneuver), ``changed`` (a logged move whose actor or ability another move
    changed, e.g. a swap); ``actor``, ``ability`` as the engine finally had them;
    ``position``; ``target`` as sent (`Move.sent_targets`); ``resolved_target`` the target
    at that position after redirections (null when the move lost it, e.g. a killer fallen
    into a pit); ``status`` (module docstring); ``redirected`` resolved_target differs from
    target; ``done`` the effect ran; ``reason`` the engine's `Move.stopped` (or, for a
    logged action the engine made no move of, its event's text); ``via`` the logged ability
    a performed move was done through. Logged actions with no move are ``refused`` rows with
    ``origin`` ``log``. Sorted by night, index, origin (repeat, log, performed, changed),
    ability, position.

    Raises `engine.night.NightError` when the rule set has no night engine."""
    if results is None:
        results = replay_game(log, rulings)
    logged = {n.number: n.actions for n in log.nights}
    rows: list[dict[str, Any]] = []
    for result in results:
        actions = logged.get(result.night, [])
        seen: set[int] = set()
        for move in result.moves:
            origin, via = _origin(move, actions, result.moves)
            if origin in ("log", "performed", "changed"):
                seen.add(move.index)
            rows.extend(_move_rows(result.night, move, origin, via))
        for i, action in enumerate(actions):
            if i not in seen:
                rows.extend(_not_taken(result, i, action))
    rows.sort(key=lambda r: (r["night"], r["index"], _ORIGIN_RANK[r["origin"]], r["ability"],
                             -1 if r["position"] is None else r["position"]))
    return typed_frame(rows, VISIT_COLUMNS)


def _origin(move: Move, actions: list[Action], moves: list[Move]) -> tuple[str, str | None]:
    if move.index < 0 or move.index >= len(actions):
        return "repeat" if move.index < 0 else "changed", None
    action = actions[move.index]
    if action.actor == move.actor and action.ability == move.ability.id:
        return "log", None
    twin = any(x is not move and x.index == move.index and x.actor == action.actor
               and x.ability.id == action.ability for x in moves)
    return ("performed", action.ability) if twin else ("changed", None)


def _status(move: Move, redirected: bool) -> str:
    if move.refused:
        return "refused"
    if move.done and move.stopped is None:
        return "redirected" if redirected else "resolved"
    if move.stopped is not None and move.stopped.startswith(BLOCK_REASONS):
        return "blocked"
    return "stopped"


def _move_rows(night: int, move: Move, origin: str, via: str | None) -> list[dict[str, Any]]:
    sent = list(move.sent_targets)
    now = list(move.targets)
    rows: list[dict[str, Any]] = []
    for pos in range(max(len(sent), len(now), 1)):
        target = sent[pos] if pos < len(sent) else None
        resolved = now[pos] if pos < len(now) else None
        redirected = resolved is not None and resolved != target
        rows.append({
            "night": night, "index": move.index, "origin": origin, "actor": move.actor,
            "ability": move.ability.id,
            "position": pos if (target or resolved) else None, "target": target,
            "resolved_target": resolved, "status": _status(move, redirected),
            "redirected": redirected, "done": move.done, "reason": move.stopped, "via": via})
    return rows


def _not_taken(result: NightResult, index: int, action: Action) -> list[dict[str, Any]]:
    """A logged action the engine made no move of: its reason is the event that says so."""
    event = next((e for e in result.events if e.kind in ("not-taken", "unknown-ability")
                  and e.actor == action.actor and action.ability in e.text), None)
    reason = event.text if event is not None else "not taken by the night engine"
    targets: list[str | None] = list(action.targets) or [None]
    return [{"night": result.night, "index": index, "origin": "log", "actor": action.actor,
             "ability": action.ability, "position": pos if target else None, "target": target,
             "resolved_target": None, "status": "refused", "redirected": False,
             "done": False, "reason": reason, "via": None}
            for pos, target in enumerate(targets)]


def _where(row: Mapping[Hashable, Any]) -> str | None:
    """Where the row's visit went: the resolved target when known, else the target sent."""
    resolved = row["resolved_target"]
    if isinstance(resolved, str):
        return resolved
    target = row["target"]
    return target if isinstance(target, str) else None


def night_graphs(log: GameLog, frame: pd.DataFrame) -> dict[int, Any]:
    """One `networkx.MultiDiGraph` per night of the log, from a visits frame
    (`submitted_visits` or `resolved_visits`).

    Nodes: every slot id, with ``faction``, ``role``, ``name`` and ``alive`` (not announced
    dead before the night: `GameLog.announced_out`). Edges: one per frame row with a target,
    actor -> where the visit went (``resolved_target`` when known, else ``target``), keyed
    by the ability (``ability#2``, ``#3``... when the same actor, target and ability occur
    again the same night), with every column of the row as attributes. Rows without a
    target add no edge. Every night of the log has a graph, empty of edges when nothing was
    sent."""
    nights = sorted({n.number for n in log.nights} | {int(x) for x in frame["night"]})
    graphs: dict[int, Any] = {}
    for night in nights:
        graph = nx.MultiDiGraph(night=night)
        out = log.announced_out(f"N{night}")
        for slot in log.players:
            graph.add_node(slot.id, faction=slot.faction, role=slot.role, name=slot.name,
                           alive=slot.id not in out)
        for row in frame[frame["night"] == night].to_dict("records"):
            where = _where(row)
            if where is None:
                continue
            key, n = str(row["ability"]), 1
            while graph.has_edge(row["actor"], where, key):
                n += 1
                key = f"{row['ability']}#{n}"
            attrs = {str(k): (None if v is pd.NA else v) for k, v in row.items()}
            graph.add_edge(row["actor"], where, key=key, **attrs)
        graphs[night] = graph
    return graphs


def cumulative_graph(log: GameLog, frame: pd.DataFrame, *,
                     statuses: Collection[str] = VISITED) -> Any:
    """All nights together: a `networkx.DiGraph` with an edge actor -> target for every pair
    with at least one visit row whose status is in `statuses` (default: submitted rows, or
    after the replay the moves that took place). The target is where the visit went
    (``resolved_target`` when known, else ``target``). Edge attributes: ``weight`` the
    number of such rows (a move on two targets counts once for each), ``nights`` the sorted
    list of nights, ``abilities`` the sorted list of distinct abilities. Nodes: every slot
    id, with ``faction``, ``role`` and ``name``."""
    graph = nx.DiGraph()
    for slot in log.players:
        graph.add_node(slot.id, faction=slot.faction, role=slot.role, name=slot.name)
    for row in _visited(frame, statuses):
        actor, where, night, ability = row
        if graph.has_edge(actor, where):
            data = graph.edges[actor, where]
            data["weight"] += 1
            data["nights"] = sorted(set(data["nights"]) | {night})
            data["abilities"] = sorted(set(data["abilities"]) | {ability})
        else:
            graph.add_edge(actor, where, weight=1, nights=[night], abilities=[ability])
    return graph


def _visited(frame: pd.DataFrame, statuses: Collection[str]) -> list[tuple[str, str, int, str]]:
    """(actor, where, night, ability) of the rows with a target and a status in
    `statuses`, in the frame's order."""
    out: list[tuple[str, str, int, str]] = []
    for row in frame[frame["status"].isin(list(statuses))].to_dict("records"):
        where = _where(row)
        if where is not None:
            out.append((str(row["actor"]), where, int(row["night"]), str(row["ability"])))
    return out


def repeat_visits(frame: pd.DataFrame, *, statuses: Collection[str] = VISITED,
                  min_nights: int = 2) -> pd.DataFrame:
    """Actor -> target pairs visited on at least `min_nights` different nights.

    Counted over the frame's rows with a target and a status in `statuses` (default: as
    `cumulative_graph`); the target is where the visit went. Columns (`REPEAT_COLUMNS`):
    ``actor``, ``target``; ``nights`` the number of distinct nights with such a visit;
    ``visits`` the number of rows (two abilities on the same target in one night count
    twice); ``first_night``, ``last_night``; ``night_list`` the nights, comma-separated;
    ``abilities`` the distinct abilities, sorted, comma-separated. Self-visits count like
    any other. Sorted by nights (most first), visits (most first), actor, target."""
    pairs: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for actor, where, night, ability in _visited(frame, statuses):
        pairs.setdefault((actor, where), []).append((night, ability))
    rows: list[dict[str, Any]] = []
    for (actor, target), seen in pairs.items():
        nights = sorted({n for n, _ in seen})
        if len(nights) < min_nights:
            continue
        rows.append({"actor": actor, "target": target, "nights": len(nights),
                     "visits": len(seen), "first_night": nights[0], "last_night": nights[-1],
                     "night_list": ",".join(map(str, nights)),
                     "abilities": ",".join(sorted({a for _, a in seen}))})
    rows.sort(key=lambda r: (-r["nights"], -r["visits"], r["actor"], r["target"]))
    return typed_frame(rows, REPEAT_COLUMNS)
