"""Issue 13 findings that are bugs in the desktop glue, not in the rules: each test shows one
through the desktop core and is expected to fail (xfail, strict) until the named desktop
function passes the rules function what it now takes. The rules side of each is fixed and
tested in ``test_spf_fidelity.py``. (These belong in tests/desktop/core once fixed.)"""

import pytest

from desktop.core.actions import ActionRequest, perform_action
from desktop.core.model import Encounter, Side, Token
from desktop.core.pipeline import AttackError, resolve_attack
from desktop.core.turns import begin_combat
from rules.dice import ScriptedDice
from rules.events import BystanderHit
from rules.savage_pathfinder.cards import PhysicalCards

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


@pytest.mark.xfail(strict=True, reason="desktop/core/foe_actions.py cut_loose passes the held "
                   "victim as the wielder: call cut_free(..., cutter=actor)")
def test_cutting_a_friend_free_rolls_the_cutters_strength() -> None:
    """Bound & Entangled: the hero's Strength d8 shows 8 (no Aces against objects), sword d8 1:
    9 against Hardness 4, the orc is free. The bug rolls the orc's d6, which cannot show 8."""
    held = {**ORC, "condition": {"entangled": True, "vulnerable": True}}
    result = perform_action(two(orc=held), ActionRequest("cut-free", "hero", "orc"),
                            ScriptedDice([8, 1]))
    assert result.encounter.token("orc").stats["condition"]["entangled"] is False


@pytest.mark.xfail(strict=True, reason="desktop/core/foe_actions.py crush_foe does not say who "
                   "holds the victim: call crush(..., grappled=holding(encounter, actor, target)"
                   ") (desktop/core/timed_states.py)")
def test_only_the_grappler_crushes() -> None:
    """Crush: "against a target he has Entangled or Bound". The orc is Entangled, but nobody
    recorded the hero grappling him: the Crush is refused."""
    held = {**ORC, "condition": {"entangled": True, "vulnerable": True}}
    with pytest.raises(AttackError, match="only crush"):
        perform_action(two(orc=held), ActionRequest("crush", "hero", "orc"), ScriptedDice([4]))


@pytest.mark.xfail(strict=True, reason="desktop/core/pipeline.py strays passes the dice fired "
                   "(preview.context.shots) as the RoF: pass the weapon (its rof) to "
                   "bystanders_hit")
def test_a_rof_three_weapon_strays_on_a_two_even_firing_one_die() -> None:
    """ROF 2+: "weapons with a Rate of Fire of 2 or more ... Each skill die that rolls a 1 or a
    2 hits a bystander". One die from the RoF 3 repeater: Shooting d8 2, Wild Die 1: a miss;
    the 2 strays into the goblin in the line of fire: 2d6 4 + 2 = 6 vs Toughness 5."""
    goblin = Token("goblin", "Goblin", 5.5, 5.5, side=Side.NEUTRAL, stats=ORC)
    result = resolve_attack(two(None, None, goblin, orc_x=8.5), "hero", "orc",
                            ScriptedDice([2, 1, 4, 2]), weapon="Repeater")
    assert BystanderHit("hero", "goblin") in result.events


@pytest.mark.xfail(strict=True, reason="desktop/core/action_steps.py recover_shaken does not "
                   "track the attempt: pass tried_this_turn (kept per turn, like Defend in "
                   "timed_states) to recover_from_shaken (and to stunned_recovery)")
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


@pytest.mark.xfail(strict=True, reason="desktop/core/action_steps.py recover_shaken (and bleed, "
                   "recover_stunned, break_out; foe_actions grapple_foe, put_to_the_test, "
                   "support_ally, stabilise_ally; savage_context's AttackContext.defender_joker) "
                   "never pass joker=True for a Joker holder")
def test_the_jokers_plus_two_reaches_the_spirit_roll() -> None:
    """Jokers "add +2 to all Trait and damage rolls this round": the hero is dealt the red
    Joker; Spirit d6 2, Wild 2, +2 = 4: he recovers."""
    shaken = {**HERO, "condition": {"shaken": True}}
    enc = begin_combat(two(hero=shaken), PhysicalCards(["RJ", "2C"]))[0]
    result = perform_action(enc, ActionRequest("recover-shaken", "hero"), ScriptedDice([2, 2]))
    assert result.encounter.token("hero").stats["condition"]["shaken"] is False


@pytest.mark.xfail(strict=True, reason="desktop/core/turn_rolls.py roll_skill rolls Notice and "
                   "Athletics with the Wound penalty only: roll with "
                   "rules.savage_pathfinder.trait_check.roll_check (Fatigue, Distracted, Joker, "
                   "the light for Notice)")
def test_fatigue_reaches_the_notice_roll_against_an_ambush() -> None:
    """Surprise: "The victims of the attack make a Notice roll. Those who fail get no Action
    Card". Fatigued "subtracts 1 from all Trait rolls": Notice d6 4, Wild Die 1, -1 = 3: Ann
    fails and is not dealt in."""
    from desktop.core import turns
    from desktop.core.turn_rolls import begin_ambush

    ann = {"wild_card": True, "skills": {"notice": "d6"}, "condition": {"fatigue": 1}}
    enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5, side=Side.HERO, stats=ann),
                            Token("b", "Bo", 1.5, 0.5, side=Side.VILLAIN,
                                  stats={"wild_card": True})))
    enc, _ = begin_ambush(enc, PhysicalCards(["KS", "2C"]), Side.VILLAIN, ScriptedDice([4, 1]))
    assert "a" not in turns.acting_tokens(enc)


@pytest.mark.xfail(strict=True, reason="desktop/core/tools.py _pace_of reads the raw stats pace: "
                   "use rules.savage_pathfinder.movement.pace_for_turn on the token's combatant "
                   "(Wounds, 0 when Entangled/Bound/Stunned/Incapacitated, -2\" after standing)")
def test_dragging_a_wounded_token_measures_against_his_pace_less_wounds() -> None:
    """Wound Penalties: "-1 cumulative penalty to his Pace (minimum of 1\\")": Pace 6 with two
    Wounds is 4; an Entangled token "can't move": 0."""
    from desktop.core.tools import DragPreview, PointerEvent, PointerKind, SelectTool

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
