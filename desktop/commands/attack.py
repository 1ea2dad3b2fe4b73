"""``battlemap attack FILE --attacker ID (--target ID | --template SHAPE --at X,Y) [...]``.

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
blast deviates and lands on whoever is beneath it there.

Bad ids, weapons, options or dice print one clear message and exit with code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict
from typing import Any

from desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from desktop.core.model import Encounter
from desktop.core.pipeline import AttackResult, resolve_attack
from desktop.core.savage_context import parse_overrides
from desktop.core.template_attack import TemplateAttack, resolve_template
from rules.dice import DiceSource, RandomDice, ScriptedDice
from rules.events import Event


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
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("--attacker", required=True, help="the attacking token's id")
    parser.add_argument("--target", help="the target token's id")
    parser.add_argument("--template", choices=["sbt", "mbt", "lbt", "cone", "stream"],
                        help="an area attack with this template, at --at")
    parser.add_argument("--at", type=parse_point, help="where the template goes: X,Y in cells")
    parser.add_argument("--option", action="append", default=[], metavar="ID",
                        help="an attack option: wild-attack, desperate-attack-2, the-drop, ...")
    parser.add_argument("--called-shot", metavar="PART",
                        help="hand, head, vitals, limb, face, item or unarmored-area")
    parser.add_argument("--aim", action="store_true", help="the attacker aimed last turn")
    parser.add_argument("--soak", type=int, default=0, metavar="N",
                        help="the target spends up to N Bennies to Soak Wounds")
    parser.add_argument("--weapon", help="the weapon's name (default: a hand weapon next to "
                        "the target, a ranged one farther away)")
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice for a repeatable roll")
    dice.add_argument("--dice", type=parse_dice, help="the die values in the order the engine "
                      "asks for them, e.g. 5,3,6 (physical dice entry)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="the GM's ruling instead of the measurement: cover=heavy, "
                        "range_band=long, illumination=dim, gang_up=2 (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--write", action="store_true", help="save the new state to FILE")


def event_json(event: Event) -> dict[str, Any]:
    """An event as JSON data: its type name and its fields."""
    return {"type": type(event).__name__, **asdict(event)}


def result_json(result: AttackResult | TemplateAttack) -> dict[str, Any]:
    """The result as JSON data: the events, the log entry, what the attack touched."""
    data: dict[str, Any] = {
        "events": [event_json(e) for e in result.events],
        "log": {"title": result.entry.title, "lines": list(result.entry.lines)},
    }
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


def _report(result: AttackResult | TemplateAttack, as_json: bool) -> str:
    if as_json:
        return json.dumps(result_json(result), indent=2, ensure_ascii=False)
    return "\n".join([result.entry.title, *(f"  {line}" for line in result.entry.lines)])


def options_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The option ids the flags ask for: ``--option``s, then Aim and the Called Shot."""
    called = [f"called-shot-{args.called_shot}"] if args.called_shot else []
    return (*args.option, *(["aim"] if args.aim else []), *called)


def _resolve(args: argparse.Namespace, encounter: Encounter,
             dice: DiceSource) -> AttackResult | TemplateAttack:
    overrides = parse_overrides(args.override)
    if args.template is not None:
        if args.at is None:
            raise ValueError("--template needs --at X,Y")
        return resolve_template(encounter, args.attacker, args.template, args.at, dice,
                                weapon=args.weapon, options=options_of(args),
                                overrides=overrides)
    if args.target is None:
        raise ValueError("give --target ID, or --template SHAPE --at X,Y")
    return resolve_attack(encounter, args.attacker, args.target, dice, args.weapon,
                          options_of(args), overrides, soak_bennies=args.soak)


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        dice = _dice(args)
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
