"""What the players and the GM of a simulated game write, in the rule set's language: the
GM's announcements (the player list, each day's start and end, the morning, the running
vote count) and the players' talk. Russian for the Russian seeds, English for mafiascum."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    gm: str  # the GM's nick
    opening: str  # the opening post; {players}: one "N. name" a line
    day_start: str  # {day}
    day_end: str  # {day}
    eliminated: str  # {name}
    nobody: str  # nobody eliminated
    leaves: str  # the death's raw text; {name}
    morning: str
    nobody_died: str
    killed: str  # {name}
    vote: str  # {name}
    count: str  # the running count's heading
    chatter: tuple[str, ...]  # {other}
    reply: str  # above a quoted vote; {other}
    bold: tuple[str, str]  # a note with a bold word that is no vote: (text, the bold word)
    news: dict[str, str]  # a newspaper fact by kind; {name}: its subject

    def fact(self, kind: str, name: str) -> str | None:
        """The newspaper's sentence for a fact, None for a kind it has no words for."""
        said = self.news.get(kind)
        return said.format(name=name) if said is not None else None

    def game_over(self, winners: list[str]) -> str:
        """The GM's last words. English names the winning factions by their ids ("town",
        "mafia": mafiascum's own words); the Russian seeds' factions have names of their
        own, so a Russian game only says it is over."""
        if self.gm.isascii():
            return f"Game over: {' and '.join(winners)} win!"
        return "Игра окончена."

    def count_row(self, target: str, voters: list[str]) -> str:
        """A line of a running count, in the form the language's GMs write it."""
        if self.gm.isascii():
            return f"{target} ({len(voters)}): {', '.join(voters)}"
        return f"{target} — {', '.join(voters)} ({len(voters)})"


RU = Words(
    gm="Ведущий", opening="Игра начинается. Игроки:\n{players}",
    day_start="День {day}. Обсуждаем и голосуем.", day_end="День {day} окончен.",
    eliminated="Посажен {name}.", nobody="Никто не посажен.", leaves="{name} покидает игру",
    morning="Наступило утро.", nobody_died="Этой ночью никто не погиб.",
    killed="Этой ночью убит {name}.", vote="Голосую за {name}",
    count="Промежуточный подсчёт:",
    chatter=("Доброе утро всем.", "{other}, что скажешь про вчерашнее?",
             "Мне не нравится, как {other} голосует.", "Пока присматриваюсь.",
             "{other} слишком активен, это подозрительно."),
    reply="Не согласен, {other} ведёт себя тихо.",
    bold=("Важно: {other} сегодня молчит. Подумайте.", "Важно"),
    # the night engines' newspaper facts (contested-island's Order of Actions, open-roles'
    # revivals) as Russian GMs write them
    news={"healed": "Врач этой ночью спас {name} от смерти.",
          "protected": "Покушение на {name} не удалось.",
          "infection": "{name} заражён.", "resurrected": "{name} ожил.",
          "recruited": "{name} завербован.",
          "psychic-attack": "{name} подвергся психической атаке.",
          "questioning": "Баба Нюра допросила {name}: ответы у неё.",
          "date": "Ночной охотник сходил на свидание с {name}.",
          "clue": "Подсказка о том, кто заразил {name}: пациент без имени.",
          "pit-dug": "Кто-то вырыл яму перед домом {name}.",
          "thwarting-plans": "Планы мафии этой ночью сорваны."})

EN = Words(
    gm="Moderator", opening="Welcome to the game! Players:\n{players}",
    day_start="Day {day} has begun. Discuss and vote.", day_end="Day {day} is over.",
    eliminated="{name} was lynched.", nobody="No one was lynched.", leaves="{name} was lynched",
    morning="Night is over.", nobody_died="Nobody died last night.",
    killed="{name} was found dead.", vote="VOTE: {name}", count="Vote Count:",
    chatter=("Good morning, everyone.", "{other}, what do you make of yesterday?",
             "I don't like how {other} is voting.", "Still reading the thread.",
             "{other} is way too active, that's suspicious."),
    reply="Disagree, {other} has been too quiet.",
    bold=("Important: {other} is silent today. Think about it.", "Important"),
    news={"healed": "The doctor saved {name} from death.",
          "protected": "An attempt on {name} failed: someone protected them.",
          "infection": "{name} has been infected.",
          "resurrected": "A miracle: {name} is back among the living.",
          "recruited": "{name} has been recruited.",
          "psychic-attack": "{name} suffered a psychic attack.",
          "questioning": "Baba Nyura questioned {name}: she keeps the answers.",
          "date": "The Night Hunter went on a date with {name}.",
          "clue": "A clue to the one who infected {name}: a patient with no name.",
          "pit-dug": "Someone dug a pit in front of {name}'s house.",
          "thwarting-plans": "The mafia's plans were thwarted tonight."})

WORDS = {"ru": RU, "en": EN}
