"""Close Combat attacks and their stunts, with scripted dice worked out by hand.

Ada (Close Combat 2, Might 3: a pool of 5) attacks Brute (Defense 1, Armor 1) standing next
to her, one cell (1 m) east. Paragraph names are the text's: *Attacking*, *CLOSE COMBAT
ATTACK* and its *STUNTS*, *GRAPPLE*.
"""

import pytest
from storypath_table import KNIFE, PISTOL, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import GrappleEnded, GrappleStarted, ItemDropped, ItemTaken, TokenPushed
from battlemap.rules.interface import ActionRequest, AttackRequest, Resolution
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, Side

SP = find_system("storypath")
HIT_2_LEFT = [8, 9, 10, 3, 1]  # 3 successes vs Defense 1: 2 left
HIT_3_LEFT = [8, 9, 10, 8, 1]  # 4 successes: 3 left


def _board(**brute_stats: object) -> Board:
    ada = person("ada", 0.5, 0.5, attributes={"might": 3}, skills={"close_combat": 2},
                 defense=1)
    cara = person("cara", 0.5, 2.5, skills={"firearms": 2}, weapons=[PISTOL])
    stats = {"defense": 1, "armor": 1, "attributes": {"stamina": 2, "might": 2},
             "skills": {"close_combat": 3, "firearms": 2}, "weapons": [PISTOL, KNIFE]}
    stats.update(brute_stats)
    return board_of(ada, cara, person("brute", 1.5, 0.5, Side.VILLAIN, **stats))


def _hit(board: Board, dice: list[int], *stunts: str) -> Resolution:
    return SP.resolve_attack(board, attack("ada", "brute", stunts=stunts or None),
                             ScriptedDice(dice))


def test_pool_is_close_combat_plus_might_and_must_exceed_defense() -> None:
    # Attacking: 5 dice; 1 success does not exceed Defense 1 (miss); 2 successes hit, 1 left
    miss = SP.resolve_attack(_board(), attack("ada", "brute"), ScriptedDice([8, 3, 1, 1, 1]))
    assert miss.data["hit"] is False and miss.decision is None
    hit = SP.resolve_attack(_board(), attack("ada", "brute"), ScriptedDice([8, 9, 1, 1, 1]))
    assert hit.decision is not None and hit.decision.budget == 1
    assert hit.board == _board()  # a pause changes nothing


def test_stunt_menu_costs_and_greyed_reasons() -> None:
    # STUNTS: Inflict Damage 0s + Armor 1 = 1; Critical 4 > 2 left; Throw is a grapple stunt
    decision = _hit(_board(), HIT_2_LEFT).decision
    assert decision is not None and (decision.id, decision.several) == ("stunts", True)
    menu = {c.id: c for c in decision.choices}
    assert (menu["inflict-damage"].cost, menu["inflict-damage"].allowed) == (1, True)
    assert menu["critical"].why_not == "costs 4, 2 left"
    assert menu["throw"].why_not == "a grapple stunt, not close-combat"
    assert menu["break-up-grapple"].why_not == "Brute is not in a grapple"
    assert {"disarm:pistol", "disarm:knife", "seize:knife", "feint:ada", "feint:cara",
            "sunder:armor"} <= set(menu)


def test_inflict_damage_and_critical_deal_two_injury_conditions() -> None:
    # Inflict Damage (1) + Critical (4) = 5: 6 successes (4 rolled + Enhancement 2) - 1
    request = AttackRequest("ada", "brute", params={"enhancement": "2"},
                            answers={"stunts": ("inflict-damage", "critical")})
    result = SP.resolve_attack(_board(), request, ScriptedDice(HIT_3_LEFT))
    stats = result.board.token("brute").stats
    assert stats["condition"]["injuries"] == ["bruised", "injured"]
    # the log entry: the title and the roll's breakdown first
    entry = result.board.log[-1]
    assert entry.title == "Ada: Close Combat attack on Brute: hit, 5 left; inflict-damage, " \
                          "critical"
    assert entry.lines[0] == ("Close Combat 2 + Might 3: 8, 9, 10, 8, 1 + Enhancement 2 = 6 "
                              "successes vs Defense 1: hit, 5 left")


def test_critical_alone_is_refused() -> None:
    with pytest.raises(RulesError, match="critical goes with inflict-damage"):
        _hit(_board(), HIT_3_LEFT, "critical")


def test_stunts_beyond_the_leftover_are_refused() -> None:
    # sunder:armor (3) + knockdown (1) = 4 > 3 left
    with pytest.raises(RulesError, match="they cost 4, only 3"):
        _hit(_board(), HIT_3_LEFT, "sunder:armor", "knockdown")
    with pytest.raises(RulesError, match="knockdown can be bought only once"):
        _hit(_board(), HIT_3_LEFT, "knockdown:2")


def test_blinding_raises_the_difficulty_of_their_next_shot_only() -> None:
    # Blinding (1s): Brute's next Shoot attack at Ada (Defense 1) needs more than 1 + 1
    after = _hit(_board(), HIT_2_LEFT, "blinding").board
    shot = SP.preview_attack(after, attack("brute", "ada", "Pistol"))
    assert shot.data["required"] == 2
    # Brute fires (Firearms 2 + Dexterity 1 = 3 dice, all miss): the Blinding is spent
    fired = SP.resolve_attack(after, attack("brute", "ada", "Pistol"), ScriptedDice([1, 1, 1]))
    assert fired.board.token("brute").stats["condition"]["blinded"] is False


def test_blinding_ends_with_their_next_action_whatever_it_is() -> None:
    # L9 Blinding (1s): "+1 on all Shoot and Thrown attacks on their next action". Brute's
    # next action is a Close Combat attack on Ada (Close Combat 3 + Might 2 = 5 dice: 1, 1,
    # 1, 1, 1 = 0 successes, a miss): the Blinding is spent on it, so his shot after it
    # needs more than Defense 1 alone (required 1, not 1 + 1).
    after = _hit(_board(), HIT_2_LEFT, "blinding").board
    punched = SP.resolve_attack(after, attack("brute", "ada"), ScriptedDice([1, 1, 1, 1, 1]))
    assert punched.board.token("brute").stats["condition"]["blinded"] is False
    shot = SP.preview_attack(punched.board, attack("brute", "ada", "Pistol"))
    assert shot.data["required"] == 1


def test_one_item_is_disarmed_or_seized_and_a_seized_one_is_not_sundered() -> None:
    # 8, 9, 10, 8, 1 = 4 successes + Enhancement 2 = 6 vs Defense 1: 5 left. L12 Disarm
    # (2s) knocks the Knife out of Brute's hand; L16 Seize (2s) takes "an object held by ...
    # your opponent", L18 Sunder (3s) damages "your opponent's gear". Disarm + Seize of the
    # Knife (4s) would put it on the ground and in Ada's hand at once; Seize + Sunder (5s)
    # would sunder Ada's new Knife. The menu refuses both pairs before any purchase, the
    # rules too; Disarm of the Knife with Seize of the Pistol (4s) is two items, allowed.
    def strike(*stunts: str) -> Resolution:
        request = AttackRequest("ada", "brute", params={"enhancement": "2"},
                                answers={"stunts": stunts} if stunts else {})
        return SP.resolve_attack(_board(), request, ScriptedDice(HIT_3_LEFT))

    decision = strike().decision
    assert decision is not None and decision.budget == 5
    assert decision.refusal(("disarm:knife", "seize:knife")) is not None
    assert decision.refusal(("seize:knife", "sunder:knife")) is not None
    assert decision.refusal(("disarm:knife", "seize:pistol")) is None
    with pytest.raises(RulesError, match="disarm:knife cannot be bought with seize:knife"):
        strike("disarm:knife", "seize:knife")
    with pytest.raises(RulesError, match="seize:knife cannot be bought with sunder:knife"):
        strike("seize:knife", "sunder:knife")


def test_a_grapple_established_is_not_shoved_away() -> None:
    # 3 left: Establish Grapple (1) + Shove (1) would hold Brute and push him Might 3 m away
    # in one breath; L101 "You cannot move from the spot": the menu and the rules refuse it.
    decision = _hit(_board(), HIT_3_LEFT).decision
    assert decision is not None
    assert decision.refusal(("establish-grapple", "shove")) is not None
    with pytest.raises(RulesError, match="establish-grapple cannot be bought with shove"):
        _hit(_board(), HIT_3_LEFT, "establish-grapple", "shove")


def test_a_stunt_that_would_buy_nothing_is_greyed_with_the_reason() -> None:
    # L15 Knockdown/Trip (1s) "Knock your opponent prone": Brute lies prone already; L55
    # Blinding (1s): he is Blinded already. Either would spend a success on nothing (and
    # the log said nothing of it): the menu greys them, the rules refuse them in words.
    condition = {"prone": True, "blinded": True}
    board = _board(condition=condition)
    decision = _hit(board, HIT_3_LEFT).decision
    assert decision is not None
    menu = {c.id: c for c in decision.choices}
    assert (menu["knockdown"].allowed, menu["knockdown"].why_not) == (
        False, "Brute is already prone")
    assert menu["blinding"].why_not == "Brute is already Blinded"
    with pytest.raises(RulesError, match="knockdown: Brute is already prone"):
        _hit(board, HIT_3_LEFT, "knockdown")


def test_disarm_with_the_extra_success_drops_the_item_at_short_range() -> None:
    # Disarm (2) + 1: the Pistol lands mid short band (2 + 10) / 2 = 6 m beyond Brute, away
    # from Ada: from (1.5, 0.5) east to (7.5, 0.5)
    result = _hit(_board(), HIT_3_LEFT, "disarm:pistol", "disarm-far")
    assert ItemDropped("brute", "Pistol", (7.5, 0.5), "ada") in result.events
    assert "Brute drops Pistol 6 m east (disarmed by Ada)" in result.notes  # words, names
    assert result.board.combat["items"] == [{"id": "item-1", "name": "Pistol", "owner": "brute",
                                             "x": 7.5, "y": 0.5, "dropped_by": "ada"}]
    with pytest.raises(RulesError, match="Pistol was dropped"):
        SP.resolve_attack(result.board, attack("brute", "cara", "Pistol"), ScriptedDice([]))


def test_disarm_without_the_extra_success_drops_it_at_their_feet() -> None:
    result = _hit(_board(), HIT_2_LEFT, "disarm:knife")
    assert ItemDropped("brute", "Knife", (1.5, 0.5), "ada") in result.events
    assert "Brute drops Knife at their feet (disarmed by Ada)" in result.notes


def test_establish_grapple_puts_the_attacker_in_control() -> None:
    # Establish Grapple with 2 successes: Ada in control, held by 2
    result = _hit(_board(), HIT_2_LEFT, "establish-grapple:2")
    assert GrappleStarted("ada", "brute", 2) in result.events
    assert result.board.combat["grapples"] == [{"control": "ada", "other": "brute",
                                                "established": 2, "pinned": False}]
    # GRAPPLE: "Both ... can only make grappling physical actions": Brute cannot shoot Cara
    shot = SP.preview_attack(result.board, attack("brute", "cara", "Pistol"))
    assert shot.problem == ("Brute is in a grapple with Ada: only grappling attacks until "
                            "someone breaks free")
    # and Ada's next unarmed attack on Brute is the grapple action (Athletics + Might)
    assert SP.preview_attack(result.board, attack("ada", "brute")).data["kind"] == "grapple"


def test_no_withdraw_in_a_grapple_you_do_not_control() -> None:
    grappled = _hit(_board(), HIT_2_LEFT, "establish-grapple:2").board
    with pytest.raises(RulesError, match="not in control: no Withdraw"):
        SP.perform_action(grappled, ActionRequest("withdraw", "brute"), ScriptedDice([]))
    done = SP.perform_action(grappled, ActionRequest("withdraw", "ada"), ScriptedDice([]))
    assert isinstance(done.events[0], GrappleEnded) and done.board.combat["grapples"] == []


def test_feint_gives_a_designated_ally_enhancement_on_the_next_attack() -> None:
    # Feint 2 for Cara: her next attack on Brute has Enhancement 2, then it is used
    after = _hit(_board(), HIT_2_LEFT, "feint:cara:2").board
    shot = SP.preview_attack(after, attack("cara", "brute", "Pistol"))
    assert shot.data["enhancement"] == [{"value": 2, "reason": "Feint"}]
    # Cara: Firearms 2 + Dexterity 1 = 3 dice, 8, 1, 1 = 1 + 2 = 3 successes vs Defense 1
    fired = SP.resolve_attack(after, attack("cara", "brute", "Pistol", stunts=[]),
                              ScriptedDice([8, 1, 1]))
    assert fired.data["successes"] == 3
    assert fired.board.token("cara").stats["condition"]["enhancements"] == []


def test_knockdown_leaves_the_target_prone() -> None:
    after = _hit(_board(), HIT_2_LEFT, "knockdown").board
    assert after.token("brute").stats["condition"]["prone"] is True
    assert "Prone" in [b.text for b in SP.badges(after.token("brute"), after)]


def test_seize_takes_the_item() -> None:
    result = _hit(_board(), HIT_2_LEFT, "seize:knife")
    assert ItemTaken("ada", "Knife", "brute") in result.events
    assert [w["name"] for w in result.board.token("ada").stats["weapons"]] == ["Knife"]
    assert [w["name"] for w in result.board.token("brute").stats["weapons"]] == ["Pistol"]


def test_shove_pushes_might_metres_per_success() -> None:
    # Shove 2 x Might 3 = 6 m east: (1.5, 0.5) -> (7.5, 0.5)
    result = _hit(_board(), HIT_2_LEFT, "shove:2")
    assert TokenPushed("brute", (7.5, 0.5)) in result.events
    assert (result.board.token("brute").x, result.board.token("brute").y) == (7.5, 0.5)


def test_shove_stops_at_a_wall() -> None:
    board = _board()
    walled = board_of(*board.tokens, walls={"brute": (3.0, 0.5)})
    result = _hit(walled, HIT_2_LEFT, "shove", "shove")
    assert result.board.token("brute").x == 3.0 and "Brute stops against a wall" in result.notes


def test_shove_converts_metres_to_cells() -> None:
    # 2 m a cell: the one-cell gap is 2 m; Shove 1 x Might 3 = 3 m = 1.5 cells
    board = _board()
    wide = board_of(*board.tokens, metres_per_cell=2.0)
    result = _hit(wide, HIT_2_LEFT, "shove")
    assert result.board.token("brute").x == 3.0


def test_sunder_makes_armor_useless_for_the_scene() -> None:
    # Sunder armor (3): Inflict Damage then costs 0 + Armor 0
    after = _hit(_board(), HIT_3_LEFT, "sunder:armor").board
    decision = _hit(after, HIT_2_LEFT).decision
    assert decision is not None
    menu = {c.id: c for c in decision.choices}
    assert menu["inflict-damage"].cost == 0 and "sunder:armor" not in menu


def test_a_sundered_item_and_a_feint_read_as_sentences() -> None:
    # L18 Sunder (3) "making it useless for the rest of the scene" and Feint (L13, 1 each):
    # the log said "Brute is now Pistol sundered" and "Ada is now +1 Enhancement ..."
    sunder = _hit(_board(), HIT_3_LEFT, "sunder:pistol").notes
    assert "Brute's Pistol is sundered (useless this scene)" in sunder
    feint = _hit(_board(), HIT_2_LEFT, "feint:cara").notes
    assert "Cara has +1 Enhancement on the next attack against Brute" in feint
    assert not [line for line in (*sunder, *feint) if " is now +" in line or "now Pistol" in line]


def test_break_up_grapple_ends_a_grapple_the_attacker_is_not_in() -> None:
    combat = {"grapples": [{"control": "brute", "other": "cara", "established": 3}]}
    board = board_of(*_board().tokens, combat=combat)
    result = _hit(board, HIT_2_LEFT, "break-up-grapple")
    assert GrappleEnded("brute", "cara", "broken up by Ada") in result.events
    assert result.board.combat["grapples"] == []


def test_the_menu_itself_refuses_what_the_rules_refuse() -> None:
    # 3 left. Disarm (2s) "You may spend an additional success to knock the item into the
    # short range increment": the extra goes with a Disarm, never alone; Disarm and
    # Knockdown (1s) are not Variable: once only; one item per Disarm. The menu's own limits
    # (Decision.refusal, which the generic prompt enforces) say so before any purchase.
    decision = _hit(_board(), HIT_3_LEFT).decision
    assert decision is not None
    assert decision.refusal(("disarm-far",)) == \
        "Disarm: knock the item to short range (1s: the item lands at short range) goes " \
        "with Disarm Pistol (2s) or Disarm Knife (2s)"
    assert decision.refusal(("knockdown", "knockdown")) == \
        "Knockdown (1s: prone) can be taken once only"
    assert decision.refusal(("disarm:pistol", "disarm:knife")) is not None
    assert decision.refusal(("disarm:pistol", "disarm-far")) is None
    assert decision.refusal(("shove", "shove", "shove")) is None  # Variable: 3 x 1s


def test_a_feint_reaches_an_ally_whose_id_has_capitals() -> None:
    # Feint (1s each): "you generate Enhancement on your or an ally's next attack against
    # the opponent". Ally "Cara-2" (capitals in the id): 2 left buys feint:Cara-2:2, +2 on
    # her next attack on Brute - the answer is read whatever its case.
    ada = person("ada", 0.5, 0.5, attributes={"might": 3}, skills={"close_combat": 2},
                 defense=1)
    board = board_of(ada, person("Cara-2", 0.5, 2.5),
                     person("brute", 1.5, 0.5, Side.VILLAIN, defense=1))
    decision = _hit(board, HIT_2_LEFT).decision
    assert decision is not None and "feint:Cara-2" in {c.id for c in decision.choices}
    for answer in ("feint:Cara-2:2", "feint:cara-2:2"):
        result = _hit(board, HIT_2_LEFT, answer)
        assert result.board.token("Cara-2").stats["condition"]["enhancements"] == [
            {"against": "brute", "amount": 2, "grapple_only": False}]


def test_the_last_injury_condition_is_told_taken_out() -> None:
    # Brute has taken bruised, injured, maimed: Inflict Damage (0 + Armor 1) with 2 left
    # fills the track ("taken out"): the log says "Brute is Taken Out", by name
    board = _board(condition={"injuries": ["bruised", "injured", "maimed"]})
    result = _hit(board, HIT_2_LEFT, "inflict-damage")
    assert "Brute is Taken Out" in result.notes
