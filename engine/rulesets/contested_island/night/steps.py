"""Contested Island's order of actions (seed 000, "Order of Actions."), each step named, with
what the seed says it displays."""

from __future__ import annotations

from engine.night.model import Step

# the order of actions, as the seed numbers and shows them ("Order of Actions.")
STEPS: tuple[Step, ...] = (
    Step("0", "hunter-ultimate", "Night Hunter's Ult"),
    Step("1", "thwarting-plans", "Thwarting Plans from Rick (displayed as a fact)"),
    Step("2", "sending-away", "Sending Away from Crow (not displayed)"),
    Step("3", "theft", "Theft from Jack Ricci (not displayed)"),
    Step("4", "first-aid", "First Aid from Lucy Farmer (not displayed)"),
    Step("5", "date", "Night Hunter's Date (displayed as a fact)"),
    Step("6", "stunning-blow", "Stunning Blow from Rick (not displayed)"),
    Step("7", "isolation", "Isolation from Levy"),
    Step("8", "block-bob", "Block from Bob"),
    Step("9-10", "block-mafia", "Block from mafia players"),
    Step("11", "protection", "Protection from Cornelius / Protection from Milton / Protection "
         "from mafia players (displayed as a fact in case of success)"),
    Step("12", "mafia-ultimates", "Jen Li's Ult / Patient Zero's Ult"),
    Step("13", "kane-ultimate", "Ult from Max Kane"),
    Step("14-15", "recruit-kills", "Murders by the Order / Murders or Infection by the "
         "Infected"),
    Step("16", "hunter-kills", "(K) Actions from Night Hunter"),
    Step("17", "lucy-infection", "Infection from Lucy Farmer"),
    Step("18", "spear-throw", "Spear Throw from Ru"),
    Step("19", "grumbling", "Psychic attack from Baba Nyura"),
    Step("20-21", "leader-kills", "Murder or psychic attack from Jen Li / Murder or "
         "infection from Patient Zero"),
    Step("22", "checks", "All actions of type (I) (not displayed. Exception - questioning by "
         "Baba Nyura)"),
    Step("23", "treatment", "Resurrection / Treatment from Doctor Hoffman (displayed as a fact "
         "in case of success) / Trap from Ru (not displayed)"),
    Step("24", "recruitment", "Recruitments (displayed as a fact with a hint at the recruited "
         "role)"),
    Step("25", "burning", "Burning of features and actions in case of infection / Death from "
         "infection / Death from psychic attack"),
)
