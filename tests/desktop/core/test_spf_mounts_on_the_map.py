"""Issue 13, Mounted Combat on a real map through the path the app uses
(:mod:`battlemap.desktop.core.table_pipeline`, the Select tool's drag): Mount and Dismount, the
rider and mount moving together, missed shots at a rider hitting the mount, and falling."""

from __future__ import annotations

from support.spf_on_map import preview_attack

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.table_pipeline import Paused, TableResult, perform, resolve
from battlemap.desktop.core.tools import DragPreview, PointerEvent, PointerKind, SelectTool
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import BystanderHit, RollMade
from battlemap.rules.interface import ActionRequest, AttackRequest, Link
from battlemap.rules.registry import find_system
from battlemap.rules.savage_pathfinder.expressions import TraitDie

KNIGHT = {"wild_card": True, "attributes": {"vigor": "d8"},
          "skills": {"fighting": "d10", "riding": "d6"},
          "weapons": [{"name": "Lance", "damage": "str+d8"}]}
HORSE = {"attributes": {"vigor": "d8", "strength": "d12"}, "pace": 12}
ARCHER = {"skills": {"shooting": "d8"},
          "weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]}


def field() -> Encounter:
    """The knight (1 cell) beside his horse (2 cells), an archer 5" north, an orc and a
    peasant near the line of fire."""
    return Encounter(system="savage-pathfinder", tokens=(
        Token("knight", "Knight", 3.5, 6.5, side=Side.HERO, stats=KNIGHT),
        Token("horse", "Horse", 5.0, 7.0, size=2.0, side=Side.HERO, stats=HORSE),
        Token("archer", "Archer", 3.5, 1.5, side=Side.VILLAIN, stats=ARCHER),
        Token("peasant", "Peasant", 2.5, 4.0, side=Side.NEUTRAL, stats={}),
        Token("orc", "Orc", 2.5, 6.5, side=Side.VILLAIN, stats={"skills": {"fighting": "d6"}})))


def mounted() -> Encounter:
    done = perform(field(), ActionRequest("mount", "knight", "horse"), ScriptedDice([]))
    return done.encounter


def condition(enc: Encounter, token: str) -> dict:
    return dict(enc.token(token).stats.get("condition", {}))


def test_mounting_links_the_pair_and_a_drag_moves_both() -> None:
    """Mounted Combat: the rider on his mount; the map links them and a drag of the horse 3"
    east carries the knight 3" east too; Dismount parts them again."""
    enc = mounted()
    system = find_system(enc.system)
    assert system.links(board_of(enc)) == (Link("horse", "knight", "Knight rides Horse",
                                                 together=True),)
    menu = system.action_menu(board_of(enc), "knight")
    assert next(e for e in menu if e.label == "Mount…").problem == "Knight already rides Horse"
    tool = SelectTool()
    tool.feed(PointerEvent(PointerKind.PRESS, 5.0, 7.0), enc)
    tool.feed(PointerEvent(PointerKind.MOVE, 8.0, 7.0), enc)
    assert isinstance(tool.preview, DragPreview)
    assert dict(tool.preview.positions) == {"knight": (6.5, 6.5), "horse": (8.0, 7.0)}
    on_foot = perform(enc, ActionRequest("dismount", "knight"), ScriptedDice([])).encounter
    assert system.links(board_of(on_foot)) == ()
    menu = system.action_menu(board_of(on_foot), "knight")
    assert next(e for e in menu if e.label == "Dismount").problem == "Knight rides nothing"


def test_a_mounted_knight_fights_with_the_lower_of_fighting_and_riding() -> None:
    """Horsemanship: "a rider ... uses the lower of his Fighting or Riding skills": the link
    makes the knight's attack on the orc mounted without any declaration: d10 becomes d6."""
    assert preview_attack(field(), "knight", "orc").situated.attacker.skill("fighting") == \
        TraitDie(10)
    assert preview_attack(mounted(), "knight", "orc").situated.attacker.skill("fighting") == \
        TraitDie(6)


def test_a_missed_shot_at_the_rider_that_rolls_one_hits_the_mount() -> None:
    """S113 Missed Ranged Attacks: "If a shot intended at a rider rolls a 1, it hits the mount
    instead." The archer (an Extra, no Wild Die) rolls Shooting d8 1 at the knight: a miss,
    and the 1 hits the horse - no die picks among the bystanders. Bow 2d6 4 + 3 = 7 against
    the horse's Toughness 6 (2 + Vigor d8 / 2): Shaken. S114 Wounded Mounts: a Shaken horse
    rears; the knight's Riding d6 5, Wild Die 1 = 5 vs 4: he keeps his seat."""
    done = resolve(mounted(), AttackRequest("archer", "knight", "Bow"),
                   ScriptedDice([1, 4, 3, 5, 1]))
    assert isinstance(done, TableResult)
    events = done.resolution.events
    assert BystanderHit("archer", "horse") in events
    assert not any(isinstance(e, RollMade) and e.purpose == "random bystander" for e in events)
    assert condition(done.encounter, "horse")["shaken"] is True
    riding = [e for e in events if isinstance(e, RollMade) and e.actor == "knight"]
    assert [(e.total, e.result) for e in riding] == [(5, "success")]
    assert find_system("spf").links(board_of(done.encounter)) != ()


def test_a_bucking_horse_throws_a_knight_who_fails_riding_and_the_fall_hurts() -> None:
    """S114 Wounded Mounts: "When an animal is Shaken or Wounded, it rears or bucks. A rider
    must make a Riding roll to stay mounted, or falls." S112 Falling: "If the mount was running,
    the rider suffers 2d4 damage". The archer hits the horse (Shooting d8 6 vs 4), 2d6 5 + 4 =
    9 vs Toughness 6: Shaken. Riding d6 2, Wild Die 1: 2, a failure, so the GM is asked whether
    the horse was running; "running": falling 2d4 3 + 3 = 6 vs the knight's Toughness 6
    (2 + Vigor d8 / 2): Shaken. He lands prone and is no longer mounted."""
    dice = ScriptedDice([6, 5, 4, 2, 1, 3, 3])
    paused = resolve(mounted(), AttackRequest("archer", "horse", "Bow"), dice)
    assert isinstance(paused, Paused)
    assert paused.decision.id == "fall-knight"
    assert paused.decision.prompt == "Knight falls from Horse: was it running?"
    done = resolve(mounted(), AttackRequest("archer", "horse", "Bow",
                                            answers={"fall-knight": ("running",)}), paused.dice)
    assert isinstance(done, TableResult)
    knight = condition(done.encounter, "knight")
    assert (knight["prone"], knight["shaken"]) == (True, True)
    falling = next(e for e in done.resolution.events
                   if isinstance(e, RollMade) and e.purpose == "falling damage")
    assert falling.total == 6
    assert find_system("spf").links(board_of(done.encounter)) == ()
    assert done.encounter.log[-1].lines[-4:] == (
        "Riding (stay mounted) d6 2, Wild d6 1 → 2 vs TN 4: failure",
        "Knight is now fallen (prone)",
        "falling damage: falling d4 3, falling d4 3 → 6 vs Toughness 6: success",
        "Knight is Shaken")


def test_dragging_the_rider_measures_the_mounts_pace() -> None:
    """Mounted Combat: the rider moves on his mount, so the drag's ruler shows the horse's
    Pace 12, not the knight's 6: 8" is within it (not running), and the horse comes along."""
    tool = SelectTool()
    enc = mounted()
    tool.feed(PointerEvent(PointerKind.PRESS, 3.5, 6.5), enc)
    tool.feed(PointerEvent(PointerKind.MOVE, 11.5, 6.5), enc)
    assert isinstance(tool.preview, DragPreview)
    assert (tool.preview.pace, tool.preview.band.value) == (12, "pace")
    assert dict(tool.preview.positions)["horse"] == (13.0, 7.0)


def test_the_attack_tool_asks_the_gm_about_the_fall() -> None:
    """S112 through the click tool the GM window uses: the horse hit and Shaken (d8 6; 2d6
    5 + 4 = 9 vs 6), the knight's Riding d6 2, Wild 1 fails; the prompt asks whether the horse
    was running; "standing": he falls prone and takes no damage (only "If the mount was
    running" does a fall hurt), so no falling dice are rolled."""
    from battlemap.desktop.core.attack_targeting import AttackChoices, AttackTool

    asked = []

    def ask(decision):
        asked.append((decision.prompt, [c.id for c in decision.choices]))
        return ("standing",)

    tool = AttackTool(lambda: ScriptedDice([6, 5, 4, 2, 1]), attacker="archer", ask=ask)
    tool.choices = AttackChoices(weapon="Bow")
    commit = tool.resolve(mounted(), "horse")
    assert asked == [("Knight falls from Horse: was it running?",
                      ["standing", "running", "running-fast", "running-faster"])]
    assert commit is not None
    assert condition(commit.encounter, "knight")["prone"] is True
    assert condition(commit.encounter, "knight").get("shaken", False) is False
    assert find_system("spf").links(board_of(commit.encounter)) == ()
