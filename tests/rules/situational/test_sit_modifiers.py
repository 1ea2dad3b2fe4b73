"""Cover, Prone (ranged), Called Shots, Unstable Platform, Touch Attack, Two Weapons, Unarmed
Defender and Off-Hand Attacks, from the situational rules text."""

import pytest

from battlemap.rules.events import Modifier
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Cover
from battlemap.rules.savage_pathfinder.situational.modifiers import (
    PreciseShot,
    check_aiming,
    cover_from_fraction,
    effective_cover,
    off_hand_modifier,
    off_hand_parry,
    precise_shot_damage,
    precise_shot_modifier,
    touch_attack_modifier,
    two_weapons_modifier,
    unarmed_defender_modifier,
    unstable_platform_modifier,
)
from battlemap.rules.savage_pathfinder.situational.scale import Scale


@pytest.mark.parametrize(("fraction", "cover"), [
    (0.0, Cover.NONE), (0.24, Cover.NONE),
    (0.25, Cover.LIGHT),        # Cover: "-2 Light Cover: A quarter of the target is obscured."
    (0.5, Cover.MEDIUM),        # "-4 Medium Cover: Half the target is obscured"
    (0.75, Cover.HEAVY),        # "-6 Heavy Cover: Three-quarters of the target is obscured."
    (0.9, Cover.NEAR_TOTAL),    # "-8 Near Total Cover: ... barely visible."
    (1.0, Cover.NEAR_TOTAL),    # "The target is hidden"
])
def test_cover_from_fraction(fraction: float, cover: Cover) -> None:
    assert cover_from_fraction(fraction) is cover


def test_cover_fraction_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        cover_from_fraction(1.5)


def test_prone_target_at_three_inches_counts_as_medium_cover() -> None:
    # Prone: "Ranged attacks suffer a -4 penalty to hit prone characters from a range of 3"
    # or greater (this does not stack with Cover)"; Cover: "-4 Medium Cover: ... or target is
    # prone". Light Cover (-2) is replaced by the worse -4; Heavy (-6) stays.
    assert effective_cover(Cover.LIGHT, True, ranged=True, distance=3) is Cover.MEDIUM
    assert effective_cover(Cover.HEAVY, True, ranged=True, distance=3) is Cover.HEAVY
    assert effective_cover(Cover.NONE, True, ranged=True, distance=2.9) is Cover.NONE
    assert effective_cover(Cover.NONE, True, ranged=False, distance=5) is Cover.NONE


def test_called_shot_face_is_minus_five_plus_four_damage() -> None:
    # Called Shots, Head or Vitals: "The penalty is -5 if attempting to target the face of
    # someone wearing an open-faced helmet"; hitting the head adds +4 damage.
    assert precise_shot_modifier(PreciseShot.FACE) == Modifier(-5, "Called Shot: face in an "
                                                                   "open helmet")
    assert precise_shot_damage(PreciseShot.FACE) == Modifier(4, "Called Shot: face in an "
                                                                 "open helmet")
    assert precise_shot_damage(PreciseShot.FACE, living=False) is None


def test_called_shot_item_uses_the_scale_of_the_item() -> None:
    # Called Shots, Item: "Targeting something the size of a dagger, for example, is -4"
    # (Very Small); Unarmored Area: "The eye slit of a helmet is Tiny (-6)".
    assert precise_shot_modifier(PreciseShot.ITEM, Scale.VERY_SMALL).value == -4
    assert precise_shot_modifier(PreciseShot.UNARMORED_AREA, Scale.TINY).value == -6
    assert precise_shot_damage(PreciseShot.ITEM) is None
    with pytest.raises(ValueError, match="needs the Scale"):
        precise_shot_modifier(PreciseShot.ITEM)


def test_unstable_platform_and_touch_attack() -> None:
    # Unstable Platform: "subtracts 2"; Touch Attack: "may add +2 to his Fighting roll".
    assert unstable_platform_modifier().value == -2
    assert touch_attack_modifier().value == 2


def test_two_weapons() -> None:
    # Two Weapons: +1 "if his foe has a single weapon or is unarmed, and has no shield. It adds
    # no bonus against creatures with Natural Weapons."
    assert two_weapons_modifier(2, 1, False, False) == Modifier(1, "Two Weapons")
    assert two_weapons_modifier(2, 0, False, False) == Modifier(1, "Two Weapons")
    assert two_weapons_modifier(2, 2, False, False) is None
    assert two_weapons_modifier(2, 1, True, False) is None
    assert two_weapons_modifier(2, 0, False, True) is None
    assert two_weapons_modifier(1, 0, False, False) is None


def test_unarmed_defender() -> None:
    # Unarmed Defender: "+2 ... if his foe has no weapon or shield. (This doesn't stack with
    # The Drop.)"
    assert unarmed_defender_modifier(True, False, False, False) == Modifier(2, "Unarmed Defender")
    assert unarmed_defender_modifier(False, False, False, False) is None
    assert unarmed_defender_modifier(True, True, False, False) is None
    assert unarmed_defender_modifier(True, False, True, False) is None
    assert unarmed_defender_modifier(True, False, False, True) is None


def test_off_hand() -> None:
    # Off-Hand Attacks: "-2 penalty when done solely with the off-hand"; "Off-hand weapons
    # don't add their Parry bonus unless the hero is Ambidextrous."
    assert off_hand_modifier(ambidextrous=False) == Modifier(-2, "off-hand")
    assert off_hand_modifier(ambidextrous=True) is None
    assert off_hand_parry(1, ambidextrous=False) == 0
    assert off_hand_parry(1, ambidextrous=True) == 1


def test_aiming_needs_stillness() -> None:
    # Aim: "The shooter must be relatively stationary to Aim. She can't walk, run, ride a
    # horse, or be constantly jostled."
    check_aiming(walked=False, ran=False, riding=False, jostled=False)
    with pytest.raises(RulesError, match="walked and ran"):
        check_aiming(walked=True, ran=True, riding=False, jostled=False)
    with pytest.raises(RulesError, match="jostled"):
        check_aiming(walked=False, ran=False, riding=False, jostled=True)
