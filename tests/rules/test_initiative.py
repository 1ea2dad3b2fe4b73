"""Action Cards, worked out by hand from the Savage Pathfinder text.

"Combat" paragraphs are from savage-pathfinder-combat.txt (*Action Cards*, *Ties*, *Jokers*,
*Shuffle*, *Large Groups*, Incapacitation); "Situational" ones from
savage-pathfinder-situational-rules.txt (*Hold*, *Interrupting Actions*, *Surprise*). Quick,
Level Headed and Hesitant follow the Savage Worlds meanings (the text names but does not define
them; docs/rules/initiative.md).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.rules.dice import RandomDice, ScriptedDice
from battlemap.rules.savage_pathfinder.cards import (
    FULL_DECK,
    CardError,
    PhysicalCards,
    ShuffledCards,
)
from battlemap.rules.savage_pathfinder.dealing import begin_combat, deal_round
from battlemap.rules.savage_pathfinder.hold import act_now, break_holds, go_on_hold, interrupt
from battlemap.rules.savage_pathfinder.initiative import (
    DRAW_EDGES,
    EventKind,
    InitiativeError,
    Participant,
    countdown,
    next_turn,
    participant_from_stats,
)
from battlemap.rules.savage_pathfinder.initiative_json import (
    has_joker,
    initiative_from_json,
    initiative_to_json,
)

VAL = Participant("val", "Valeros", wild_card=True, side="hero")
KYRA = Participant("kyra", "Kyra", wild_card=True, side="hero")
EZREN = Participant("ezren", "Ezren", wild_card=True, side="hero")
GOB1 = Participant("g1", "Goblin 1", group="Goblins", side="villain")
GOB2 = Participant("g2", "Goblin 2", group="Goblins", side="villain")
WOLF = Participant("wolf", "Wolf", side="villain")


def with_edges(p: Participant, *edges: str, **condition: bool) -> Participant:
    return Participant(p.id, p.name, p.wild_card, p.group, p.side, frozenset(edges),
                       condition.get("incapacitated", False), condition.get("shaken", False),
                       condition.get("stunned", False))


def deal(participants, cards, **options):
    return begin_combat(participants, PhysicalCards(cards), **options)


# --- Combat, Action Cards: who is dealt, and the countdown --------------------------------


def test_each_wild_card_and_each_group_of_extras_gets_one_card():
    # "Deal each Wild Card an Action Card"; groups "share an Action Card"; a lone Extra is a
    # group of one. Cards go out in order of first appearance: Valeros 7H, Goblins 9S, Wolf 3D.
    state, _ = deal((VAL, GOB1, WOLF, GOB2), ["7H", "9S", "3D"])
    assert dict(state.cards) == {"val": "7H", "group:Goblins": "9S", "wolf": "3D"}
    assert state.hand("group:Goblins").members == ("g1", "g2")
    assert len(state.deck) == 54 - 3


def test_countdown_runs_from_ace_to_two():
    # "counting down from Ace down to Two": A♣ before 10♥ before 2♦; the Ace acts first.
    state, _ = deal((VAL, KYRA, EZREN), ["2D", "AC", "10H"])
    assert countdown(state) == ("kyra", "ezren", "val")
    assert state.acting == ("kyra",)


def test_ties_go_by_suit_spades_hearts_diamonds_clubs():
    # Ties: "Spades ♠ are first, then Hearts ♥, Diamonds ♦, and Clubs ♣".
    state, _ = deal((VAL, KYRA, EZREN, WOLF), ["KC", "KD", "KS", "KH"])
    assert countdown(state) == ("ezren", "wolf", "kyra", "val")


def test_next_turn_walks_the_countdown_then_ends_the_round():
    state, _ = deal((VAL, KYRA), ["5C", "JD"])
    state, events = next_turn(state)
    assert (state.acting, state.acted) == (("val",), ("kyra",))
    assert events[-1].text == "Valeros (5♣) acts."
    state, events = next_turn(state)
    assert (state.acting, events[-1].kind) == ((), EventKind.ROUND_OVER)


def test_incapacitated_characters_are_dealt_in_without_their_draw_edges():
    # Combat, Incapacitation: "still dealt Action Cards"; "Quick, Level Headed, or Hesitant
    # are ignored". A Quick hero would throw the 2♥ back; Incapacitated she keeps it.
    down = with_edges(VAL, "Quick", incapacitated=True)
    state, _ = deal((down,), ["2H", "KS"])
    assert state.cards["val"] == "2H"


# --- Jokers and the shuffle ------------------------------------------------------------------


def test_joker_acts_first_and_gives_its_group_the_bonus():
    # Jokers "act whenever they want" (listed first) and "add +2 to all Trait and damage rolls".
    state, events = deal((VAL, GOB1, GOB2), ["AS", "BJ"])
    assert countdown(state) == ("group:Goblins", "val")
    combat = {"initiative": initiative_to_json(state)}
    assert (has_joker(combat, "g2"), has_joker(combat, "val")) == (True, False)
    assert "Joker: +2 to Trait and damage rolls this round" in events[2].text


def test_the_joker_is_read_from_one_reading_of_the_combat_while_it_stays_the_same(monkeypatch):
    # Every token's marks and rolls ask has_joker: one combat is read once, a changed one anew.
    from battlemap.rules.savage_pathfinder import initiative_json

    state, _ = deal((VAL, GOB1, GOB2), ["AS", "BJ"])
    combat = {"initiative": initiative_to_json(state)}
    read = []
    monkeypatch.setattr(initiative_json, "initiative_from_json",
                        lambda data: read.append(1) or initiative_from_json(data))
    answers = [has_joker(combat, token) for token in ("g1", "g2", "val", "g1")]
    assert answers == [True, True, False, True] and len(read) == 1
    combat["initiative"]["cards"]["group:Goblins"] = "2C"  # changed in place: read again
    assert has_joker(combat, "g2") is False and len(read) == 2
    assert has_joker({}, "g2") is False and len(read) == 2  # no combat: nothing to read


def test_a_joker_round_reshuffles_the_whole_deck_before_the_next():
    # Shuffle "after any round in which a Joker was dealt": round 1 deals RJ and 5H; round 2
    # starts from a full 54-card deck, so 5H and RJ can come again.
    state, _ = deal((VAL, KYRA), ["RJ", "5H"])
    state, events = deal_round(state, (VAL, KYRA), PhysicalCards(["5H", "RJ"]))
    assert events[0].text == "A Joker was dealt last round: the deck is shuffled."
    assert (state.round, dict(state.cards)) == (2, {"val": "5H", "kyra": "RJ"})
    assert (len(state.deck), state.discard) == (52, ())
    # Round 2 had a Joker too, so round 3 shuffles again and the discards are empty again.
    state, events = deal_round(state, (VAL, KYRA), PhysicalCards(["2S", "3S"]))
    assert (events[0].kind, len(state.deck), state.discard) == (EventKind.SHUFFLED, 52, ())


def test_without_a_joker_the_deck_is_not_shuffled():
    state, _ = deal((VAL, KYRA), ["KS", "5H"])
    state, events = deal_round(state, (VAL, KYRA), PhysicalCards(["QS", "4D"]))
    assert EventKind.SHUFFLED not in {event.kind for event in events}
    assert (state.discard, len(state.deck)) == (("KS", "5H"), 50)
    with pytest.raises(CardError, match=r"KS \(King of Spades\), dealt to Valeros, was already "
                                        r"dealt since the last shuffle"):
        deal_round(state, (VAL, KYRA), PhysicalCards(["KS", "2C"]))


def test_a_card_typed_twice_in_one_round_is_named():
    with pytest.raises(CardError, match=r"7H \(Seven of Hearts\), dealt to Kyra, was already "
                                        r"dealt this round"):
        deal((VAL, KYRA), ["7h", "7H"])
    with pytest.raises(CardError, match="'11H' is not a card"):
        deal((VAL,), ["11H"])


def test_seeded_and_scripted_shuffles():
    # Fisher-Yates with every roll at its maximum swaps each card with itself: the deck stays
    # in countdown order, so the first two hands get the red and the black Joker.
    identity = ScriptedDice(range(54, 1, -1))
    state, _ = begin_combat((VAL, KYRA), ShuffledCards(identity))
    assert dict(state.cards) == {"val": "RJ", "kyra": "BJ"}
    assert countdown(state) == ("val", "kyra")
    # With every roll 1 the deck rotates by one: BJ, AS, AH, ... , 2C, RJ.
    assert ShuffledCards(ScriptedDice([1] * 53)).shuffled(FULL_DECK) == (*FULL_DECK[1:], "RJ")
    one, _ = begin_combat((VAL, KYRA), ShuffledCards(RandomDice(seed=7)))
    two, _ = begin_combat((VAL, KYRA), ShuffledCards(RandomDice(seed=7)))
    assert one == two and sorted(one.deck + tuple(one.cards.values())) == sorted(FULL_DECK)


# --- Quick, Level Headed, Hesitant -----------------------------------------------------------


def test_quick_redraws_five_or_lower_until_six_or_better():
    state, _ = deal((with_edges(KYRA, "Quick"),), ["3D", "5S", "6C"])
    assert (state.cards["kyra"], state.discard) == ("6C", ("3D", "5S"))
    state, _ = deal((with_edges(KYRA, "Quick"),), ["6H", "2C"])
    assert state.cards["kyra"] == "6H"


def test_level_headed_keeps_the_better_of_two_and_improved_of_three():
    state, events = deal((with_edges(VAL, "Level Headed"),), ["3D", "JH"])
    assert (state.cards["val"], state.discard) == ("JH", ("3D",))
    assert events[1].text == "Valeros is dealt J♥ (Jack of Hearts); drew 3♦, J♥ (Level Headed)."
    state, _ = deal((with_edges(VAL, "Improved Level Headed"),), ["3D", "JH", "JS"])
    assert state.cards["val"] == "JS"


def test_level_headed_and_quick_together():
    # Best of 2C and 4H is 4H, still Five or lower, so Quick draws the 8S.
    state, _ = deal((with_edges(VAL, "Level Headed", "Quick"),), ["2C", "4H", "8S"])
    assert state.cards["val"] == "8S"


def test_hesitant_keeps_the_lower_card_unless_one_is_a_joker():
    state, _ = deal((with_edges(EZREN, "Hesitant"),), ["QS", "4D"])
    assert state.cards["ezren"] == "4D"
    state, _ = deal((with_edges(EZREN, "Hesitant"),), ["3C", "BJ"])
    assert state.cards["ezren"] == "BJ"
    # Level Headed and Hesitant cancel out: one card, the 2S.
    state, _ = deal((with_edges(EZREN, "Hesitant", "Level Headed"),), ["2S", "KS"])
    assert (state.cards["ezren"], len(state.deck)) == ("2S", 53)


def test_large_groups_one_card_per_side_with_edges_once():
    # Large Groups: "a single card per side"; Level Headed and Quick apply "but only once".
    # Heroes (Kyra Quick): 4S is Five or lower, redraw 7H. Villains (both goblins Level Headed,
    # the wolf Hesitant, which the paragraph does not name): two cards, 3C and QD, keep QD.
    heroes = (VAL, with_edges(KYRA, "Quick"))
    villains = (with_edges(GOB1, "Level Headed"), with_edges(GOB2, "Level Headed"),
                with_edges(WOLF, "Hesitant"))
    state, _ = deal(heroes + villains, ["4S", "7H", "3C", "QD"], large_groups=True)
    assert dict(state.cards) == {"side:hero": "7H", "side:villain": "QD"}
    assert state.hand("side:villain").members == ("g1", "g2", "wolf")
    assert len(state.deck) == 50


# --- Hold ------------------------------------------------------------------------------------


def test_hold_lasts_across_rounds_without_a_new_card():
    # Situational, Hold: "not dealt a new Action Card ... Discard her current card".
    state, _ = deal((VAL, WOLF), ["KS", "5H"])
    state, events = go_on_hold(state, "val", (VAL, WOLF))
    assert (state.on_hold, state.acting, events[0].text) == (("val",), ("wolf",),
                                                            "Valeros goes on Hold.")
    state, _ = next_turn(state)
    state, events = deal_round(state, (VAL, WOLF), PhysicalCards(["9D"]))
    assert dict(state.cards) == {"wolf": "9D"}
    assert (state.on_hold, state.discard) == (("val",), ("KS", "5H"))
    assert events[0].text == "Valeros stays on Hold: no new card."
    state, events = act_now(state, "val")
    assert (state.acting, state.acted, state.on_hold) == (("val",), ("wolf",), ())
    assert events[0].text == "Valeros acts from Hold."


def test_hold_is_lost_with_the_turn_when_shaken():
    # "If a character is Shaken or Stunned while on Hold, she immediately loses her Hold
    # status and her turn for the round."
    state, _ = deal((VAL, WOLF), ["KS", "5H"])
    state, _ = go_on_hold(state, "val", (VAL, WOLF))
    shaken = with_edges(VAL, shaken=True)
    state, events = break_holds(state, (shaken, WOLF))
    assert (state.on_hold, state.acted) == ((), ("val",))
    assert events[0].kind is EventKind.HOLD_LOST
    with pytest.raises(InitiativeError, match="Valeros has already had its turn"):
        act_now(state, "val")


def test_shaken_or_stunned_cannot_go_on_hold():
    state, _ = deal((VAL, WOLF), ["KS", "5H"])
    with pytest.raises(InitiativeError, match="Valeros is Stunned and cannot go on Hold"):
        go_on_hold(state, "val", (with_edges(VAL, stunned=True), WOLF))
    with pytest.raises(InitiativeError, match="Wolf can go on Hold only on its own turn"):
        go_on_hold(state, "wolf", (VAL, WOLF))


def held_valeros_and_acting_ogre():
    ogre = Participant("ogre", "Ogre", wild_card=True)
    state, _ = deal((VAL, ogre, WOLF), ["KS", "9H", "2C"])
    state, _ = go_on_hold(state, "val", (VAL, ogre, WOLF))
    return state


def test_interrupt_won_acts_first_and_the_foe_finishes_after():
    # Interrupting Actions: "Whoever rolls highest goes first."
    state, _ = interrupt(held_valeros_and_acting_ogre(), "val", 8, 5)
    assert (state.acting, state.queued, state.on_hold) == (("val",), ("ogre",), ())
    state, _ = next_turn(state)
    assert state.acting == ("ogre",)
    state, _ = next_turn(state)
    assert (state.acting, state.acted) == (("wolf",), ("val", "ogre"))


def test_interrupt_tied_is_simultaneous():
    state, events = interrupt(held_valeros_and_acting_ogre(), "val", 6, 6)
    assert (state.acting, state.on_hold) == (("ogre", "val"), ())
    assert events[0].text == "Valeros and Ogre tie, Athletics 6 vs 6: their actions are " \
                             "simultaneous."
    state, _ = next_turn(state)
    assert (state.acting, state.acted) == (("wolf",), ("ogre", "val"))


def test_interrupt_failed_loses_hold_and_acts_after_the_foe():
    # "she loses her Hold status but gets a turn after the foe finishes his."
    state, _ = interrupt(held_valeros_and_acting_ogre(), "val", 3, 7)
    assert (state.acting, state.queued, state.on_hold) == (("ogre",), ("val",), ())
    state, _ = next_turn(state)
    assert state.acting == ("val",)


def test_a_joker_interrupts_without_a_roll_and_others_need_hold():
    ogre = Participant("ogre", "Ogre", wild_card=True)
    state, _ = deal((VAL, ogre, WOLF), ["KS", "RJ", "2C"])
    next_state, _ = next_turn(state)  # the ogre's Joker came first; it acted
    assert next_state.acting == ("val",)
    with pytest.raises(InitiativeError, match="Wolf is not on Hold and holds no Joker"):
        interrupt(next_state, "wolf", 9, 1)
    # Two Jokers: Valeros (red) acts first; the wolf's black Joker interrupts him, no roll.
    state, _ = deal((VAL, ogre, WOLF), ["RJ", "2D", "BJ"])
    state, events = interrupt(state, "wolf")
    assert (state.acting, state.queued) == (("wolf",), ("val",))
    assert events[0].text.startswith("Wolf interrupts Valeros on a Joker.")
    # A Joker that chose to wait (on Hold) also interrupts without a roll.
    state, _ = deal((VAL, ogre, WOLF), ["KS", "2D", "BJ"])
    state, _ = go_on_hold(state, "wolf", (VAL, ogre, WOLF))
    state, _ = interrupt(state, "wolf")
    assert (state.acting, state.queued, state.on_hold) == (("wolf",), ("val",), ())


# --- Surprise --------------------------------------------------------------------------------


def test_surprise_ambushers_hold_and_unaware_victims_get_no_card():
    # Surprise: ambushers "automatically on Hold. Deal them in as usual anyway"; victims who
    # fail Notice "get no Action Card and can't act in the first round".
    state, events = deal((VAL, KYRA, GOB1, GOB2), ["QH", "BJ"], ambushers=("g1", "g2"),
                         unaware=("val",))
    assert dict(state.cards) == {"kyra": "QH", "group:Goblins": "BJ"}
    assert (state.on_hold, state.acting) == (("group:Goblins",), ("kyra",))
    assert "Valeros is surprised: no Action Card." in [event.text for event in events]
    state, _ = next_turn(state)
    state, _ = deal_round(state, (VAL, KYRA, GOB1, GOB2), PhysicalCards(["4D", "8C"]))
    assert dict(state.cards) == {"val": "4D", "kyra": "8C"}
    assert state.on_hold == ("group:Goblins",)


# --- The stored state ------------------------------------------------------------------------


def test_json_round_trip_and_located_errors():
    state, _ = deal((VAL, GOB1, GOB2), ["AS", "BJ"], ambushers=("val",))
    assert initiative_from_json(initiative_to_json(state)) == state
    bad = initiative_to_json(state) | {"acting": ["nobody"]}
    with pytest.raises(InitiativeError, match=r"combat.initiative.acting: 'nobody' is not one "
                                              r"of the hands \(group:Goblins, val\)"):
        initiative_from_json(bad)
    with pytest.raises(InitiativeError, match=r"combat\.initiative\.round: expected a whole"):
        initiative_from_json({"round": "two"})


def test_participant_from_a_stat_block():
    stats = {"wild_card": False, "edges": ["Level Headed", "Hesitant"],
             "condition": {"incapacitated": True}}
    p = participant_from_stats("g1", "Goblin", stats, group="Goblins", side="villain")
    assert (p.wild_card, p.edges, p.incapacitated, p.group) == (
        False, frozenset({"Level Headed", "Hesitant"}), True, "Goblins")


# --- Properties ------------------------------------------------------------------------------

EDGE_SETS = st.frozensets(st.sampled_from(DRAW_EDGES), max_size=3)


@settings(max_examples=60, deadline=None)
@given(edges=st.lists(EDGE_SETS, min_size=1, max_size=12), seed=st.integers(0, 10_000),
       rounds=st.integers(1, 8), large_groups=st.booleans())
def test_no_card_is_lost_or_duplicated_over_many_rounds(edges, seed, rounds, large_groups):
    # Every card is in exactly one place: the deck, the discards, or a hand's card this round.
    people = tuple(Participant(f"p{i}", f"P{i}", wild_card=i % 3 != 0, group=f"g{i % 2}",
                               side=("hero", "villain")[i % 2], edges=e)
                   for i, e in enumerate(edges))
    source = ShuffledCards(RandomDice(seed=seed))
    state, _ = begin_combat(people, source, large_groups=large_groups)
    for _ in range(rounds):
        every = (*state.deck, *state.discard, *state.cards.values())
        assert sorted(every) == sorted(FULL_DECK)
        order = [state.cards[key] for key in countdown(state)]
        assert order == sorted(order, key=FULL_DECK.index)
        state, _ = deal_round(state, people, source)
