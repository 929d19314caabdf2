"""Hypothesis strategies for valid, varied game logs (`engine.gamelog.GameLog`).

`game_logs()` draws a whole game: slots (Cyrillic island names and ASCII nicks, with
replacements), posts in increasing order, a chronological run of phases, votes of every kind,
night and day action logs, what the GM published, metadata and parse issues. Every slot
reference points at a drawn slot id, so each drawn log passes `GameLog`'s own checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from typing import TypeVar, get_args

from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, SearchStrategy, composite

from engine.gamelog import (
    Action,
    Avatar,
    Boundary,
    DayLog,
    Death,
    Draw,
    EditMarker,
    Fate,
    GameLog,
    HouseRules,
    Meta,
    NewspaperFact,
    NightLog,
    Occupant,
    ParseIssue,
    Phase,
    PhasePublished,
    Post,
    PrivateResult,
    Published,
    Quote,
    Slot,
    SlotChange,
    SourceFile,
    SourceRef,
    TallyEntry,
    Victory,
    Vote,
    VoteCount,
    VoteForms,
    Where,
    phase_key,
)
from engine.gamelog.base import OptionValue, PhaseKind, SourceKind
from engine.gamelog.issues import Severity
from engine.gamelog.meta import SourceFileKind
from engine.gamelog.phases import BoundarySource
from engine.gamelog.published import DeathKind
from engine.gamelog.slots import FateKind
from engine.gamelog.votes import VoidReason, VoteSpecial

T = TypeVar("T")

# -- vocabularies ---------------------------------------------------------------------------

SOURCE_KINDS: tuple[SourceKind, ...] = get_args(SourceKind)
SOURCE_FILE_KINDS: tuple[SourceFileKind, ...] = get_args(SourceFileKind)
BOUNDARY_SOURCES: tuple[BoundarySource, ...] = get_args(BoundarySource)
FATE_KINDS: tuple[FateKind, ...] = get_args(FateKind)
DEATH_KINDS: tuple[DeathKind, ...] = get_args(DeathKind)
VOTE_SPECIALS: tuple[VoteSpecial, ...] = get_args(VoteSpecial)
VOID_REASONS: tuple[VoidReason, ...] = get_args(VoidReason)
SEVERITIES: tuple[Severity, ...] = get_args(Severity)

SLOT_NAMES = ("Куба", "Мальта", "Корсика", "Ямайка", "Тортуга", "Гаити", "Сицилия", "Крит")
NICKS = ("alice", "Bob_42", "Kent", "xXx_mafia_xXx", "Штурман", "Ласточка", "GM Bob", "n00b")
ABILITIES = ("kill", "heal", "check", "block", "recruit", "psychic-attack", "guess-role")
RULESETS = ("contested-island", "world-cup-2018", "open-roles", "mafiascum-vanilla", "x1")
RULINGS = (
    ("world-cup-2018.nonvoter-penalty", "flat"),
    ("world-cup-2018.nonvoter-penalty", "graded"),
    ("contested-island.cancel-vote", "own-only"),
    ("open-roles.order", "per-night"),
)
TIMEZONES = ("UTC", "Europe/Moscow", "America/New_York", "Asia/Kolkata", "Australia/Adelaide")
PHASE_KINDS: tuple[PhaseKind, ...] = ("day", "night")


def maybe(strategy: SearchStrategy[T]) -> SearchStrategy[T | None]:
    """`strategy` or None."""
    return st.one_of(st.none(), strategy)


# -- values (built once: building strategies on every draw is what makes generation slow) ---

# Any text the format may carry: every code point but lone surrogates.
CHARS: SearchStrategy[str] = st.characters(exclude_categories=["Cs"])
TEXT: SearchStrategy[str] = st.text(alphabet=CHARS, max_size=30)
NONEMPTY_TEXT: SearchStrategy[str] = st.text(alphabet=CHARS, min_size=1, max_size=20)
MAYBE_TEXT: SearchStrategy[str | None] = maybe(TEXT)
NICK: SearchStrategy[str] = st.one_of(st.sampled_from(NICKS), NONEMPTY_TEXT)
FORUM_ID: SearchStrategy[str | None] = maybe(st.integers(min_value=1, max_value=10**9).map(str))

# Identifiers of the form the format's patterns ask for.
KIND_ID: SearchStrategy[str] = st.one_of(
    st.sampled_from(("recruited", "infected", "status", "protected", "check", "x")),
    st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}", fullmatch=True),
)
ABILITY_ID: SearchStrategy[str] = st.one_of(st.sampled_from(ABILITIES), KIND_ID)
RULESET_ID: SearchStrategy[str] = st.one_of(
    st.sampled_from(RULESETS), st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,3}", fullmatch=True)
)
RULING_KEY: SearchStrategy[str] = st.from_regex(r"[a-z0-9-]{1,12}\.[a-z0-9-]{1,12}", fullmatch=True)
SHA256: SearchStrategy[str] = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)

FINITE_FLOATS: SearchStrategy[float] = st.floats(allow_nan=False, allow_infinity=False)
INTS: SearchStrategy[int] = st.integers(min_value=-(2**63), max_value=2**63 - 1)
LINE: SearchStrategy[int | None] = maybe(st.integers(min_value=1, max_value=10_000))

# Fixed UTC offsets of whole minutes, strictly inside (-24h, +24h), plus a few usual ones.
TZ_OFFSETS: SearchStrategy[timezone] = st.one_of(
    st.sampled_from((UTC, timezone(timedelta(hours=3)), timezone(timedelta(hours=-5)))),
    st.integers(min_value=-(24 * 60 - 1), max_value=24 * 60 - 1).map(
        lambda minutes: timezone(timedelta(minutes=minutes))
    ),
)
AWARE_DATETIMES: SearchStrategy[datetime] = st.datetimes(
    min_value=datetime(1970, 1, 2),  # naive bounds; the zone is drawn
    max_value=datetime(2099, 12, 30),
    timezones=TZ_OFFSETS,
)
MAYBE_TIME: SearchStrategy[datetime | None] = maybe(AWARE_DATETIMES)

OPTION_VALUES: SearchStrategy[OptionValue] = st.one_of(
    st.none(),
    st.booleans(),
    INTS,
    FINITE_FLOATS,
    st.sampled_from((0.5, 2.0, -0.0, 1e-300, 1.7976931348623157e308)),
    TEXT,
    st.lists(TEXT, max_size=3),
    st.lists(INTS, min_size=1, max_size=3),
)
OPTION_MAPS: SearchStrategy[dict[str, OptionValue]] = st.dictionaries(
    st.one_of(st.sampled_from(("attack", "status", "role", "value", "count")), TEXT),
    OPTION_VALUES,
    max_size=4,
)
ANY_PHASE_KEY: SearchStrategy[str] = st.builds(
    phase_key, st.sampled_from(PHASE_KINDS), st.integers(min_value=0, max_value=40)
)
WEIGHTS: SearchStrategy[float | None] = st.one_of(
    st.sampled_from((None, 0.5, 1.0, 2.0, 0.0)), FINITE_FLOATS
)
TALLY_VOTES: SearchStrategy[float] = st.one_of(
    st.sampled_from((0.0, 0.5, 1.0, 2.0, 3.5)), FINITE_FLOATS
)
ROLES: SearchStrategy[str | None] = maybe(st.sampled_from(("rick-morgan", "jen-li", "doctor")))
ROLE_NAMES: SearchStrategy[str | None] = maybe(st.sampled_from(("Рик Морган", "Джен Ли", "Doc")))
FACTIONS: SearchStrategy[str | None] = maybe(st.sampled_from(("survivors", "mafia", "town")))
CAUSES: SearchStrategy[str | None] = maybe(st.sampled_from(("infection", "psychic-attack")))


@composite
def source_files(draw: DrawFn) -> SourceFile:
    return SourceFile(
        path=draw(st.one_of(st.sampled_from(("posts.jsonl.gz", "страница-1.html")), NONEMPTY_TEXT)),
        sha256=draw(SHA256),
        size=draw(st.integers(min_value=0, max_value=2**40)),
        kind=draw(st.sampled_from(SOURCE_FILE_KINDS)),
        captured_at=draw(MAYBE_TIME),
    )


PHRASE: SearchStrategy[str] = st.one_of(
    st.sampled_from(("vote", "голосую за", "казнить", "не  казнить", "no lynch")),
    TEXT.filter(lambda t: bool(t.strip())))


@composite
def house_rules(draw: DrawFn) -> HouseRules:
    """A declaration of house rules, as `mafiakit scrape --rules` puts it in a log."""
    forms = VoteForms(
        vote=draw(st.lists(PHRASE, min_size=1, max_size=3)),
        unvote=draw(st.lists(PHRASE, max_size=2)),
        cancel=draw(st.lists(PHRASE, max_size=2)),
        no_lynch=draw(st.lists(PHRASE, max_size=2)),
        marks=draw(st.lists(st.sampled_from(("bold", "colour", "tag", "plain")), min_size=1,
                            max_size=4)),
        colours=draw(st.lists(st.sampled_from(("red", "#ff0000")), max_size=2)),
        name_alone=draw(st.booleans()))
    close = draw(maybe(st.sampled_from(("21:00", "09:30"))))
    return HouseRules(
        title=draw(MAYBE_TEXT), language=draw(st.sampled_from(("en", "ru"))),
        decision=draw(st.sampled_from(("majority", "plurality"))),
        tie=draw(st.sampled_from(("no-elimination", "first-reached", "last-reached"))),
        deadline=draw(st.sampled_from(("no-lynch", "plurality"))),
        no_lynch=draw(st.booleans()), self_vote=draw(st.booleans()),
        vote_change=draw(st.booleans()), last_mark_wins=draw(st.booleans()),
        close_at=close, close_zone=None if close is None else draw(st.sampled_from(TIMEZONES)),
        weights=draw(st.dictionaries(NICK.filter(lambda n: bool(n.strip())),
                                     st.floats(min_value=0, max_value=5, allow_nan=False),
                                     max_size=3)),
        votes=forms)


@composite
def metas(draw: DrawFn) -> Meta:
    rulings = dict(draw(st.lists(st.sampled_from(RULINGS), max_size=2)))
    rulings.update(draw(st.dictionaries(RULING_KEY, TEXT, max_size=2)))
    declared = draw(maybe(house_rules()))
    return Meta(
        title=draw(st.one_of(st.just("Спорный остров"), TEXT)),
        game_id=draw(maybe(st.sampled_from(("mafiascum:15783", "sample:island-mini")))),
        forum=draw(maybe(st.sampled_from(("mafiascum.net", "mafiaforum.ru")))),
        engine=draw(maybe(st.sampled_from(("phpbb3", "ipb", "vbulletin")))),
        thread_urls=draw(
            st.lists(st.sampled_from(("https://x.invalid/t=1", "t.html")), max_size=2)
        ),
        ruleset="house" if declared is not None else draw(RULESET_ID),
        house_rules=declared,
        rulings=rulings,
        gms=draw(st.lists(NICK, max_size=2)),
        timezone=draw(st.sampled_from(TIMEZONES)),
        result=draw(MAYBE_TEXT),
        notes=draw(st.lists(TEXT, max_size=2)),
        sources=draw(st.lists(source_files(), max_size=3)),
    )


# -- one game's references ------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """The drawn slot ids, post numbers and phases of one game, as strategies of references."""

    slot_ids: list[str]
    post_numbers: list[int]
    phase_keys: list[str]
    slot: SearchStrategy[str] = field(init=False)
    post: SearchStrategy[int] = field(init=False)
    phase: SearchStrategy[str] = field(init=False)
    ref: SearchStrategy[SourceRef] = field(init=False)
    maybe_ref: SearchStrategy[SourceRef | None] = field(init=False)

    def __post_init__(self) -> None:
        post = st.sampled_from(self.post_numbers) if self.post_numbers else st.integers(0, 500)
        ref = st.builds(
            SourceRef,
            kind=st.sampled_from(SOURCE_KINDS),
            post=maybe(post),
            file=maybe(st.sampled_from(("gm-log.txt", "roster.tsv", "archive.txt"))),
            line=LINE,
            text=MAYBE_TEXT,
            note=MAYBE_TEXT,
        )
        phase = st.sampled_from(self.phase_keys) if self.phase_keys else ANY_PHASE_KEY
        object.__setattr__(self, "slot", st.sampled_from(self.slot_ids))
        object.__setattr__(self, "post", post)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "ref", ref)
        object.__setattr__(self, "maybe_ref", maybe(ref))


# -- the game ---------------------------------------------------------------------------------


@composite
def slots(draw: DrawFn, game: Game, slot_id: str, number: int) -> Slot:
    user_id = maybe(st.integers(min_value=1, max_value=99_999).map(str))
    occupants = [Occupant(nick=draw(NICK), user_id=draw(user_id), source=draw(game.maybe_ref))]
    for from_post in sorted(draw(st.lists(game.post, max_size=2))):
        occupants.append(
            Occupant(
                nick=draw(NICK),
                user_id=draw(user_id),
                from_post=from_post,
                source=draw(game.maybe_ref),
            )
        )
    kind = draw(st.sampled_from(FATE_KINDS))
    fate = Fate(
        kind=kind,
        phase=None if kind == "survived" else draw(maybe(game.phase)),
        cause=draw(CAUSES),
        raw=draw(MAYBE_TEXT),
        source=draw(game.maybe_ref),
    )
    changes = [
        SlotChange(
            phase=draw(game.phase),
            kind=draw(KIND_ID),
            role=draw(ROLES),
            faction=draw(FACTIONS),
            details=draw(OPTION_MAPS),
            source=draw(game.maybe_ref),
        )
        for _ in range(draw(st.integers(min_value=0, max_value=2)))
    ]
    return Slot(
        id=slot_id,
        number=draw(st.one_of(st.none(), st.just(number), INTS)),
        occupants=occupants,
        ingame_name=draw(maybe(st.one_of(st.just(slot_id), st.sampled_from(SLOT_NAMES)))),
        aliases=draw(st.lists(NONEMPTY_TEXT, max_size=2)),
        role=draw(ROLES),
        role_name=draw(ROLE_NAMES),
        faction=draw(FACTIONS),
        statuses=draw(
            st.dictionaries(st.sampled_from(("physical", "mental", "local")), TEXT, max_size=3)
        ),
        fate=fate,
        changes=changes,
        source=draw(game.maybe_ref),
    )


@composite
def posts(draw: DrawFn, game: Game, number: int, author: SearchStrategy[str]) -> Post:
    return Post(
        number=number,
        id=draw(FORUM_ID),
        author=draw(author),
        author_id=draw(FORUM_ID),
        slot=draw(maybe(game.slot)),
        time=draw(MAYBE_TIME),
        page=draw(maybe(st.sampled_from(("page-1.html", "https://x.invalid/t=1&start=25")))),
        html=draw(st.one_of(TEXT, TEXT.map(lambda t: f"<b>{t}</b><br/>"))),
        text=draw(TEXT),
        quotes=draw(
            st.lists(
                st.builds(Quote, author=maybe(author), post_id=FORUM_ID, text=TEXT), max_size=2
            )
        ),
        edit=draw(
            maybe(
                st.builds(
                    EditMarker,
                    editor=maybe(author),
                    time=MAYBE_TIME,
                    count=maybe(st.integers(min_value=1, max_value=50)),
                    reason=MAYBE_TEXT,
                    raw=MAYBE_TEXT,
                )
            )
        ),
        avatar=draw(maybe(st.builds(Avatar, url=maybe(st.sampled_from(
            ("https://x.invalid/a.png", "./download/file.php?avatar=5.jpg"))),
            alt=MAYBE_TEXT))),
        gm=draw(st.booleans()),
        deleted=draw(st.booleans()),
    )


def phase_run(start_at_night_zero: bool, count: int) -> list[tuple[PhaseKind, int]]:
    """The first `count` phases of D1, N1, D2, N2, ... (after N0 when asked)."""
    run: list[tuple[PhaseKind, int]] = [("night", 0)] if start_at_night_zero else []
    number = 1
    while len(run) < count:
        run.append(("day", number))
        run.append(("night", number))
        number += 1
    return run[:count]


@composite
def votes(draw: DrawFn, game: Game) -> Vote:
    special = draw(maybe(st.sampled_from(VOTE_SPECIALS)))
    target = draw(maybe(game.slot)) if special in (None, "cancel") else None
    counts = draw(st.booleans())
    written = target if target is not None else (special or "")
    return Vote(
        post=draw(game.post),
        phase=draw(maybe(game.phase)),
        author=draw(NICK),
        voter=draw(maybe(game.slot)),
        raw=draw(st.one_of(st.just(f"VOTE: {written}"), st.just(f"голосую {written}"), TEXT)),
        target=target,
        special=special,
        weight=draw(WEIGHTS),
        time=draw(MAYBE_TIME),
        counts=counts,
        reason=None if counts else draw(st.sampled_from(VOID_REASONS)),
        detail=draw(MAYBE_TEXT),
        candidates=draw(st.lists(game.slot, max_size=3)),
    )


def actions(game: Game) -> SearchStrategy[Action]:
    return st.builds(
        Action,
        actor=game.slot,
        ability=ABILITY_ID,
        targets=st.lists(game.slot, max_size=3),
        options=OPTION_MAPS,
        submitted_at=MAYBE_TIME,
        raw=MAYBE_TEXT,
        source=game.maybe_ref,
    )


def draws(game: Game) -> SearchStrategy[Draw]:
    return st.builds(
        Draw,
        name=st.one_of(st.sampled_from(("journalist-sees", "coin")), TEXT),
        outcome=OPTION_VALUES,
        raw=MAYBE_TEXT,
        source=game.maybe_ref,
    )


@composite
def published_phases(draw: DrawFn, game: Game, key: str) -> PhasePublished:
    deaths = st.builds(
        Death,
        slot=game.slot,
        kind=st.sampled_from(DEATH_KINDS),
        cause=CAUSES,
        revealed_role=maybe(st.sampled_from(("doctor", "Джен Ли"))),
        revealed_faction=FACTIONS,
        raw=TEXT,
        source=game.ref,
    )
    newspaper = st.builds(
        NewspaperFact,
        kind=KIND_ID,
        subject=maybe(game.slot),
        details=OPTION_MAPS,
        raw=TEXT,
        source=game.ref,
    )
    private = st.builds(
        PrivateResult,
        recipient=game.slot,
        ability=maybe(ABILITY_ID),
        kind=st.one_of(st.sampled_from(("check", "success", "failure")), KIND_ID),
        subject=maybe(game.slot),
        result=OPTION_MAPS,
        raw=TEXT,
        source=game.ref,
    )
    tally = st.builds(
        TallyEntry,
        target=st.one_of(st.just("no-lynch"), game.slot),
        votes=TALLY_VOTES,
        voters=st.lists(game.slot, max_size=4),
        extra=TALLY_VOTES,
    )
    vote_counts = st.builds(
        VoteCount,
        post=game.post,
        tally=st.lists(tally, max_size=3),
        not_voting=st.lists(game.slot, unique=True, max_size=3),
        raw=TEXT,
        source=game.ref,
    )
    return PhasePublished(
        phase=key,
        deaths=draw(st.lists(deaths, max_size=2)),
        newspaper=draw(st.lists(newspaper, max_size=2)),
        private=draw(st.lists(private, max_size=2)),
        vote_counts=draw(st.lists(vote_counts, max_size=2)),
        no_elimination=draw(maybe(game.ref)) if key.startswith("D") else None,
    )


def parse_issues(game: Game) -> SearchStrategy[ParseIssue]:
    where = st.builds(
        Where,
        file=maybe(st.sampled_from(("posts.jsonl.gz", "roster.tsv"))),
        line=LINE,
        post=maybe(st.one_of(game.post, INTS)),
        path=maybe(st.sampled_from(("players[3].fate", "votes[0].target"))),
    )
    return st.builds(
        ParseIssue,
        severity=st.sampled_from(SEVERITIES),
        code=st.one_of(st.sampled_from(("unknown-name", "bad-date", "x1")), KIND_ID),
        where=where,
        message=TEXT,
        text=MAYBE_TEXT,
    )


@composite
def game_logs(draw: DrawFn) -> GameLog:
    """A valid game log: every slot reference names a drawn slot."""
    slot_ids = draw(
        st.lists(
            st.one_of(st.sampled_from(SLOT_NAMES + NICKS), NONEMPTY_TEXT),
            min_size=1,
            max_size=12,
            unique=True,
        )
    )
    post_numbers = sorted(draw(st.sets(st.integers(min_value=0, max_value=5_000), max_size=12)))
    run = phase_run(draw(st.booleans()), draw(st.integers(min_value=0, max_value=7)))
    game = Game(slot_ids, post_numbers, [phase_key(kind, number) for kind, number in run])

    players = [draw(slots(game, slot_id, i + 1)) for i, slot_id in enumerate(slot_ids)]
    author = st.sampled_from(sorted({nick for slot in players for nick in slot.nicks}))
    boundary = maybe(
        st.builds(
            Boundary,
            post=maybe(game.post),
            time=MAYBE_TIME,
            source=st.sampled_from(BOUNDARY_SOURCES),
            ref=game.maybe_ref,
        )
    )
    phases = [
        Phase(kind=kind, number=number, start=draw(boundary), end=draw(boundary))
        for kind, number in run
    ]

    night_numbers = draw(st.lists(st.integers(min_value=0, max_value=8), unique=True, max_size=3))
    day_numbers = draw(st.lists(st.integers(min_value=1, max_value=8), unique=True, max_size=3))
    nights = [
        NightLog(
            number=number,
            actions=draw(st.lists(actions(game), max_size=3)),
            order=draw(maybe(st.lists(game.slot, unique=True, max_size=4))),
            draws=draw(st.lists(draws(game), max_size=2)),
        )
        for number in night_numbers
    ]
    days = [
        DayLog(
            number=number,
            actions=draw(st.lists(actions(game), max_size=2)),
            draws=draw(st.lists(draws(game), max_size=1)),
        )
        for number in day_numbers
    ]

    published_keys = draw(st.lists(game.phase, unique=True, max_size=3))
    published = Published(
        phases=[draw(published_phases(game, key)) for key in published_keys],
        victory=draw(
            maybe(
                st.builds(
                    Victory,
                    winners=st.lists(st.sampled_from(("survivors", "mafia", "town")), max_size=2),
                    raw=TEXT,
                    source=game.maybe_ref,
                )
            )
        ),
    )
    return GameLog(
        meta=draw(metas()),
        players=players,
        posts=[draw(posts(game, number, author)) for number in post_numbers],
        phases=phases,
        votes=draw(st.lists(votes(game), max_size=8)),
        nights=nights,
        days=days,
        published=published,
        issues=draw(st.lists(parse_issues(game), max_size=3)),
    )
