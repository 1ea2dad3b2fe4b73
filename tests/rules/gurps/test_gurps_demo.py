"""The demo duel (assets/demo/gurps-duel.json): a GURPS hex encounter whose stat blocks parse
and fight."""

from __future__ import annotations

import json
from pathlib import Path

from gurps_table import FakeMap, facts

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import find_system
from battlemap.rules.table import Board, Piece, Side

DEMO = Path(__file__).parents[3] / "assets" / "demo" / "gurps-duel.json"
GURPS = find_system("gurps")


def _board() -> Board:
    data = json.loads(DEMO.read_text())
    pieces = tuple(Piece(t["id"], t["name"], t["position"]["x"], t["position"]["y"],
                         facing=t["facing"], side=Side(t["side"]), stats=t["stats"])
                   for t in data["tokens"])
    fake = FakeMap({("swordsman", "orc"): facts(1.0), ("archer", "orc"): facts(8.0)},
                   pieces={p.id: p for p in pieces})
    return Board("gurps", pieces, measurer=fake)


def test_demo_is_a_gurps_hex_encounter_with_the_four_pieces() -> None:
    data = json.loads(DEMO.read_text())
    assert (data["system"], data["grid"]["kind"], data["grid"]["unit"]) == ("gurps", "hex", "yd")
    assert [t["id"] for t in data["tokens"]] == ["swordsman", "archer", "orc"]
    assert [w["id"] for w in data["walls"]] == ["pillar"]
    for token in data["tokens"]:
        who = GURPS.combatant_from_dict(token["stats"], f"tokens[{token['id']}].stats",
                                        token["id"])
        assert GURPS.combatant_to_dict(who)["attacks"]
    swordsman, orc = data["tokens"][0]["stats"], data["tokens"][2]["stats"]
    assert swordsman["shield"]["name"] == "Medium Shield"
    assert orc["attacks"][0]["name"] == "Falchion" and orc["shield"]["db"] == 1


def test_demo_duel_offers_the_orc_his_defenses() -> None:
    # Broadsword-15 against the orc: Dodge 7 + DB 1 = 8, Falchion Parry 10 + 1 = 11,
    # Block 9 + 1 = 10. The archer at 8 yards: Longbow-15, range -4 -> 11.
    table = _board()
    paused = GURPS.resolve_attack(table, AttackRequest("swordsman", "orc", "Broadsword (Swung)"),
                                  ScriptedDice([3, 4, 4]))
    assert paused.decision is not None
    labels = [c.label for c in paused.decision.choices if c.id in
              ("dodge", "parry:Falchion", "block")]
    assert labels == ["Dodge 8", "Parry (Falchion) 11", "Block (Small Shield with Spike) 10"]
    shot = GURPS.preview_attack(table, AttackRequest("archer", "orc", "Longbow"))
    assert shot.data["target_number"] == 11
