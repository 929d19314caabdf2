"""mafiascum's rulings: the points where moderators' written voting rules differ."""

from __future__ import annotations

from engine.rulesets.base import Ruling, RulingOption

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="mafiascum.no-lynch-threshold",
        question="How many votes does No Lynch need?",
        clause="Moderators announce either the same majority as for a player, or 'one "
               "less for no lynch' (e.g. 7 to lynch, 6 to no lynch with 12 alive).",
        options=(RulingOption("majority", "the same majority as a lynch"),
                 RulingOption("one-less", "one vote fewer than a lynch")),
        default="majority"),
    Ruling(
        key="mafiascum.deadline",
        question="What happens when the deadline comes without a majority?",
        clause="Mafiascum Normal games end such a day in no lynch; some moderators lynch "
               "the player with the most votes (plurality).",
        options=(RulingOption("no-lynch", "nobody is lynched"),
                 RulingOption("plurality",
                              "the most votes is lynched; a tie is no lynch")),
        default="no-lynch"),
    Ruling(
        key="mafiascum.vote-change",
        question="Does a new vote move a standing vote, or must the voter unvote first?",
        clause="Most moderators move the vote; some rule that a vote cast while another "
               "stands is invalid until the voter unvotes (e.g. 'X needed to unvote Y "
               "before voting Z, so the vote did not count').",
        options=(RulingOption("implicit", "a new vote replaces the standing one"),
                 RulingOption("unvote-first",
                              "a vote while another stands is void; 'Unvote; Vote: X' "
                              "in one post is both")),
        default="implicit"),
    Ruling(
        key="mafiascum.vote-position",
        question="Does a vote count anywhere in a post, or only at the start of a line?",
        clause="Most moderators count a bold vote wherever it stands; some write 'for a "
               "vote to be counted, it must be at the start of a new line' (e.g. 'X "
               "tried to vote Y but since it was not on its own line the mod discounted "
               "it').",
        options=(RulingOption("anywhere", "a vote counts wherever it stands in the post"),
                 RulingOption("line-start",
                              "only a vote with nothing but white space before it on its "
                              "line counts")),
        default="anywhere"),
    Ruling(
        key="mafiascum.day-lynches",
        question="How many players may a day lynch?",
        clause="One, normally; a 'Double Lynch (Double Day)' game says: 'If a lynch is "
               "achieved before the timer runs out, a second lynch may also be achieved "
               "in the remaining time. If a No Lynch is decided on by majority, the Day "
               "will immediately end.'",
        options=(RulingOption("one", "the hammer ends the day"),
                 RulingOption("two",
                              "after the first hammer the lynched player is gone, the "
                              "votes start again, and the second hammer (or No Lynch, "
                              "or the deadline) ends the day")),
        default="one"),
    Ruling(
        key="mafiascum.gm-confirmed-marks",
        question="Does a vote mark the text alone does not give count when the GM's next "
                 "vote count shows it?",
        clause="Votes are bold and name a player, but moderators count what they "
               "understood: an unbolded 'Vote: X' line, a player called by a nickname of "
               "the thread's making (an avatar's name, a nick spelt backwards), and show "
               "it in the next vote count.",
        options=(RulingOption("on",
                              "such a mark counts for the one player the GM's next vote "
                              "count (before the voter's next mark) places the voter on, "
                              "when that is not their standing vote; the voter's later "
                              "marks with the same name mean the same player"),
                 RulingOption("off", "only what the text gives counts")),
        default="on"),
    Ruling(
        key="mafiascum.doublevote",
        question="Are a Doublevoter's two votes one vote of weight two, or two votes "
                 "that may stand on different players?",
        clause="Doublevoter: the player's vote counts twice; some setups (and archive "
               "notes: 'X is a doublevoter who can put votes on different people') let "
               "the two votes be cast separately ('Vote: A, B'; 'Vote: A x2' for both).",
        options=(RulingOption("together", "both votes go where the player votes"),
                 RulingOption("separate",
                              "each vote mark places one of the two votes (the older "
                              "of them moves), two names place one each, 'x2' places "
                              "both; an unvote withdraws both")),
        default="together"),
)
