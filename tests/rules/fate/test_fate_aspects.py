"""Aspects in play (fate-roman-combat.txt L33): fate points, invoking for +2 or a reroll, free
tags from maneuvers, compels, the uncontested maneuver. Fudge dice: 1 = -, 2 = blank, 3 = +;
the attacker's four dice first, then the defender's, then any reroll."""

from __future__ import annotations

import pytest
from fate_fakes import board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import ExchangeWon, StressMarked
from battlemap.rules.fate.system import Fate
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Side

FATE = Fate()
AULUS = {"skills": {"weapons": 3, "might": 2}, "weapon": {"name": "Gladius", "type": "sword"},
         "aspects": ["Veteran"], "refresh": 2}
BRENNUS = {"skills": {"weapons": 2, "athletics": 1},
           "weapon": {"name": "Spear", "type": "spear"}, "armour": "leather",
           "condition": {"aspects": ["Blinded"]}}
TIE = [2, 2, 2, 2, 2, 2, 2, 3]  # Aulus 0 0 0 0 + 3 = 3; Brennus 0 0 0 + + 2 = 3


def duel(aulus: dict[str, object] | None = None,
         brennus: dict[str, object] | None = None) -> object:
    return board(piece("aulus", aulus or AULUS, Side.HERO), piece("brennus", brennus or BRENNUS),
                 mode="turns")


def attack(table: object, dice: list[int], **answers: str) -> object:
    request = AttackRequest("aulus", "brennus",
                            answers={k.replace("_", "-"): tuple(v.split(",")) for k, v in
                                     answers.items()})
    return FATE.resolve_attack(table, request, ScriptedDice(dice))


def test_after_the_dice_the_attacker_is_offered_the_aspects_on_the_table() -> None:
    # L33 "... a temporary aspect ... which other characters can tag": a tie (3 against 3);
    # Aulus holds 2 fate points (his refresh): he is asked, the aspects listed, not typed.
    paused = attack(duel(), TIE)
    assert paused.decision is not None and paused.decision.id == "invoke"
    assert paused.decision.who == "aulus" and paused.decision.budget == 2
    assert [c.label for c in paused.decision.choices] == [
        "invoke nothing", "+2 from Veteran (Aulus; 1 fate point)",
        "reroll, invoking Veteran (Aulus; 1 fate point)",
        "+2 from Blinded (Brennus; 1 fate point)",
        "reroll, invoking Blinded (Brennus; 1 fate point)"]
    assert "rolled 3 against 3, a tie" in paused.decision.prompt


def test_invoking_for_plus_2_turns_the_tie_into_a_win_and_costs_a_fate_point() -> None:
    # Tagging Blinded: 3 + 2 = 5 against 3, won by 2: 2 shifts + 2 sword + 1 half Might - 1
    # leather = 4 stress, box 4; Aulus is down to 1 fate point. Brennus has none: not asked.
    done = attack(duel(), TIE, invoke="plus-2")
    assert done.decision is None
    assert ExchangeWon("aulus", "brennus", 2) in done.events
    assert StressMarked("brennus", 4, "Health", box=4) in done.events
    assert done.board.token("aulus").stats["condition"]["fate_points"] == 1
    assert "Aulus invokes Blinded (Brennus): +2 (a fate point, 1 left) = 5" in done.notes
    assert done.data["rolls"][0]["modifiers"][-1] == {"value": 2, "reason": "invokes Blinded"}


def test_invoking_for_a_reroll_rolls_the_four_dice_again() -> None:
    # Reroll on Veteran: the new dice + + 0 0 = +2, total 3 + 2 = 5 against 3: won by 2.
    done = attack(duel(), [*TIE, 3, 3, 2, 2], invoke="reroll-1")
    assert done.data["rolls"][0]["dice"] == [1, 1, 0, 0]
    assert done.data["rolls"][0]["total"] == 5 and done.data["shifts"] == 2


def test_an_aspect_once_per_roll_and_no_more_points_than_held() -> None:
    with pytest.raises(RulesError, match="Blinded is invoked once per roll"):
        attack(duel(), TIE, invoke="plus-2,reroll-2")
    poor = {**AULUS, "refresh": 1}
    with pytest.raises(RulesError, match="2 fate points asked, Aulus holds 1"):
        attack(duel(poor), TIE, invoke="plus-1,plus-2")


def test_the_invoke_prompt_itself_refuses_an_aspect_twice_so_no_roll_is_lost() -> None:
    # L33 tagging, "each aspect once" (the prompt's words): the generic prompt's OK is
    # disabled by Decision.refusal, so the decision must carry the limits the rules check
    # after it; else the GM picks +2 and a reroll on Blinded, the rules refuse and the roll
    # is gone. Budget 2 (Aulus's refresh): +2 on Blinded twice costs 2, within it.
    ask = attack(duel(), TIE).decision
    assert ask.refusal(("plus-2", "reroll-2")) == ("+2 from Blinded (Brennus; 1 fate point) "
                                                   "cannot be taken with reroll, invoking "
                                                   "Blinded (Brennus; 1 fate point)")
    assert ask.refusal(("plus-2", "plus-2")) == ("+2 from Blinded (Brennus; 1 fate point) "
                                                 "can be taken once only")
    assert ask.refusal(("plus-1", "plus-2")) is None
    poor = attack(duel({**AULUS, "refresh": 1}), TIE).decision
    assert poor.refusal(("plus-1", "plus-2")) == "costs 2, 1 to spend"


def test_the_defender_invokes_too_and_a_free_tag_costs_no_point() -> None:
    # Aulus invokes nothing; Brennus (refresh 1, a free tag on Aulus's Veteran won earlier;
    # his own Blinded listed first) invokes Veteran free: 3 + 2 = 5 against 3, he wins the
    # defense by 2 and strikes (L1): 2 shifts + 2 spear = 4 stress on Aulus, box 4.
    brennus = {**BRENNUS, "refresh": 1,
               "condition": {"aspects": ["Blinded"], "free_tags": ["Veteran"]}}
    paused = attack(duel(brennus=brennus), TIE, invoke="none")
    assert paused.decision is not None and paused.decision.id == "invoke-against"
    assert paused.decision.choices[3].label == "+2 from Veteran (Aulus; free tag)"
    done = attack(duel(brennus=brennus), TIE, invoke="none", invoke_against="plus-2")
    assert StressMarked("aulus", 4, "Health", box=4) in done.events
    after = done.board.token("brennus").stats["condition"]
    assert after["free_tags"] == [] and "fate_points" not in after  # still his refresh, 1


def test_no_fate_points_no_free_tags_no_question() -> None:
    # A character without a refresh (an NPC, a mook) has no fate points: the roll stands.
    done = attack(duel({**AULUS, "refresh": 0}), TIE)
    assert done.decision is None and ExchangeWon("aulus", "brennus", 0) in done.events


def test_a_maneuvers_aspect_costs_a_fate_point_and_earns_a_free_tag() -> None:
    # L33 "Expending a fate point to add or remove the aspect is usually required (and earns
    # the character a free tag)": Blinding, Weapons +3 0 0 0 0 = 3 against Athletics +1
    # 0 0 0 0 = 1 (Aulus invokes nothing): Blinded on Brennus, Aulus 2 - 1 = 1 fate point
    # and a free tag on Blinded. With the setting maneuver_cost = free: no point paid.
    fresh = {**BRENNUS, "condition": {}}
    request = AttackRequest("aulus", "brennus", options=("maneuver:blinding",),
                            answers={"invoke": ("none",)})
    done = FATE.resolve_attack(duel(brennus=fresh), request, ScriptedDice([2] * 8))
    aulus = done.board.token("aulus").stats["condition"]
    assert aulus["fate_points"] == 1 and aulus["free_tags"] == ["Blinded"]
    free = duel(brennus=fresh).with_combat({"mode": "turns",
                                           "settings": {"maneuver_cost": "free"}})
    done = FATE.resolve_attack(free, request, ScriptedDice([2] * 8))
    assert "fate_points" not in done.board.token("aulus").stats["condition"]
    # No fate point left: refused before any die, with the reason.
    broke = {**AULUS, "condition": {"fate_points": 0}}
    card = FATE.preview_attack(duel(broke, fresh), request)
    assert card.problem == ("Aulus has no fate point left: a maneuver's aspect costs one (L33;"
                            " the setting maneuver_cost)")


def test_a_compel_picks_the_aspect_from_a_list_and_pays_or_earns_a_point() -> None:
    # The GM compels Aulus's Veteran: accept, 2 + 1 = 3 fate points; refuse, 2 - 1 = 1.
    from battlemap.rules.interface import ActionRequest
    asked = FATE.perform_action(duel(), ActionRequest("compel", "aulus"), ScriptedDice([]))
    assert asked.decision is not None and asked.decision.id == "aspect"
    assert [c.label for c in asked.decision.choices] == ["Veteran (Aulus)"]
    ask = ActionRequest("compel", "aulus", answers={"aspect": ("1",)})
    second = FATE.perform_action(duel(), ask, ScriptedDice([]))
    assert second.decision is not None and [c.id for c in second.decision.choices] == [
        "accept", "refuse"]
    for reply, points in (("accept", 3), ("refuse", 1)):
        done = FATE.perform_action(duel(), ActionRequest(
            "compel", "aulus", answers={"aspect": ("1",), "compel": (reply,)}), ScriptedDice([]))
        assert done.board.token("aulus").stats["condition"]["fate_points"] == points
    refreshed = FATE.perform_action(done.board, ActionRequest("refresh", "aulus"),
                                    ScriptedDice([]))
    assert refreshed.title == "Aulus refreshes: 2 fate points"


def test_an_uncontested_maneuver_beats_a_difficulty() -> None:
    # L33 "a skill roll, which could be uncontested": Aulus, Weapons +3 + 0 0 0 = 4 against
    # Fair (2): won, Braced goes on him with a free tag; a fate point paid (2 - 1 = 1).
    # Then against Great (4) with 0 0 0 0 = 3: not beaten, nothing placed.
    from battlemap.rules.interface import ActionRequest
    params = {"aspect": "Braced", "skill": "weapons", "difficulty": "2"}
    done = FATE.perform_action(duel(), ActionRequest("maneuver", "aulus", params=params),
                               ScriptedDice([3, 2, 2, 2]))
    after = done.board.token("aulus").stats["condition"]
    assert after["aspects"] == ["Braced"] and after["free_tags"] == ["Braced"]
    assert after["fate_points"] == 1
    assert done.title == ("Aulus's maneuver: 4 against 2, Braced placed (a free tag, a fate "
                          "point, 1 left)")
    scene = FATE.perform_action(duel(), ActionRequest("maneuver", "aulus",
                                                      params={**params, "on": "scene"}),
                                ScriptedDice([3, 2, 2, 2]))
    assert scene.board.combat["scene_aspects"] == ["Braced"]
    missed = FATE.perform_action(duel(), ActionRequest(
        "maneuver", "aulus", params={**params, "difficulty": "4"}), ScriptedDice([2] * 4))
    assert missed.board == duel() and missed.title.endswith("3 against 4, no aspect")
    # The difficulty may be typed by its ladder name, as the form's help lists them: "Great"
    # is 4, the same miss; a word off the ladder is refused naming the ladder.
    named = FATE.perform_action(duel(), ActionRequest(
        "maneuver", "aulus", params={**params, "difficulty": "Great"}), ScriptedDice([2] * 4))
    assert named.title.endswith("3 against 4, no aspect")
    with pytest.raises(RulesError, match="'hard' is not a rating on the Fate ladder"):
        FATE.perform_action(duel(), ActionRequest(
            "maneuver", "aulus", params={**params, "difficulty": "hard"}), ScriptedDice([]))


def test_removing_an_aspect_picks_it_from_the_list_on_the_actor_his_zone_and_the_scene() -> None:
    # L33 "add or remove a temporary aspect to/from a scene or character": the GM adds Fog
    # to the scene, then removes an aspect from Brennus without typing it: the list is his
    # Blinded, then the scene's Fog; picking 2 clears the fog.
    from battlemap.rules.interface import ActionRequest
    foggy = FATE.perform_action(duel(), ActionRequest(
        "add-aspect", "brennus", params={"aspect": "Fog", "zone": "scene"}), ScriptedDice([]))
    assert foggy.title == "the scene gains the aspect Fog"
    asked = FATE.perform_action(foggy.board, ActionRequest("remove-aspect", "brennus"),
                                ScriptedDice([]))
    assert asked.decision is not None
    assert [c.label for c in asked.decision.choices] == ["Blinded (Brennus)", "Fog (the scene)"]
    done = FATE.perform_action(foggy.board, ActionRequest(
        "remove-aspect", "brennus", answers={"aspect": ("2",)}), ScriptedDice([]))
    assert done.board.combat["scene_aspects"] == []
    assert done.board.token("brennus").stats["condition"]["aspects"] == ["Blinded"]
    # The scene's aspects are on the invoke list too.
    paused = attack(foggy.board, TIE)
    assert paused.decision.choices[-1].label == "reroll, invoking Fog (the scene; 1 fate point)"


def test_the_badges_show_fate_points_and_free_tags() -> None:
    # Aulus's refresh 2 before any is spent; after the Blinding win (see above) 1 and a tag.
    table = duel()
    assert [b.text for b in FATE.badges(table.token("aulus"), table)][:2] == ["FP 2", "Veteran"]
    fresh = {**BRENNUS, "condition": {}}
    request = AttackRequest("aulus", "brennus", options=("maneuver:blinding",),
                            answers={"invoke": ("none",)})
    done = FATE.resolve_attack(duel(brennus=fresh), request, ScriptedDice([2] * 8))
    texts = [b.text for b in FATE.badges(done.board.token("aulus"), done.board)]
    assert texts[:2] == ["FP 1", "tag: Blinded"]
