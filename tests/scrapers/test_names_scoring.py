"""Name resolution weighs every reading of every name together: initials against prefixes,
whole words against word prefixes, compound nicks split into words, typos of one word,
leetspeak, bracketed inserts, blends of two names; who can be meant at a post (replacements
not yet joined, replaced players' nicks, the moderator). Every nick here is invented."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gamelog import GameLog, Meta, Occupant, Slot
from scrapers.names import GM, Name, NameIndex, resolver
from scrapers.names.keys import fold, leet_keys, lemma_keys, split_words
from scrapers.names.resolver import _skeleton, _squeeze
from scrapers.names.scoring import Entry, Reading, Sieve, Written, read


def _read(index: NameIndex, written: str, **kw: object) -> tuple[str | None, str,
                                                                  tuple[str, ...]]:
    res = index.resolve(written, **kw)  # type: ignore[arg-type]
    return res.owner, res.how, res.candidates


# all-caps initials beat a prefix; in lower case they are no surer than one
LLAMA = NameIndex([Name("Lazy Llama", "lazy"), Name("Llewellyn", "llew"), Name("Quince", "q")])


@pytest.mark.parametrize(("written", "expected"), [
    ("LL", ("lazy", "initials", ())),
    ("ll", (None, "ambiguous", ("lazy", "llew"))),
    ("Llew", ("llew", "prefix", ())),
    ("Lazy", ("lazy", "word", ())),
])
def test_capital_initials_beat_a_prefix(written: str,
                                        expected: tuple[str | None, str, tuple[str, ...]]
                                        ) -> None:
    assert _read(LLAMA, written) == expected


def test_a_whole_word_beats_a_word_prefix() -> None:
    index = NameIndex([Name("Captain Fan", "cf"), Name("Fantasia", "fs"),
                       Name("Grey Fantome", "gf")])
    assert _read(index, "Fan") == ("cf", "word", ())
    assert _read(index, "Fantas") == ("fs", "prefix", ())
    # a prefix of a name and of another's later word weigh the same
    assert _read(index, "Fant") == (None, "ambiguous", ("fs", "gf"))


def test_an_exact_name_beats_a_word_of_another() -> None:
    index = NameIndex([Name("Bob", "bob"), Name("Bob Smith", "smith"), Name("Bobbin", "bb")])
    assert _read(index, "bob") == ("bob", "exact", ())
    assert _read(index, "Smith") == ("smith", "word", ())


def test_two_names_with_the_same_word_stay_ambiguous() -> None:
    index = NameIndex([Name("Red Fox", "fox"), Name("Red Owl", "owl"), Name("Teal", "t")])
    assert _read(index, "red") == (None, "ambiguous", ("fox", "owl"))
    assert _read(index, "red", valid={"owl", "t"}) == ("owl", "word", ())


@pytest.mark.parametrize(("word", "split"), [
    ("redfalcon", ("red", "falcon")),
    ("bluewhalefan", ("blue", "whale", "fan")),
    ("slingshotwaffles", ("sling", "shot", "waffles")),  # not 'slings hot'
    ("zorgblat", ()),  # not all English words: left whole
    ("falcon", ()),  # one word already
])
def test_compound_nicks_split_into_english_words(word: str, split: tuple[str, ...]) -> None:
    assert split_words(word) == split


COMPOUNDS = NameIndex([Name("redfalcon", "rf"), Name("bluewhalefan", "bw"),
                       Name("Falconer", "fa"), Name("Rufus", "ru")])


@pytest.mark.parametrize(("written", "expected"), [
    ("RF", ("rf", "initials", ())),  # Rufus starts with 'R' but has no 'F' word
    ("BWF", ("bw", "initials", ())),
    ("falcon", ("rf", "word", ())),  # a whole word of redfalcon, a prefix of Falconer
    ("falco", (None, "ambiguous", ("fa", "rf"))),
    ("whale", ("bw", "word", ())),
    ("Falconer", ("fa", "exact", ())),
])
def test_compound_nicks_are_read_by_their_words(written: str,
                                                expected: tuple[str | None, str,
                                                                tuple[str, ...]]) -> None:
    assert _read(COMPOUNDS, written) == expected


def test_a_typo_of_one_word_of_a_name() -> None:
    index = NameIndex([Name("Girl_Named_Wiggles", "w"), Name("Tumbleweed", "t"),
                       Name("Captain Bacon", "b")])
    assert _read(index, "wigles") == ("w", "fuzzy", ())
    assert _read(index, "Wiggels") == ("w", "fuzzy", ())
    assert _read(index, "higgles")[0] is None  # the first letter stands
    # an English word is written as meant, not as a slip of a name's word
    assert _read(index, "baron")[0] is None
    assert _read(index, "bacn") == ("b", "fuzzy", ())


@pytest.mark.parametrize(("written", "owner"), [
    ("sn4ke", "snake"), ("SN4KE", "snake"), ("$nake", "snake"), ("d0ctorwh0", "doc"),
    ("badger", "badger"), ("sn4k", "snake"),
])
def test_leetspeak_digits_for_letters(written: str, owner: str) -> None:
    index = NameIndex([Name("Snake", "snake"), Name("DoctorWho", "doc"),
                       Name("B4dger", "badger"), Name("Agent47", "agent")])
    assert _read(index, written)[:2] == (owner, "leet")


def test_leetspeak_needs_a_digit_among_letters() -> None:
    assert leet_keys("sn4ke") == frozenset({"snake"})
    assert leet_keys("Snake") == frozenset()
    assert leet_keys("1984") == frozenset()  # a number: no digit against a letter
    index = NameIndex([Name("Agent47", "agent"), Name("Agentat", "other")])
    assert _read(index, "Agent47") == ("agent", "exact", ())


def test_bracketed_inserts_are_read_apart() -> None:
    index = NameIndex([Name("Ali", "ali"), Name("Bob", "bob"), Name("Carl", "bob", until=10),
                       Name("Dana", "dana"), Name("Zed", "zed")])
    assert _read(index, "Ali [the cook]", at=20) == ("ali", "exact", ())
    assert _read(index, "Bob (replacing Carl)", at=20) == ("bob", "exact", ())
    assert _read(index, "Zed {our chef}", at=20) == ("zed", "exact", ())
    # an insert that is another player's name: either may be meant
    assert _read(index, "Bob (Dana)", at=20) == (None, "ambiguous", ("bob", "dana"))
    # a name unknown, its insert known
    assert _read(index, "Chef (Ali)", at=20) == ("ali", "exact", ())


def test_a_nick_with_brackets_in_it_is_itself() -> None:
    index = NameIndex([Name("[TSK]Bob", "tsk"), Name("Bob", "bob")])
    assert _read(index, "[TSK]Bob") == ("tsk", "exact", ())
    assert _read(index, "Bob [TSK]") == ("bob", "exact", ())


BLENDS = NameIndex([Name("Alice", "alice"), Name("Bob", "bob"), Name("Carl", "carl"),
                    Name("Bob Marlow", "marlow")])


@pytest.mark.parametrize(("written", "expected"), [
    ("ALICEBOB", (None, "ambiguous", ("alice", "bob", "marlow"))),
    ("bobcarl", (None, "ambiguous", ("bob", "carl"))),
    ("carlmarlow", (None, "ambiguous", ("carl", "marlow"))),  # a name and a word of one
    ("Alicerocks", ("alice", "prefix", ())),  # a name written on is no blend
])
def test_a_blend_of_two_names_is_neither(written: str,
                                         expected: tuple[str | None, str, tuple[str, ...]]
                                         ) -> None:
    assert _read(BLENDS, written) == expected


def test_a_name_that_looks_like_a_blend_is_itself() -> None:
    index = NameIndex([Name("Alice", "alice"), Name("Bob", "bob"), Name("AliceBob", "ab")])
    assert _read(index, "alicebob") == ("ab", "exact", ())


# the slot "pump": Pumpkin, replaced by Marigold from post 100; "mar": Marimba all game
SEATS = NameIndex([Name("Pumpkin", "pump", until=100), Name("Marigold", "pump", from_post=100),
                   Name("Marimba", "mar"), Name("Green Tea", "tea", until=100),
                   Name("Kettle", "tea", from_post=100), Name("Zinnia", "zin")])


@pytest.mark.parametrize(("written", "at", "expected"), [
    ("Mari", 50, ("mar", "prefix", ())),  # Marigold has not joined yet
    ("Mari", 150, (None, "ambiguous", ("mar", "pump"))),
    ("Mari", None, (None, "ambiguous", ("mar", "pump"))),  # at no post: every name
    ("Marigold", 50, ("pump", "exact", ())),  # written out in full: announced already
    ("Pumpkin", 150, ("pump", "exact", ())),  # the replaced player: an alias of the slot
    ("Pump", 150, ("pump", "prefix", ())),
    ("GT", 150, ("tea", "initials", ())),  # the replaced player's own initials
    ("Kett", 50, ("tea", "prefix", ())),  # only a nick not yet joined reads: theirs
    ("Kettel", 50, ("tea", "fuzzy", ())),  # misspelt, written out: announced already
])
def test_who_can_be_meant_at_a_post(written: str, at: int | None,
                                    expected: tuple[str | None, str, tuple[str, ...]]) -> None:
    assert _read(SEATS, written, at=at) == expected


def test_any_active_player_beats_a_replacement_not_yet_joined() -> None:
    index = NameIndex([Name("Green Tea", "tea", until=100), Name("Kettle", "tea", from_post=100),
                       Name("Kestrel", "kes")])
    # 'k', 'e', 't' in order in Kestrel: a weak reading, but of someone playing now
    assert _read(index, "Ket", at=50) == ("kes", "subsequence", ())
    assert _read(index, "Ket", at=100) == ("tea", "prefix", ())


def test_an_active_player_beats_a_replaced_players_initials() -> None:
    index = NameIndex([Name("Green Tea", "tea", until=100), Name("Kettle", "tea", from_post=100),
                       Name("GaTor", "gator"), Name("Gauntlet", "gaunt")])
    # GaTor reads 'GT' as initials too: the one playing now
    assert _read(index, "GT", at=150) == ("gator", "initials", ())
    # Gauntlet has 'g' then 't' in order: a weak reading, still an active player's
    index = NameIndex([Name("Green Tea", "tea", until=100), Name("Kettle", "tea", from_post=100),
                       Name("Gauntlet", "gaunt")])
    assert _read(index, "GT", at=150) == ("gaunt", "subsequence", ())
    assert _read(index, "GT", at=50) == ("tea", "initials", ())  # before the replacement


def test_the_moderators_names_only_on_exact_matches() -> None:
    index = NameIndex([Name("Tasky", GM, "gm"), Name("Taskmaster", "tm"), Name("Ursa", "u")])
    assert _read(index, "tasky") == (GM, "exact", ())
    assert _read(index, "Task") == ("tm", "word", ())  # the GM's prefix is no candidate
    # more like the GM's name than any player's: no player
    assert _read(index, "Tsky")[:2] == (None, "unknown")
    assert _read(index, "Taskyy")[:2] == (None, "unknown")


def test_a_lone_letter_the_moderators_name_starts_with_says_nothing() -> None:
    index = NameIndex([Name("Ivy", "ivy"), Name("Iron Mod", GM, "gm"), Name("Quill", "q")])
    assert _read(index, "I")[:2] == (None, "unknown")
    assert _read(index, "Q") == ("q", "prefix", ())


def test_from_log_dates_each_occupant() -> None:
    log = GameLog(meta=Meta(title="t", ruleset="mafiascum", gms=["Hostess"]), players=[
        Slot(id="s1", occupants=[Occupant(nick="Pumpkin"),
                                 Occupant(nick="Marigold", from_post=100)]),
        Slot(id="s2", occupants=[Occupant(nick="Marimba")])])
    index = NameIndex.from_log(log)
    assert [(n.text, n.until, n.from_post) for n in index.names] == [
        ("Pumpkin", 100, None), ("Marigold", None, 100), ("Marimba", None, None),
        ("Hostess", None, None)]
    assert _read(index, "Mari", at=50) == ("s2", "prefix", ())
    assert _read(index, "Mari", at=100)[1] == "ambiguous"


def test_resolutions_are_remembered_per_index_and_stretch() -> None:
    index = NameIndex([Name("Pumpkin", "pump", until=100),
                       Name("Marigold", "pump", from_post=100), Name("Marimba", "mar")])
    first = index.resolve("Mari", at=10)
    assert index.resolve("Mari", at=20) is first  # same stretch of posts: remembered
    assert index.resolve("Mari", at=120).how == "ambiguous"
    assert NameIndex(index.names).resolve("Mari", at=10) == first


# -- the sieve: a name a text cannot read as is not read against it -----------------------
# few letters, so that texts and names share starts, words, initials and letters often;
# capitals, digits read as letters, separators, Cyrillic, and the Kelvin sign, which folds
# to 'k' but starts no word: a name's initials need not start as the name does
_ALPHABET = st.sampled_from([*"abeklmorABKLM", *"0134$", " ", "_", "-", *"аоя", "\u212a"])
_NAMES = st.lists(st.text(_ALPHABET, min_size=1, max_size=12), min_size=1, max_size=6)


@st.composite
def _written(draw: st.DrawFn, names: list[str]) -> str:
    """A text as a count or a vote writes it: a piece of a name (its start, a word, letters
    inside it), a name with a letter more or less, its initials, or any text."""
    name = draw(st.sampled_from(names))
    i = draw(st.integers(0, len(name)))
    j = draw(st.integers(i, len(name)))
    how = draw(st.sampled_from(["piece", "start", "more", "less", "caps", "any"]))
    if how == "piece":
        return name[i:j]
    if how == "start":
        return name[:j]
    if how == "more":
        extra: str = draw(_ALPHABET)
        return name[:i] + extra + name[i:]
    if how == "less":
        return name[:i] + name[i + 1:]
    if how == "caps":
        return "".join(w[:1] for w in name.split()).upper()
    anything: str = draw(st.text(_ALPHABET, max_size=10))
    return anything


@given(st.data(), _NAMES)
@settings(max_examples=600, derandomize=True)
def test_the_sieve_leaves_out_only_names_read_gives_nothing(data: st.DataObject,
                                                           names: list[str]) -> None:
    entries = [e for e in (Entry.of(Name(n, f"s{i}")) for i, n in enumerate(names))
               if e is not None]
    text = data.draw(_written(names))
    key = _squeeze(fold(text))
    if len(key) < 2 or not entries:
        return  # the resolver reads no such text against the names
    w = Written.of(text, key)
    picked = Sieve.of(entries).may_read(w)
    if picked is None:
        return
    assert picked == sorted(set(picked))
    for i, e in enumerate(entries):
        if i not in picked:
            for old, future in ((False, False), (True, False), (False, True)):
                assert read(w, e, old=old, future=future) is None, (text, e.name.text)


class _NoSieve(Sieve):
    """Every name read against every text, as before the sieve."""

    def may_read(self, w: Written) -> list[int] | None:
        return None


@given(st.data(), _NAMES)
@settings(max_examples=300, derandomize=True)
def test_the_sieve_gives_the_full_readings_answers(data: st.DataObject,
                                                   names: list[str]) -> None:
    # two slots replaced halfway (post 10), the moderator's name last
    seats = [Name(n, f"s{i % 4}", until=10 if i in (0, 1) else None,
                  from_post=10 if i in (4, 5) else None) for i, n in enumerate(names)]
    seats.append(Name(data.draw(st.sampled_from(names)) + "m", GM, "gm"))
    sieved, plain = NameIndex(seats), NameIndex(seats)
    plain._sieve = _NoSieve.of(plain.entries)
    for _ in range(4):
        text = data.draw(_written(names))
        at = data.draw(st.sampled_from([None, 5, 15]))
        valid = data.draw(st.sampled_from([None, {"s0", "s2"}]))
        assert sieved.resolve(text, valid=valid, at=at) == \
            plain.resolve(text, valid=valid, at=at), text


def test_a_text_is_read_only_against_the_names_it_may_read_as(
        monkeypatch: pytest.MonkeyPatch) -> None:
    index = NameIndex([Name("Quill", "q"), Name("Moss", "m"), Name("Tansy", "t"),
                       Name("Wren", "w"), Name("Quartz", "z"), Name("Ember Lee", "e")])
    asked: list[str] = []
    real = read

    def spy(w: Written, e: Entry, *, old: bool, future: bool = False) -> Reading | None:
        asked.append(e.name.text)
        return real(w, e, old=old, future=future)

    monkeypatch.setattr(resolver, "read", spy)
    assert _read(index, "Quil") == ("q", "prefix", ())
    assert asked == ["Quill", "Quartz"]  # the names starting with 'q'
    asked.clear()
    assert _read(index, "lee") == ("e", "word", ())
    assert asked == ["Ember Lee"]
    asked.clear()
    assert _read(index, "ansy") == ("t", "substring", ())  # letters inside Tansy
    assert asked == ["Tansy"]
    asked.clear()
    assert _read(index, "qu1ll") == ("q", "leet", ())  # its leet readings looked up too
    assert asked == ["Quill", "Quartz"]
    asked.clear()
    assert _read(index, "3mber") == ("e", "leet", ())  # 'ember': the first letter differs
    assert asked == ["Ember Lee"]
    asked.clear()
    # an inflected form need not start as its normal form: 'людей' is 'человек'
    index = NameIndex([Name("Человек", "h"), Name("Люба", "l"), Name("Моряк", "m")])
    assert _read(index, "людей") == ("h", "lemma", ())
    assert asked == ["Человек", "Люба"]
    asked.clear()
    # nor initials as the name: the Kelvin sign folds to 'k' but starts no word
    index = NameIndex([Name("\u212a Ruby Sun", "k"), Name("Moss", "m")])
    assert _read(index, "RS") == ("k", "initials", ())
    assert asked == ["\u212a Ruby Sun"]


def test_a_texts_keys_are_made_once_an_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text's lemma and leet keys (`Written`) are the same at every stretch of posts:
    made once, while its readings still follow who can be meant at each."""
    made: list[str] = []
    real = Written.of

    def spy(text: str, key: str) -> Written:
        made.append(text)
        return real(text, key)

    monkeypatch.setattr(Written, "of", spy)
    index = NameIndex([Name("Pumpkin", "pump", until=100),
                       Name("Marigold", "pump", from_post=100), Name("Marimba", "mar")])
    assert _read(index, "Mari", at=10) == ("mar", "prefix", ())
    assert _read(index, "Mari", at=120) == (None, "ambiguous", ("mar", "pump"))
    assert _read(index, "Mari", at=None) == (None, "ambiguous", ("mar", "pump"))
    assert made == ["Mari"]


def test_lemma_keys_and_sounds_are_remembered() -> None:
    # every text of a count and a vote, and every name of both stages' indexes
    assert lemma_keys("Санта Круса") is lemma_keys("Санта Круса")
    assert _skeleton("nahmannsson") is _skeleton("nahmannsson") == "nhmnsn"
