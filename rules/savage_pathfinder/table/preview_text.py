"""The attack preview card's text: what the rules will use, in the words a GM reads.

One short line per fact (distance and band, cover with its fraction and penalty, Gang Up,
light, bystanders, the target number and total modifier), then the exact odds. The GUI draws
these lines beside the target; tests compare them with ``battlemap survey`` and ``odds``.

Examples
--------
>>> percent(0.2465277)
'25 %'
"""

from __future__ import annotations

from collections.abc import Mapping

from battlemap.rules.savage_pathfinder.modifiers import COVER_PENALTY
from battlemap.rules.savage_pathfinder.odds import AttackOdds
from battlemap.rules.savage_pathfinder.table.pipeline import AttackPreview

__all__ = ["attack_odds_rows", "card_lines", "odds_lines", "percent"]


def percent(chance: float) -> str:
    """A probability as a GM reads it: a whole percentage, ``<1 %`` and ``>99 %`` for the
    nearly impossible and the nearly certain.

    >>> percent(0.409), percent(0.004), percent(0.0), percent(0.996), percent(1.0)
    ('41 %', '<1 %', '0 %', '>99 %', '100 %')
    """
    if 0.0 < chance < 0.005:
        return "<1 %"
    if 0.995 < chance < 1.0:
        return ">99 %"
    return f"{round(100 * chance)} %"


def odds_lines(odds: AttackOdds) -> list[str]:
    """The exact odds: hit and raise, then Shaken or worse, a Wound or more, Incapacitated.

    Examples
    --------
    >>> odds_lines(AttackOdds(0.02, 0.5, 0.25, 0.4, 0.2, (0.8, 0.1, 0.1), 0.1))
    ['Hit 50 %  Raise 25 %', 'Shaken+ 40 %  Wound+ 20 %  Incap. 10 %']
    """
    wounded = 1.0 - odds.wounds[0] if odds.wounds else 0.0
    lines = [f"Hit {percent(odds.hit)}  Raise {percent(odds.raise_)}",
             f"Shaken+ {percent(odds.shaken)}  Wound+ {percent(wounded)}  "
             f"Incap. {percent(odds.incapacitated)}"]
    if odds.soaked_all or odds.dies or odds.bleeding_out:
        lines.append(f"Soaks all {percent(odds.soaked_all)}  Bleeds "
                     f"{percent(odds.bleeding_out)}  Dies {percent(odds.dies)}")
    return lines


def attack_odds_rows(odds: AttackOdds) -> list[tuple[str, float]]:
    """Every chance of an attack by name, for ``battlemap odds FILE``: the roll's results, then
    the damage's (Shaken or worse, Shaken only, exactly k Wounds, Incapacitated).

    Examples
    --------
    >>> attack_odds_rows(AttackOdds(0.02, 0.5, 0.25, 0.4, 0.2, (0.8, 0.2), 0.1))[3:6]
    [('shaken or worse', 0.4), ('shaken only', 0.2), ('0 wounds', 0.8)]
    """
    rows = [("critical failure", odds.critical_failure), ("hit", odds.hit),
            ("raise", odds.raise_), ("shaken or worse", odds.shaken),
            ("shaken only", odds.shaken_only)]
    rows += [(f"{k} wound{'s' * (k != 1)}", chance) for k, chance in enumerate(odds.wounds)]
    return [*rows, ("incapacitated", odds.incapacitated), ("soaked all", odds.soaked_all),
            ("bleeding out", odds.bleeding_out), ("dies", odds.dies)]


def _distance_line(preview: AttackPreview) -> str:
    band = preview.context.range_band.value if preview.kind.value != "Fighting" else \
        preview.survey.range_band
    return f'{preview.survey.distance:g}" · {band.replace("_", " ")}'


def _cover_line(preview: AttackPreview) -> str:
    cover = preview.context.cover
    fraction = percent(preview.survey.cover_fraction)
    penalty = COVER_PENALTY[cover]
    return f"Cover {fraction} · {cover.value}" + (f" ({penalty:+d})" if penalty else "")


def card_lines(preview: AttackPreview, names: Mapping[str, str]) -> list[str]:
    """Every line of the card, title first; a problem replaces the numbers."""
    weapon = preview.weapon or "unarmed"
    title = f"{names.get(preview.target, preview.target)} · {weapon} ({preview.kind.value})"
    lines = [title, _distance_line(preview), _cover_line(preview)]
    if preview.context.gang_up:
        lines.append(f"Gang Up +{preview.context.gang_up}")
    lines.append(f"Light: {preview.context.illumination.value}")
    if preview.survey.bystanders:
        lines.append("Bystanders: " + ", ".join(names.get(b, b)
                                                 for b in preview.survey.bystanders))
    lines += list(preview.notes)
    if preview.problem is not None or preview.odds is None:
        return [*lines, f"Cannot attack: {preview.problem}"]
    lines.append(f"TN {preview.target_number} · total {preview.total_modifier:+d}")
    others = [str(m) for m in preview.attack_modifiers if not _on_a_line(m.reason)]
    lines += [", ".join(others)] * bool(others)
    return lines + odds_lines(preview.odds)


def _on_a_line(reason: str) -> bool:
    """Whether a modifier already has its own line on the card (Cover, Gang Up): each is
    said once."""
    return reason.endswith("Cover") or reason.startswith("Gang Up")
