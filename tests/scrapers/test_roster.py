"""The player list in the GM's opening post (`scrapers.roster.roster_from_post`)."""

from __future__ import annotations

from engine.gamelog import Post
from scrapers.roster import roster_from_post

_AUTHORS = {"gekasanru", "heroist", "dagr", "uranium235", "гур"}


def _post(text: str) -> Post:
    return Post(number=1, author="Кракен", html="", text=text, gm=True)


def test_list_with_blank_lines_between_its_lines() -> None:
    # phpBB 3.2+ keeps the newline after each <br>, so the body text has a blank line
    # between every two lines of the list; the list is still one run
    text = ("Список игроков:\n\n1. Ангилья - Gekasan_RU\n\n2. Бора-Бора - Heroist\n\n"
            "3. Ямайка - Dagr\n\n4. Аруба - Uranium235\n\n5. Куба - Гур\n\n"
            "Роли разосланы в личку.")
    roster = roster_from_post(_post(text), _AUTHORS)
    assert roster is not None
    assert [(e.number, e.ingame_name, e.nick) for e in roster.entries] == [
        (1, "Ангилья", "Gekasan_RU"), (2, "Бора-Бора", "Heroist"), (3, "Ямайка", "Dagr"),
        (4, "Аруба", "Uranium235"), (5, "Куба", "Гур")]
    assert [e.line for e in roster.entries] == [3, 5, 7, 9, 11]


def test_a_text_line_still_ends_the_list() -> None:
    # a numbered list of rules before the players is its own run, not part of the list
    text = ("1) Ведущий всегда прав.\n\n2) День длится 48 часов.\n\nСписок игроков:\n\n"
            "1. Ангилья - Gekasan_RU\n2. Бора-Бора - Heroist\n3. Ямайка - Dagr\n"
            "4. Аруба - Uranium235")
    roster = roster_from_post(_post(text), _AUTHORS)
    assert roster is not None
    assert [e.nick for e in roster.entries] == ["Gekasan_RU", "Heroist", "Dagr", "Uranium235"]


def test_a_list_at_the_end_of_the_post_is_closed() -> None:
    text = "1. Ангилья - Gekasan_RU\n2. Бора-Бора - Heroist\n3. Ямайка - Dagr\n4. Куба - Гур\n\n"
    roster = roster_from_post(_post(text), _AUTHORS)
    assert roster is not None
    assert len(roster.entries) == 4
