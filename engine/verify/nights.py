"""Night findings: each night replayed from the GM's action log, compared with what the GM
published for it: the deaths, the newspaper's facts, the private results.

A disputed finding carries the chain: the replay's events about the players concerned, in
the order of the night's steps ("stunning-blow: Cuba blocks Jamaica; leader-kills: Corsica's
psychic attack lands on Malta; ...")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.gamelog import GameLog, PhasePublished, PrivateResult
from engine.night import NightError, NightResult
from engine.night.game import announced_dead, night_rules
from engine.rulesets import chosen_rulings, ruleset_of
from engine.verify.findings import Finding
from engine.verify.replays import Replays
from engine.verify.stated import stated_rulings


def verify_nights(log: GameLog, rulings: Mapping[str, str] | None = None,
                  replays: Replays | None = None) -> list[Finding]:
    """Findings for every night of the log; none when the log has no night actions, one
    unverifiable finding when the rule set has no night engine. A disputed finding that
    another option of a ruling confirms is ruling-dependent, with what each option gives."""
    if not log.nights:
        return []
    replays = replays or Replays(log)
    try:
        findings = _findings(log, rulings, replays)
    except NightError as exc:
        return [Finding("N", "nights", "unverifiable", None, None, str(exc))]
    if any(f.status == "disputed" for f in findings):
        findings = _ruling_dependent(log, rulings, findings, replays)
    return findings


def _findings(log: GameLog, rulings: Mapping[str, str] | None,
              replays: Replays) -> list[Finding]:
    findings: list[Finding] = []
    results = replays.under(rulings).nights()
    answers = night_rules(log).answers
    for result in results:
        item = log.published.for_phase(f"N{result.night}")
        findings.extend(_night(result, item, answers))
    if results and log.published.victory is not None:
        findings.append(_victory(log, results))
    return findings


def _victory(log: GameLog, results: list[NightResult]) -> Finding:
    """The GM's announced winners against the rule set's victory condition on the players
    as the last night left them, after every announced death."""
    assert log.published.victory is not None  # the caller checks
    players = {slot: p.copy() for slot, p in results[-1].players.items()}
    announced_dead(log, players, 10**9)
    winners = night_rules(log).winners(players)
    # a set of sides, compared in the order the announcement is kept in
    expected = sorted(winners) if winners is not None else None
    published = sorted(log.published.victory.winners)
    # the end of the game: after the last phase the log has (the final day's execution)
    key = log.phases[-1].key if log.phases else f"N{results[-1].night}"
    shown_p = "+".join(published) or "nobody"
    src = log.published.victory.source
    where = f"post {src.post}" if src is not None and src.post is not None else None
    if expected is None:
        alive = sorted({p.recruited_by or p.faction for p in players.values() if p.alive})
        return Finding(key, "victory", "disputed", "the game goes on", shown_p,
                       f"several groups are still alive ({', '.join(alive)})", source=where)
    shown_e = "+".join(expected) or "nobody"
    if expected == published:
        return Finding(key, "victory", "confirmed", shown_e, shown_p,
                       "the one group left is the announced winner", source=where)
    return Finding(key, "victory", "disputed", shown_e, shown_p,
                   f"the group left is {shown_e}, the GM announced {shown_p}", source=where)


def _ruling_dependent(log: GameLog, rulings: Mapping[str, str] | None,
                      findings: list[Finding], replays: Replays) -> list[Finding]:
    """Replays the game under each other option of each ruling; a disputed finding that an
    option confirms becomes ruling-dependent."""
    ruleset = ruleset_of(log)
    chosen = chosen_rulings(log, rulings)
    base = replays.under(chosen)
    # a ruling no night read (nor a day the nights asked for) gives the same findings, which
    # make nothing ruling-dependent: not tried (`Replay.rests_on`)
    read = base.rests_on(*(("night", n.night) for n in base.nights()))
    # a ruling the GM's rules state is decided: its other options are not tried
    stated = stated_rulings(log, chosen)
    under: dict[str, dict[tuple[str, str], Finding]] = {}
    for ruling in ruleset.rulings:
        for value in ruling.values:
            if value != chosen[ruling.key] and ruling.key in read and ruling.key not in stated:
                other = _findings(log, {**chosen, ruling.key: value}, replays)
                under[f"{ruling.key}={value}"] = {(f.phase, f.item): f for f in other}
    out: list[Finding] = []
    for f in findings:
        if f.status != "disputed":
            out.append(f)
            continue
        alt = {opt: got.get((f.phase, f.item)) for opt, got in under.items()}
        # a fact the GM left out agrees with an option under which the replay shows none
        agreeing = [opt for opt, g in alt.items()
                    if (g is not None and g.status == "confirmed")
                    or (g is None and f.published is None)]
        if not agreeing:
            out.append(f)
            continue
        by_option = {opt: (g.expected if g is not None else None) or "nothing"
                     for opt, g in alt.items()
                     if (g.expected if g is not None else None) != f.expected}
        out.append(replace(f, status="ruling-dependent", by_option=by_option,
                           reason=f"the published result follows {', '.join(agreeing)}"))
    return out


def _night(result: NightResult, item: PhasePublished | None,
           answers: frozenset[str] = frozenset()) -> list[Finding]:
    key = f"N{result.night}"
    if item is None:
        return [Finding(key, "night", "unverifiable", ", ".join(result.deaths) or "nobody",
                        None, f"nothing the GM published for night {result.night} is in the "
                        "log")]
    # what the replay could not read makes the night's results uncertain: say so first
    found = [Finding(key, "action log", "unverifiable", None, None,
                     f"{e.text}: the replay leaves this move out, so what depends on it is "
                     "not known")
             for e in result.events if e.kind == "unknown-ability"]
    found.append(_deaths(key, result, item))
    found.extend(_newspaper(key, result, item))
    found.extend(_private(key, result, item, answers))
    return found


def _chain(result: NightResult, slots: set[str]) -> tuple[str, ...]:
    """The night's events about these players: as subject, actor, or named in the details
    (the house a killer fell into a pit at, the protector of a save)."""
    return tuple(f"{e.step}: {e.text}" for e in result.events
                 if e.subject in slots or e.actor in slots
                 or any(v in slots for _, v in e.details if isinstance(v, str)))


def _deaths(key: str, result: NightResult, item: PhasePublished) -> Finding:
    expected = sorted(result.deaths)
    published = sorted(d.slot for d in item.deaths if d.kind != "eliminated")
    shown_e, shown_p = "+".join(expected) or "nobody", "+".join(published) or "nobody"
    where = _where(item.deaths[0].source.post if item.deaths else None)
    if expected == published:
        return Finding(key, "deaths", "confirmed", shown_e, shown_p,
                       "the replay gives the announced deaths", source=where)
    differ = set(expected) ^ set(published)
    return Finding(key, "deaths", "disputed", shown_e, shown_p,
                   f"the replay gives {shown_e}, the GM announced {shown_p}",
                   _chain(result, differ), source=where)


def _newspaper(key: str, result: NightResult, item: PhasePublished) -> list[Finding]:
    """Each fact either side shows (deaths are their own finding)."""
    expected = {(e.kind, e.subject): e for e in result.events
                if e.visibility == "newspaper" and e.kind != "killed"}
    published = {(f.kind, f.subject): f for f in item.newspaper}
    found: list[Finding] = []
    for fact in sorted(set(expected) | set(published), key=lambda k: (k[0], k[1] or "")):
        kind, subject = fact
        what = f"newspaper: {kind}" + (f" ({subject})" if subject else "")
        pub = published.get(fact)
        where = _where(pub.source.post if pub is not None else None)
        if fact in expected and pub is not None:
            found.append(Finding(key, what, "confirmed", kind, kind,
                                 "the replay shows the same fact", source=where))
        elif fact in expected:
            found.append(Finding(key, what, "disputed", kind, None,
                                 "the replay shows this fact; the GM did not publish it",
                                 _chain(result, {subject} if subject else set())))
        else:
            found.append(Finding(key, what, "disputed", None, kind,
                                 "the GM published this fact; the replay does not show it "
                                 "(the order of actions does not display it, or nothing "
                                 "caused it)", _chain(result, {subject} if subject else set()),
                                 source=where))
    return found


def _private(key: str, result: NightResult, item: PhasePublished,
             answers: frozenset[str] = frozenset()) -> list[Finding]:
    """Each private result the GM sent, against the replay's answer to the same player
    about the same subject. Where the rule set's answers are a closed list (`answers`), a
    published answer of that list other than the replay's is another answer."""
    found: list[Finding] = []
    for pub in item.private:
        what = f"private: {pub.recipient}" + (f" on {pub.subject}" if pub.subject else "")
        if set(pub.result) == {"text"}:  # the GM's words, not read into an answer
            found.append(_private_words(key, what, result, pub))
            continue
        mine = [e for e in result.events if e.visibility == "private"
                and e.recipient == pub.recipient and e.subject == pub.subject]
        where = _where(pub.source.post)
        if not mine:
            found.append(Finding(key, what, "disputed", None, _show(pub.result),
                                 "the replay gives this player no result about this subject",
                                 _chain(result, {pub.recipient}), source=where))
            continue
        # a player may be told several answers of one kind about one subject (a journalist's
        # facts): the GM's answer agrees when it is one of them
        expected: dict[str, list[object]] = {}
        for e in mine:
            expected.setdefault(str(e.detail("what")), []).append(e.detail("result"))
        agree = all(v in expected[k] for k, v in pub.result.items() if k in expected)
        shared = [k for k in pub.result if k in expected]
        shown = _show({k: " / ".join(map(str, vs)) for k, vs in expected.items()
                       if any(v is not None for v in vs)})
        if shared and agree:
            found.append(Finding(key, what, "confirmed", shown, _show(pub.result),
                                 "the replay gives the same answer", source=where))
        elif shared or any(k in answers for k in pub.result):
            found.append(Finding(key, what, "disputed", shown, _show(pub.result),
                                 "the replay gives another answer",
                                 _chain(result, {pub.recipient, pub.subject or ""}),
                                 source=where))
        else:
            found.append(Finding(key, what, "unverifiable", shown, _show(pub.result),
                                 "the GM's result answers something the replay does not ask "
                                 f"({', '.join(pub.result)})", source=where))
    return found


def _private_words(key: str, what: str, result: NightResult, pub: PrivateResult) -> Finding:
    """A private result kept as the GM's words («Zvezda: «удачно»»): confirmed when the
    replay tells the player the same words (its answer's value or its message); disputed
    when the replay's one answer to the player (about the subject, when the GM names it) is
    other words; else unverifiable (the words cannot be placed against one answer)."""
    mine = [e for e in result.events if e.visibility == "private"
            and e.recipient == pub.recipient
            and (pub.subject is None or e.subject == pub.subject)]
    said = _words(str(pub.result["text"]))
    answers = [str(e.detail("result")) if e.detail("result") is not None else e.text
               for e in mine]
    where = _where(pub.source.post)
    shown = " / ".join(answers) or None
    if any(said in (_words(a), _words(e.text)) for a, e in zip(answers, mine, strict=True)):
        return Finding(key, what, "confirmed", shown, str(pub.result["text"]),
                       "the replay tells the player the same", source=where)
    if len(mine) == 1:
        return Finding(key, what, "disputed", shown, str(pub.result["text"]),
                       "the replay gives another answer",
                       _chain(result, {pub.recipient, pub.subject or ""}), source=where)
    reason = ("the replay gives this player no result" if not mine else
              "the GM's words do not name which of the replay's answers they give")
    return Finding(key, what, "unverifiable", shown, str(pub.result["text"]), reason, source=where)


def _words(text: str) -> str:
    """Text compared by its words: case, quotes and punctuation at the ends aside."""
    return " ".join(text.casefold().replace("«", " ").replace("»", " ").split()).strip(" .!")


def _show(values: Mapping[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(values.items()))


def _where(post: int | None) -> str | None:
    return f"post {post}" if post is not None else None

