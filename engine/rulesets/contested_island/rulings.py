"""Contested Island's day rulings: what seed 000 leaves open about the execution vote (the
night's are with each part of the night)."""

from __future__ import annotations

from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night.common import ruling as _r

RULINGS: tuple[Ruling, ...] = (
    _r("decision", "Is the day decided by the most votes at its close, or does a majority end "
       "it at once?",
       "General Game Rules 2) \"Night lasts 24 hours, day - 48 hours. If necessary, or by "
       "agreement of players, the day can be shortened.\" No majority is written anywhere.",
       (("plurality", "the day runs until the GM closes it (48 hours or shortened); the most "
                      "votes at the close is executed"),
        ("majority", "a vote that gives a player more than half the living ends the day at "
                     "once (\"by agreement of players\"); at the close, the most votes")),
       "plurality"),
    _r("tie", "Who is executed when several players share the most votes at the close?",
       "The seed says nothing on ties; General Game Rules 1) \"GM is always right.\"",
       (("no-execution", "nobody is executed"),
        ("first-reached", "the tied player who reached the final count first is executed")),
       "no-execution"),
    _r("cancel-vote", "Which vote does «не казнить X» (\"do not execute X\") withdraw?",
       "General Game Rules 3) \"Cancellation of execution is formatted in bold as \"do not "
       "execute xxx\".\"",
       (("own-only", "the voter's own vote, and only when it stands on X; otherwise it "
                     "cancels nothing"),
        ("any", "the voter's standing vote, whoever it names (an unvote)")),
       "own-only"),
    _r("vote-change", "Does a new «казнить Y» move a standing vote, or must it be cancelled "
       "first?",
       "General Game Rules 3) \"Execution is formatted in bold as \"execute xxx\". "
       "Cancellation of execution is formatted in bold as \"do not execute xxx\".\"",
       (("replace", "a new «казнить» replaces the standing vote, as in every forum game"),
        ("cancel-first", "while a vote stands, a «казнить» for someone else does not count: "
                         "the vote must be cancelled with «не казнить» first")),
       "replace"),
    _r("avoided-execution", "When the player to be executed avoids it (Crow's \"I don't give "
       "a damn\", Jen Li's or Patient Zero's one-time protection), who is executed?",
       "Alex Crow: \"Avoids the first execution.\" Jen Li: \"one-time protection either from "
       "physical attack, or infection, or execution\". Patient Zero: \"One-time protection "
       "either from physical attack or execution\".",
       (("nobody", "nobody is executed that day; the protection is spent"),
        ("next", "the player with the next most votes is executed instead (ties as ruled)")),
       "nobody"),
    _r("double-stack", "Do two double votes (a recruit's \"Double vote\" feature and Private "
       "Conversation on a woman) make four?",
       "Features List: \"Double vote\"; John Levy: \"If the target is female – gives her a "
       "double vote for one day\".",
       (("two", "a double vote is two votes, however many give it"),
        ("multiply", "each doubles: two sources give four votes")),
       "two"),
    _r("zero-vote-conversation", "Does Private Conversation give Jen Li (female, \"Zero "
       "vote\") a vote?",
       "Jen Li: \"Zero vote.\"; John Levy: \"If the target is female – gives her a double "
       "vote for one day\".",
       (("zero", "twice no vote is no vote"),
        ("double", "she has two votes that day")),
       "zero"),
    _r("psychic-fact", "Which psychic attacks does the newspaper show?",
       "Rule Clarifications 4) \"Psychic attack and infection are initially displayed as "
       "facts.\" Rule Clarifications 3) \"Failed murders are displayed only in case of "
       "successful protection/healing.\"",
       (("landed", "an attack that lands (the target is dying from it): a protection that "
                   "stops it is shown as a protection, an immunity shows nothing"),
        ("made", "every psychic attack made on a living player, whatever stops it")),
       "landed"),
    _r("stun-vs-unblockable", "Does Stunning Blow stop a player who \"cannot be blocked\" "
       "(Max Milton's Physical Might)?",
       "Rick Morgan: \"Stunning Blow. The target's night action for the current night does "
       "not trigger.\" Max Milton: \"Physical Might. ... cannot be blocked.\" The Order "
       "of Actions lists the stun (6) apart from the blocks (8, 9-10).",
       (("not-a-block", "a stun is not a block: it stops Milton too"),
        ("a-block", "a stun is a block: Milton's action goes ahead")),
       "not-a-block"),
)
