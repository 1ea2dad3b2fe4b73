"""The beats an attack's events become, in order, with the points they play at."""

from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.storyboard import (
    BadgePop,
    Burst,
    DeviationPath,
    Flash,
    Greying,
    JokerFlourish,
    RisingText,
    Slide,
    Tracer,
    Whiff,
    storyboard,
)
from battlemap.rules.events import (
    BystanderHit,
    DamageRolled,
    Hit,
    Incapacitated,
    Miss,
    Shaken,
    TokenPushed,
    Wounded,
)

ENC = Encounter(tokens=(
    Token(id="h", name="Hero", x=1.5, y=1.5),
    Token(id="g", name="Goblin", x=5.5, y=1.5),
    Token(id="b", name="Bystander", x=3.5, y=1.5, size=2.0),
))


def test_a_hit_that_wounds_and_incapacitates() -> None:
    """The one taken out greys: no +1 WOUND pop before it (issue 27), the log has it."""
    events = [Hit("h", "g", True), DamageRolled("g", 9, 5, 1), Wounded("g", 1, 1),
              Incapacitated("g")]
    assert storyboard(ENC, events, joker_of="h") == [
        JokerFlourish((1.5, 1.5), 0.5),
        Tracer((1.5, 1.5), (5.5, 1.5)),
        Flash("g", (5.5, 1.5), 0.5),
        RisingText("9", (5.5, 1.5), "#ff5252"),
        Greying("g", (5.5, 1.5), 0.5),
    ]


def test_a_miss_that_hits_a_bystander_traces_to_the_bystander() -> None:
    events = [Miss("h", "g", False), BystanderHit("h", "b"), DamageRolled("b", 3, 5, 0)]
    assert storyboard(ENC, events) == [
        Whiff((5.5, 1.5), 0.5),
        Tracer((1.5, 1.5), (3.5, 1.5)),
        Flash("b", (3.5, 1.5), 1.0),
        RisingText("3", (3.5, 1.5), "#b0bec5"),
    ]


def test_a_plain_miss_has_a_tracer_and_a_whiff() -> None:
    assert storyboard(ENC, [Miss("h", "g", False)]) == [
        Tracer((1.5, 1.5), (5.5, 1.5)), Whiff((5.5, 1.5), 0.5)]


def test_an_area_attack_bursts_instead_of_tracing() -> None:
    outline = ((4.5, 0.5), (6.5, 0.5), (6.5, 2.5))
    prelude = [DeviationPath((7.0, 1.0), (5.5, 1.5)), Burst(outline)]
    beats = storyboard(ENC, [Hit("h", "g", False), Shaken("g")], prelude=prelude)
    assert beats == [*prelude, Flash("g", (5.5, 1.5), 0.5),
                     BadgePop("SHAKEN", (5.5, 1.5), "#fdd835")]


def test_a_push_slides_from_where_the_token_stood() -> None:
    assert storyboard(ENC, [TokenPushed("g", (7.5, 1.5))]) == [
        Slide("g", (5.5, 1.5), (7.5, 1.5))]


def test_a_missed_area_attack_point_has_no_beat_of_its_own() -> None:
    outline = ((6.5, 0.5), (8.5, 0.5), (8.5, 2.5))
    prelude = [DeviationPath((5.5, 1.5), (7.5, 1.5)), Burst(outline)]
    beats = storyboard(ENC, [Miss("h", "sbt template", False)], prelude=prelude)
    assert beats == prelude
