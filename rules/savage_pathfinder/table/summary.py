"""Plain JSON summaries of Savage Pathfinder results, for ``battlemap attack/odds --json``.

The desktop prints ``{"events": ..., "log": ..., **data}`` for any system; these are the
``data`` of this one: who attacked whom with what, the target number and its modifiers, the
notes, each touched token's condition (an action: every token's), a template's placement.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from battlemap.rules.savage_pathfinder.table.pipeline import AttackPreview, AttackResult
from battlemap.rules.savage_pathfinder.table.template_attack import TemplateAttack
from battlemap.rules.table import Board

__all__ = ["action_data", "area_data", "attack_data", "preview_data", "preview_title"]


def _conditions(board: Board, ids: set[str] | None = None) -> dict[str, Any]:
    return {t.id: t.stats.get("condition", {}) for t in board.tokens
            if t.stats and (ids is None or t.id in ids)}


def attack_data(result: AttackResult) -> dict[str, Any]:
    """The attack's attacker, target, weapon, kind, TN, modifiers, notes and the conditions of
    the two after it."""
    preview = result.preview
    return {"attacker": preview.attacker, "target": preview.target, "weapon": preview.weapon,
            "kind": preview.kind.value, "target_number": preview.target_number,
            "modifiers": [asdict(m) for m in preview.attack_modifiers],
            "notes": list(preview.notes),
            "conditions": _conditions(result.board, {preview.attacker, preview.target})}


def action_data(board: Board) -> dict[str, Any]:
    """Every token's condition after an action."""
    return {"conditions": _conditions(board)}


def area_data(attack: TemplateAttack) -> dict[str, Any]:
    """Where the template was aimed and went off, and who was beneath it there."""
    return {"template": {"shape": attack.aimed.shape,
                         "aimed_at": [attack.aimed.x, attack.aimed.y],
                         "landed_at": [attack.landed.x, attack.landed.y],
                         "victims": list(attack.victims.hits)}}


def preview_data(preview: AttackPreview) -> dict[str, Any]:
    """The target number and every modifier, for ``battlemap odds --json``."""
    return {"target_number": preview.target_number,
            "modifiers": [asdict(m) for m in preview.attack_modifiers]}


def preview_title(preview: AttackPreview, board: Board) -> str:
    """``Harsk (Longbow, Shooting) vs Goblin 5: TN 4, -2 light Cover``."""
    names = {t.id: t.name for t in board.tokens}
    weapon = preview.weapon or "unarmed"
    modifiers = "".join(f", {m}" for m in preview.attack_modifiers)
    return (f"{names[preview.attacker]} ({weapon}, {preview.kind.value}) vs "
            f"{names[preview.target]}: TN {preview.target_number}{modifiers}")
