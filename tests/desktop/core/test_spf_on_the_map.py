"""Issue 13 findings in the Savage Pathfinder table modules (once the desktop's glue): each
test plays the rule on a real map and failed before the table module passed the rules
function what it takes. The rules side of each is tested in ``tests/rules/test_spf_fidelity.py``.
"""

import pytest
from support.spf_on_map import (
    ActionRequest,
    AttackError,
    acting_tokens,
    begin_ambush,
    begin_combat,
    perform_action,
    resolve_attack,
)

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import BystanderHit
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

HERO = {"wild_card": True, "attributes": {"strength": "d8", "vigor": "d8", "spirit": "d6"},
        "skills": {"fighting": "d8", "shooting": "d8", "athletics": "d8"},
        "weapons": [{"name": "Sword", "damage": "str+d8"},
                    {"name": "Repeater", "damage": "2d6", "range": [12, 24, 48], "rof": 3}]}
ORC = {"attributes": {"vigor": "d6"}, "skills": {"fighting": "d6"},
       "weapons": [{"name": "Axe", "damage": "str+d6"}]}


def two(hero: dict | None = None, orc: dict | None = None, *extra: Token,
        orc_x: float = 2.5) -> Encounter:
    return Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO,
                                   stats=hero or HERO),
                             Token("orc", "Orc", orc_x, 5.5, side=Side.VILLAIN, stats=orc or ORC),
                             *extra))


def test_cutting_a_friend_free_rolls_the_cutters_strength() -> None:
    """Bound & Entangled: the hero's Strength d8 shows 8 (no Aces against objects), sword d8 1:
    9 against Hardness 4, the orc is free. The bug rolls the orc's d6, which cannot show 8."""
    held = {**ORC, "condition": {"entangled": True, "vulnerable": True}}
    result = perform_action(two(orc=held), ActionRequest("cut-free", "hero", "orc"),
                            ScriptedDice([8, 1]))
    assert result.encounter.token("orc").stats["condition"]["entangled"] is False


def test_only_the_grappler_crushes() -> None:
    """Crush: "against a target he has Entangled or Bound". The orc is Entangled, but nobody
    recorded the hero grappling him: the Crush is refused."""
    held = {**ORC, "condition": {"entangled": True, "vulnerable": True}}
    with pytest.raises(AttackError, match="only crush"):
        perform_action(two(orc=held), ActionRequest("crush", "hero", "orc"), ScriptedDice([4]))


def test_a_rof_three_weapon_strays_on_a_two_even_firing_one_die() -> None:
    """ROF 2+: "weapons with a Rate of Fire of 2 or more ... Each skill die that rolls a 1 or a
    2 hits a bystander". One die from the RoF 3 repeater: Shooting d8 2, Wild Die 1: a miss;
    the 2 strays into the goblin in the line of fire: 2d6 4 + 2 = 6 vs Toughness 5."""
    goblin = Token("goblin", "Goblin", 5.5, 5.5, side=Side.NEUTRAL, stats=ORC)
    result = resolve_attack(two(None, None, goblin, orc_x=8.5), "hero", "orc",
                            ScriptedDice([2, 1, 4, 2]), weapon="Repeater")
    assert BystanderHit("hero", "goblin") in result.events


def test_recovering_from_shaken_is_tried_once_a_turn() -> None:
    """Free actions at the start of the turn "may only be tried once, such as recovering from
    being Shaken". Spirit d6 2, Wild 1: still Shaken; a second try in the same turn is
    refused."""
    shaken = {**HERO, "condition": {"shaken": True}}
    enc = begin_combat(two(hero=shaken), PhysicalCards(["KS", "2C"]))[0]
    enc = perform_action(enc, ActionRequest("recover-shaken", "hero"),
                         ScriptedDice([2, 1])).encounter
    with pytest.raises(AttackError, match="once"):
        perform_action(enc, ActionRequest("recover-shaken", "hero"), ScriptedDice([5, 1]))


def test_the_jokers_plus_two_reaches_the_spirit_roll() -> None:
    """Jokers "add +2 to all Trait and damage rolls this round": the hero is dealt the red
    Joker; Spirit d6 2, Wild 2, +2 = 4: he recovers."""
    shaken = {**HERO, "condition": {"shaken": True}}
    enc = begin_combat(two(hero=shaken), PhysicalCards(["RJ", "2C"]))[0]
    result = perform_action(enc, ActionRequest("recover-shaken", "hero"), ScriptedDice([2, 2]))
    assert result.encounter.token("hero").stats["condition"]["shaken"] is False


def test_fatigue_reaches_the_notice_roll_against_an_ambush() -> None:
    """Surprise: "The victims of the attack make a Notice roll. Those who fail get no Action
    Card". Fatigued "subtracts 1 from all Trait rolls": Notice d6 4, Wild Die 1, -1 = 3: Ann
    fails and is not dealt in."""
    ann = {"wild_card": True, "skills": {"notice": "d6"}, "condition": {"fatigue": 1}}
    enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5, side=Side.HERO, stats=ann),
                            Token("b", "Bo", 1.5, 0.5, side=Side.VILLAIN,
                                  stats={"wild_card": True})))
    enc, _ = begin_ambush(enc, PhysicalCards(["KS", "2C"]), Side.VILLAIN, ScriptedDice([4, 1]))
    assert "a" not in acting_tokens(enc)


def test_dragging_a_wounded_token_measures_against_his_pace_less_wounds() -> None:
    """Wound Penalties: "-1 cumulative penalty to his Pace (minimum of 1\\")": Pace 6 with two
    Wounds is 4; an Entangled token "can't move": 0."""
    from battlemap.desktop.core.tools import DragPreview, PointerEvent, PointerKind, SelectTool

    def drag_pace(condition: dict) -> float:
        stats = {"pace": 6, "running_die": "d6", "condition": condition}
        enc = Encounter(tokens=(Token("s", "Scout", 0.5, 1.5, stats=stats),))
        tool = SelectTool()
        tool.feed(PointerEvent(PointerKind.PRESS, 0.5, 1.5), enc)
        tool.feed(PointerEvent(PointerKind.MOVE, 3.5, 1.5), enc)
        assert isinstance(tool.preview, DragPreview)
        return tool.preview.pace

    assert drag_pace({"wounds": 2}) == 4
    assert drag_pace({"entangled": True}) == 0
