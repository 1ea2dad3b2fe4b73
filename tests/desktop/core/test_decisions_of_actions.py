"""Every Decision a system returns - from an action as from an attack - reaches the one
generic prompt (the tool's ``ask``), and a choice not made holds the roll instead of throwing
it away (no free reroll).

The case is the Storypath demo firefight (``assets/demo/storypath-firefight.json``): Mara
holds Thug 1 in a grapple, established with 2 successes. Storypath text, *GRAPPLED*
(storypath-attacks-and-stunts.txt L102): "you must escape the grapple with an opposed Close
Combat or Athletics + Dexterity or Might roll. Success also allows you to reverse the
grapple." Thug 1 rolls the better of Close Combat 2 / Athletics 1 plus the better of
Dexterity 2 / Might 2 = 4 dice; Mara holds with Might 3 + Athletics 2 = 5 dice.
"""

from __future__ import annotations

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.attack_targeting import AttackTool
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import ActionRequest, Decision

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"
ESCAPE = ActionRequest("escape", "thug-1")
# Thug 1: 8, 9, 10, 1 = 3 successes; Mara: 1, 1, 1, 1, 8 = 1: Thug 1 wins by 2 and escapes
WON = [8, 9, 10, 1, 1, 1, 1, 1, 8]


def test_an_actions_decision_reaches_the_prompt_and_its_answer_frees() -> None:
    asked: list[Decision] = []

    def ask(decision: Decision) -> tuple[str, ...]:
        asked.append(decision)
        return ("free",)

    tool = AttackTool(lambda: ScriptedDice(list(WON)), attacker="thug-1", ask=ask)
    commit = tool.perform(load_encounter(DEMO), ESCAPE)
    assert [d.id for d in asked] == ["escape"]
    assert commit is not None, tool.message
    assert commit.encounter.combat["grapples"] == []


def test_the_answer_reverse_puts_the_escaper_in_control_held_by_the_margin() -> None:
    tool = AttackTool(lambda: ScriptedDice(list(WON)), attacker="thug-1",
                      ask=lambda decision: ("reverse",))
    commit = tool.perform(load_encounter(DEMO), ESCAPE)
    assert commit is not None, tool.message
    # won by 3 - 1 = 2: the reversed grapple is held by 2
    assert commit.encounter.combat["grapples"] == [
        {"control": "thug-1", "other": "mara", "established": 2, "pinned": False}]


def test_a_cancelled_prompt_holds_the_roll_and_asks_again_with_the_same_dice() -> None:
    answers: list[tuple[str, ...] | None] = [None, ("free",)]
    rolls: list[int] = []

    def dice() -> ScriptedDice:
        rolls.append(1)
        # a second roll would fail (all 1s): only a replay of the held dice can free him
        return ScriptedDice(list(WON) if len(rolls) == 1 else [1] * 9)

    tool = AttackTool(dice, attacker="thug-1", ask=lambda decision: answers.pop(0))
    encounter = load_encounter(DEMO)
    assert tool.perform(encounter, ESCAPE) is None
    assert "the roll stands" in tool.message and tool.held is not None
    commit = tool.perform(encounter, ESCAPE)
    assert commit is not None, tool.message
    assert len(rolls) == 1  # no reroll: the held roll was answered
    assert commit.encounter.combat["grapples"] == [] and tool.held is None


def test_a_cancelled_stunt_menu_comes_back_and_the_hit_stands() -> None:
    # Storypath text, Attacking: "After succeeding, you may spend additional successes to
    # apply Stunts". Rook's SMG: Firearms 3 + Dexterity 3 = 6 dice, 8, 9, 10, 8, 9, 1 = 5
    # successes vs Gunman's Defense 2 + light cover 1: a hit, 2 left. Cancelling the menu
    # keeps the hit: the next click asks the same menu again, with no new dice.
    asked: list[Decision] = []
    answers: list[tuple[str, ...] | None] = [None, ("inflict-damage",)]

    def ask(decision: Decision) -> tuple[str, ...] | None:
        asked.append(decision)
        return answers.pop(0)

    rolls: list[int] = []

    def dice() -> ScriptedDice:
        rolls.append(1)
        return ScriptedDice([8, 9, 10, 8, 9, 1] if len(rolls) == 1 else [1] * 6)

    tool = AttackTool(dice, attacker="rook", ask=ask)
    tool.choices.weapon = "SMG"
    encounter = load_encounter(DEMO)
    assert tool.resolve(encounter, "gunman") is None and tool.held is not None
    commit = tool.resolve(encounter, "gunman")
    assert commit is not None, tool.message
    assert [d.budget for d in asked] == [2, 2] and len(rolls) == 1
    # Inflict Damage costs 0 + Armor 1: one Injury Condition
    assert commit.encounter.token("gunman").stats["condition"]["injuries"] == ["bruised"]


def test_a_held_roll_the_rules_no_longer_allow_is_void() -> None:
    # The stunt menu of Rook's hit is cancelled; then a round runs with Ms. Vance acting:
    # the held roll no longer stands (it is not Rook's turn, Storypath refuses it) and the
    # tool says so and lets it go, so the next click is a new attack.
    from dataclasses import replace

    tool = AttackTool(lambda: ScriptedDice([8, 9, 10, 8, 9, 1]), attacker="rook",
                      ask=lambda decision: None)
    tool.choices.weapon = "SMG"
    encounter = load_encounter(DEMO)
    assert tool.resolve(encounter, "gunman") is None and tool.held is not None
    later = replace(encounter, combat={**encounter.combat, "round": 1, "acting": "boss"})
    assert tool.resolve(later, "gunman") is None
    assert tool.message.startswith("the held roll no longer stands (it is Ms. Vance's turn")
    assert tool.held is None
