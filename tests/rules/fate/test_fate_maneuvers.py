"""Maneuvers (text, "Maneuvers" table), grappling (text, "Grappling" lists), turn order
(text, "Combat": initiative) and the action menu. Fudge dice: 1 = -, 2 = blank, 3 = +."""

from __future__ import annotations

import pytest
from fate_fakes import FakeMap, board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import (
    AspectPlaced,
    AspectRemoved,
    MovedToZone,
    StatusRemoved,
    StressMarked,
)
from battlemap.rules.fate.system import Fate
from battlemap.rules.fate.zones import push_cost, throw_cost, weight_of_pounds, zones_for
from battlemap.rules.interface import ActionRequest, AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board, Side

FATE = Fate()
ZERO = [2, 2, 2, 2]
PLUS2 = [3, 3, 2, 2]
AULUS = {"skills": {"weapons": 3, "fists": 3, "might": 2},
         "weapon": {"name": "Gladius", "type": "sword"}}
BRENNUS = {"skills": {"weapons": 2, "athletics": 1, "fists": 1},
           "weapon": {"name": "Spear", "type": "spear"}, "shield": True, "weight": 2}


def duel(mode: str = "turns", brennus: dict[str, object] | None = None) -> object:
    return board(piece("aulus", AULUS, Side.HERO), piece("brennus", brennus or BRENNUS),
                 mode=mode)


def attack(table: object, stance: str, dice: list[int], **answers: str) -> object:
    request = AttackRequest("aulus", "brennus", options=(stance,),
                            answers={k: (v,) for k, v in answers.items()},
                            params={"to": "Platform"})
    return FATE.resolve_attack(table, request, ScriptedDice(dice))


def test_blinding_is_weapons_against_athletics_and_places_blinded() -> None:
    # Turn-based: Aulus Weapons +3, 0 0 0 0 = 3; Brennus defends with Athletics +1: 1.
    done = attack(duel(), "maneuver:blinding", ZERO + ZERO)
    assert done.data["rolls"][1]["modifiers"][0]["reason"].startswith("Athletics")
    assert AspectPlaced("brennus", "Blinded") in done.events
    assert done.board.token("brennus").stats["condition"]["aspects"] == ["Blinded"]


def test_in_an_exchange_blinding_and_indirect_attacks_roll_against_athletics() -> None:
    # L37 "a Weapons ... roll against the target's Athletics", L41 (Might vs. Athletics,
    # Weapons vs. Athletics): in an exchange the target is not asked for a stance, he resists
    # with Athletics +1. Blinding: Weapons +3, 0 0 0 0 = 3 against 0 0 0 0 + 1 = 1.
    for stance, skill in (("maneuver:blinding", "Weapons"), ("maneuver:pinned", "Might"),
                          ("maneuver:off-balance", "Weapons")):
        done = attack(duel("exchange"), stance, ZERO + ZERO)
        assert done.decision is None
        assert [r["purpose"].split(" ")[0] for r in done.data["rolls"]] == [skill, "Athletics"]
        assert done.data["rolls"][1]["total"] == 1
    paused = FATE.resolve_attack(duel("exchange"), AttackRequest("brennus", "aulus"),
                                 ScriptedDice([]))
    assert "maneuver:blinding" not in [c.id for c in paused.decision.choices]


def test_indirect_attacks_place_pinned_or_off_balance() -> None:
    # Pinned: Might +2 vs Athletics +1, both 0 0 0 0: won by 1.
    assert AspectPlaced("brennus", "Pinned") in attack(duel(), "maneuver:pinned",
                                                       ZERO + ZERO).events
    assert AspectPlaced("brennus", "Off-balance") in attack(duel(), "maneuver:off-balance",
                                                            ZERO + ZERO).events


def test_disarming_shifts_add_to_the_rearm_penalty() -> None:
    # Weapons +3 rolls + + 0 0 = 5 against Weapons +2 with 0 0 0 0 = 2: 3 shifts. Rearming
    # is then at -(1 + 3) = -4 on Brennus's next roll, and his strike is at -1 stress.
    done = attack(duel(), "maneuver:disarming", PLUS2 + ZERO)
    assert done.board.token("brennus").stats["condition"]["disarmed"] == 3
    rearmed = FATE.perform_action(done.board, ActionRequest("rearm", "brennus"),
                                  ScriptedDice([]))
    assert rearmed.board.token("brennus").stats["condition"]["rearming"] == 4
    # Brennus attacks Aulus: Weapons +2 - 4 rearming = -2 with + + + + = 2 against Aulus
    # defending (Weapons +3) 0 - - - = 0: 2 shifts + 2 spear - 1 rearming = 3 stress, box 3.
    back = FATE.resolve_attack(rearmed.board, AttackRequest("brennus", "aulus"),
                               ScriptedDice([3, 3, 3, 3, 2, 1, 1, 1]))
    assert StressMarked("aulus", 3, "Health", box=3) in back.events
    assert back.board.token("brennus").stats["condition"]["rearming"] == 0


def test_push_and_throw_costs_and_weights() -> None:
    assert [weight_of_pounds(p) for p in (100, 150, 200)] == [1, 2, 3]
    # Between the named weights the nearer, halves up: 175 lb is 3 (round() would give 2).
    assert [weight_of_pounds(p) for p in (125, 170, 175, 180)] == [2, 2, 3, 3]
    assert [throw_cost(2, z) for z in (1, 2, 3)] == [3, 7, 12]  # the text's example
    assert [push_cost(2, z) for z in (1, 2)] == [3, 4]
    assert zones_for(2, 2, throw=False) == 0


def arena(platform: int = 2) -> FakeMap:
    """Both fighters in the Sand; the Platform ``platform`` zones from it."""
    return FakeMap(zones={"aulus": "Sand", "brennus": "Sand"},
                   steps={("Sand", "Platform"): platform})


def test_pushing_moves_both_by_zones_the_shifts_pay_for() -> None:
    # L43: The better of Fists and Might is Fists +3: + + 0 0 = 5 vs Weapons +2, - 0 0 0 = 1:
    # 4 shifts; weight 2: 1 zone costs 3, 2 zones 4. Without a destination: ask, answer 2.
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), mode="turns",
                  fake=arena())
    request = AttackRequest("aulus", "brennus", options=("maneuver:push",))
    paused = FATE.resolve_attack(table, request, ScriptedDice([*PLUS2, 1, 2, 2, 2]))
    assert paused.decision is not None and paused.decision.id == "zones"
    assert [c.id for c in paused.decision.choices] == ["1", "2"]
    # To the Platform, 2 zones away: 4 shifts pay exactly (2 + 2), no question; the pusher
    # goes too and stands clear of the pushed: the fake lands both at (0, 0), so Brennus
    # stands one radius + one radius = 1 cell on, the way the push went ((1, 0) here).
    done = attack(table, "maneuver:push", [*PLUS2, 1, 2, 2, 2])
    assert [e for e in done.events if isinstance(e, MovedToZone)] == [
        MovedToZone("brennus", "Platform", 2, (1.0, 0.0)),
        MovedToZone("aulus", "Platform", 2, (0.0, 0.0))]


def test_a_push_too_short_for_its_destination_moves_nobody_and_says_why() -> None:
    # L43: + + 0 0 = 5 vs 0 0 0 0 = 2: 3 shifts pay for 1 zone (2 + 1); the Platform is 2
    # zones away (4 shifts): nobody moves, and the log and the title say so.
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), mode="turns",
                  fake=arena())
    done = attack(table, "maneuver:push", [*PLUS2, *ZERO])
    assert not [e for e in done.events if isinstance(e, MovedToZone)]
    why = ("Pushing Brennus (weight 2) to Platform: 2 zones, 4 shifts; the win paid 3 shifts "
           "(1 zone); nobody moves")
    assert done.notes[-1] == why and done.title.endswith(why)
    # A win of 2 shifts buys not even one zone (3).
    short = attack(table, "maneuver:push", [3, 2, 2, 2, *ZERO])
    assert short.notes[-1] == ("Pushing Brennus (weight 2): one zone costs 3 shifts, the win "
                               "paid 2; nobody moves")
    # The card says beforehand what a win buys.
    card = FATE.preview_attack(table, AttackRequest("aulus", "brennus",
                                                    options=("maneuver:push",),
                                                    params={"to": "Platform"}))
    assert card.lines[2] == ("on a win: Pushing, weight 2: 1 zone 3 shifts, 2 zones 4, 3 zones"
                             " 5; to Platform (2 zones): 4 shifts, fewer and nobody moves; the"
                             " pusher goes along")


def test_a_throw_moves_only_the_target_as_far_as_the_shifts_pay() -> None:
    # L45: + + + + = 7 against 0 0 0 0 = 2: 5 shifts pay one zone (3), not two (7): the
    # Platform 2 zones away is out of reach, 1 zone away it is reached.
    far = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), mode="turns",
                fake=arena(2))
    assert attack(far, "maneuver:throw", [3, 3, 3, 3, *ZERO]).data["moves"] == []
    near = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), mode="turns",
                 fake=arena(1))
    done = attack(near, "maneuver:throw", [3, 3, 3, 3, *ZERO])
    assert done.data["moves"] == [{"token": "brennus", "zone": "Platform", "zones": 1}]


def test_a_destination_that_is_no_zone_is_refused_before_the_roll() -> None:
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), mode="turns",
                  fake=FakeMap(zones={"aulus": "Sand", "brennus": "Sand"}))
    card = FATE.preview_attack(table, AttackRequest("aulus", "brennus",
                                                    options=("maneuver:throw",),
                                                    params={"to": "Moon"}))
    assert card.problem == ("Brennus cannot be moved to Moon: no zone of that name joined to "
                            "where he stands")


def test_grapple_then_the_lists_of_moves() -> None:
    # Grapple: Fists +3, 0 0 0 0 = 3 against Brennus's Weapons +2 (weapon in hand) 0 0 0 0.
    held = attack(duel(), "grapple", ZERO + ZERO).board
    aulus, brennus = (held.token(t).stats["condition"] for t in ("aulus", "brennus"))
    assert aulus["grappling"] == "brennus" and brennus["grappled_by"] == "aulus"
    assert aulus["disarmed"] == 0 and brennus["disarmed"] == 0
    # Pinning: Fists +3 vs Fists +1 (+1 for the shield he kept): 0 0 0 0 each, won by 1.
    pinned = attack(held, "grapple:pin", ZERO + ZERO)
    assert pinned.data["rolls"][1]["total"] == 2
    assert pinned.board.token("brennus").stats["condition"]["pinned"] is True
    # Squeeze: Fists +3 + 0 0 0 = 4 against armour 0 + shield 1 = 1: 3 shifts + 1 half Might.
    squeezed = attack(held, "grapple:squeeze", [3, 2, 2, 2])
    assert StressMarked("brennus", 4, "Health", box=4) in squeezed.events
    # Brennus breaks free: his Fists +1 +1 shield with + + + + = 6 vs Aulus 0 0 0 0 = 3.
    free = FATE.resolve_attack(held, AttackRequest("brennus", "aulus",
                                                   options=("grapple:break-free",)),
                               ScriptedDice([3, 3, 3, 3, *ZERO]))
    assert free.board.token("aulus").stats["condition"]["grappling"] is None
    assert free.board.token("brennus").stats["condition"]["grappled_by"] is None
    # Reversing needs the shield dropped.
    card = FATE.preview_attack(held, AttackRequest("brennus", "aulus",
                                                   options=("grapple:reverse",)))
    assert card.problem == "reversing a grapple needs the shield dropped"
    # L51 "(if you've dropped your weapon and shield) reverse the grapple": Brennus (his
    # spear already dropped) drops the shield, then reverses: Fists +1 (no shield bonus now)
    # + + + + = 5 against Aulus's Fists +3 0 0 0 0 = 3: he becomes the grappler.
    dropped = FATE.perform_action(held, ActionRequest("drop-shield", "brennus"),
                                  ScriptedDice([])).board
    assert dropped.token("brennus").stats["condition"]["dropped_shield"] is True
    turned = FATE.resolve_attack(dropped, AttackRequest("brennus", "aulus",
                                                        options=("grapple:reverse",)),
                                 ScriptedDice([3, 3, 3, 3, *ZERO]))
    assert turned.data["rolls"][0]["total"] == 5
    assert turned.board.token("brennus").stats["condition"]["grappling"] == "aulus"
    assert turned.board.token("aulus").stats["condition"]["grappled_by"] == "brennus"


def test_a_pinned_defender_is_at_minus_2_against_the_dagger_and_the_grapple_ends() -> None:
    # Aulus holds Brennus pinned and has drawn a dagger; he attacks with it (exchange,
    # Brennus attacks back). Brennus: Fists +1 (his spear dropped) +1 shield in the grapple
    # -2 pinned = 0, rolls 0 0 0 0 = 0. Aulus: Weapons +3 with the dagger, 0 0 0 0 = 3.
    # 3 shifts + 1 dagger + 1 half Might - 1 shield = 4 stress; the grapple is released.
    held = attack(duel(), "grapple", ZERO + ZERO).board
    pinned = attack(held, "grapple:pin", ZERO + ZERO).board
    armed = attack(pinned, "grapple:draw-dagger", ZERO + ZERO).board
    assert armed.token("aulus").stats["condition"]["dagger_drawn"] is True
    done = FATE.resolve_attack(armed.with_combat({"mode": "exchange"}), AttackRequest(
        "aulus", "brennus", answers={"stance": ("attack",)}), ScriptedDice(ZERO + ZERO))
    assert done.data["rolls"][1]["total"] == 0
    assert StressMarked("brennus", 4, "Health", box=4) in done.events
    assert done.board.token("aulus").stats["condition"]["grappling"] is None


def test_initiative_alertness_resolve_skill_then_seat() -> None:
    same = {"skills": {"alertness": 2, "resolve": 1, "weapons": 2},
            "weapon": {"name": "Sword"}}
    table = board(piece("b", {**same, "seat": 2}), piece("a", {**same, "seat": 1}),
                  piece("c", {"skills": {"alertness": 3}}),
                  piece("d", {**same, "skills": {**same["skills"], "resolve": 2}}),
                  mode="turns")
    started = FATE.turn_control(table, "start", ScriptedDice([]))
    assert started.board.combat["order"] == ["c", "d", "a", "b"]
    view = FATE.turn_order(started.board)
    assert [r.token for r in view.rows if r.acting] == ["c"]
    following = FATE.turn_control(started.board, "next", ScriptedDice([]))
    assert following.board.combat["turn"] == 1


def test_full_defense_in_turns_lasts_until_the_next_turn() -> None:
    table = duel()
    started = FATE.turn_control(table, "start", ScriptedDice([])).board
    # Aulus (Weapons +3) acts first; on Brennus's turn he goes on full defense, which lasts
    # into Aulus's next turn.
    his_turn = FATE.turn_control(started, "next", ScriptedDice([])).board
    guarded = FATE.perform_action(his_turn, ActionRequest("full-defense", "brennus"),
                                  ScriptedDice([])).board
    guarded = FATE.turn_control(guarded, "next", ScriptedDice([])).board
    # Aulus 0 0 0 0 = 3 against Brennus Weapons +2 +2 full defense 0 0 0 0 = 4: no hit, and
    # a defender on full defense deals no stress (L31 "you don't get an attack").
    done = FATE.resolve_attack(guarded, AttackRequest("aulus", "brennus"),
                               ScriptedDice(ZERO + ZERO))
    assert done.data["winner"] == "brennus" and done.data["stress"] is None
    # His next turn ends it, in words: "Brennus is no longer on full defense".
    back = FATE.turn_control(guarded, "next", ScriptedDice([]))
    assert StatusRemoved("brennus", "on full defense") in back.events


def test_zone_and_token_aspects() -> None:
    # the zone named as the GM types it, "sand" or "SAND", is the zone Sand: one key, one label
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS),
                  fake=FakeMap(zones={"aulus": "Sand", "brennus": "Sand"}), mode="turns")
    added = FATE.perform_action(table, ActionRequest(
        "add-aspect", "aulus", params={"aspect": "Slick with Blood", "zone": "sand"}),
        ScriptedDice([]))
    assert FATE.zone_labels(added.board)["Sand"][0].text == "Slick with Blood"
    assert AspectPlaced("Sand", "Slick with Blood", zone=True) in added.events
    cleared = FATE.perform_action(added.board, ActionRequest(
        "remove-aspect", "aulus", params={"aspect": "Slick with Blood", "zone": "SAND"}),
        ScriptedDice([])).board
    assert FATE.zone_labels(cleared) == {}
    with pytest.raises(RulesError, match="no zone named 'Pit' on the map"):
        FATE.perform_action(table, ActionRequest(
            "add-aspect", "aulus", params={"aspect": "Slick with Blood", "zone": "Pit"}),
            ScriptedDice([]))


def test_maneuvers_place_any_aspect_on_the_target_or_its_zone_and_remove_one() -> None:
    # Text, "Maneuvers": a maneuver adds or removes a temporary aspect to/from a scene or
    # character. Weapons +3 0 0 0 0 = 3 against Athletics +1 0 0 0 0 = 1: won by 2.
    fake = FakeMap(zones={"aulus": "Sand", "brennus": "Sand"})
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), fake=fake,
                  mode="turns")

    def maneuver(before: Board, stance: str, **params: str) -> object:
        request = AttackRequest("aulus", "brennus", options=(stance,), params=params,
                                answers={"invoke": ("none",)})  # his free tag: unused
        return FATE.resolve_attack(before, request, ScriptedDice(ZERO + ZERO))

    dusty = maneuver(table, "maneuver:aspect", aspect="Dust in the Air", on="zone").board
    assert dusty.combat["zone_aspects"] == {"Sand": ["Dust in the Air"]}
    # L33 "(and earns the character a free tag)"; Aulus has no refresh: no fate point paid.
    assert dusty.token("aulus").stats["condition"]["free_tags"] == ["Dust in the Air"]
    shaken = maneuver(table, "maneuver:aspect", aspect="Shaken Nerve").board
    assert shaken.token("brennus").stats["condition"]["aspects"] == ["Shaken Nerve"]
    # "... to/from a scene": on=scene puts it on the scene (it went on Brennus before, as any
    # word but "zone" did); a word that is no place is refused before the roll.
    stormy = maneuver(table, "maneuver:aspect", aspect="Dust Storm", on="scene")
    assert AspectPlaced("the scene", "Dust Storm") in stormy.events
    assert stormy.board.combat["scene_aspects"] == ["Dust Storm"]
    assert stormy.board.token("brennus").stats.get("condition", {}).get("aspects", []) == []
    odd = FATE.preview_attack(table, AttackRequest("aulus", "brennus",
                                                   options=("maneuver:aspect",),
                                                   params={"aspect": "X", "on": "Platfrom"}))
    assert odd.problem == ("params.on: 'Platfrom' is not where a maneuver puts its aspect "
                           "(blank: on the target; zone: on the target's zone; scene: on the "
                           "scene)")
    # Removing: the better of Athletics 0 and Weapons +3 against Weapons +2: won by 1.
    cleared = maneuver(dusty, "maneuver:remove-aspect", aspect="Dust in the Air")
    assert AspectRemoved("Sand", "Dust in the Air", zone=True) in cleared.events
    assert "zone_aspects" not in cleared.board.combat or cleared.board.combat["zone_aspects"] == {}
    card = FATE.preview_attack(table, AttackRequest("aulus", "brennus",
                                                    options=("maneuver:remove-aspect",),
                                                    params={"aspect": "Fog"}))
    assert card.problem == "no temporary aspect on either fighter, in their zones or on the scene"
    card = FATE.preview_attack(dusty, AttackRequest("aulus", "brennus",
                                                    options=("maneuver:remove-aspect",),
                                                    params={"aspect": "Fog"}))
    assert card.problem == ("no temporary aspect 'Fog' on either fighter, in their zones or "
                            "the scene")
    # Without a typed aspect the click lists what is within reach, to pick from (L33).
    both = maneuver(dusty, "maneuver:aspect", aspect="Shaken Nerve").board
    asked = maneuver(both, "maneuver:remove-aspect")
    assert asked.decision is not None and asked.decision.id == "aspect"
    assert [(c.id, c.label) for c in asked.decision.choices] == [("1", "Shaken Nerve"),
                                                                 ("2", "Dust in the Air")]
    request = AttackRequest("aulus", "brennus", options=("maneuver:remove-aspect",),
                            answers={"aspect": ("2",), "invoke": ("none",)})
    picked = FATE.resolve_attack(both, request, ScriptedDice(ZERO + ZERO))
    assert AspectRemoved("Sand", "Dust in the Air", zone=True) in picked.events


def test_ground_throw_does_unarmed_stress_knocks_down_and_releases() -> None:
    # Grappling list: "Win a Fists exchange to throw the defender to the ground to do damage.
    # This releases the grapple." Fists +3 + 0 0 0 = 4 against Fists +1 +1 shield = 2 with
    # 0 0 0 0: 2 shifts + 0 unarmed + 1 half Might - 1 shield = 2 stress, box 2.
    held = attack(duel(), "grapple", ZERO + ZERO).board
    thrown = attack(held, "grapple:throw", [3, 2, 2, 2, *ZERO])
    assert StressMarked("brennus", 2, "Health", box=2) in thrown.events
    after = thrown.board.token("brennus").stats["condition"]
    assert after["prone"] is True and after["grappled_by"] is None
    assert thrown.board.token("aulus").stats["condition"]["grappling"] is None


def test_reversing_the_grapple_without_a_shield() -> None:
    # Grappled list: win a Fists exchange to reverse the grapple once weapon and shield are
    # dropped. Brennus (no shield) Fists +1, + + + 0 = 4 against Aulus Fists +3, 0 0 0 0 = 3.
    held = attack(duel(brennus={**BRENNUS, "shield": False}), "grapple", ZERO + ZERO).board
    turned = FATE.resolve_attack(held, AttackRequest("brennus", "aulus",
                                                     options=("grapple:reverse",)),
                                 ScriptedDice([3, 3, 3, 2, *ZERO]))
    assert turned.board.token("brennus").stats["condition"]["grappling"] == "aulus"
    assert turned.board.token("aulus").stats["condition"]["grappled_by"] == "brennus"


def test_grappling_moves_need_the_grapple() -> None:
    card = FATE.preview_attack(duel(), AttackRequest("aulus", "brennus",
                                                     options=("grapple:pin",)))
    assert card.problem == "pin needs Aulus in a grapple with Brennus"


def test_full_defense_in_turns_spins_on_3_shifts() -> None:
    # Brennus on full defense: Weapons +2 +2 = 4 with + 0 0 0 = 5 against Aulus 3 with
    # - - 0 0 = 1: 4 shifts, spin.
    guarded = FATE.perform_action(duel(), ActionRequest("full-defense", "brennus"),
                                  ScriptedDice([])).board
    done = FATE.resolve_attack(guarded, AttackRequest("aulus", "brennus"),
                               ScriptedDice([1, 1, 2, 2, 3, 2, 2, 2]))
    assert done.board.token("brennus").stats["condition"]["spin"] is True
    # The log in words: "Brennus is now on spin (+1 on the next roll)" (was "is now spin"),
    # and when the fight ends "Brennus is no longer on spin".
    assert "Brennus is now on spin (+1 on the next roll)" in done.notes
    ended = FATE.turn_control(FATE.turn_control(done.board, "start", ScriptedDice([])).board,
                              "end", ScriptedDice([]))
    assert StatusRemoved("brennus", "on spin") in ended.events


def test_the_squeeze_card_gives_the_odds_of_one_roll_against_the_difficulty() -> None:
    # L56 "Make a Fists roll vs. your opponent's armor and shield bonus": one 4dF, no roll
    # against it (the click asks four dice: see test_grapple_then_the_lists_of_moves). Aulus
    # Fists +3 against Brennus's no armour + shield = 1: he wins when 4dF >= -1, i.e. unless
    # the dice show -4 (1 of 81), -3 (4) or -2 (10): 66/81 = 22/27 = 81.5 %; a tie on -2
    # (10/81); he wins by 2+ on 4dF >= 0: 19+16+10+4+1 = 50/81. (Two 4dF would say 4850/6561.)
    held = attack(duel(), "grapple", ZERO + ZERO).board
    card = FATE.preview_attack(held, AttackRequest("aulus", "brennus",
                                                   options=("grapple:squeeze",)))
    assert [c.exact for c in card.chances[:4]] == ["22/27", "10/81", "5/81", "50/81"]
    assert card.data["odds"]["Aulus wins"]["fraction"] == "22/27"
    # The click agrees: -  -  0  0 = -2 + 3 = 1 against 1 ties, no stress.
    tied = attack(held, "grapple:squeeze", [1, 1, 2, 2])
    assert tied.data["hit"] is False and not [e for e in tied.events
                                              if isinstance(e, StressMarked)]


def test_recover_clears_the_stress_track_and_says_when_there_is_none() -> None:
    # "Recover clears the stress track after a scene" (docs, "Left out"): Brennus with boxes 2
    # and 3 checked is clear after it; with none checked the GM is told so, nothing changes.
    hurt = duel(brennus={**BRENNUS, "condition": {"stress": [2, 3]}})
    done = FATE.perform_action(hurt, ActionRequest("recover", "brennus"), ScriptedDice([]))
    assert done.board.token("brennus").stats["condition"]["stress"] == []
    assert done.title == "Brennus is no longer under Health stress"
    with pytest.raises(RulesError, match=r"^Brennus has no stress to clear$"):
        FATE.perform_action(duel(), ActionRequest("recover", "brennus"), ScriptedDice([]))
