"""The clans' recruitment and letters.

«Вербовка — поиск вербуемых персонажей, ведущему посылается имя игрока и если он тёмный
жур/мэр/шут, указанные персонажи вербуются со 100% вероятностью одним из кланов. В случае если
указанный персонаж является мирным, вербовка возможна в случае согласия вербуемого. Также, в
случае согласия, можно завербовать простого мирного. В случае отказа от вербовки, клан может
снова совершить попытку вербовки. ... Вербуемому персонажу сообщается что он завербован
определенным кланом, однако игроков входящих в клан он не знает. Общаться с тёмным нельзя,
можно только посылать ему письма через ведущего, для этого любой маф должен прийти к нему
ночью с письмом.»

The target's consent, which the GM asks, is the recruiter's move's option "consent"
(true/false; absent: no consent)."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Move
from engine.night.state import NightState
from engine.rulesets.world_cup_2018.night.common import (
    CLANS,
    DARK,
    OK,
    SIDE_CHOOSERS,
    ability,
    answer,
    fail,
    tell,
)
from engine.rulesets.world_cup_2018.vocab import FACTIONS


def _recruit(state: NightState, move: Move) -> None:
    assert move.target is not None
    target = move.target
    p = state.players[target]
    clan = state.players[move.actor].faction
    m.visit(state, move, target)
    if p.faction in CLANS:
        fail(state, move, f"already of a clan ({p.faction})")
        return
    if p.role in SIDE_CHOOSERS and p.faction == DARK:
        why = "a dark mayor, journalist or jester: «вербуются со 100% вероятностью»"
    elif p.role == "citizen" or (p.role in SIDE_CHOOSERS and p.faction in ("town", "neutral",
                                                                            "")):
        if move.options.get("consent") is not True:
            fail(state, move, "the target refused («В случае отказа от вербовки»)")
            return
        why = "the target consented («в случае согласия»)"
    else:
        fail(state, move, f"a {p.role} cannot be recruited")
        return
    p.faction = clan
    p.recruited_by = clan
    state.record("recruited", f"{target} is recruited by {clan} ({why})", subject=target,
                 actor=move.actor, team=clan)
    answer(state, move, OK)
    tell(state, target, "recruited", FACTIONS[clan], subject=target)


def _letter(state: NightState, move: Move) -> None:
    """«для этого любой маф должен прийти к нему ночью с письмом» (the text: option "text")."""
    assert move.target is not None
    m.visit(state, move, move.target)
    text = move.options.get("text")
    tell(state, move.target, "letter", text if isinstance(text, str) else "письмо",
         subject=move.target)
    answer(state, move, OK)


ABILITIES: tuple[Ability, ...] = (
    ability("recruit", "Recruitment", "вербовка", "recruitment", _recruit, "-"),
    ability("letter", "Letter", "письмо", "recruitment", _letter, "I"),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    **{f"{c}-recruiter": ("recruit", "letter") for c in ("corrupt", "dirty")},
    **{f"{c}-{r}": ("letter",) for c in ("corrupt", "dirty") for r in ("boss", "goon")},
}
