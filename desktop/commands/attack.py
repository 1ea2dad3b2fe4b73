"""``battlemap attack FILE --attacker ID (--target ID ... | --template SHAPE --at X,Y) [...]``.

Resolves one attack headless, exactly as the GM window would, through the encounter's game
system (:mod:`battlemap.desktop.core.table_pipeline`): the map's measurements become the system's
facts, the dice are rolled (seeded, or the scripted values in the order the system asks for them -
the same order a GM types physical dice in), and the log entry is printed: the title, then every
roll with its breakdown and every effect. ``--json`` prints the events and the system's summary
as data. ``--write`` saves the new state (stat blocks, log) back to FILE atomically.

Generic options: ``--option ID`` (repeatable), ``--override NAME=VALUE`` for the GM's rulings,
``--answer DECISION=CHOICE[,CHOICE]`` for a decision the attack or action waits for (a
defense, stunts, an escape),
``--template sbt|mbt|lbt|cone|stream --at X,Y`` for an area attack at a point, several
``--target``s for a volley, ``--action ID`` for a non-attack action, ``--gm-override`` to act
out of turn. Every system declares its own further inputs
(:meth:`battlemap.rules.registry.GameSystem.attack_inputs`: Savage Pathfinder's ``--rof N``,
``--soak N``, ``--running``, ``--called-shot PART``, ...): each becomes a flag here, its value
passed to the system. ``battlemap attack FILE --list-options`` (no FILE: Savage Pathfinder's, or
``--system NAME``) lists every option, action, automatic rule and override id.

Bad ids, weapons, options or dice print one clear message and exit with code 2; nothing is
written.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict
from typing import Any

from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.limits import MAX_COORDINATE
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.stat_ranges import checked_text
from battlemap.desktop.core.table_pipeline import (
    Paused,
    TableResult,
    parse_answers,
    perform,
    resolve,
    told,
)
from battlemap.desktop.core.template_attack import TemplateAttack, resolve_template
from battlemap.desktop.core.wording import refusal_text
from battlemap.rules.dice import DiceSource, NamedDice, RandomDice, RecordingDice, ScriptedDice
from battlemap.rules.events import BystanderHit, DamageRolled, Event, Hit
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AttackRequest,
    Decision,
    FieldKind,
    StatField,
)
from battlemap.rules.registry import GameSystem, RulesError, every_system, find_system

__all__ = [
    "add_arguments", "decision_json", "event_json", "options_listing", "overrides_of",
    "parse_dice",
    "parse_point", "run", "typed_params",
]


def parse_dice(text: str) -> list[int] | dict[str, list[int]]:
    """``"5,3,6"`` -> ``[5, 3, 6]`` in the order the system asks; or dice by what they are for,
    ``"fighting=5,wild=3,damage=4,4"`` -> ``{"fighting": [5], "wild": [3], "damage": [4, 4]}``;
    ``ArgumentTypeError`` naming the bad value otherwise.

    Examples
    --------
    >>> parse_dice("5, 3,6")
    [5, 3, 6]
    >>> parse_dice("fighting=5,wild=3,damage=4,4")
    {'fighting': [5], 'wild': [3], 'damage': [4, 4]}
    >>> parse_dice("5,x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: dice '5,x': value 2 ('x') is not a whole number
    """
    named: dict[str, list[int]] = {}
    values: list[int] = []
    for n, part in enumerate(text.split(","), start=1):
        name, equals, face = part.rpartition("=")
        if equals:
            values = named.setdefault(name.strip().lower(), [])
        elif named:
            values = named[next(reversed(named))]
        if not face.strip().isdigit():
            raise argparse.ArgumentTypeError(
                f"dice {text!r}: value {n} ({face.strip()!r}) is not a whole number")
        values.append(int(face))
    return named or values


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
    if max(abs(x), abs(y)) > MAX_COORDINATE:
        raise argparse.ArgumentTypeError(f"point {text!r}: each coordinate must be within "
                                         f"±{MAX_COORDINATE:,.0f} cells")
    return (x, y)


def _declared_inputs() -> dict[str, StatField]:
    """Every system's attack inputs by key (the first system to declare a key names it)."""
    found: dict[str, StatField] = {}
    for system in every_system():
        for item in system.attack_inputs():
            found.setdefault(item.key, item)
    return found


def add_input_flags(parser: argparse.ArgumentParser) -> None:
    """A flag for each system's attack input whose name the parser does not use yet."""
    for item in _declared_inputs().values():
        if "--" + item.key.replace("_", "-") not in parser._option_string_actions:
            _add_input(parser, item)


def _add_input(parser: argparse.ArgumentParser, item: StatField) -> None:
    flag = "--" + item.key.replace("_", "-")
    text = item.label + (f" ({item.help})" if item.help else "")
    if item.kind is FieldKind.FLAG:
        parser.add_argument(flag, action="store_true", dest=f"input_{item.key}", help=text)
        return
    choices = [c for c in item.choices if c] if item.kind is FieldKind.CHOICE else []
    parser.add_argument(flag, dest=f"input_{item.key}",
                        metavar="|".join(choices) if choices else item.kind.value.upper(),
                        help=text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="the encounter file")
    parser.add_argument("--list-options", action="store_true",
                        help="list every option, action, automatic rule and override id")
    parser.add_argument("--system", help="with --list-options and no FILE: the game system")
    parser.add_argument("--attacker", help="the acting token's id")
    parser.add_argument("--target", action="append", default=[], metavar="ID",
                        help="the target token's id (repeat: a volley, one shot at each)")
    parser.add_argument("--weapon", help="the weapon's name (default: as the system picks it)")
    parser.add_argument("--template", choices=["sbt", "mbt", "lbt", "cone", "stream"],
                        help="an area attack with this template, at --at")
    parser.add_argument("--at", type=parse_point, help="where the template goes: X,Y in cells")
    parser.add_argument("--option", action="append", default=[], metavar="ID",
                        help="an attack option (see --list-options)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="the GM's ruling instead of the measurement (see --list-options)")
    parser.add_argument("--answer", action="append", default=[], metavar="DECISION=CHOICE",
                        help="answer a decision the attack or --action waits for, e.g. "
                        "defense=dodge (GURPS), stunts=shove:2,disarm or escape=free "
                        "(Storypath); see docs/rules/")
    parser.add_argument("--defense", metavar="CHOICE",
                        help="short for --answer defense=CHOICE: the defender's answer to a hit "
                        "(GURPS: dodge, parry:WEAPON, block, none)")
    parser.add_argument("--retreat", action="store_true",
                        help="with --defense: the defender retreats as well")
    parser.add_argument("--drop", action="store_true",
                        help="with --defense dodge: dodge and drop (prone)")
    parser.add_argument("--stunt", action="append", default=[], metavar="STUNT[:N]",
                        help="short for --answer stunts=...: a stunt to buy with the successes "
                        "left over (Storypath; repeat for more)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a value an action or option asks for, e.g. "
                        "aspect='On Fire' (see --list-options)")
    parser.add_argument("--action", metavar="ID",
                        help="a non-attack action instead (see --list-options)")
    parser.add_argument("--gm-override", action="store_true",
                        help="let the token act out of turn in combat (noted in the log)")
    add_input_flags(parser)
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice for a repeatable roll")
    dice.add_argument("--dice", type=parse_dice, help="the die values in the order the system "
                      "asks for them, e.g. 5,3,6 (physical dice entry), or by what they are "
                      "for: fighting=5,wild=3,damage=4,4")
    parser.add_argument("--dice-needed", action="store_true",
                        help="list the dice the attack asks for, in order, with these dice "
                        "(--seed or --dice; none: seed 0), and change nothing")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--write", action="store_true", help="save the new state to FILE")


def _asks(action: ActionSpec) -> str:
    return "".join(f" [--param {f.key}=TEXT: {f.help}]" for f in action.asks)


def options_listing(system: GameSystem) -> str:
    """Every id ``--option``, ``--action`` and ``--override`` accept, from the system."""
    titles = {ActionKind.OPTION: "attack options (--option ID):",
              ActionKind.ACTION: "actions (--action ID):",
              ActionKind.AUTOMATIC: "applied from the map (override with --override):"}
    lines = []
    for kind, title in titles.items():
        lines += [title, *(f"  {a.id:<27}{a.name}: {a.help}" + _asks(a)
                           for a in system.actions() if a.kind is kind)]
    names = ", ".join(f"{f.key}=VALUE" for f in system.overridable())
    return "\n".join([*lines, f"overrides: {names}"])


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as JSON: who chooses, the prompt, every choice with its odds.

    >>> from battlemap.rules.interface import Choice
    >>> decision_json(Decision("defense", "Orc defends", "o",
    ...     (Choice("dodge", "Dodge 8", probability=0.2593),)))["choices"][0]["probability"]
    0.2593
    """
    return {"id": decision.id, "prompt": decision.prompt, "who": decision.who,
            "several": decision.several, "budget": decision.budget,
            "choices": [asdict(c) for c in decision.choices]}


def event_json(event: Event) -> dict[str, Any]:
    """An event as JSON data: its type name and its fields."""
    return {"type": type(event).__name__, **asdict(event)}


def params_of(args: argparse.Namespace, system: GameSystem) -> dict[str, str]:
    """The system's inputs the flags set, as text (flags ``"yes"``); ``ValueError`` naming
    the flag for a value that is not one of its choices, or for another system's flag (it
    would change nothing, in silence)."""
    _refuse_other_systems_flags(args, system)
    found = {}
    for item in system.attack_inputs():
        value = getattr(args, f"input_{item.key}", None)
        if value is None or value is False:
            continue
        text = "yes" if value is True else str(value)
        known = [c for c in item.choices if c]
        flag = "--" + item.key.replace("_", "-")
        if item.kind is FieldKind.CHOICE and text not in known:
            raise ValueError(f"{flag} {text!r} is not one of {', '.join(known)}")
        found[item.key] = checked_text(item, text, flag)
    return found


def _refuse_other_systems_flags(args: argparse.Namespace, system: GameSystem) -> None:
    own = {item.key for item in system.attack_inputs()}
    for name, value in sorted(vars(args).items()):
        key = name.removeprefix("input_")
        if key != name and key not in own and value is not None and value is not False:
            flag = "--" + key.replace("_", "-")
            raise ValueError(f"{flag}: not an input of {system.title} (another game system's "
                             f"flag); nothing was rolled")


def overrides_of(pairs: list[str], system: GameSystem) -> dict[str, str]:
    """``["cover=heavy"]`` -> ``{"cover": "heavy"}``; a clear error for anything else."""
    known = {f.key: f for f in system.overridable()}
    names = ", ".join(known)
    found: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = (part.strip() for part in pair.partition("="))
        if name not in known:
            raise ValueError(f"cannot override {name!r} (names: {names})")
        if not equals or not value:
            raise ValueError(f"override {pair!r} must look like NAME=VALUE (names: {names})")
        found[name] = checked_text(known[name], value, f"--override {name}")
    return found


def _dice(args: argparse.Namespace) -> DiceSource:
    if isinstance(args.dice, dict):
        return NamedDice(args.dice)
    if args.dice is not None:
        return ScriptedDice(args.dice)
    return RandomDice(args.seed)


Done = TableResult | TemplateAttack


def _resolve(args: argparse.Namespace, encounter: Encounter, dice: DiceSource) -> Done | Paused:
    system = find_system(encounter.system)
    if args.attacker is None:
        raise ValueError("give --attacker ID")
    params = {**params_of(args, system), **typed_params(args.param)}
    if args.action is not None:
        if len(args.target) > 1:
            raise ValueError("--action takes at most one --target")
        if "wild-attack" in args.option:
            params["wild_attack"] = "yes"
        if args.weapon:
            params["weapon"] = args.weapon
        return perform(encounter, ActionRequest(args.action, args.attacker,
                                                (args.target or [None])[0], params,
                                                _answers(args), args.gm_override), dice)
    overrides = overrides_of(args.override, system)
    if args.template is not None:
        if args.at is None:
            raise ValueError("--template needs --at X,Y")
        return resolve_template(encounter, args.attacker, args.template, args.at, dice,
                                weapon=args.weapon, options=args.option, overrides=overrides,
                                params=params, answers=_answers(args))
    if not args.target:
        raise ValueError("give --target ID, or --template SHAPE --at X,Y, or --action ID")
    first, *rest = args.target
    request = AttackRequest(args.attacker, first, args.weapon, tuple(args.option), overrides,
                            params, _answers(args), args.gm_override, tuple(rest))
    return resolve(encounter, request, dice)


def typed_params(pairs: list[str]) -> dict[str, str]:
    """``["aspect=On Fire"]`` -> ``{"aspect": "On Fire"}``; blank values are left out."""
    found = {}
    for pair in pairs:
        key, equals, value = (part.strip() for part in pair.partition("="))
        if not key or not equals:
            raise ValueError(f"--param {pair!r} must look like KEY=VALUE")
        if value:
            found[key] = value
    return found


def _answers(args: argparse.Namespace) -> dict[str, tuple[str, ...]]:
    """The ``--answer`` pairs, with ``--defense``/``--retreat``/``--drop`` as the defense's and
    each ``--stunt`` as one of the stunts."""
    answers = dict(parse_answers(args.answer))
    if args.stunt:
        answers["stunts"] = (*answers.get("stunts", ()), *args.stunt)
    extras = tuple(word for word, given in (("retreat", args.retreat), ("drop", args.drop))
                   if given)
    if args.defense is None and extras:
        raise ValueError("--retreat and --drop go with --defense CHOICE")
    if args.defense is not None:
        answers["defense"] = (args.defense, *extras)
    return answers


def _summary(done: Done, before: Encounter) -> tuple[tuple[Event, ...], str, tuple[str, ...],
                                                      dict[str, Any]]:
    if isinstance(done, TemplateAttack):
        return done.events, done.entry.title, done.entry.lines, dict(done.data)
    resolution = done.resolution
    entry = told(before, resolution)  # names, places in words
    return resolution.events, entry.title, entry.lines, dict(resolution.data)


def outcome_summary(events: tuple[Event, ...], before: Encounter,
                    after: Encounter) -> dict[str, Any]:
    """Plain fields for scripts: whether it hit (and with a raise), each damage total, who
    was hit (bystanders and everyone beneath a template included), and the new condition of
    every token whose stat block changed.

    >>> from battlemap.rules.events import DamageRolled, Hit
    >>> done = outcome_summary((Hit("h", "g", False), DamageRolled("g", 7, 5, 0)), Encounter(),
    ...                        Encounter())
    >>> done["hit"], done["raise"], done["damage"], done["victims"]
    (True, False, [7], ['g'])
    """
    hits = [e for e in events if isinstance(e, Hit)]
    victims = [*(e.target for e in hits), *(e.target for e in events
                                           if isinstance(e, DamageRolled))]
    old = {t.id: t.stats for t in before.tokens}
    return {"hit": bool(hits), "raise": any(e.raise_ for e in hits),
            "damage": [e.total for e in events if isinstance(e, DamageRolled)],
            "victims": list(dict.fromkeys(victims)),
            "bystanders": [e.bystander for e in events if isinstance(e, BystanderHit)],
            "conditions": {t.id: t.stats.get("condition", {}) for t in after.tokens
                           if t.stats != old.get(t.id, t.stats)}}


def _report(done: Done, before: Encounter, as_json: bool) -> str:
    events, title, lines, data = _summary(done, before)
    if as_json:
        return json.dumps({"events": [event_json(e) for e in events],
                           "log": {"title": title, "lines": list(lines)}, **data,
                           "summary": outcome_summary(events, before, done.encounter)},
                          indent=2, ensure_ascii=False)
    return "\n".join([title, *(f"  {line}" for line in lines)])


def _dice_needed(args: argparse.Namespace, encounter: Encounter) -> int:
    """Print each die the attack asks for, in order: its number, die, purpose and the value
    these dice gave (another roll may ask for other dice: a miss rolls no damage)."""
    recorder = RecordingDice(_dice(args) if args.dice is not None or args.seed is not None
                             else RandomDice(0))
    try:
        done = _resolve(args, encounter, recorder)
    finally:
        for n, (sides, purpose, value) in enumerate(recorder.asked, start=1):
            print(f"{n:>3}. d{sides:<3} {purpose or 'a die'}  (here {value})")
    if isinstance(done, Paused):  # the dice after the decision depend on its answer
        choices = ", ".join(c.id for c in done.decision.allowed)
        print(f"then the attack waits for {done.decision.prompt!r}: give --answer "
              f"{done.decision.id}=CHOICE (one of {choices}) to see the dice after it")
    return 0


def _paused(paused: Paused) -> int:
    print(json.dumps({"decision": decision_json(paused.decision),
                      "events": [event_json(e) for e in paused.resolution.events]},
                     indent=2, ensure_ascii=False))
    choices = ", ".join(c.id for c in paused.decision.allowed)
    print(f"battlemap attack: {paused.decision.prompt}: give --answer "
          f"{paused.decision.id}=CHOICE (one of {choices})", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        if args.list_options:
            system = find_system(load_encounter(args.file).system if args.file else
                                 args.system or "savage-pathfinder")
            print(options_listing(system))
            return 0
        if args.file is None:
            raise ValueError("give the encounter FILE")
        encounter = load_encounter(args.file)
        if args.dice_needed:
            return _dice_needed(args, encounter)
        dice = _dice(args)
        done = _resolve(args, encounter, dice)
        if isinstance(done, Paused):
            return _paused(done)
        if args.write:
            save_encounter(done.encounter, args.file)
    except (EncounterFileError, RulesError, ValueError, OSError) as error:
        print(f"battlemap attack: {refusal_text(error)}", file=sys.stderr)
        return 2
    print(_report(done, encounter, args.json))
    if isinstance(dice, ScriptedDice) and dice.remaining:
        print(f"note: {len(dice.remaining)} scripted dice were not needed: "
              f"{', '.join(map(str, dice.remaining))}", file=sys.stderr)
    return 0
