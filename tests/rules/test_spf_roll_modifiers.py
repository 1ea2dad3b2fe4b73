"""Every roll the table offers against every modifier that belongs to the roll (issue 26).

"A modifier belongs to the roll, not to the attack path": the Joker (C18 "+2 to all Trait and
damage rolls this round"), Wounds (C66 "all Trait rolls"), Fatigue (S60), the Multi-Action
penalty (S118 "-2 penalty to all actions"; S122 not on free actions), running (C29 "-2
penalty to all other actions that turn"), Support (S161, the supported skill's next roll) and
light (S85 "active Trait rolls affected by illumination ... attacks, arcane skill and Notice
rolls"; S86-92 the rolls it spares) reach every roll a token makes, because the roll asks the
roller for them (:func:`battlemap.rules.savage_pathfinder.penalties.condition_modifiers`, fed by the
table's :func:`battlemap.rules.savage_pathfinder.table.pipeline.combatant_of`).

The table: every action of the system's :meth:`actions` (what the Actions menu and
``battlemap attack --action`` offer) and every attack kind (melee, thrown, shot, template, a
Rate of Fire volley, The Drop's Knockout Blow) is a :class:`Case` that is played on one board,
or is listed in :data:`NO_ROLL` with the reason it rolls no die. On that board Ann (a Wild
Card, every trait d12) has one Wound, is Fatigued, holds the red Joker, has taken one action
this turn (so a further action is her second), declares Running, and has +1 Support waiting for
every trait; the orc (an Extra, d4s) is Fatigued and holds the black Joker; the light is Dim
everywhere. Each roll in the log must then carry:

- Ann's trait rolls: -1 1 Wound, -1 Fatigued, +2 Joker, +1 Support; in an action that is not
  free also -2 running and -2 Multi-Action (2 actions); where light counts, -2 dim light;
- the orc's trait rolls: -1 Fatigued, +2 Joker (a reaction: no Multi-Action, no running);
- every damage roll of a Joker holder: +2 Joker;

and no reason twice. A case that does not take a modifier says so with the text's line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import RollMade
from battlemap.rules.interface import ActionRequest, AreaRequest, AttackRequest, RollRequest
from battlemap.rules.registry import find_system
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.movement import ActionKind
from battlemap.rules.savage_pathfinder.table.timed_states import Effect, add_effect, add_hold
from battlemap.rules.savage_pathfinder.table.turn_limits import note_taken
from battlemap.rules.savage_pathfinder.table.turns import begin_combat
from battlemap.rules.table import Board, MapFacts, Piece, Point, Side
from battlemap.rules.testing import OpenGround

SYSTEM = find_system("savage-pathfinder")
D12 = "d12"
TRAITS = ("agility", "smarts", "spirit", "strength", "vigor", "fighting", "shooting",
          "athletics", "taunt", "healing", "riding", "notice")
SWORD = {"name": "Sword", "damage": "Str+d8"}
DAGGER = {"name": "Dagger", "damage": "Str+d4", "range": [3, 6, 12], "thrown": True}
BOW = {"name": "Hand Crossbow", "damage": "2d4", "range": [5, 10, 20], "reload": 1}
WAND = {"name": "Fire Wand", "damage": "2d6", "range": [12, 24, 48], "rof": 3}


@dataclass(frozen=True, slots=True)
class DimGround(OpenGround):
    """Open ground in Dim light everywhere (S95)."""

    def facts(self, attacker: str, target: str, weapon_ranges: Any = None,
              reach: float = 0.0) -> MapFacts:
        return replace(OpenGround.facts(self, attacker, target, weapon_ranges, reach),
                       illumination="dim")

    def light_at(self, point: Point) -> str:
        return "dim"


class HighDice:
    """Every die one below its top face: no Ace, and Ann's d12 (11) succeeds through -5."""

    def roll(self, sides: int, purpose: str = "") -> int:
        return max(1, sides - 1)


def _ann(stats: Mapping[str, Any], **condition: Any) -> Piece:
    return Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={
        "wild_card": True, "bennies": 3,
        "attributes": {a: D12 for a in TRAITS[:5]},
        "skills": {s: D12 for s in TRAITS[5:]},
        "weapons": [SWORD, DAGGER, BOW, WAND],
        "condition": {"wounds": 1, "fatigue": 1, **condition}, **stats})


def _orc(stats: Mapping[str, Any], **condition: Any) -> Piece:
    return Piece("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={
        "attributes": {a: "d4" for a in TRAITS[:5]},
        "skills": {"fighting": "d4", "athletics": "d4"},
        "weapons": [{"name": "Axe", "damage": "Str+d6"}],
        "condition": {"fatigue": 1, **condition}, **stats})


def _bo(**condition: Any) -> Piece:
    return Piece("bo", "Bo", 1.5, 3.5, side=Side.HERO, stats={"condition": condition})


GOBLIN = Piece("gob", "Goblin", 9.5, 1.5, side=Side.VILLAIN, stats={})


def _board(ann: Piece, orc: Piece, bo: Piece, hold: bool = False) -> Board:
    """The board described in the module docstring."""
    tokens = (ann, orc, bo, GOBLIN)
    board = Board("savage-pathfinder", tokens, measurer=DimGround(tokens))
    board = begin_combat(board, PhysicalCards(["RJ", "BJ", "KS", "QS"]))[0]
    assert has_joker(board.combat, "ann") and has_joker(board.combat, "orc")
    board = note_taken(board, "ann", ActionKind.REGULAR)
    for trait in TRAITS:
        board = add_effect(board, Effect("ann", "support", 1, trait))
    return add_hold(board, "ann", "orc") if hold else board


Play = Callable[[Board], tuple[RollMade, ...]]


def _action(action: str, target: str | None = None, **params: str) -> Play:
    def play(board: Board) -> tuple[RollMade, ...]:
        asked = ActionRequest(action, "ann", target, {"running": "yes", **params})
        done = SYSTEM.perform_action(board, asked, HighDice())
        return tuple(e for e in done.events if isinstance(e, RollMade))
    return play


def _attack(target: str, weapon: str, *options: str, **params: str) -> Play:
    def play(board: Board) -> tuple[RollMade, ...]:
        asked = AttackRequest("ann", target, weapon, options, params={"running": "yes",
                                                                      **params})
        done = SYSTEM.resolve_attack(board, asked, HighDice())
        assert done.decision is None
        return tuple(e for e in done.events if isinstance(e, RollMade))
    return play


def _template(board: Board) -> tuple[RollMade, ...]:
    asked = AreaRequest("ann", "mbt", (9.5, 1.5), weapon="Fire Wand",
                        params={"running": "yes"})
    done = SYSTEM.resolve_area(board, asked, HighDice())
    return tuple(e for e in done.events if isinstance(e, RollMade))


def _roll_tool(board: Board) -> tuple[RollMade, ...]:
    done = SYSTEM.roll(board, RollRequest(("ann",), "notice"), HighDice())
    return tuple(e for e in done.events if isinstance(e, RollMade))


def _volley(board: Board) -> tuple[RollMade, ...]:
    asked = AttackRequest("ann", "gob", "Fire Wand", params={"running": "yes", "rof": "2"})
    done = SYSTEM.resolve_attack(board, asked, HighDice())
    return tuple(e for e in done.events if isinstance(e, RollMade))


@dataclass(frozen=True, slots=True)
class Case:
    """One roll-making entry: how it is played, whether it is a free action (no Multi-Action,
    no running: S122), whether light counts on Ann's rolls in it (and why not), the board."""

    name: str
    play: Play
    free: bool = False
    lit: bool = True
    unlit_because: str = ""
    ann: Mapping[str, Any] = field(default_factory=dict)
    orc: Mapping[str, Any] = field(default_factory=dict)
    bo: Mapping[str, Any] = field(default_factory=dict)
    hold: bool = False
    ann_stats: Mapping[str, Any] = field(default_factory=dict)
    orc_stats: Mapping[str, Any] = field(default_factory=dict)
    rolls: tuple[str, ...] = ()
    """Rolls the case must make (their purposes), so the modifiers are seen on them."""


GM_LIGHT = "S86: which Trait rolls light affects is the GM's: this one needs no sight of a target"
CASES = (
    # attacks: S85 "attacks" are lit
    Case("attack (melee)", _attack("orc", "Sword")),
    # the orc a Wild Card in heavy armor: d12 11 - 5 + 4 = 10, a raise; 11 + 7 + 5 + 2 + 4 = 29
    # against Toughness 2 + 2 + 14 = 18: two Wounds, Shaken, not out: the Knockout Blow (S55)
    Case("attack (The Drop: Knockout Blow)", _attack("orc", "Sword", "the-drop"),
         orc_stats={"wild_card": True, "armor": 14}, rolls=("Vigor (Knockout Blow)",)),
    Case("attack (thrown)", _attack("gob", "Dagger")),
    Case("attack (shot)", _attack("gob", "Fire Wand")),
    Case("attack (Rate of Fire)", _volley),
    Case("template", _template),
    # actions aimed at a token
    Case("grapple", _action("grapple", "orc")),
    Case("crush", _action("crush", "orc"), orc={"entangled": True}, hold=True,
         lit=False, unlit_because="S79: Crush is a damage roll, no Trait roll"),
    Case("push", _action("push", "orc"), lit=False, unlit_because=GM_LIGHT),
    Case("push (the attack bar's)", _attack("orc", "Sword", push="yes"), lit=False,
         unlit_because=GM_LIGHT),
    Case("test (physical)", _action("test", "orc", skill="athletics")),
    Case("test (verbal)", _action("test", "orc", skill="taunt"), lit=False,
         unlit_because="S91: verbal Tests"),
    Case("support (physical)", _action("support", "bo", skill="fighting")),
    Case("support (verbal)", _action("support", "bo", skill="taunt"), lit=False,
         unlit_because="S90: verbal Support rolls"),
    # Fighting d12+4 15 - 5 - 4 = 6 vs Parry 4: a hit; 11 + 7 + 2 = 20 vs Toughness 18: Shaken,
    # so the Strength roll at -4 to keep the axe (S49)
    Case("disarm (hand)", _action("disarm", "orc", part="hand", weapon="Sword"),
         ann_stats={"skills": {"fighting": "d12+4"}}, orc_stats={"armor": 14},
         rolls=("Strength (keep hold of Axe)",)),
    Case("disarm (weapon)", _action("disarm", "orc", part="weapon", weapon="Sword")),
    # S20 "the wielder's Parry if held": the strike at the orc's shield is an attack on him
    Case("break-held", _action("break-held", "orc", weapon="Sword", object="shield",
                               damage_type="blunt")),
    Case("cut-free", _action("cut-free", "bo", weapon="Sword"), bo={"entangled": True},
         lit=False, unlit_because="S19: weapon attacks on the entanglement hit automatically"),
    Case("cut-self-free", _action("cut-self-free", weapon="Sword"), ann={"entangled": True},
         lit=False, unlit_because="S19: weapon attacks on the entanglement hit automatically"),
    Case("stabilise", _action("stabilise", "bo"), bo={"bleeding_out": True,
                                                      "incapacitated": True, "wounds": 1},
         lit=False, unlit_because=GM_LIGHT),
    Case("treat-fatigue", _action("treat-fatigue", "bo"), bo={"fatigue": 3,
                                                              "incapacitated": True},
         lit=False, unlit_because=GM_LIGHT),
    Case("withdraw (the orc's free attack)", _action("withdraw")),
    # actions the token takes alone
    Case("break-free", _action("break-free", trait="athletics"), ann={"entangled": True},
         lit=False, unlit_because=GM_LIGHT),
    Case("break-object", _action("break-object", weapon="Sword", object="rope",
                                 damage_type="cutting")),
    Case("reload (while running)", _action("reload", weapon="Hand Crossbow"), lit=False,
         unlit_because=GM_LIGHT),
    # the Roll tool (``battlemap roll``): a bare roll the GM asks for, no action of the turn
    Case("roll (Notice)", _roll_tool, free=True),
    # free actions and reactions: S122, no Multi-Action penalty and no running
    Case("climb", _action("climb"), free=True, lit=False, unlit_because=GM_LIGHT),
    Case("evasion", _action("evasion"), free=True, lit=False, unlit_because=GM_LIGHT),
    Case("recover-shaken", _action("recover-shaken"), free=True, ann={"shaken": True},
         lit=False, unlit_because="S89: recovering from a negative status"),
    Case("recover-stunned", _action("recover-stunned"), free=True, ann={"stunned": True},
         lit=False, unlit_because="S89: recovering from a negative status"),
    Case("bleeding-out", _action("bleeding-out"), free=True,
         ann={"bleeding_out": True, "incapacitated": True}, lit=False,
         unlit_because="S89: a bodily resisting roll, no sight"),
    Case("daily-vigor", _action("daily-vigor"), free=True, ann={"incapacitated": True},
         lit=False, unlit_because="S89: a bodily resisting roll, no sight"),
    Case("apply-damage (Soak)", _action("apply-damage", damage="2d6+12", soak="1"), free=True,
         lit=False, unlit_because="S89: Soak resists damage, no sight"),
)

NO_ROLL = {
    "let-go": "S73-74: letting go is no roll", "defend": "S46: +4 Parry, no roll",
    "aim": "S4: no roll this turn", "finishing-move": "S66: automatic",
    "ready": "S145: readying is no roll", "rest": "S151: a Benny, no roll",
    "stand-up": "C34: costs Pace, no roll", "go-prone": "C34: a free action, no roll",
    "spend-benny": "C63: no roll", "gain-fatigue": "S59: no roll",
    "recover-fatigue": "S63: an hour passes, no roll", "time-passes": "S63: no roll",
    "device-retry": "S18: the GM's ruling, no roll", "mount": "S110: no roll",
    "dismount": "no roll", "area-attack": "the Template tool: the 'template' case",
}
"""The actions that roll no die, each with its line."""

COVERED = {"grapple", "crush", "push", "test", "support", "disarm", "cut-free", "cut-self-free",
           "stabilise",
           "treat-fatigue", "withdraw", "break-free", "break-object", "break-held", "reload",
           "climb",
           "evasion", "recover-shaken", "recover-stunned", "bleeding-out", "daily-vigor",
           "apply-damage"}


def test_every_action_the_table_offers_is_a_case_or_rolls_nothing() -> None:
    """The table has no gap: each action of the system's declarations is played below or
    rolls no die (with its line); each attack kind of the declarations is played."""
    offered = {spec.id for spec in SYSTEM.actions() if spec.kind == "action"}
    assert offered == COVERED | set(NO_ROLL)
    assert {spec.id for spec in SYSTEM.actions() if spec.kind in ("attack", "template")} == \
        {"attack", "template"}


def _expected(case: Case, roll: RollMade) -> set[str]:
    damage = roll.target is None or "damage" in roll.purpose.lower()
    joker = {"Joker"}
    if roll.actor == "orc":
        return joker if damage else {"Fatigued", "Joker"}
    if roll.actor != "ann" or roll.purpose == "hazard damage":
        return set()  # C18: the Joker's damage rolls are his own, not a hazard's dealt to him
    if damage:
        return joker
    found = {"1 Wound", "Fatigued", "Joker", "Support"}
    if not case.free:
        found |= {"running", "Multi-Action (2 actions)"}
    if case.lit and roll.target is not None and "opposed" not in roll.purpose:
        found |= {"dim light"}
    return found


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_roll_takes_every_modifier_of_its_roller(case: Case) -> None:
    board = _board(_ann(case.ann_stats, **case.ann), _orc(case.orc_stats, **case.orc),
                   _bo(**case.bo), case.hold)
    rolls = case.play(board)
    assert rolls, f"{case.name} rolled nothing"
    assert set(case.rolls) <= {r.purpose for r in rolls}
    for roll in rolls:
        reasons = [m.reason for m in roll.modifiers]
        assert len(reasons) == len(set(reasons)), f"{roll.purpose}: twice in {reasons}"
        missing = _expected(case, roll) - set(reasons)
        assert not missing, f"{case.name}: {roll.actor}'s {roll.purpose} lacks {missing}"
    assert case.lit or case.unlit_because


# Worked by hand with scripted dice: each failed before the modifiers became the roll's.

def _duel(ann_skills: Mapping[str, str], taken: int, light: str = "bright") -> Board:
    """Ann (an Extra) on the red Joker with ``taken`` actions behind her this turn, next to
    the orc (an Extra) on the black Joker; Bo, her ally, two squares off."""
    ann = Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={"skills": dict(ann_skills)})
    orc = Piece("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={"skills": {}})
    tokens = (ann, orc, _bo())
    ground = DimGround(tokens) if light == "dim" else OpenGround(tokens)
    board = begin_combat(Board("savage-pathfinder", tokens, measurer=ground),
                         PhysicalCards(["RJ", "BJ", "KS"]))[0]
    assert has_joker(board.combat, "ann") and has_joker(board.combat, "orc")
    for _ in range(taken):
        board = note_taken(board, "ann", ActionKind.REGULAR)
    return board


def test_a_test_as_the_second_action_is_at_minus_two_and_the_resister_has_his_joker() -> None:
    """C25/S118: a second action is at -2; C18: the Joker's +2 is on "all Trait rolls", the
    orc's resisting Smarts too (S171). Taunt d8 6 - 2 Multi-Action + 2 Joker = 6 against the
    orc's Smarts d6 3 + 2 Joker = 5: won, but not by 4, so Distracted and not Shaken (S172).
    (Before: 6 + 2 = 8 against a bare 3, a raise: Shaken too.)"""
    board = _duel({"taunt": "d8"}, taken=1)
    done = SYSTEM.perform_action(board, ActionRequest("test", "ann", "orc", {"skill": "taunt"}),
                                 ScriptedDice([6, 3]))
    test, resist = (e for e in done.events if isinstance(e, RollMade))
    assert (test.total, resist.total) == (6, 5)
    assert done.title == "Ann Tests Orc (Taunt): Orc is Distracted"


def test_support_as_the_third_action_while_running_is_at_minus_six() -> None:
    """S118: three actions, -4 each; C29: running, -2 to all other actions. Fighting d8 7 - 4
    - 2 + 2 Joker = 3: a failure, no help (S161). (Before: 7 + 2 = 9, a raise: +2.)"""
    board = _duel({"fighting": "d8"}, taken=2)
    asked = ActionRequest("support", "ann", "bo", {"skill": "fighting", "running": "yes"})
    done = SYSTEM.perform_action(board, asked, ScriptedDice([7]))
    assert [e.total for e in done.events if isinstance(e, RollMade)] == [3]
    assert done.title == "Ann supports Bo (Fighting): no help"


def test_evasion_takes_the_joker_and_no_multi_action_penalty() -> None:
    """S58: Agility at -2; C18: +2 Joker; S122: Evasion is a reaction, so the action Ann took
    before costs it nothing. Agility d6 4 - 2 + 2 = 4: evaded. (Before: 4 - 2 = 2: hit.)"""
    done = SYSTEM.perform_action(_duel({}, taken=1), ActionRequest("evasion", "ann"),
                                 ScriptedDice([4]))
    assert [e.total for e in done.events if isinstance(e, RollMade)] == [4]
    assert done.title.startswith("Ann evades")


def test_the_strike_at_an_object_takes_the_light() -> None:
    """S85: light is on attacks; S20: a motionless object is TN 2. In Dim light (-2, S95) the
    Fighting d6 3 - 2 + 2 Joker = 3 hits; a 1: 1 - 2 + 2 = 1 misses (before: 1 + 2 = 3 hit)."""
    board = _duel({"fighting": "d6"}, taken=0, light="dim")
    asked = ActionRequest("break-object", "ann", None, {"object": "rope"})
    missed = SYSTEM.perform_action(board, asked, ScriptedDice([1]))
    assert missed.title == "Ann misses the rope"
    assert "-2 dim light" in missed.notes[0]
