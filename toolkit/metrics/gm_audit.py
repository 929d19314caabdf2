"""The GM side of information leaks (issue 8): what the GM published that the rule set does
not let them tell. Each a ranked table of candidates for review, never a verdict; a
candidate's chain is the night's replay (`engine.night.replay_game`), which the `why`
column cites.

A game whose rule set has no night engine, or whose log has no night actions, gives empty
tables: nothing to compare with."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from engine.gamelog import GameLog
from engine.night import Event, NightError, NightResult, replay_game
from toolkit.frames import FLOAT, INT, STR, typed_frame
from toolkit.metrics.private_info import content_words, name_keys, names_in, words

NEWSPAPER_COLUMNS: dict[str, str] = {
    "phase": STR, "kind": STR, "subject": STR, "post": INT, "replay": STR, "score": FLOAT,
    "why": STR, "raw": STR,
}
PRIVATE_COLUMNS: dict[str, str] = {
    "phase": STR, "item": STR, "recipient": STR, "subject": STR, "extra": STR,
    "extra_names": STR, "share": FLOAT, "score": FLOAT, "why": STR, "raw": STR,
}


def _replay(log: GameLog, rulings: Mapping[str, str] | None) -> dict[int, NightResult]:
    if not log.nights:
        return {}
    try:
        return {r.night: r for r in replay_game(log, rulings)}
    except NightError:
        return {}


def _night_of(phase: str) -> int | None:
    return int(phase[1:]) if phase.startswith("N") else None


def undisplayed_newspaper(log: GameLog,
                          rulings: Mapping[str, str] | None = None) -> pd.DataFrame:
    """Newspaper facts the GM published that the rule set does not display
    (`NEWSPAPER_COLUMNS`), one row per published fact of a replayed night that the
    replay does not show in the newspaper.

    Each fact of `log.published.phases[N<n>].newspaper` (nights the replay plays: the
    log's night actions under the log's rulings and `rulings`) is looked up among night
    n's replay events with the same kind and subject: an event with visibility
    "newspaper" shows it, and the fact is no candidate. Otherwise: score 1.0 when the
    replay has the same kind and subject as a "private" or "hidden" event (the rule set
    knows the fact and does not display it: the clearest case); 0.5 when the replay has
    other events about the subject (listed in `replay`); 0.25 when it has none (nothing
    caused it, or the log misses the move). `post`: the fact's source post. Order: score
    descending, phase, kind, subject."""
    results = _replay(log, rulings)
    rows: list[dict[str, object]] = []
    for pub in log.published.phases:
        night = _night_of(pub.phase)
        if night is None or night not in results:
            continue
        events = results[night].events
        for fact in pub.newspaper:
            same = [e for e in events if e.kind == fact.kind and e.subject == fact.subject]
            if any(e.visibility == "newspaper" for e in same):
                continue
            about = [e for e in events if e.subject == fact.subject and fact.subject]
            who = f" ({fact.subject})" if fact.subject else ""
            if same:
                score = 1.0
                shown = same
                why = (f"the replay has {fact.kind}{who} as "
                       f"{'/'.join(sorted({e.visibility for e in same}))}: the rule set does "
                       f"not display it ({same[0].step}: {same[0].text})")
            elif about:
                score, shown = 0.5, about
                why = (f"the replay shows no {fact.kind}{who}; its events about "
                       f"{fact.subject}: {'; '.join(e.kind for e in about)}")
            else:
                score, shown = 0.25, []
                why = f"nothing in the replay of night {night} gives {fact.kind}{who}"
            rows.append({
                "phase": pub.phase, "kind": fact.kind, "subject": fact.subject,
                "post": fact.source.post, "score": score, "why": why, "raw": fact.raw,
                "replay": "; ".join(f"{e.step}: {e.text} [{e.visibility}]" for e in shown)})
    df = typed_frame(rows, NEWSPAPER_COLUMNS)
    return df.sort_values(["score", "phase", "kind", "subject"],
                          ascending=[False, True, True, True], ignore_index=True)


def _answer_words(events: list[Event]) -> set[str]:
    """Every word the replay's answers tell: their result values and texts."""
    said: set[str] = set()
    for e in events:
        said.update(words(e.text))
        for _, value in e.details:
            said.update(words(str(value)))
    return said


def excess_private(log: GameLog, rulings: Mapping[str, str] | None = None) -> pd.DataFrame:
    """Private results carrying more than the role's result allows (`PRIVATE_COLUMNS`),
    one row per published private result of a replayed night with something extra.

    The replay's answers to a result are night n's events with visibility "private", the
    same recipient and (when the result names one) the same subject. A structured result
    (keys other than "text") carries extra keys: its keys that are no answer's `what`
    detail; share = extra keys / keys. A result in the GM's words (`result["text"]`)
    carries extra words: its `private_info.content_words` that no answer's words (the
    event's text, every detail value) hold; share = extra words / content words;
    `extra_names` are the slots (other than the recipient) it names
    (`private_info.name_keys`, by Russian lemmas) that no answer names. score = 0.5 *
    share + 0.5 * (1 if extra_names else 0): a result naming a player its answer does not
    comes first. Results with nothing extra are left out. Order: score descending,
    phase, item."""
    results = _replay(log, rulings)
    slots = [s.id for s in log.players]
    names = {s: name_keys(log, s) for s in slots}
    rows: list[dict[str, object]] = []
    for pub in log.published.phases:
        night = _night_of(pub.phase)
        if night is None or night not in results:
            continue
        for i, res in enumerate(pub.private):
            mine = [e for e in results[night].events if e.visibility == "private"
                    and e.recipient == res.recipient
                    and (res.subject is None or e.subject == res.subject)]
            told = _answer_words(mine)
            text = res.result.get("text")
            if isinstance(text, str):
                said = content_words(text)
                extra = [w for w in said if w not in told]
                share = len(extra) / len(said) if said else 0.0
                named = _named(text, names, exclude=res.recipient)
                answered = set().union(*(_named(e.text, names, exclude=res.recipient)
                                         for e in mine)) if mine else set()
                extra_names = sorted(named - answered)
            else:
                whats = {str(e.detail("what")) for e in mine}
                extra = sorted(k for k in res.result if k not in whats)
                share = len(extra) / len(res.result) if res.result else 0.0
                extra_names = []
            if not extra and not extra_names:
                continue
            score = 0.5 * share + (0.5 if extra_names else 0.0)
            on = f" on {res.subject}" if res.subject else ""
            rows.append({
                "phase": pub.phase, "item": f"{pub.phase}#{i}", "recipient": res.recipient,
                "subject": res.subject, "extra": ", ".join(extra),
                "extra_names": ", ".join(extra_names), "share": share, "score": score,
                "raw": res.raw,
                "why": f"{res.recipient}{on}: the GM's result "
                       + " and ".join(([f"holds {', '.join(extra)}"] if extra else [])
                                      + ([f"names {', '.join(extra_names)}"]
                                         if extra_names else []))
                       + " "
                       + ("beyond the replay's answer ("
                          + "; ".join(e.text for e in mine) + ")" if mine
                          else "while the replay gives this player no answer")})
    df = typed_frame(rows, PRIVATE_COLUMNS)
    return df.sort_values(["score", "phase", "item"], ascending=[False, True, True],
                          ignore_index=True)


def _named(text: str, names: Mapping[str, list[tuple[int, frozenset[str]]]],
           exclude: str) -> set[str]:
    ws = words(text)
    return {slot for slot, keys in names.items() if slot != exclude and names_in(ws, keys)}
