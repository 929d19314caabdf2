"""Names as written to slots: every tier, ambiguity, the GM, Russian inflection."""

from __future__ import annotations

import pytest

from scrapers.names import GM, Name, NameIndex

INDEX = NameIndex([
    Name("Blood Queen", "bq"), Name("singersigner", "ss"), Name("Reckamonic", "reck"),
    Name("MarioManiac4", "mm4"), Name("heuristically_alone", "ha"), Name("Bellaphant", "bell"),
    Name("Slandaar", "slan"), Name("tarsonisocelot", "oce"), Name("Zyrconium", "zyr"),
    Name("Tasky", GM, "gm"), Name("Riceballtail", "rice"), Name("Alchemist21", "alc"),
    Name("Aj The Epic", "aj"), Name("RadiantCowbells", "rc"),
])


@pytest.mark.parametrize(("written", "owner", "how"), [
    ("Blood Queen", "bq", "exact"),
    ("bloodqueen", "bq", "exact"),
    ("BQ", "bq", "initials"),
    ("MM4", "mm4", "initials"),
    ("ha", "ha", "initials"),
    ("Reck", "reck", "prefix"),
    ("Queen", "bq", "word"),
    ("AJ", "aj", "word"),
    ("ocelot", "oce", "substring"),
    ("ss", "ss", "initials"),  # singer signer
    ("saalndar", "slan", "fuzzy"),
    ("zycro", "zyr", "fuzzy"),
    ("raidiant", "rc", "fuzzy"),
    ("Blood Queen please", "bq", "prefix"),
    ("SLANDAAAAAAAAR", "slan", "exact"),
    ("Reckamonicccccc", "reck", "prefix"),
    ("Zyrconiumrocks", "zyr", "prefix"),
    ("rolf", None, "unknown"),
])
def test_resolves(written: str, owner: str | None, how: str) -> None:
    res = INDEX.resolve(written)
    assert (res.owner, res.how) == (owner, how)


def test_one_slip_in_four_letters_or_more() -> None:
    index = NameIndex([Name("roflcopter", "r"), Name("Davsto", "d"), Name("Bellaphant", "b")])
    assert (index.resolve("rolf").owner, index.resolve("rolf").how) == ("r", "fuzzy")
    assert index.resolve("dave").owner == "d"


def test_a_long_name_with_two_slips() -> None:
    index = NameIndex([Name("Paschendale", "p"), Name("MarioManiac4", "m"),
                       Name("Bellaphant", "b")])
    assert index.resolve("PassionDale").owner == "p"
    assert index.resolve("mariomaker4").owner == "m"
    assert index.resolve("Fuzzybutterwhatever").owner is None


def test_a_lone_initial_names_the_only_player_it_starts() -> None:
    index = NameIndex([Name("q21", "q"), Name("Bellaphant", "b"), Name("Bob", "bob")])
    assert index.resolve("Q").owner == "q"
    assert index.resolve("B").owner is None  # two players start with B


def test_a_vote_for_the_moderator_is_not_the_nearest_player() -> None:
    res = INDEX.resolve("Tasky")
    assert res.is_gm
    assert res.how == "exact"


def test_unknown_names_carry_the_nearest_candidates() -> None:
    res = INDEX.resolve("teebs")
    assert res.owner is None
    assert res.how == "unknown"


def test_two_equally_good_slots_are_ambiguous_never_a_guess() -> None:
    index = NameIndex([Name("Johnny", "j1"), Name("Johnathan", "j2")])
    res = index.resolve("John")
    assert res.how == "ambiguous"
    assert res.owner is None
    assert set(res.candidates) == {"j1", "j2"}


def test_only_living_slots_break_a_tie() -> None:
    index = NameIndex([Name("Johnny", "j1"), Name("Johnathan", "j2")])
    res = index.resolve("John", valid={"j2"})
    assert res.owner == "j2"


@pytest.mark.parametrize(("written", "owner"), [
    ("Кубу", "cuba"), ("Куба", "cuba"), ("Гура", "cuba"), ("Мальту", "malta"),
    ("Мальты", "malta"), ("Санта-Круса", "sc"),
])
def test_russian_inflected_forms(written: str, owner: str) -> None:
    index = NameIndex([Name("Куба", "cuba", "ingame"), Name("Гур", "cuba"),
                       Name("Мальта", "malta", "ingame"), Name("Ment", "malta"),
                       Name("Санта-Крус", "sc", "ingame")])
    assert index.resolve(written).owner == owner


@pytest.mark.parametrize(("written", "owner"), [
    ("nahmann", "nh"),  # 28480 post 775: the nick spelt by ear
    ("fairylit", "ff"),  # 62686 post 7
    ("lalalalalalalaladucks", "ld"),  # 62192 post 228: the name sung on
])
def test_a_name_spelt_by_ear(written: str, owner: str) -> None:
    index = NameIndex([Name("nhammen", "nh"), Name("fferyllt", "ff"), Name("lalaladucks", "ld"),
                       Name("Bellaphant", "b")])
    res = index.resolve(written)
    assert (res.owner, res.how) == (owner, "sound")


def test_sounds_too_short_or_shared_are_no_answer() -> None:
    index = NameIndex([Name("Tobi", "t1"), Name("Nahman", "n1"), Name("Nohmen", "n2")])
    assert index.resolve("Tabo").how == "unknown"  # 'tb': too few consonants to tell
    res = index.resolve("nihmoon")
    assert (res.how, res.candidates) == ("ambiguous", ("n1", "n2"))


def test_a_leading_article_is_dropped_when_nothing_else_fits() -> None:
    index = NameIndex([Name("greygnarl", "g"), Name("The-Duck", "d"), Name("Bulge", "b")])
    assert index.resolve("Thegrey").owner == "g"  # 34150 post 182
    assert index.resolve("the duck").owner == "d"  # the article is part of this name
    assert index.resolve("The Bulge").owner == "b"
    assert index.resolve("Theodore").how == "unknown"


def test_a_nickname_in_brackets() -> None:
    index = NameIndex([Name("tn5421", "t"), Name("Bookitty", "b")])
    assert index.resolve("tn(Zipcode)").owner == "t"  # 61070 post 2017
    assert index.resolve("Zipcode (tn)").owner == "t"
    assert index.resolve("Zipcode (Maltese)").how == "unknown"


def test_a_letter_struck_twice_is_the_short_name_not_a_longer_one() -> None:
    """'Morr' is Mor with its last letter doubled; its letters are also in order in
    'Moderator' (the GM), which must not win."""
    index = NameIndex([Name("Mor", "mor"), Name("Moderator", GM, "gm"), Name("Nag", "nag")])
    res = index.resolve("Morr")
    assert (res.owner, res.how) == ("mor", "fuzzy")
    # the GM's letters in order, no doubled one: no player, and not the GM either (a
    # moderator's name counts only written out)
    modr = index.resolve("Modr")
    assert (modr.owner, modr.how) == (None, "unknown")
