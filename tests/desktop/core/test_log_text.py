"""The combat log's plain words: rolls, hits and misses, bystanders, damage, effects, Markdown."""

from battlemap.desktop.core.model import LogEntry
from battlemap.rules.events import (
    BystanderHit,
    DamageRolled,
    DieRoll,
    Hit,
    Incapacitated,
    Miss,
    Modifier,
    RollMade,
    Shaken,
    Wounded,
)
from battlemap.rules.narration import (
    attack_entry,
    attack_lines,
    event_text,
    log_markdown,
    roll_text,
)

NAMES = {"valeros": "Valeros", "goblin-1": "Goblin 1", "goblin-3": "Goblin 3"}


def shooting_roll() -> RollMade:
    """Shooting d8 shows 5, the Wild Die 6 then 3 (an ace): 9 kept; -2 -4 leaves 3 vs 4."""
    dice = (DieRoll(8, (5,), "Shooting die"), DieRoll(6, (6, 3), "Wild Die"))
    modifiers = (Modifier(-2, "Medium Range"), Modifier(-4, "Medium Cover"))
    return RollMade("valeros", "Shooting", dice, modifiers, 3, 4, "failure")


def test_a_missed_shot_reads_like_the_issue_example() -> None:
    roll = RollMade("valeros", "Shooting", (DieRoll(8, (1,), "Shooting die"),
                    DieRoll(6, (6, 3), "Wild Die")), shooting_roll().modifiers, 3, 4, "failure")
    events = [roll, Miss("valeros", "goblin-1", False), BystanderHit("valeros", "goblin-3")]
    lines = attack_lines(events, NAMES, cover_fraction=0.52)
    assert lines == ("Shooting d8 1, Wild d6 6+3 = 9; -2 Medium Range; -4 Medium Cover (52 %)"
                     " → 3 vs TN 4: miss; bystander die 1 → Goblin 3",)


def test_a_hit_replaces_the_result_word_and_damage_follows() -> None:
    """Fighting d8 8+2 (an ace) beats Parry 5 by 5: a raise. Damage as the engine reports it:
    Strength d8 6 + Longsword d8 3 + raise d6 2 = 11 vs Toughness 5: one raise (11 - 5 = 6)."""
    attack = RollMade("valeros", "Fighting", (DieRoll(8, (8, 2), "Fighting die"),
                      DieRoll(6, (4,), "Wild Die")), (), 10, 5, "raise")
    damage = RollMade("valeros", "Longsword damage", (
        DieRoll(8, (6,), "Strength die (damage)"), DieRoll(8, (3,), "Longsword d8 (damage)"),
        DieRoll(6, (2,), "raise bonus d6 (damage)")), (), 11, None, "")
    events = [attack, Hit("valeros", "goblin-1", True), damage, DamageRolled("goblin-1", 11, 5, 1),
              Wounded("goblin-1", 1, 1), Incapacitated("goblin-1")]
    entry = attack_entry("Valeros attacks Goblin 1 (Longsword)", events, NAMES)
    assert entry.lines == (
        "Fighting d8 8+2, Wild d6 4 → 10 vs TN 5: hit with a raise",
        "Longsword damage: Strength d8 6, Longsword d8 3, raise bonus d6 2 → 11 vs Toughness 5:"
        " 1 raise",
        "Goblin 1 takes 1 Wound (now 1)",
        "Goblin 1 is Incapacitated",
    )
    assert entry.title == ("Valeros attacks Goblin 1 (Longsword): hit with a raise; "
                           "Goblin 1 takes 1 Wound (now 1); Goblin 1 is Incapacitated")


def test_damage_modifiers_are_added_to_the_sum_of_the_dice() -> None:
    """2d6 shows 4 and 2 = 6; an obstacle's Armor +5 makes it 1, below Toughness 5."""
    damage = RollMade("harsk", "Longbow damage", (DieRoll(6, (4,), "Longbow d6 (damage)"),
                      DieRoll(6, (2,), "Longbow d6 (damage)")),
                      (Modifier(-5, "through low-wall (Armor +5)"),), 1, None, "")
    entry = attack_entry("Harsk shoots Goblin 1 (Longbow)", [damage,
                         DamageRolled("goblin-1", 1, 5, 0)], NAMES, cover_fraction=0.6)
    assert entry.lines == ("Longbow damage: Longbow d6 4, Longbow d6 2 = 6; -5 through low-wall"
                           " (Armor +5) → 1 vs Toughness 5: no effect",)
    assert entry.title == "Harsk shoots Goblin 1 (Longbow): no effect on Goblin 1"


def test_damage_without_its_own_roll_is_spelled_out() -> None:
    lines = attack_lines([DamageRolled("goblin-1", 4, 5, 0)], NAMES)
    assert lines == ("damage 4 vs Toughness 5 of Goblin 1: no effect",)


def test_cover_percentage_only_beside_the_cover_modifier() -> None:
    text = roll_text(shooting_roll(), cover_fraction=0.254)
    assert text == ("Shooting d8 5, Wild d6 6+3 = 9; -2 Medium Range; -4 Medium Cover (25 %)"
                    " → 3 vs TN 4: failure")


def test_notes_follow_the_breakdown_and_the_round_is_kept() -> None:
    entry = attack_entry("Valeros shoots Goblin 1", [shooting_roll(), Miss("valeros", "goblin-1",
                         False)], NAMES, notes=("GM override: cover Medium (measured Light)",),
                         round_number=2)
    assert entry.lines[-1] == "GM override: cover Medium (measured Light)"
    assert (entry.round, entry.title) == (2, "Valeros shoots Goblin 1: miss")


def test_events_use_token_names() -> None:
    assert event_text(Shaken("goblin-3"), NAMES) == "Goblin 3 is Shaken"
    assert event_text(Wounded("goblin-1", 2, 3), NAMES) == "Goblin 1 takes 2 Wounds (now 3)"


def test_markdown_groups_entries_by_round() -> None:
    log = [LogEntry("Round 1: Action Cards dealt", ("Valeros is dealt 9♠.",), round=1),
           LogEntry("Valeros shoots Goblin 1: miss", ("Shooting d8 2 → 2 vs TN 4: miss",), 1),
           LogEntry("Goblin 1 attacks Valeros: hit", (), 2)]
    assert log_markdown(log, "Goblin ambush") == (
        "# Goblin ambush\n\n## Round 1\n\n- **Round 1: Action Cards dealt**\n"
        "  - Valeros is dealt 9♠.\n- **Valeros shoots Goblin 1: miss**\n"
        "  - Shooting d8 2 → 2 vs TN 4: miss\n\n## Round 2\n\n"
        "- **Goblin 1 attacks Valeros: hit**\n"
    )


def test_the_die_that_picks_a_bystander_joins_the_attack_line() -> None:
    """Shooting d6 shows 1 and the Wild Die 2: a miss whose 1 goes astray; a d3 picks the
    second of three candidates, who then takes the bow's damage (2d6: 5 + 1 = 6 vs 5)."""
    roll = RollMade("valeros", "Shooting", (DieRoll(6, (1,), "Shooting die"),
                    DieRoll(6, (2,), "Wild Die")), (), 2, 4, "failure")
    pick = RollMade("valeros", "random bystander", (DieRoll(3, (2,), "random bystander"),), (),
                    2, None, "goblin-3")
    damage = RollMade("valeros", "Shortbow damage", (DieRoll(6, (5,), "Shortbow d6 (damage)"),
                      DieRoll(6, (1,), "Shortbow d6 (damage)")), (), 6, None, "")
    events = [roll, Miss("valeros", "goblin-1", False), pick,
              BystanderHit("valeros", "goblin-3"), damage, DamageRolled("goblin-3", 6, 5, 0),
              Shaken("goblin-3")]
    entry = attack_entry("Valeros shoots Goblin 1 (Shortbow)", events, NAMES)
    assert entry.lines == (
        "Shooting d6 1, Wild d6 2 → 2 vs TN 4: miss; bystander die 1, random bystander d3 2"
        " → Goblin 3",
        "Shortbow damage: Shortbow d6 5, Shortbow d6 1 → 6 vs Toughness 5: success",
        "Goblin 3 is Shaken",
    )
    assert entry.title == ("Valeros shoots Goblin 1 (Shortbow): miss; stray shot hits Goblin 3;"
                           " Goblin 3 is Shaken")


def test_a_missed_blast_shows_its_deviation_and_later_victims_do_not_turn_it_into_a_hit() -> None:
    """Athletics d8 3, Wild Die 2 vs 4: a miss. 1d6 (thrown) shows 5, x2 at Medium Range = 10,
    capped at half the distance (2"); the d12 says 3 o'clock. Who is beneath the landing point
    is then hit without the raise bonus: Strength d6 3 + Dagger d4 4 = 7 vs 6."""
    roll = RollMade("merisiel", "Athletics (throwing) (mbt)", (
        DieRoll(8, (3,), "Athletics (throwing) (mbt) die"), DieRoll(6, (2,), "Wild Die")), (),
        3, 4, "failure")
    drift = RollMade("merisiel", "deviation", (DieRoll(6, (5,), "deviation d6"),),
                     (Modifier(2, "x2 at medium range"),), 10, None, '2"')
    clock = RollMade("merisiel", "deviation direction", (DieRoll(12, (3,), "clock"),), (), 3,
                     None, "3 o'clock")
    damage = RollMade("merisiel", "Dagger damage", (DieRoll(6, (3,), "Strength die (damage)"),
                      DieRoll(4, (4,), "Dagger d4 (damage)")), (), 7, None, "")
    events = [roll, Miss("merisiel", "mbt template", False), drift, clock,
              Hit("merisiel", "goblin-1", False), damage, DamageRolled("goblin-1", 7, 6, 0),
              Shaken("goblin-1")]
    entry = attack_entry("Merisiel throws a MBT", events, {"merisiel": "Merisiel", **NAMES})
    assert entry.lines == (
        "Athletics (throwing) (mbt) d8 3, Wild d6 2 → 3 vs TN 4: miss",
        'deviation d6 5 (x2 at medium range) = 10 → 2"',
        "deviation direction d12 3 → 3 o'clock",
        "Dagger damage: Strength d6 3, Dagger d4 4 → 7 vs Toughness 6: success",
        "Goblin 1 is Shaken",
    )
    assert entry.title == "Merisiel throws a MBT: miss; Goblin 1 is Shaken"


def test_short_ids_never_leak_into_words() -> None:
    """A token with id "h" is Shaken: the "h" in "Shaken" stays a letter."""
    assert event_text(Shaken("h"), {"h": "Hero"}) == "Hero is Shaken"
