"""The attack bar of a Storypath encounter, built from the system's declarations: the
Options menu lists *Throw it* (a Knife tagged thrown, THROWN ATTACK "Range: Short"), the
Override menu the range band and the cover, and what the GM picks reaches the attack.
"""

from __future__ import annotations

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.gui.action_bar import ActionBar

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"


def test_thrown_and_the_overrides_are_in_the_bars_menus(qtbot) -> None:
    encounter = load_encounter(DEMO)
    bar = ActionBar(lambda: encounter, lambda: None, lambda action, params: None,
                    lambda: "eli")
    qtbot.addWidget(bar)
    options = {a.data(): a for a in bar._options_menu.actions()}
    assert {"thrown", "empty-clip"} <= set(options)
    options["thrown"].setChecked(True)
    assert bar.chosen_options() == ("thrown",)
    assert set(bar._overrides) == {"band", "cover"}
    bar.set_override("band", "short")
    bar.set_override("cover", "heavy")
    assert bar.chosen_overrides() == {"band": "short", "cover": "heavy"}
