"""The combat log in plain words: outcome events -> one :class:`LogEntry` per attack, and Markdown.

The rules return events (:mod:`battlemap.rules.events`); this module turns them into the lines a GM
reads at the table, with token names instead of ids. A trait roll reads

    Shooting d8 5, Wild d6 6+3 = 9; -2 Medium Range; -4 Medium Cover (52 %) → 3 vs TN 4: miss

(the dice, the die kept, each modifier with its reason, the total against the target number and
what it achieved); a bystander hit is added to the line of the roll that caused it
(``; bystander die 1 → Goblin 3``); damage reads ``Damage ... → 9 vs Toughness 5``; every
other event is one short sentence. :func:`log_markdown` exports a whole log.

Examples
--------
>>> from battlemap.rules.events import DieRoll, Miss, Modifier, RollMade
>>> roll = RollMade("h1", "Shooting", (DieRoll(8, (5,), "Shooting die"),
...                 DieRoll(6, (6, 3), "Wild Die")), (Modifier(-2, "Medium Range"),
...                 Modifier(-4, "Medium Cover")), 3, 4, "failure")
>>> entry = attack_entry("Valeros shoots Goblin 3 (Shortbow)", [roll, Miss("h1", "g3", False)],
...                      {"h1": "Valeros", "g3": "Goblin 3"}, cover_fraction=0.52)
>>> entry.title
'Valeros shoots Goblin 3 (Shortbow): miss'
>>> print(entry.lines[0])
Shooting d8 5, Wild d6 6+3 = 9; -2 Medium Range; -4 Medium Cover (52 %) → 3 vs TN 4: miss
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace

from battlemap.rules.events import (
    BystanderHit,
    DamageRolled,
    DieRoll,
    Event,
    Hit,
    Incapacitated,
    Miss,
    Modifier,
    RollMade,
    Shaken,
    Soaked,
    Wounded,
    describe,
)
from battlemap.rules.table import LogEntry

__all__ = ["attack_entry", "event_text", "log_markdown", "roll_text"]

Names = Mapping[str, str]
BYSTANDER_PICK = "random bystander"
DEVIATION = "deviation"
"""The purpose of the die that picks which of several bystanders a stray shot hits."""


def _die_text(die: DieRoll) -> str:
    """``Shooting d8 5``, ``Wild d6 6+3``, ``Strength d6 4``: the die's purpose, shortened."""
    label = die.purpose.replace("(damage)", "").replace(" Die", "").replace(" die", "").strip()
    label = label.removesuffix(f" d{die.sides}").strip()
    faces = "+".join(str(face) for face in die.faces)
    return f"{label} d{die.sides} {faces}".strip()


def _modifier_text(modifier: Modifier, cover_fraction: float | None) -> str:
    text = f"{modifier.value:+d} {modifier.reason}"
    if cover_fraction is not None and "cover" in modifier.reason.lower():
        text += f" ({round(cover_fraction * 100)} %)"
    return text


def _is_damage(roll: RollMade) -> bool:
    return roll.target is None and "damage" in roll.purpose.lower()


def roll_text(roll: RollMade, outcome: str | None = None, cover_fraction: float | None = None,
              toughness: int | None = None) -> str:
    """One roll in plain words; ``outcome`` replaces the roll's own result word (hit, miss).

    A trait roll keeps its best die; a damage roll adds its dice up and is compared with
    ``toughness`` when given.

    Examples
    --------
    >>> from battlemap.rules.events import DieRoll, RollMade
    >>> roll_text(RollMade("g1", "Fighting", (DieRoll(6, (4,), "Fighting die"),), (), 4, 5,
    ...                    "failure"))
    'Fighting d6 4 → 4 vs TN 5: failure'
    >>> roll_text(RollMade("h1", "Bow damage", (DieRoll(6, (6, 2), "Bow d6 (damage)"),
    ...           DieRoll(6, (3,), "Bow d6 (damage)")), (), 11, None, ""), "1 raise", toughness=6)
    'Bow damage: Bow d6 6+2, Bow d6 3 → 11 vs Toughness 6: 1 raise'
    """
    dice = ", ".join(_die_text(die) for die in roll.dice)
    if not dice.lower().startswith(roll.purpose.lower()):
        dice = f"{roll.purpose}: {dice}"
    totals = [die.total for die in roll.dice]
    base = sum(totals) if _is_damage(roll) else max(totals, default=0)
    parts = [f"{dice} = {base}"] if roll.modifiers else [dice]
    parts += [_modifier_text(m, None if _is_damage(roll) else cover_fraction)
              for m in roll.modifiers]
    against = "" if roll.target is None else f" vs TN {roll.target}"
    against = f" vs Toughness {toughness}" if toughness is not None else against
    result = outcome or roll.result
    return "; ".join(parts) + f" → {roll.total}{against}" + (f": {result}" if result else "")


def _damage_word(event: DamageRolled) -> str:
    if event.total < event.toughness:
        return "no effect"
    return f"{event.raises} raise{'s' * (event.raises != 1)}" if event.raises else "success"


def _name(names: Names, token_id: str) -> str:
    return names.get(token_id, token_id)


def event_text(event: Event, names: Names) -> str:
    """One event other than a roll as a sentence, tokens by name.

    Examples
    --------
    >>> from battlemap.rules.events import Wounded
    >>> event_text(Wounded("g1", 1, 1), {"g1": "Goblin 1"})
    'Goblin 1 takes 1 Wound (now 1)'
    """
    match event:
        case BystanderHit(bystander=b):
            return f"the stray shot hits {_name(names, b)}"
        case DamageRolled(target=t, total=n, toughness=tough):
            effect = "no effect" if n < tough else "Shaken or worse"
            return f"damage {n} vs Toughness {tough} of {_name(names, t)}: {effect}"
    return describe(_named(event, names))


TOKEN_FIELDS = ("token", "attacker", "target", "bystander", "actor")
"""The fields of events that hold token ids."""


def _named(event: Event, names: Names) -> Event:
    """The event with token names in place of token ids, for
    :func:`battlemap.rules.events.describe`."""
    ids = {f.name: getattr(event, f.name) for f in fields(event) if f.name in TOKEN_FIELDS}
    named: Event = replace(event, **{k: names.get(v, v) for k, v in ids.items()})
    return named


def _hit_word(event: Event) -> str | None:
    match event:
        case Hit(raise_=r):
            return "hit with a raise" if r else "hit"
        case Miss(critical_failure=c):
            return "Critical Failure: miss" if c else "miss"
    return None


def _bystander_text(roll: RollMade, event: BystanderHit, names: Names, pick: str) -> str:
    """``bystander die 1 → Goblin 3``: the skill die that went astray (and the die that
    picked among several bystanders)."""
    faces = [d.faces[0] for d in roll.dice if "wild" not in d.purpose.lower()]
    die = f" {min(faces)}" if faces else ""
    return f"bystander die{die}{pick} → {_name(names, event.bystander)}"


class _Breakdown:
    """The lines of one attack as its events arrive (see :func:`attack_lines`)."""

    def __init__(self, names: Names, cover_fraction: float | None) -> None:
        self.names, self.cover_fraction = names, cover_fraction
        self.lines: list[str] = []
        self.last_roll: RollMade | None = None
        self.attack: tuple[int, RollMade] | None = None
        self.judged, self.pick = False, ""

    def add(self, event: Event) -> None:
        word = _hit_word(event)
        if isinstance(event, RollMade):
            self._roll(event)
        elif word is not None:
            self._judge(word)
        elif isinstance(event, BystanderHit) and self.attack is not None:
            line, roll = self.attack
            self.lines[line] += f"; {_bystander_text(roll, event, self.names, self.pick)}"
            self.pick = ""
        elif isinstance(event, DamageRolled) and self.last_roll and _is_damage(self.last_roll):
            self.lines[-1] = roll_text(self.last_roll, _damage_word(event),
                                       toughness=event.toughness)
        else:
            self.lines.append(event_text(event, self.names))

    def _roll(self, roll: RollMade) -> None:
        if roll.purpose == BYSTANDER_PICK:
            self.pick = f", {_die_text(roll.dice[0])}"
        elif roll.purpose.startswith(DEVIATION):
            self.lines.append(_deviation_text(roll))
        else:
            self.last_roll = roll
            if roll.target is not None:
                self.attack, self.judged = (len(self.lines), roll), False
            self.lines.append(roll_text(roll, cover_fraction=self.cover_fraction))

    def _judge(self, word: str) -> None:
        """The first hit or miss after an attack roll names its result."""
        if self.attack is not None and not self.judged:
            line, roll = self.attack
            self.lines[line], self.judged = roll_text(roll, word, self.cover_fraction), True


def attack_lines(events: Sequence[Event], names: Names,
                 cover_fraction: float | None = None) -> tuple[str, ...]:
    """The breakdown lines of one attack: each roll with its hit or miss, then the effects.

    A hit or miss rewrites the result word of the attack roll before it; a bystander hit (and
    the die that picked the bystander) is added to the line of the last attack roll; the
    damage against Toughness completes the damage roll's line.
    """
    breakdown = _Breakdown(names, cover_fraction)
    for event in events:
        breakdown.add(event)
    return tuple(breakdown.lines)


def _deviation_text(roll: RollMade) -> str:
    """``deviation d6 3, d6 4 (x2 at medium range) = 14 → 5"`` (capped at half the distance)
    or ``deviation direction d12 7 → 7 o'clock``."""
    dice = ", ".join(f"d{d.sides} {'+'.join(map(str, d.faces))}" for d in roll.dice)
    reasons = "".join(f" ({m.reason})" for m in roll.modifiers)
    total = f" = {roll.total}" if roll.modifiers else ""
    return f"{roll.purpose} {dice}{reasons}{total} → {roll.result}"


def _summary(events: Iterable[Event], names: Names) -> str:
    words: list[str] = []
    judged = False
    for event in events:
        word = _hit_word(event)
        if word is not None and not judged:
            words.append(word)
            judged = True
        elif isinstance(event, BystanderHit):
            words.append(f"stray shot hits {_name(names, event.bystander)}")
        elif isinstance(event, DamageRolled) and event.total < event.toughness:
            words.append(f"no effect on {_name(names, event.target)}")
        elif isinstance(event, Shaken | Wounded | Incapacitated | Soaked):
            words.append(event_text(event, names))
    return "; ".join(words) or "no effect"


def attack_entry(title: str, events: Sequence[Event], names: Names, *,
                 cover_fraction: float | None = None, notes: Sequence[str] = (),
                 round_number: int = 0) -> LogEntry:
    """The log entry of one attack: ``title: summary``, the breakdown lines, then ``notes``.

    ``notes`` are lines the pipeline adds (a GM's override, a deviation); ``cover_fraction``
    is printed beside the Cover modifier.
    """
    lines = (*attack_lines(events, names, cover_fraction), *notes)
    return LogEntry(f"{title}: {_summary(events, names)}", lines, round_number)


def log_markdown(log: Sequence[LogEntry], heading: str = "Combat log") -> str:
    """The log as Markdown: a heading per round, a bullet per entry, its lines beneath.

    Examples
    --------
    >>> print(log_markdown([LogEntry("Valeros shoots Goblin 1: hit", ("Shooting d8 6 → 6 "
    ...                              "vs TN 4: hit",), round=1)], "Goblin ambush"))
    # Goblin ambush
    <BLANKLINE>
    ## Round 1
    <BLANKLINE>
    - **Valeros shoots Goblin 1: hit**
      - Shooting d8 6 → 6 vs TN 4: hit
    <BLANKLINE>
    """
    out = [f"# {heading}", ""]
    current: int | None = None
    for entry in log:
        if entry.round != current:
            current = entry.round
            heading = f"## Round {current}" if current else "## Before initiative"
            out += [""] * (out[-1] != "") + [heading, ""]
        out.append(f"- **{entry.title}**")
        out += [f"  - {line}" for line in entry.lines]
    return "\n".join(out) + "\n"
