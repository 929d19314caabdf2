"""What becomes of the seed's sentences that no scenario case or ruling quotes: the story,
the headings, what is modelled outside the cases (and where), and what is not modelled and
why (`engine.seed_text.SeedNote`). docs/rules/<id>.md shows each in its sentence's row."""

from __future__ import annotations

from engine.seed_text import SeedNote

_NIGHT = "engine/rulesets/open_roles/night"

NOTES: tuple[SeedNote, ...] = (
    # -- the labels the seed repeats in every role's section (the role names are lost) -------
    SeedNote("heading", "the label of a role's night ability", pattern=r"^Ночная способность$"),
    SeedNote("heading", "the label of a role's list of other roles' effects on it",
             pattern=r"^Влияния ходов других игроков$"),
    SeedNote("heading", "the label of a role's list of morning messages",
             pattern=r"^Сообщения, получаемые утром$"),
    SeedNote("heading", "the label of the stunner's and the bore's extra message to the target",
             pattern=r"^Кроме того$"),
    SeedNote("heading", "an empty entry under a label: the section lists nothing "
             "(master, necromancer, follower, fixer, judge)", pattern=r"^-$"),

    # -- «Общие положения» (lines 1-14) -------------------------------------------------------
    SeedNote("heading", "the title of the general rules and of the game", quote="Общие положения"),
    SeedNote("elsewhere", "the roster a simulated game deals: every role once (18 players), "
             "four of them mafs; a replay takes the log's roster, the minimum of 15 is not "
             "checked", quote="В игре участвует от 15 человек и больше",
             where="engine/rulesets/open_roles/vocab.py"),
    SeedNote("elsewhere", "a pointer to the roles' day abilities that change the order: the "
             "judge's cancelled voter goes last (`_order`, line 303)",
             quote="На выстраиваемую голосованием очередность могут влиять",
             where="engine/rulesets/open_roles/day.py"),
    SeedNote("elsewhere", "the duty is checked, not enforced: a night without a due move "
             "(samurai and necromancer free) records `duty-missed` and is replayed as logged; "
             "the day half (day abilities) is not checked",
             quote="Ночные и дневные ходы все игроки делать обязаны",
             where=f"{_NIGHT}/ends.py"),
    SeedNote("elsewhere", "a day with non-voters is counted: their vote goes on themselves "
             "(`_self_votes`) and they move after the voters (`_order`)",
             quote="Голосование не обязательно", where="engine/rulesets/open_roles/day.py"),

    # -- the mafia (lines 15-26) ----------------------------------------------------------------
    SeedNote("elsewhere", "the simulated roster has four mafs (`roster`); a replay takes the "
             "log's sides", quote="В игре участвует 4 мафа",
             where="engine/rulesets/open_roles/vocab.py"),

    # -- the doctor (lines 27-56) ---------------------------------------------------------------
    SeedNote("elsewhere", "a treatment's message follows the night's real order: «Вы защитили» "
             "when the attack came after the doctor's move, «Вы оживили» when before",
             quote="Удачный ход врача показывает реальное расположение",
             where=f"{_NIGHT}/medicine.py"),

    # -- the matchmaker (lines 72-90) -----------------------------------------------------------
    SeedNote("elsewhere", "a night's match is a hidden event, never a newspaper one, and "
             "the day's one announcement (a tie's general count) names no pair",
             quote="Кто с кем был сведен, ведущим не озвучивается никогда",
             where=f"{_NIGHT}/movement.py"),

    # -- the stunner (lines 108-131) ------------------------------------------------------------
    SeedNote("heading", "a pointer to the doctor's section (lines 35-37), no rule of its own",
             quote="Влияние Доктора смотри в описании роли Доктора"),
    SeedNote("heading", "a pointer to the bodyguard's section (line 156), no rule of its own",
             quote="Влияние Телохранителя смотри в описании роли Телохранителя"),

    # -- the master (lines 205-210) -------------------------------------------------------------
    SeedNote("elsewhere", "an acquired move runs its role's handler and gets that role's "
             "morning message (shown in OR-NIGHT-150: the stunner's «Ваш удар ...»)",
             quote="Результат хода описан в соответствующей роли",
             where=f"{_NIGHT}/flow.py"),

    # -- the samurai (lines 211-228) ------------------------------------------------------------
    SeedNote("elsewhere", "a driven actor's move fails at its turn (`own_state`); the samurai "
             "is told «Вы не смогли совершить свое действие» (FAILED), no case drives him",
             quote="o Вас увез Водитель", where=f"{_NIGHT}/flow.py"),

    # -- the follower (lines 241-260): the reasons he learns ------------------------------------
    SeedNote("elsewhere", "a followed move stopped because its actor was killed shows "
             "«не состоялся (убит)» (`_followed`, messages.REASONS)", quote="o убит",
             where=f"{_NIGHT}/flow.py"),
    SeedNote("elsewhere", "a followed move stopped by a block shows «не состоялся "
             "(заблокирован)» (`_followed`, messages.REASONS)", quote="o заблокирован",
             where=f"{_NIGHT}/flow.py"),
    SeedNote("elsewhere", "a followed move stopped because its actor was driven away shows "
             "«не состоялся (увезен Водителем)» (`_followed`, messages.REASONS)",
             quote="o увезен Водителем", where=f"{_NIGHT}/flow.py"),
    SeedNote("elsewhere", "a followed move stopped by a match with its target shows «не "
             "состоялся (сведен со своей целью Сводчиком)» (`unreachable`, `_followed`)",
             quote="o сведен со своей целью Сводчиком", where=f"{_NIGHT}/flow.py"),

    # -- the vest (lines 277-284) ---------------------------------------------------------------
    SeedNote("elsewhere", "the vest sends no night move (ROLE_ABILITIES['vest'] is empty): it "
             "acts as a state of the target in `harm`, its message comes from `ends.finish`",
             quote="Способность не активная, а пассивная", where=f"{_NIGHT}/rules.py"),
    # -- short sentences the clauses name only in passing ---------------------------------
    SeedNote("elsewhere", "checked, not enforced: a night with no maf's kill records "
             "`duty-missed` and is replayed as logged", quote="Убийство обязательно",
             where="engine/rulesets/open_roles/night/ends.py"),
    SeedNote("heading", "the stunner's ability name (its rule follows)", pattern=r"^Оглушает$"),
    SeedNote("elsewhere", "a follower learns «оглушен» of a stunned target (REASONS in "
             "night/messages.py; case OR-NIGHT-130)", quote="o оглушен",
             where="engine/rulesets/open_roles/night/flow.py"),
)
