"""The turn tracker on an Encounter: state stored in Encounter.combat, one log entry per step.

Rule paragraphs are from savage-pathfinder-combat.txt and
savage-pathfinder-situational-rules.txt (Hold, Interrupting Actions).
"""

import pytest
from support import spf_on_map as turn_rolls
from support import spf_on_map as turns

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.initiative import InitiativeError


def stats(wild_card: bool, athletics: str, **condition: object) -> dict:
    return {"wild_card": wild_card, "skills": {"athletics": athletics}, "edges": [],
            "condition": {"shaken": False, "on_hold": False, **condition}}


def encounter() -> Encounter:
    return Encounter(
        tokens=(
            Token("val", "Valeros", 1.5, 1.5, side=Side.HERO,
                  stats=stats(True, "d8", wounds=1)),
            Token("g1", "Goblin 1", 5.5, 1.5, side=Side.VILLAIN, group="Goblins",
                  stats=stats(False, "d6")),
            Token("g2", "Goblin 2", 6.5, 1.5, side=Side.VILLAIN, group="Goblins",
                  stats=stats(False, "d6")),
            Token("torch", "Torch", 3.5, 3.5),
        ),
        combat={"notes": "kept"},
    )


def on_hold(enc: Encounter, token_id: str) -> bool:
    return enc.token(token_id).stats["condition"]["on_hold"]


def test_state_round_trips_through_encounter_combat_and_the_log():
    enc, entry = turns.begin_combat(encounter(), PhysicalCards(["KS", "QH"]))
    stored = enc.combat["initiative"]
    assert stored["cards"] == {"val": "KS", "group:Goblins": "QH"}
    assert stored["hands"][1] == {"key": "group:Goblins", "label": "Goblins",
                                  "members": ["g1", "g2"]}
    assert enc.combat["notes"] == "kept"  # other combat keys are left alone
    assert turns.initiative(enc).cards == {"val": "KS", "group:Goblins": "QH"}
    assert (enc.log, entry.round) == ((entry,), 1)
    assert entry.lines[-1] == "Valeros (K♠) acts."
    assert turns.acting_tokens(enc) == ("val",)


def test_one_undoable_edit_per_step():
    state = BattleState(encounter())
    state.apply("Deal", turns.begin_combat(state.encounter, PhysicalCards(["KS", "QH"]))[0])
    state.apply("Next turn", turns.next_turn(state.encounter)[0])
    assert turns.acting_tokens(state.encounter) == ("g1", "g2")
    state.undo()
    assert turns.acting_tokens(state.encounter) == ("val",)
    state.undo()
    assert (state.encounter.combat, state.encounter.log) == ({"notes": "kept"}, ())


def test_hold_is_mirrored_in_the_condition_and_lost_when_shaken():
    # Hold: "Shaken ... while on Hold, she immediately loses her Hold status and her turn".
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["KS", "QH"]))
    enc, entry = turns.go_on_hold(enc, "val")
    assert (entry.title, on_hold(enc, "val")) == ("Valeros goes on Hold.", True)
    assert turns.acting_tokens(enc) == ("g1", "g2")
    valeros = enc.token("val")
    shaken = {**valeros.stats, "condition": {**valeros.stats["condition"], "shaken": True}}
    enc = enc.with_token(Token("val", "Valeros", 1.5, 1.5, side=Side.HERO, stats=shaken))
    enc, entry = turns.next_turn(enc)
    assert entry.lines[0] == "Valeros is Shaken while on Hold: loses Hold and its turn this round."
    assert entry.title == "Round 1 is over."
    assert on_hold(enc, "val") is False


def test_rolled_interrupt_across_rounds_with_the_joker_bonus():
    # Round 1: Valeros (K♠) goes on Hold; round 2 he keeps it, no card; the Goblins draw the
    # red Joker. He interrupts them: Valeros d8 4, Wild Die 3, -1 Wound = 3; Goblin 1 (Extra)
    # d6 2, +2 Joker = 4. He fails: loses Hold and acts after the Goblins finish.
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["KS", "QH"]))
    enc, _ = turns.go_on_hold(enc, "val")
    enc, _ = turns.next_turn(enc)
    enc, entry = turns.deal_round(enc, PhysicalCards(["RJ"]))
    assert entry.lines[0] == "Valeros stays on Hold: no new card."
    assert (turns.acting_tokens(enc), on_hold(enc, "val")) == (("g1", "g2"), True)
    enc, entry = turn_rolls.roll_interrupt(enc, "val", ScriptedDice([4, 3, 2]))
    assert entry.title == ("Valeros fails to interrupt Goblins: Athletics 3 vs 4. Valeros loses "
                           "Hold and acts after Goblins finishes.")
    assert entry.lines[0].startswith("Valeros Athletics") and "-1 1 Wound = 3" in entry.lines[0]
    assert entry.lines[1].startswith("Goblin 1 Athletics") and "+2 Joker = 4" in entry.lines[1]
    enc, _ = turns.next_turn(enc)
    assert (turns.acting_tokens(enc), on_hold(enc, "val")) == (("val",), False)


def test_interrupt_won_with_typed_totals_then_act_now_and_end_combat():
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["KS", "QH"]))
    enc, _ = turns.go_on_hold(enc, "val")
    enc, entry = turns.interrupt(enc, "val", 9, 6)
    assert turns.acting_tokens(enc) == ("val",)
    enc, entry = turns.end_combat(enc)
    assert (entry.title, enc.combat, on_hold(enc, "val")) == (
        "Combat ends after round 1", {"notes": "kept"}, False)


def test_clear_errors_and_nothing_applied():
    with pytest.raises(InitiativeError, match="combat has not begun"):
        turns.next_turn(encounter())
    fate = Encounter(system="fate", tokens=encounter().tokens)
    with pytest.raises(InitiativeError, match="this encounter uses 'fate'"):
        turns.begin_combat(fate, PhysicalCards(["AS"]))
    with pytest.raises(InitiativeError, match="no token has a stat block"):
        turns.begin_combat(Encounter(), PhysicalCards(["AS"]))
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["KS", "QH"]))
    with pytest.raises(InitiativeError, match="Goblins can go on Hold only on its own turn"):
        turns.go_on_hold(enc, "group:Goblins")


def test_large_groups_and_surprise_through_the_encounter():
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["3C"]), large_groups=True,
                                unaware=("val",))
    assert turns.initiative(enc).cards == {"side:villain": "3C"}
    assert turns.acting_tokens(enc) == ("g1", "g2")
    enc, _ = turns.begin_combat(encounter(), PhysicalCards(["3C", "9D"]), ambushers=("g1",))
    assert (on_hold(enc, "g1"), on_hold(enc, "g2"), turns.acting_tokens(enc)) == (
        True, True, ("val",))


def test_ambush_rolls_notice_for_the_victims():
    # Surprise: the villains ambush; Valeros (no Notice: d4-2, 1 Wound -1) rolls d4 3, Wild
    # Die 2 = 3 - 3 = 0: he fails, gets no card, and only the Goblins (on Hold) could act.
    enc, entry = turn_rolls.begin_ambush(encounter(), PhysicalCards(["9D"]), Side.VILLAIN,
                                    ScriptedDice([3, 2]))
    assert entry.lines[0].startswith("Valeros Notice") and "= 0 vs 4: failure" in entry.lines[0]
    assert turns.initiative(enc).cards == {"group:Goblins": "9D"}
    assert (on_hold(enc, "g1"), turns.acting_tokens(enc)) == (True, ())
    assert entry.lines[-1] == "Round 1: the countdown is done; on Hold and free to act: Goblins."
    # The heroes ambush: Goblin 1 rolls d4 4+1 (ace) - 2 = 3, fails; Goblin 2 d4 4+2 - 2 = 4,
    # succeeds, so the Goblins' card is dealt (only a hand whose members all failed gets none).
    enc, entry = turn_rolls.begin_ambush(encounter(), PhysicalCards(["KS", "QH"]), Side.HERO,
                                    ScriptedDice([4, 1, 4, 2]))
    assert [line.endswith(result) for line, result in zip(
        entry.lines[:2], ("3 vs 4: failure", "4 vs 4: success"), strict=True)] == [True, True]
    assert turns.initiative(enc).cards == {"val": "KS", "group:Goblins": "QH"}
    assert (on_hold(enc, "val"), turns.acting_tokens(enc)) == (True, ("g1", "g2"))
