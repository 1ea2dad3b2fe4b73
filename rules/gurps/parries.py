"""Parries played out: a parry's count for the turn, heavy weapons that break or sweep the
parrying weapon aside, the strike at an unarmed attacker's limb, a bow ruined by parrying.
"""

from __future__ import annotations

from battlemap.rules.events import DieRoll, Modifier, RollMade, StatusAdded, TokenPushed
from battlemap.rules.gurps.defense import DefensePlan
from battlemap.rules.gurps.injury import apply_hit
from battlemap.rules.gurps.play import Play
from battlemap.rules.gurps.roll import success_roll

__all__ = ["parry_holds", "record_defense"]


def record_defense(play: Play, plan: DefensePlan) -> None:
    """A parry counts for the next parries with that weapon this turn; a block uses the turn's."""
    condition = play.defender.condition
    if plan.defense == "parry" and plan.weapon is not None:
        parries = dict(condition.parries)
        parries[plan.weapon] = parries.get(plan.weapon, 0) + 1
        play.defender = play.defender.with_condition(parries=parries)
    if plan.defense == "block":
        play.defender = play.defender.with_condition(blocked=True)
    if plan.defense == "parry":
        _ruin_bow(play, plan.weapon or "")


def _ruin_bow(play: Play, weapon: str) -> None:
    """"Parrying just once with a bow will ruin it as a bow": an improvised parry with a
    weapon that also shoots breaks its missile usages (the club usage stays)."""
    usages = [a for a in play.defender.attacks if a.name == weapon]
    bow = weapon.removesuffix(" club")  # L119: a bow parried as a light club (bow_as_club)
    if not usages and bow != weapon:
        usages = [a for a in play.defender.attacks if a.name == bow and a.ranged]
    elif not any(a.improvised for a in usages):
        return
    ruined = [a.label for a in usages if a.kind == "missile"
              and a.label not in play.defender.condition.broken]
    if ruined:
        broken = (*play.defender.condition.broken, *ruined)
        play.defender = play.defender.with_condition(broken=broken)
        play.events.extend(StatusAdded(play.defender_piece.id, f"{label} ruined")
                           for label in ruined)


def parry_holds(play: Play, plan: DefensePlan) -> bool:
    """Parrying heavy weapons: beyond Basic Lift the parry fails and the weapon is dropped (bare
    hands: knocked back a yard, with a DX roll);
    from three times its weight the weapon may break (1d), and past 6 in 6 the parry fails."""
    target, weapon = play.defender_piece.id, plan.weapon or ""
    if plan.automatic_failure:
        play.notes.append(f"the parry fails: {plan.automatic_failure}")
        if _is_unarmed(play, weapon):
            _knocked_back(play)
        else:
            _lose_weapon(play, weapon, plan.breakage, "dropped")
        return False
    if plan.breakage <= 0:
        _counterstrike(play, plan)
        return True
    roll = play.dice.roll(6, f"{weapon} breakage")
    play.events.append(RollMade(target, f"{weapon} breakage",
                                (DieRoll(6, (roll,), f"{weapon} breakage"),), (), roll,
                                plan.breakage, "breaks" if roll <= plan.breakage else "holds"))
    if roll <= plan.breakage:
        _lose_weapon(play, weapon, 0, "broken")
    if plan.breakage > 6:
        play.notes.append(f"the parry does not count: {weapon} offered too little resistance")
        return False
    _counterstrike(play, plan)
    return True


def _is_unarmed(play: Play, weapon: str) -> bool:
    return any(a.unarmed for a in play.defender.attacks if a.name == weapon)


def _knocked_back(play: Play) -> None:
    """L95: parrying bare-handed an attack heavier than Basic Lift, "you are knocked back one
    yard (make a DX roll to avoid falling over)". The yard is the retreat's step, straight away
    from the attacker (a wall or a token there: he stays, and the note says so); the hands
    stay his."""
    piece, setup = play.defender_piece, play.setup
    if setup.retreat_to is None or (piece.x, piece.y) != (setup.target_piece.x,
                                                          setup.target_piece.y):
        why = setup.no_room or "he has stepped already"
        play.notes.append(f"{piece.name} is not knocked back a yard ({why})")
    else:
        play.defender_piece = piece.moved_to(*setup.retreat_to)
        play.events.append(TokenPushed(piece.id, setup.retreat_to))
        play.notes.append(f"{piece.name} is knocked back one yard")
    made, result = success_roll(play.dice, piece.id, "DX (knocked back)", play.defender.dx, ())
    play.events.append(made)
    if not result.succeeded and play.defender.condition.posture != "prone":
        play.defender = play.defender.with_condition(posture="prone")
        play.events.append(StatusAdded(piece.id, "prone"))


def _lose_weapon(play: Play, weapon: str, breakage: int, how: str) -> None:
    """Mark ``weapon`` broken or dropped (a heavy blow that a weak weapon parried)."""
    condition = play.defender.condition
    if how == "dropped" and breakage > 0:
        roll = play.dice.roll(6, f"{weapon} breakage")
        how = "broken" if roll <= breakage else how
    if how == "broken":
        play.defender = play.defender.with_condition(broken=(*condition.broken, weapon))
    else:
        play.defender = play.defender.with_condition(dropped=(*condition.dropped, weapon))
    play.events.append(StatusAdded(play.defender_piece.id, f"{weapon} {how}"))


def _counterstrike(play: Play, plan: DefensePlan) -> None:
    """Parrying an unarmed attack with a weapon: a skill roll (-4 against Judo or Karate)
    strikes the attacker's limb, with no defense."""
    setup = play.setup
    weapon = next((a for a in play.defender.attacks if a.name == plan.weapon), None)
    if weapon is None or weapon.unarmed or weapon.ranged or not setup.attack.unarmed:
        return
    skill_name = setup.attack.skill_name.lower()
    modifiers = (Modifier(-4, "attacker used Judo or Karate"),) \
        if skill_name in ("judo", "karate") else ()
    made, result = success_roll(play.dice, play.defender_piece.id,
                                f"{weapon.label} strikes the limb", weapon.skill, modifiers)
    play.events.append(made)
    if result.succeeded:
        play.attacker, events = apply_hit(play.dice, play.defender_piece.id,
                                          setup.attacker_piece.id, play.attacker, weapon, "")
        play.events.extend(events)
