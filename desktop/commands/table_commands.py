"""``battlemap attack`` and ``battlemap odds`` for systems reached through the interface.

Whatever the system, the same JSON: ``attacker``, ``target``, ``weapon``, ``events`` (type and
fields), ``log`` (title and lines), ``data`` (the system's own summary) - and for a
decision the attack waits for, ``decision`` with every choice, its cost, whether it is allowed
and its exact odds (the command then exits 2 and names the ``--answer`` to give).

Examples
--------
>>> from rules.interface import Choice, Decision
>>> decision_json(Decision("defense", "Orc defends", "o", (Choice("dodge", "Dodge 8", 0,
...     True, None, 0.2593),)))["choices"][0]["probability"]
0.2593
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from desktop.core.fileformat import save_encounter
from desktop.core.model import Encounter
from desktop.core.table_pipeline import Paused, parse_answers, preview, resolve
from rules.dice import DiceSource
from rules.events import Event
from rules.interface import AttackRequest, Decision
from rules.registry import RulesError

__all__ = ["decision_json", "run_table_attack", "run_table_odds"]


def _request(args: argparse.Namespace) -> AttackRequest:
    if not args.attacker or not args.target:
        raise ValueError("give --attacker ID and --target ID")
    target = args.target[0] if isinstance(args.target, list) else args.target
    return AttackRequest(args.attacker, target, args.weapon,
                         options=tuple(getattr(args, "option", ()) or ()),
                         answers=parse_answers(getattr(args, "answer", []) or []),
                         gm_override=bool(getattr(args, "gm_override", False)))


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as JSON: who chooses, the prompt, every choice with its odds."""
    return {"id": decision.id, "prompt": decision.prompt, "who": decision.who,
            "several": decision.several, "budget": decision.budget,
            "choices": [asdict(c) for c in decision.choices]}


def _event(event: Event) -> dict[str, Any]:
    return {"type": type(event).__name__, **asdict(event)}


def run_table_attack(args: argparse.Namespace, encounter: Encounter, dice: DiceSource) -> int:
    """Resolve the attack ``args`` asks for on ``encounter``; print it; 2 for bad input."""
    request = _request(args)
    try:
        result = resolve(encounter, request, dice)
    except RulesError as error:
        print(f"battlemap attack: {error}", file=sys.stderr)
        return 2
    if isinstance(result, Paused):
        print(json.dumps({"decision": decision_json(result.decision),
                          "events": [_event(e) for e in result.resolution.events]},
                         indent=2, ensure_ascii=False))
        print(f"battlemap attack: {result.decision.prompt}: give --answer "
              f"{result.decision.id}=CHOICE (one of "
              f"{', '.join(c.id for c in result.decision.allowed)})", file=sys.stderr)
        return 2
    done = result.resolution
    if args.json:
        print(json.dumps({"attacker": request.attacker, "target": request.target,
                          "weapon": request.weapon,
                          "events": [_event(e) for e in done.events],
                          "log": {"title": done.title, "lines": list(done.notes)},
                          "data": dict(done.data)}, indent=2, ensure_ascii=False))
    else:
        print("\n".join([done.title, *(f"  {line}" for line in done.notes)]))
    if args.write:
        save_encounter(result.encounter, args.file)
    return 0


def run_table_odds(args: argparse.Namespace, encounter: Encounter) -> int:
    """Print the exact odds of the attack ``args`` names; 2 with a message for bad input."""
    try:
        planned = preview(encounter, _request(args))
    except (RulesError, ValueError) as error:
        print(f"battlemap odds: {error}", file=sys.stderr)
        return 2
    if planned.problem is not None:
        print(f"battlemap odds: {planned.problem}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"attacker": planned.attacker, "target": planned.target,
                          "weapon": planned.weapon, "lines": list(planned.lines),
                          "odds": {c.label: c.probability for c in planned.chances},
                          "data": dict(planned.data)}, indent=2, ensure_ascii=False))
        return 0
    print("\n".join([*planned.lines, *(f"{c.label:>24}  {100 * c.probability:6.2f} %"
                                       for c in planned.chances)]))
    return 0
