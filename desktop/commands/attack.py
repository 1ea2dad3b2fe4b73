"""``battlemap attack FILE --attacker ID (--target ID ... | --template SHAPE --at X,Y) [...]``.

Resolves one attack headless, exactly as the GM window would: the map's measurements (range,
cover, obstacles, Gang Up, light, bystanders) become the rules' inputs through the attack
pipeline, the dice are rolled (seeded, or the scripted values in the order the engine asks for
them - the same order a GM types physical dice in), and the log entry is printed: the title,
then every roll with its breakdown and every effect. ``--json`` prints the events as data.
``--write`` saves the new state (stat blocks, log) back to FILE atomically.

Options: ``--option ID`` (repeatable: wild-attack, desperate-attack-2, the-drop, ...),
``--called-shot PART`` (hand, head, vitals, limb, face, ...), ``--aim``, and ``--override
NAME=VALUE`` for the GM's rulings. ``--template sbt|mbt|lbt|cone|stream --at X,Y`` makes an
area attack at a point instead (Cones and Streams point from the attacker at it); a missed
blast deviates and lands on whoever is beneath it there; ``--evadable`` lets its victims
Evade (Agility -2, moved clear of the template). What the attacker declares:
``--rof N`` (N dice at one target; several ``--target``s take one die each, a target named
twice two), ``--actions N`` (Multi-Action), ``--running``, ``--mounted``, ``--charge INCHES``,
``--through-creatures``.

``--action ID`` takes a non-attack action instead (defend, grapple, test, support, push,
disarm, withdraw, ...; ``--target`` where it has one; ``--skill``, ``--effect``, ``--trait``,
``--hardness``, ``--items`` for its choices; ``--called-shot limb|weapon`` for a Disarm at a
limb or the weapon). ``battlemap attack --list-options`` lists every option, action and
automatic rule id from the rules' registry.

Bad ids, weapons, options or dice print one clear message and exit with code 2; nothing is
written.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from dataclasses import asdict, replace
from typing import Any

from desktop.commands.table_commands import run_table_attack
from desktop.core.actions import ActionRequest, ActionResult, perform_action
from desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from desktop.core.model import Encounter
from desktop.core.pipeline import AttackResult, resolve_attack
from desktop.core.savage_context import OVERRIDABLE, Declared, parse_overrides
from desktop.core.template_attack import TemplateAttack, resolve_template
from desktop.core.volley import resolve_volley
from rules.dice import DiceSource, RandomDice, ScriptedDice
from rules.events import Event
from rules.registry import find_system
from rules.savage_pathfinder.situational.options import (
    ACTIONS,
    ATTACK_OPTIONS,
    AUTOMATIC_RULES,
    Option,
)
from rules.savage_pathfinder.situational.scale import Scale

Result = AttackResult | TemplateAttack | ActionResult
CALLED_SHOTS = tuple(o.removeprefix("called-shot-") for o in ATTACK_OPTIONS
                     if o.startswith("called-shot-"))
DISARM_PARTS = ("hand", "limb", "weapon")


def parse_dice(text: str) -> list[int]:
    """``"5,3,6"`` -> ``[5, 3, 6]``; ``ArgumentTypeError`` naming the bad value otherwise.

    Examples
    --------
    >>> parse_dice("5, 3,6")
    [5, 3, 6]
    >>> parse_dice("5,x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: dice '5,x': value 2 ('x') is not a whole number
    """
    values = []
    for n, part in enumerate(text.split(","), start=1):
        if not part.strip().isdigit():
            raise argparse.ArgumentTypeError(
                f"dice {text!r}: value {n} ({part.strip()!r}) is not a whole number")
        values.append(int(part))
    return values


def parse_point(text: str) -> tuple[float, float]:
    """``"15.5,9.5"`` -> ``(15.5, 9.5)``.

    Examples
    --------
    >>> parse_point("15.5, 9.5")
    (15.5, 9.5)
    """
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"point {text!r}: expected X,Y, e.g. 15.5,9.5") from None
    if not all(math.isfinite(v) for v in (x, y)):
        raise argparse.ArgumentTypeError(f"point {text!r}: not finite numbers")
    return (x, y)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="the encounter file")
    parser.add_argument("--list-options", action="store_true",
                        help="list every option, action and automatic rule id, then stop")
    parser.add_argument("--attacker", help="the acting token's id")
    parser.add_argument("--target", action="append", default=[], metavar="ID",
                        help="the target token's id (repeat: one shot at each, Rate of Fire)")
    _add_attack_arguments(parser)
    _add_action_arguments(parser)
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice for a repeatable roll")
    dice.add_argument("--dice", type=parse_dice, help="the die values in the order the engine "
                      "asks for them, e.g. 5,3,6 (physical dice entry)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--write", action="store_true", help="save the new state to FILE")
    parser.add_argument("--answer", action="append", default=[], metavar="DECISION=CHOICE",
                        help="answer a decision the attack waits for, e.g. defense=dodge "
                        "(GURPS) or stunts=shove:2,disarm (Storypath); see docs/rules/")


def _add_attack_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--template", choices=["sbt", "mbt", "lbt", "cone", "stream"],
                        help="an area attack with this template, at --at")
    parser.add_argument("--at", type=parse_point, help="where the template goes: X,Y in cells")
    parser.add_argument("--evadable", action="store_true",
                        help="the area attack may be Evaded (Agility -2 for each victim)")
    parser.add_argument("--option", action="append", default=[], metavar="ID",
                        help="an attack option (see --list-options): wild-attack, the-drop, ...")
    parser.add_argument("--called-shot", metavar="PART", help=", ".join(CALLED_SHOTS) +
                        " (--action disarm: hand, limb or weapon)")
    parser.add_argument("--aim", action="store_true", help="the attacker aimed last turn")
    parser.add_argument("--part-scale", choices=[s.name.lower() for s in Scale],
                        help="the Scale of the item or unarmored area of a Called Shot "
                        "(--called-shot item: a dagger is very_small)")
    parser.add_argument("--soak", type=int, default=0, metavar="N",
                        help="the target spends up to N Bennies to Soak Wounds")
    parser.add_argument("--weapon", help="the weapon's name (default: a hand weapon next to "
                        "the target, a ranged one farther away)")
    parser.add_argument("--rof", type=int, default=1, metavar="N",
                        help="Rate of Fire: N dice at the one target")
    parser.add_argument("--actions", type=int, default=1, metavar="N",
                        help="actions declared this turn (Multi-Action: -2 per extra)")
    parser.add_argument("--running", action="store_true", help="the attacker runs (-2)")
    parser.add_argument("--mounted", action="store_true",
                        help="fighting mounted (lower of Fighting and Riding)")
    parser.add_argument("--charge", type=float, default=0.0, metavar="INCHES",
                        help="the mount's straight run before the attack (+4 damage past 5)")
    parser.add_argument("--through-creatures", action="store_true",
                        help="shoot through every creature in the line of fire (each subtracts "
                        "its Toughness from the damage)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="the GM's ruling instead of the measurement: cover=heavy, "
                        "range_band=long, illumination=dim, gang_up=2 (repeatable)")
    parser.add_argument("--gm-override", action="store_true",
                        help="let the token act out of turn in combat (noted in the log)")


def _add_action_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--action", metavar="ID",
                        help="a non-attack action instead (see --list-options): defend, "
                        "grapple, test, support, push, disarm, withdraw, ...")
    parser.add_argument("--skill", help="the skill of a Test (taunt) or Support (fighting)")
    parser.add_argument("--effect", choices=["distracted", "vulnerable"], default="distracted",
                        help="what a won Test inflicts")
    parser.add_argument("--trait", choices=["strength", "athletics"], default="strength",
                        help="the trait to break free with")
    parser.add_argument("--hardness", type=int, default=8, help="the object's Hardness")
    parser.add_argument("--items", type=int, default=3, help="items readied")


def _listing(title: str, table: Iterable[Option]) -> list[str]:
    return [title, *(f"  {o.id:<27}{o.name}: {o.description}" for o in table)]


def options_listing() -> str:
    """Every id ``--option``, ``--action`` and ``--override`` accept, from the registry."""
    lines = [*_listing("attack options (--option ID):", ATTACK_OPTIONS.values()),
             *_listing("actions (--action ID):", ACTIONS.values()),
             *_listing("applied from the map (override with --override):",
                       AUTOMATIC_RULES.values()),
             f"overrides: {', '.join(f'{name}=VALUE' for name in OVERRIDABLE)}"]
    return "\n".join(lines)


def event_json(event: Event) -> dict[str, Any]:
    """An event as JSON data: its type name and its fields."""
    return {"type": type(event).__name__, **asdict(event)}


def result_json(result: Result) -> dict[str, Any]:
    """The result as JSON data: the events, the log entry, what the attack touched."""
    data: dict[str, Any] = {
        "events": [event_json(e) for e in result.events],
        "log": {"title": result.entry.title, "lines": list(result.entry.lines)},
    }
    if isinstance(result, ActionResult):
        data["conditions"] = {t.id: t.stats.get("condition", {}) for t in
                              result.encounter.tokens if t.stats}
        return data
    if isinstance(result, TemplateAttack):
        data["template"] = {"shape": result.aimed.shape.value,
                            "aimed_at": [result.aimed.x, result.aimed.y],
                            "landed_at": [result.landed.x, result.landed.y],
                            "victims": [h.id for h in result.victims.hits]}
        return data
    preview = result.preview
    changed = [t for t in result.encounter.tokens if t.id in {preview.attacker, preview.target}]
    data.update({
        "attacker": preview.attacker, "target": preview.target, "weapon": preview.weapon,
        "kind": preview.kind.value, "target_number": preview.target_number,
        "modifiers": [asdict(m) for m in preview.attack_modifiers],
        "notes": list(preview.notes),
        "conditions": {t.id: t.stats.get("condition", {}) for t in changed},
    })
    return data


def _dice(args: argparse.Namespace) -> DiceSource:
    if args.dice is not None:
        return ScriptedDice(args.dice)
    return RandomDice(args.seed)


def _report(result: Result, as_json: bool) -> str:
    if as_json:
        return json.dumps(result_json(result), indent=2, ensure_ascii=False)
    return "\n".join([result.entry.title, *(f"  {line}" for line in result.entry.lines)])


def options_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The option ids the flags ask for: ``--option``s, then Aim and the Called Shot."""
    if args.called_shot and args.called_shot not in CALLED_SHOTS:
        raise ValueError(f"--called-shot {args.called_shot!r} is not one of "
                         f"{', '.join(CALLED_SHOTS)}")
    called = [f"called-shot-{args.called_shot}"] if args.called_shot else []
    return (*args.option, *(["aim"] if args.aim else []), *called)


def declared_of(args: argparse.Namespace) -> Declared:
    """What the attacker declares: Rate of Fire, Multi-Actions, running, mounted, charge."""
    if args.rof < 1:
        raise ValueError(f"--rof {args.rof}: at least one die")
    return Declared(actions=args.actions, running=args.running, shots=args.rof,
                    mounted=args.mounted, straight_run=args.charge,
                    through_creatures=args.through_creatures,
                    part_scale=Scale[args.part_scale.upper()] if args.part_scale else None)


def _action(args: argparse.Namespace, encounter: Encounter, dice: DiceSource) -> ActionResult:
    if len(args.target) > 1:
        raise ValueError("--action takes at most one --target")
    if args.action == "disarm" and (args.called_shot or "hand") not in DISARM_PARTS:
        raise ValueError(f"--action disarm --called-shot {args.called_shot!r}: aim at one of "
                         f"{', '.join(DISARM_PARTS)}")
    request = ActionRequest(args.action, args.attacker, (args.target or [None])[0],
                            weapon=args.weapon, skill=args.skill,
                            effect=args.effect.capitalize(), trait=args.trait,
                            hardness=args.hardness, items=args.items,
                            wild_attack="wild-attack" in args.option,
                            part=args.called_shot or "hand", dice_count=args.rof,
                            gm_override=args.gm_override)
    return perform_action(encounter, request, dice)


def _resolve(args: argparse.Namespace, encounter: Encounter, dice: DiceSource) -> Result:
    if args.attacker is None:
        raise ValueError("give --attacker ID")
    if args.action is not None:
        return _action(args, encounter, dice)
    overrides = parse_overrides(args.override)
    if args.template is not None:
        if args.at is None:
            raise ValueError("--template needs --at X,Y")
        return resolve_template(encounter, args.attacker, args.template, args.at, dice,
                                weapon=args.weapon, options=options_of(args),
                                overrides=overrides, evadable=args.evadable)
    if not args.target:
        raise ValueError("give --target ID, or --template SHAPE --at X,Y, or --action ID")
    if len(args.target) > 1:
        if args.rof not in (1, len(args.target)):
            raise ValueError(f"--rof {args.rof} but {len(args.target)} targets: each --target "
                             "takes one die")
        return resolve_volley(encounter, args.attacker, args.target, dice, args.weapon,
                              options_of(args), overrides, args.soak,
                              replace(declared_of(args), shots=1), gm_override=args.gm_override)
    return resolve_attack(encounter, args.attacker, args.target[0], dice, args.weapon,
                          options_of(args), overrides, soak_bennies=args.soak,
                          declared=declared_of(args), gm_override=args.gm_override)


def run(args: argparse.Namespace) -> int:
    if args.list_options:
        print(options_listing())
        return 0
    try:
        if args.file is None:
            raise ValueError("give the encounter FILE")
        encounter = load_encounter(args.file)
        dice = _dice(args)
        if find_system(encounter.system).table_interface:
            return run_table_attack(args, encounter, dice)
        result = _resolve(args, encounter, dice)
        if args.write:
            save_encounter(result.encounter, args.file)
    except (EncounterFileError, ValueError, OSError) as error:
        print(f"battlemap attack: {error}", file=sys.stderr)
        return 2
    print(_report(result, args.json))
    if isinstance(dice, ScriptedDice) and dice.remaining:
        print(f"note: {len(dice.remaining)} scripted dice were not needed: "
              f"{', '.join(map(str, dice.remaining))}", file=sys.stderr)
    return 0
