"""What a Russian thread fixture's expected.json pins of a day of `votes_json`: the outcome,
the tally with voters, every mark not counted with its reason (and, where asked, its raw text
and the next night's order)."""

from __future__ import annotations

from typing import Any


def pinned_day(day: dict[str, Any], *, raw: bool = False, order: bool = False
               ) -> dict[str, Any]:
    marks = ("post", "voter", "raw", "reason") if raw else ("post", "voter", "reason")
    out: dict[str, Any] = {
        "day": day["day"], "eliminated": day["eliminated"], "no_lynch": day["no_lynch"],
        "decided_at_post": day["decided_at_post"],
        "tally": [{k: t[k] for k in ("target", "votes", "voters")} for t in day["tally"]],
        "not_counted": [{k: n[k] for k in marks} for n in day["not_counted"]],
    }
    if order:
        out["order"] = day["order"]
    return out
