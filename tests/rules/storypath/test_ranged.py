"""Ranged attacks (Firearms) and their stunts, range bands and settings.

Gina (Firearms 3, Dexterity 2: 5 dice) shoots Brute (Defense 1, Armor 1, Stamina 2,
Close Combat 3, Firearms 2) 20 m east (medium band). Paragraphs: *Attacking* ("You can attack
within the range of your weapon, as described by its tags"; "use different Attributes
depending on the range of the target"), *RANGED ATTACK* and its *STUNTS*.
"""

from fractions import Fraction

import pytest
from storypath_table import KNIFE, PISTOL, SMG, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import RollMade, StatusAdded
from battlemap.rules.interface import ActionRequest, AttackRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.storypath.odds import attack_odds
from battlemap.rules.table import Board, Side

SP = find_system("storypath")
HIT_3_LEFT = [8, 9, 10, 8, 1]  # 4 successes vs Defense 1: 3 left


def _board(distance: float = 20.0, cover: str = "none", combat: dict | None = None,
           **gina_stats: object) -> Board:
    stats = {"attributes": {"dexterity": 2}, "skills": {"firearms": 3},
             "weapons": [PISTOL, SMG]}
    stats.update(gina_stats)
    gina = person("gina", 0.5, 0.5, **stats)
    brute = person("brute", 0.5 + distance, 0.5, Side.VILLAIN, defense=1, armor=1,
                   attributes={"stamina": 2, "might": 2, "dexterity": 2},
                   skills={"close_combat": 3, "firearms": 2}, weapons=[PISTOL, KNIFE])
    return board_of(gina, brute, cover=cover, combat=combat)


def test_pool_is_firearms_plus_the_bands_attribute() -> None:
    # 20 m is medium (10 < 20 <= 40); default Attribute Dexterity: 3 + 2 = 5 dice
    card = SP.preview_attack(_board(), attack("gina", "brute", "Pistol"))
    assert (card.data["band"], card.data["pool"]) == ("medium", {"firearms": 3, "dexterity": 2})
    # a setting changes the Attribute of a band: Cunning 1 at medium
    combat = {"settings": {"attributes": {"ranged": {"medium": "cunning"}}}}
    card = SP.preview_attack(_board(combat=combat), attack("gina", "brute", "Pistol"))
    assert card.data["pool"] == {"firearms": 3, "cunning": 1}


def test_weapon_range_tag_limits_the_attack() -> None:
    # 50 m is long; the Pistol reaches medium
    card = SP.preview_attack(_board(50.0), attack("gina", "brute", "Pistol"))
    assert card.problem == "Brute is at 50 m (long); ranged with Pistol reaches medium"
    with pytest.raises(RulesError, match="reaches medium"):
        SP.resolve_attack(_board(50.0), attack("gina", "brute", "Pistol"), ScriptedDice([]))


def test_band_limits_are_an_encounter_setting() -> None:
    combat = {"settings": {"bands": {"medium": 60}}}
    card = SP.preview_attack(_board(50.0, combat=combat), attack("gina", "brute", "Pistol"))
    assert card.problem is None and card.data["band"] == "medium"


def test_cover_increases_the_difficulty() -> None:
    # heavy cover: +2 Difficulty by default: more than 1 + 2 = 3 successes
    card = SP.preview_attack(_board(cover="heavy"), attack("gina", "brute", "Pistol"))
    assert card.data["required"] == 3
    assert card.chances[0].probability == float(attack_odds(5, "none", 0, 3, 1).hit)


def test_preview_chances_are_the_exact_odds() -> None:
    card = SP.preview_attack(_board(), attack("gina", "brute", "Pistol"))
    odds = attack_odds(5, "none", 0, required=1, max_left=4)
    assert card.data["odds"]["hit"]["fraction"] == str(odds.hit)
    assert [c.label for c in card.chances] == ["hit", "1 left", "2 left", "3 left", "4 left",
                                               "more than 4 left"]
    assert card.chances[2].probability == float(odds.left[1])
    # with 10s doubled (setting) the pool can reach 10 successes
    doubled = SP.preview_attack(_board(combat={"settings": {"tens": "double"}}),
                                attack("gina", "brute", "Pistol"))
    assert doubled.chances[0].probability == float(attack_odds(5, "double", 0, 1, 6).hit)


def test_ranged_stunt_costs() -> None:
    # Disarm costs the opponent's Combat Skill with the item (Firearms 2 for the Pistol,
    # Close Combat 3 for the Knife); Knock Down costs their Stamina 2
    decision = SP.resolve_attack(_board(), attack("gina", "brute", "Pistol"),
                                 ScriptedDice(HIT_3_LEFT)).decision
    assert decision is not None and decision.budget == 3
    menu = {c.id: c for c in decision.choices}
    assert (menu["disarm:pistol"].cost, menu["disarm:knife"].cost) == (2, 3)
    assert menu["knockdown"].cost == 2
    assert menu["empty-clip"].why_not == "needs a weapon with the automatic tag"
    assert menu["shove"].why_not == "a close-combat stunt, not ranged"


def test_knock_down_leaves_them_prone() -> None:
    result = SP.resolve_attack(_board(), attack("gina", "brute", "Pistol",
                                                stunts=["knockdown"]), ScriptedDice(HIT_3_LEFT))
    assert result.board.token("brute").stats["condition"]["prone"] is True


def _pinned_board() -> Board:
    # Pin with 2 successes: Complication 2 + 1 = 3 on Brute's next attack
    result = SP.resolve_attack(_board(), attack("gina", "brute", "Pistol", stunts=["pin:2"]),
                               ScriptedDice(HIT_3_LEFT))
    assert StatusAdded("brute", "pinned down: Complication 3 on the next attack") \
        in result.events
    return result.board


def test_pin_complication_asks_the_pinned_character_first() -> None:
    board = _pinned_board()
    # Brute shoots back: Firearms 2 + Dexterity 2 = 4 dice: 8, 9, 10, 8 = 4 successes
    paused = SP.resolve_attack(board, attack("brute", "gina", "Pistol"),
                               ScriptedDice([8, 9, 10, 8]))
    assert paused.decision is not None and paused.decision.id == "complication"
    assert [c.id for c in paused.decision.allowed] == ["buy", "accept"]


def test_buying_off_the_complication_spends_successes() -> None:
    # 4 successes - 3 = 1, which does not exceed Gina's Defense 1: a miss, no injury
    result = SP.resolve_attack(_pinned_board(), attack("brute", "gina", "Pistol",
                                                       complication=["buy"]),
                               ScriptedDice([8, 9, 10, 8]))
    assert (result.data["successes"], result.data["hit"]) == (1, False)
    assert result.board.token("brute").stats["condition"]["injuries"] == []


def test_not_buying_off_the_complication_deals_an_injury_condition() -> None:
    result = SP.resolve_attack(_pinned_board(), attack("brute", "gina", "Pistol",
                                                       complication=["accept"], stunts=[]),
                               ScriptedDice([8, 9, 10, 8]))
    assert result.data["hit"] is True
    assert StatusAdded("brute", "bruised (Injury Condition, ballistic)") in result.events
    assert result.board.token("brute").stats["condition"]["complication"] == 0


def test_emptying_the_clip_adds_enhancement_then_checks_ammunition() -> None:
    # SMG (automatic), option empty-clip: 8, 1, 1, 1, 1 = 1 + Enhancement 1 = 2 > Defense 1;
    # then the ammunition check (1 die): 5, no success: out of ammo
    request = AttackRequest("gina", "brute", "SMG", options=("empty-clip",),
                            answers={"stunts": ("inflict-damage",)})
    result = SP.resolve_attack(_board(), request, ScriptedDice([8, 1, 1, 1, 1, 5]))
    assert result.data["successes"] == 2 and result.data["hit"] is True
    check = [e for e in result.events if isinstance(e, RollMade)][-1]
    assert (check.purpose, check.result) == ("Ammunition check (SMG)", "out of ammo")
    after = result.board
    problem = SP.preview_attack(after, attack("gina", "brute", "SMG")).problem
    assert problem == "SMG is out of ammo: reload"
    reloaded = SP.perform_action(after, ActionRequest("reload", "gina"), ScriptedDice([]))
    assert reloaded.board.token("gina").stats["condition"]["out_of_ammo"] == []


def test_emptying_the_clip_needs_the_automatic_tag() -> None:
    card = SP.preview_attack(_board(), AttackRequest("gina", "brute", "Pistol",
                                                     options=("empty-clip",)))
    assert card.problem == "Emptying the Clip needs the automatic tag; Pistol has none"


def test_emptying_the_clip_is_shown_declared_in_the_menu() -> None:
    request = AttackRequest("gina", "brute", "SMG", options=("empty-clip",))
    decision = SP.resolve_attack(_board(), request, ScriptedDice(HIT_3_LEFT)).decision
    assert decision is not None
    menu = {c.id: c for c in decision.choices}
    assert menu["empty-clip"].why_not == "declared with the attack: its +1 Enhancement is counted"


def test_double_tens_setting_in_a_roll() -> None:
    # 10s double: 10, 10, 1, 1, 1 = 4 successes vs Defense 1: 3 left
    board = _board(combat={"settings": {"tens": "double"}})
    paused = SP.resolve_attack(board, attack("gina", "brute", "Pistol"),
                               ScriptedDice([10, 10, 1, 1, 1]))
    assert paused.decision is not None and paused.decision.budget == 3


def test_exact_odds_fraction_for_a_hand_case() -> None:
    # 5 dice vs Defense 1: miss = P(0) + P(1) = 0.7^5 + 5 x 0.3 x 0.7^4 = 0.16807 + 0.36015
    card = SP.preview_attack(_board(), attack("gina", "brute", "Pistol"))
    assert Fraction(card.data["odds"]["hit"]["fraction"]) == 1 - Fraction(52822, 100000)


def test_the_card_shows_the_hit_and_each_count_of_stunt_successes() -> None:
    # 5 dice at 8+ (3/10 each) must exceed Defense 1: hit = 1 - P(0) - P(1) =
    # 1 - 0.7^5 - 5 * 0.3 * 0.7^4 = 1 - 0.16807 - 0.36015 = 0.47178; 1 left = P(2) =
    # 10 * 0.09 * 0.343 = 0.3087; 4 left = P(5) = 0.3^5 = 0.00243
    card = SP.preview_attack(_board(), attack("gina", "brute", "Pistol"))
    assert card.lines[-2] == "hit 47.2%"
    assert card.lines[-1] == ("for stunts: 1 left 30.9%, 2 left 13.2%, 3 left 2.8%, "
                              "4 left 0.2%, more than 4 left 0%")
