"""The encounter's rules settings (``combat.settings``) as the system declares them, and the
readings they choose where the text is open.

Gina (Firearms 3, Dexterity 2, Composure 3) shoots Brute (Defense 1, Armor 1, Firearms 2,
Dexterity 2) with a Rifle. Paragraphs: *Attacking* (L3: "Athletics and Firearms ... use
different Attributes depending on the range of the target"; "If you roll enough successes to
exceed their Defense ... you may spend additional successes"), ranged *Pin* (L56: "If they
choose not to buy off this Complication").
"""

from dataclasses import replace

from storypath_table import PISTOL, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import FieldKind
from battlemap.rules.registry import find_system
from battlemap.rules.table import Board, Side

SP = find_system("storypath")
RIFLE = {"name": "Rifle", "kind": "ranged", "range": "long", "damage_type": "ballistic"}
SPEAR = {"name": "Spear", "kind": "thrown", "range": "medium", "damage_type": "lethal"}


def _board(distance: float, combat: dict | None = None) -> Board:
    gina = person("gina", 0.5, 0.5, attributes={"dexterity": 2, "composure": 3, "might": 1},
                  skills={"firearms": 3, "athletics": 2}, weapons=[RIFLE, SPEAR, PISTOL])
    brute = person("brute", 0.5 + distance, 0.5, Side.VILLAIN, defense=1, armor=1,
                   attributes={"dexterity": 2, "stamina": 2},
                   skills={"firearms": 2}, weapons=[PISTOL])
    return board_of(gina, brute, combat=combat)


def test_the_attribute_changes_with_the_range_by_default() -> None:
    # L3: Firearms + Dexterity 2 at 20 m (medium); at 60 m (long) Firearms + Composure 3
    near = SP.preview_attack(_board(20.0), attack("gina", "brute", "Rifle"))
    far = SP.preview_attack(_board(60.0), attack("gina", "brute", "Rifle"))
    assert near.data["pool"] == {"firearms": 3, "dexterity": 2}
    assert (far.data["band"], far.data["pool"]) == ("long", {"firearms": 3, "composure": 3})
    # a thrown Spear: Might 1 at short (8 m), Dexterity 2 at medium (20 m)
    short = SP.preview_attack(_board(8.0), attack("gina", "brute", "Spear"))
    medium = SP.preview_attack(_board(20.0), attack("gina", "brute", "Spear"))
    assert short.data["pool"] == {"athletics": 2, "might": 1}
    assert medium.data["pool"] == {"athletics": 2, "dexterity": 2}


def test_every_setting_is_declared_with_its_default() -> None:
    fields = {f.key: f for f in SP.settings_schema()}
    assert {"tens", "stunt_budget", "complication", "ammo_check_dice", "bands.short",
            "cover.heavy", "attributes.ranged.long", "attributes.thrown.medium"} <= set(fields)
    assert (fields["attributes.ranged.long"].default, fields["bands.short"].default) == \
        ("composure", 10.0)
    assert fields["stunt_budget"].kind is FieldKind.CHOICE
    assert fields["stunt_budget"].choices == ("beyond-defense", "beyond-hit")


def test_the_stunt_budget_of_a_bare_hit_is_a_setting() -> None:
    # Pistol at 20 m: 5 dice 8, 9, 1, 1, 1 = 2 successes exceed Defense 1: a bare hit. By
    # default the successes above the Difficulty buy stunts: 2 - 1 = 1; with "beyond-hit"
    # those above the 2 the hit needed: 0
    dice = [8, 9, 1, 1, 1]
    default = SP.resolve_attack(_board(20.0), attack("gina", "brute", "Pistol"),
                                ScriptedDice(dice)).decision
    reading = {"settings": {"stunt_budget": "beyond-hit"}}
    other = SP.resolve_attack(_board(20.0, reading), attack("gina", "brute", "Pistol"),
                              ScriptedDice(dice)).decision
    assert default is not None and other is not None
    assert (default.budget, other.budget) == (1, 0)
    card = SP.preview_attack(_board(20.0, reading), attack("gina", "brute", "Pistol"))
    assert [c.label for c in card.chances][:3] == ["hit", "0 left", "1 left"]


def _pinned(reading: str) -> Board:
    combat = {"settings": {"complication": reading}}
    board = _board(20.0, combat)
    brute = board.token("brute")
    stats = {**brute.stats, "condition": {"complication": 2, "complication_type": "ballistic"}}
    return board.with_token(replace(brute, stats=stats))


def test_when_pins_complication_is_bought_off_is_a_setting() -> None:
    # Brute (Complication 2) shoots: Firearms 2 + Dexterity 2 = 4 dice, 8, 9, 10, 1 = 3
    # successes vs Gina's Defense 1. "before-hit" (default): 3 - 2 = 1 does not exceed 1, a
    # miss. "from-stunts": the hit is judged on 3 (> 1, 2 left), the buy-off takes 2: 0 left.
    dice = [8, 9, 10, 1]
    before = SP.resolve_attack(_pinned("before-hit"),
                               attack("brute", "gina", "Pistol", complication=["buy"]),
                               ScriptedDice(dice))
    assert before.data["hit"] is False
    after = SP.resolve_attack(_pinned("from-stunts"),
                              attack("brute", "gina", "Pistol", complication=["buy"]),
                              ScriptedDice(dice))
    assert after.decision is not None and after.decision.budget == 0
    done = SP.resolve_attack(_pinned("from-stunts"),
                             attack("brute", "gina", "Pistol", complication=["buy"],
                                    stunts=[]), ScriptedDice(dice))
    assert (done.data["hit"], done.data["left"]) == (True, 0)
    assert done.board.token("brute").stats["condition"]["injuries"] == []


def test_the_card_gives_the_hit_when_the_complication_is_bought_off() -> None:
    # L38 Pin: "If they choose not to buy off this Complication ...". Brute (Complication 2)
    # shoots Gina (Defense 1) with 4 dice, each a success with 3/10. Accepting it (an Injury
    # Condition) the hit is 2+ successes: 1 - (7/10)^4 - 4 (3/10)(7/10)^3 = 3483/10000.
    # Bought off before the hit (default): 4+ successes, (3/10)^4 = 81/10000 - the resolved
    # roll of 8, 9, 10, 8 hits (4 - 2 = 2 > 1), of 8, 9, 10, 1 misses (above). Bought off
    # from the stunt successes: 1 + 2 = 3+ successes, 4 (3/10)^3 (7/10) + (3/10)^4 =
    # 837/10000.
    for reading, expected in (("before-hit", "81/10000"), ("from-stunts", "837/10000")):
        card = SP.preview_attack(_pinned(reading), attack("brute", "gina", "Pistol"))
        chances = {c.label: c.exact for c in card.chances}
        assert chances["hit"] == "3483/10000"
        assert chances["hit, Complication 2 bought off"] == expected
        shown = "0.8%" if reading == "before-hit" else "8.4%"
        assert f"hit, Complication 2 bought off {shown}" in card.lines
    bought = SP.resolve_attack(_pinned("before-hit"),
                               attack("brute", "gina", "Pistol", complication=["buy"]),
                               ScriptedDice([8, 9, 10, 8]))
    assert bought.decision is not None and bought.decision.id == "stunts"
