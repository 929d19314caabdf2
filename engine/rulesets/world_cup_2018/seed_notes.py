"""What becomes of the seed's sentences that no scenario case or ruling quotes: the story,
the headings, what is modelled outside the cases (and where), and what is not modelled and
why (`engine.seed_text.SeedNote`). docs/rules/<id>.md shows each in its sentence's row."""

from __future__ import annotations

from engine.seed_text import SeedNote

NOTES: tuple[SeedNote, ...] = (
    # -- the preamble: conduct, deadlines, the day's hours (¶1-3) ---------------------------
    SeedNote(kind="not-modelled", quote="Убитые могут оставить надпись кровью",
             reason="Forum conduct: a killed player's last words change no vote or death."),
    SeedNote(kind="not-modelled", quote="Можно делать описания дневных и ночных ходов",
             reason="Forum conduct: players' flavour write-ups of their moves are not "
                    "re-played."),
    SeedNote(kind="not-modelled", quote="открывается в 23:30 по московскому времени",
             reason="The day starts at the GM's opening post (the day window of the "
                    "record); the 23:30 clock is not checked."),
    # -- «Общее» (¶4-10) -----------------------------------------------------------------
    SeedNote(kind="heading", quote="Общее", reason="Section label."),
    SeedNote(kind="elsewhere", quote="Днём идёт обсуждение и голосование",
             where="engine/rulesets/world_cup_2018/__init__.py",
             reason="The day/night cycle: the day's vote count (`day.count_rules`) and the "
                    "night's moves sent to the GM, re-played from the log (`RULESET.night`)."),
    SeedNote(kind="not-modelled", quote="Запрещается выкладывать результаты",
             reason="Forum conduct: revealing results or one's role is for the GM to judge, "
                    "not a re-play."),
    SeedNote(kind="not-modelled", quote="За нарушение игрок становится зомби",
             reason="A punishment for rule-breaking at the GM's judgement; its outcome "
                    "(a modkill, a slot turned zombie) is read from the GM's record, not "
                    "decided by the engine."),
    SeedNote(kind="not-modelled", quote="Перед или сразу после открытия нового дня",
             reason="When the GM sends the results is his correspondence; the engine gives "
                    "each move's answer at the night's end."),
    SeedNote(kind="elsewhere", quote="Иной информации",
             where="engine/rulesets/world_cup_2018/night/common.py",
             reason="`answer`/`fail` and `night_end.answers`: a move's actor is told only "
                    "«удачно» or «не удачно»; why a move failed goes to the trace, not to "
                    "the player."),
    SeedNote(kind="not-modelled", quote="сведения о смерти в виде описаний",
             reason="The GM's death write-ups are flavour; the record's death kinds come "
                    "from the GM's log, not from the description's words."),
    # -- «Мафы»: the clans, recruitment, letters (¶11-20) -----------------------------------
    SeedNote(kind="heading", quote="Мафы", reason="Section label."),
    SeedNote(kind="elsewhere", quote="Если персонаж окажется вербуемым",
             where="engine/rulesets/world_cup_2018/night/mafia.py",
             reason="`_recruit`: a recruitable target (a dark mayor/journalist/jester, or a "
                    "consenting citizen or light side-chooser) is always recruited, no "
                    "chance involved."),
    SeedNote(kind="not-modelled", quote="В письме нельзя вскрывать свои ходы",
             reason="What a letter may say is forum conduct; a letter's text changes no "
                    "move."),
    SeedNote(kind="not-modelled", quote="Можно вскрыть лишь одного из членов клана",
             reason="What a letter may say is forum conduct; a letter's text changes no "
                    "move."),
    SeedNote(kind="not-modelled", quote="Это правило распространяется на все письма",
             reason="What a letter may say is forum conduct; a letter's text changes no "
                    "move."),
    # -- the doping clan (¶21-24) -------------------------------------------------------
    SeedNote(kind="heading", quote="Допинг-офицеры 3 клан Мафии",
             reason="Faction label with its size (the roster comes from the game's log)."),
    SeedNote(kind="not-modelled", quote="У зомби нет мозгов",
             reason="Who a zombie knows is private knowledge; no move or vote depends on "
                    "it."),
    # -- «Участники Чемпионата Мира»: the town (¶25-54) ------------------------------------
    SeedNote(kind="heading", quote="Участники Чемпионата Мира", reason="Faction label."),
    SeedNote(kind="heading", quote="Оргкомитет Россия",
             reason="Faction label with its size (the roster comes from the game's log)."),
    SeedNote(kind="heading", quote="Подарки", reason="Section label: the fairy's gifts."),
    SeedNote(kind="not-modelled", quote="магический шар",
             reason="Lets a jailed or dead holder talk in the thread: forum conduct, no vote "
                    "or move (the ball itself is an item that can be taken, "
                    "`night/common.ITEMS`)."),
    SeedNote(kind="not-modelled", quote="доступ в интернет",
             reason="A message through the GM: words, not a move (the gift itself is an "
                    "item that can be taken, `night/common.ITEMS`)."),
    SeedNote(kind="not-modelled", quote="Писать можно только правду",
             reason="What the internet gift's message may say is forum conduct."),
    # -- «Нейтралы» (¶55-76) --------------------------------------------------------------
    SeedNote(kind="heading", quote="Нейтралы", reason="Section label."),
    SeedNote(kind="not-modelled", quote="Тёмный жур пишет что хочет",
             reason="The article is the journalist's own forum post; the engine gives the "
                    "facts he learns (`night/neutrals._follow`), not what he writes."),
    SeedNote(kind="heading", quote="Варианты ответов получаемых журналистом",
             reason="Label of the journalist's answer list (the items are quoted by "
                    "cases)."),
    # -- «Сухарь» (¶77) -------------------------------------------------------------------
    SeedNote(kind="not-modelled", quote="Сухарем признается игрок",
             reason="Who qualifies as a «сухарь» is not checked: the engine takes the GM's "
                    "stoning from the log (`day.stoned_at`); checking it would need each "
                    "player's day posts counted over two days."),
    SeedNote(kind="heading", pattern=r"^Сухарь\.$", reason="The «сухарь» rule's title."),
    SeedNote(kind="not-modelled", quote="Список потенциальных сухарей",
             reason="The GM's list of candidates is his write-up; only the stoning he "
                    "records acts."),
    # -- «Очередность хода» (¶79-80) ------------------------------------------------------
    SeedNote(kind="elsewhere", quote="Безумная Фея, Куртизанка, Туроператор",
             where="engine/rulesets/world_cup_2018/night/steps.py",
             reason="The night's steps in this order (`vocab.NIGHT_ORDER` made into "
                    "`STEPS`)."),
    # -- «Условия победы» (¶81-96) ----------------------------------------------------------
    SeedNote(kind="elsewhere", quote="остался в живых хоть один представитель клана",
             where="engine/rulesets/world_cup_2018/night/victory.py",
             reason="`winners`: a clan wins alone with no cops, priest, vampire, light "
                    "mayor/journalist/jester or maniac alive (tests in "
                    "tests/engine/test_world_cup_2018_night.py)."),
    SeedNote(kind="heading",
             pattern=r"^(Условия победы:|Мафия|Копы|Мирные|Вампир|Туроператор|Маньяк)$",
             reason="Victory-condition label (the section's title and a side or role name)."),
    SeedNote(kind="elsewhere", quote="побеждают вместе с мирными",
             where="engine/rulesets/world_cup_2018/night/victory.py",
             reason="`winners`: the cops win with the town when no maniac is alive."),
    SeedNote(kind="elsewhere", quote="остался в живых хоть один мирный житель",
             where="engine/rulesets/world_cup_2018/night/victory.py",
             reason="`winners`: the town wins with no clan, dark side-chooser or vampire "
                    "alive."),
    SeedNote(kind="heading", quote="Шут, Мэр и Журналист", reason="Victory-condition label."),
    SeedNote(kind="elsewhere", quote="побеждают со своей стороной",
             where="engine/rulesets/world_cup_2018/night/victory.py",
             reason="`winners`: a mayor, journalist or jester wins as his slot's faction: "
                    "recruited, with the clan; light, with the town (a dark one alive stops "
                    "the town's win)."),
)
