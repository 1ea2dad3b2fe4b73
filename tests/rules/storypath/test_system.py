"""The Storypath system as the desktop sees it: registry, stat blocks, settings, badges,
actions, turn order, and the demo firefight.

Paragraphs: issue 15 *The system* (settings per encounter, grapple state and its
restrictions, Injury Conditions on the target), *GRAPPLED* ("You cannot move from the spot"),
the Storypath grid (1 m a cell).
"""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from storypath_table import KNIFE, PISTOL, SMG, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import ItemTaken, StatusRemoved
from battlemap.rules.interface import ActionRequest, AttackRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.storypath.settings import settings_from_combat
from battlemap.rules.table import Board, Piece, Side

SP = find_system("storypath")
DEMO = Path(__file__).parents[3] / "assets" / "demo" / "storypath-firefight.json"


def test_registered_with_a_metre_square_grid() -> None:
    assert find_system("Story Path") is SP
    assert (SP.name, SP.title, SP.grid.kind, SP.grid.unit, SP.grid.distance_per_cell) == (
        "storypath", "Storypath", "square", "m", 1.0)
    keys = {f.key for f in SP.statblock_schema()}
    assert {"attributes.might", "skills.close_combat", "defense", "armor", "weapons"} <= keys


@pytest.mark.parametrize(("stats", "message"), [
    ({"attributes": {"strength": 3}}, "tokens[x].stats.attributes.strength: unknown key"),
    ({"skills": {"firearms": "3"}}, "tokens[x].stats.skills.firearms: expected a whole number"),
    ({"weapons": [{"name": "Gun", "kind": "laser"}]},
     "tokens[x].stats.weapons[0].kind: 'laser' is not one of close, ranged, thrown"),
    ({"weapons": [{"name": "Gun", "kind": "ranged", "range": "far"}]},
     "tokens[x].stats.weapons[0].range: 'far' is not one of close, short, medium"),
    ({"condition": {"prone": "yes"}}, "tokens[x].stats.condition.prone: expected true or false"),
    ({"defence": 2}, "tokens[x].stats.defence: unknown key"),
])
def test_bad_stat_blocks_name_the_field(stats: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("]", r"\]")):
        SP.combatant_from_dict(stats, "tokens[x].stats", "x")


def test_stat_block_round_trips() -> None:
    stats = {"attributes": {"might": 3}, "skills": {"firearms": 2}, "defense": 2, "dodge": 1,
             "weapons": [SMG, KNIFE], "condition": {"injuries": ["bruised"], "prone": True,
                                                    "enhancements": [{"against": "b",
                                                                      "amount": 2}]}}
    person_ = SP.combatant_from_dict(stats, "s", "x")
    assert SP.combatant_from_dict(SP.combatant_to_dict(person_), "s", "x") == person_


@pytest.mark.parametrize(("combat", "message"), [
    ({"settings": {"tens": "explode"}}, "combat.settings.tens: 'explode' is not one of"),
    ({"settings": {"bands": {"short": 50}}}, "combat.settings.bands: each band must reach"),
    ({"settings": {"bands": {"close": -1}}}, "combat.settings.bands.close: expected a positive"),
    ({"grapples": [{"control": "a"}]}, "combat.grapples\\[0\\].other: expected a text"),
])
def test_bad_settings_name_the_field(combat: dict, message: str) -> None:
    board = board_of(person("a", 0.5, 0.5), person("b", 1.5, 0.5), combat=combat)
    with pytest.raises(RulesError, match=message):
        SP.resolve_attack(board, attack("a", "b"), ScriptedDice([1]))
    assert re.match(message, SP.preview_attack(board, attack("a", "b")).problem or "")


def test_overrides_are_checked() -> None:
    board = board_of(person("a", 0.5, 0.5), person("b", 1.5, 0.5))
    request = AttackRequest("a", "b", overrides={"band": "far"})
    assert SP.preview_attack(board, request).problem == \
        "overrides.band: 'far' is not one of close, short, medium, long, extreme"


def test_default_settings() -> None:
    s = settings_from_combat({})
    assert (s.tens, s.ammo_check_dice) == ("none", 1)
    assert s.bands == {"close": 2, "short": 10, "medium": 40, "long": 100, "extreme": 300}
    assert (s.cover["light"], s.cover["heavy"]) == (1, 2)


def _two(combat: dict | None = None, **ada_condition: object) -> Board:
    ada = person("ada", 0.5, 0.5, initiative=2, weapons=[PISTOL],
                 condition=dict(ada_condition))
    brute = person("brute", 1.5, 0.5, Side.VILLAIN, initiative=5, weapons=[KNIFE])
    return board_of(ada, brute, combat=combat)


def test_badges_show_conditions_and_the_grapple() -> None:
    combat = {"grapples": [{"control": "brute", "other": "ada", "established": 2,
                            "pinned": True}]}
    board = _two(combat, injuries=["bruised", "injured"], prone=True, complication=3)
    texts = [b.text for b in SP.badges(board.token("ada"), board)]
    assert texts == ["Injured", "Prone", "Pinned 3", "Grappled"]
    assert [b.text for b in SP.badges(board.token("brute"), board)] == ["Grappling"]


def test_taken_out_when_the_injury_track_is_full() -> None:
    board = _two(injuries=["bruised", "injured", "maimed", "taken out"])
    assert [b.text for b in SP.badges(board.token("ada"), board)] == ["Taken Out"]
    assert SP.preview_attack(board, attack("ada", "brute", "Pistol")).problem == \
        "Ada is Taken Out"


def test_turn_order_by_initiative_and_expiry() -> None:
    # Brute (5) before Ada (2); Ada withdrew last turn: it ends when her turn begins
    board = _two(withdrawing=True)
    view = SP.turn_order(board)
    assert [r.token for r in view.rows] == ["brute", "ada"]
    assert [c.id for c in view.controls if c.enabled] == ["start"]
    started = SP.turn_control(board, "start", ScriptedDice([])).board
    assert started.combat["acting"] == "brute"
    nxt = SP.turn_control(started, "next", ScriptedDice([]))
    assert nxt.board.combat["acting"] == "ada"
    assert [(r.token, r.acting, r.done) for r in SP.turn_order(nxt.board).rows] == [
        ("brute", False, True), ("ada", True, False)]
    assert StatusRemoved("ada", "withdrawing") in nxt.events
    again = SP.turn_control(nxt.board, "next", ScriptedDice([])).board
    assert (again.combat["round"], again.combat["acting"]) == (2, "brute")
    ended = SP.turn_control(again, "end", ScriptedDice([])).board
    assert ended.combat["round"] == 0


def test_blinding_ends_with_the_blinded_tokens_turn() -> None:
    board = _two({"round": 1, "acting": "ada"}, blinded=True)
    result = SP.turn_control(board, "next", ScriptedDice([]))
    assert StatusRemoved("ada", "Blinded") in result.events


def test_stand_up_release_and_pick_up() -> None:
    board = _two(prone=True)
    stood = SP.perform_action(board, ActionRequest("stand-up", "ada"), ScriptedDice([]))
    assert stood.board.token("ada").stats["condition"]["prone"] is False
    held = _two({"grapples": [{"control": "ada", "other": "brute", "established": 1}]})
    released = SP.perform_action(held, ActionRequest("release", "ada"), ScriptedDice([]))
    assert released.board.combat["grapples"] == []
    with pytest.raises(RulesError, match="controls no grapple"):
        SP.perform_action(held, ActionRequest("release", "brute"), ScriptedDice([]))


def test_pick_up_a_dropped_item_within_close_range() -> None:
    # Brute's Knife lies 1 m from Ada: she picks it up and now carries it
    combat = {"items": [{"id": "item-1", "name": "Knife", "owner": "brute", "x": 0.5,
                         "y": 1.5}]}
    ada = person("ada", 0.5, 0.5, weapons=[PISTOL])
    brute = person("brute", 5.5, 0.5, Side.VILLAIN, weapons=[KNIFE],
                   condition={"dropped": ["Knife"]})
    result = SP.perform_action(board_of(ada, brute, combat=combat),
                               ActionRequest("pick-up", "ada"), ScriptedDice([]))
    assert ItemTaken("ada", "Knife", "the ground") in result.events
    assert [w["name"] for w in result.board.token("ada").stats["weapons"]] == ["Pistol", "Knife"]
    assert result.board.token("brute").stats["weapons"] == []
    assert result.board.combat["items"] == []


def test_actions_are_declared() -> None:
    ids = [a.id for a in SP.actions()]
    assert ids == ["close-combat", "grapple", "ranged", "thrown", "empty-clip", "withdraw",
                   "stand-up", "reload", "release", "escape", "pick-up", "drag",
                   "grapple-throw"]


# -- the demo ---------------------------------------------------------------------------------

def _demo_board(cover: str = "none") -> Board:
    data = json.loads(DEMO.read_text())
    pieces = tuple(Piece(t["id"], t["name"], t["position"]["x"], t["position"]["y"],
                         side=Side(t["side"]), stats=t["stats"]) for t in data["tokens"])
    return board_of(*pieces, combat=data["combat"], cover=cover)


def test_demo_stat_blocks_parse_and_the_grapple_is_in_progress() -> None:
    data = json.loads(DEMO.read_text())
    assert (data["system"], data["grid"]["unit"]) == ("storypath", "m")
    for token in data["tokens"]:
        SP.combatant_from_dict(token["stats"], f"tokens[{token['id']}].stats", token["id"])
    board = _demo_board()
    assert "Grappling" in [b.text for b in SP.badges(board.token("mara"), board)]
    # Mara's attack on Thug 1 is the grapple action: Athletics 2 + Might 3
    card = SP.preview_attack(board, attack("mara", "thug-1"))
    assert (card.data["kind"], card.problem) == ("grapple", None)


def test_demo_automatic_weapon_behind_cover() -> None:
    # Rook empties the SMG's clip at the Gunman behind the low wall (medium cover here):
    # Firearms 3 + Dexterity 3 = 6 dice, Enhancement 1, Defense 2 + 1 cover
    board = _demo_board(cover="medium")
    card = SP.preview_attack(board, AttackRequest("rook", "gunman", "SMG",
                                                  options=("empty-clip",)))
    assert (card.problem, card.data["required"]) == (None, 3)
    assert card.data["enhancement"] == [{"value": 1, "reason": "Emptying the Clip"}]


def test_out_of_turn_is_refused_in_a_turn_based_fight_unless_the_gm_allows_it() -> None:
    # Round 1, Brute acts (initiative 5 before Ada's 2): Ada's shot is refused with whose
    # turn it is, and so is her Withdraw; the GM's ruling (gm_override: the bar's "Out of
    # turn", --gm-override) lets her act. Outside combat (round 0) anybody acts.
    board = _two({"round": 1, "acting": "brute"})
    shot = attack("ada", "brute", "Pistol")
    why = "it is Brute's turn: Ada may not act out of turn (the GM may allow it: Out of turn)"
    assert SP.preview_attack(board, shot).problem == why
    with pytest.raises(RulesError, match="it is Brute's turn"):
        SP.resolve_attack(board, shot, ScriptedDice([8, 1]))
    with pytest.raises(RulesError, match="it is Brute's turn"):
        SP.perform_action(board, ActionRequest("withdraw", "ada"), ScriptedDice([]))
    allowed = SP.resolve_attack(board, replace(shot, gm_override=True, answers={"stunts": ()}),
                                ScriptedDice([8, 1]))
    assert allowed.data["hit"] is False  # 1 success does not exceed Defense 1
    assert SP.preview_attack(_two(), shot).problem is None
