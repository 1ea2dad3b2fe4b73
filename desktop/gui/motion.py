"""Animation preferences: speed, reduced motion, or none at all; saved with the settings.

:class:`MotionPreferences` says how long each beat of :mod:`battlemap.desktop.core.storyboard`
plays; :class:`MotionPreferencesBox` is the part of the Preferences dialog that sets them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox

from battlemap.desktop.core import storyboard as sb
from battlemap.desktop.gui.settings import settings

BASE_MS: dict[type, int] = {
    sb.Tracer: 280, sb.Flash: 260, sb.Whiff: 320, sb.RisingText: 750, sb.BadgePop: 450,
    sb.Greying: 500, sb.Slide: 420, sb.Burst: 550, sb.DeviationPath: 650,
    sb.JokerFlourish: 650,
}
"""Duration of each beat at speed 1, in milliseconds (all under one second)."""
REDUCED_MS = 200
"""With reduced motion each beat is a brief fade in place."""


@dataclass(frozen=True, slots=True)
class MotionPreferences:
    """Animation speed (2.0 = twice as fast), reduced motion, or no animation at all."""

    speed: float = 1.0
    reduced_motion: bool = False
    enabled: bool = True

    def duration_ms(self, beat: sb.Beat) -> int:
        """How long ``beat`` plays under these preferences."""
        if not self.enabled:
            return 0
        base = BASE_MS[type(beat)]
        return round(min(base, REDUCED_MS) if self.reduced_motion else base / self.speed)


SPEED_KEY, REDUCED_KEY = "preferences/animation_speed", "preferences/reduced_motion"


def motion_preferences() -> MotionPreferences:
    """The user's animation speed and reduced-motion choice (Preferences)."""
    store = settings()
    try:
        speed = float(str(store.value(SPEED_KEY, 1.0)))
    except (TypeError, ValueError):
        speed = 1.0
    reduced = store.value(REDUCED_KEY, False, type=bool) is True
    return MotionPreferences(speed if 0.25 <= speed <= 4.0 else 1.0, reduced)


def set_motion_preferences(preferences: MotionPreferences) -> None:
    store = settings()
    store.setValue(SPEED_KEY, preferences.speed)
    store.setValue(REDUCED_KEY, preferences.reduced_motion)


class MotionPreferencesBox(QGroupBox):
    """The Preferences dialog's animation settings: speed and reduced motion."""

    SPEEDS = ((0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast"))

    def __init__(self) -> None:
        super().__init__("Animations")
        current = motion_preferences()
        self.speed = QComboBox()
        for value, name in self.SPEEDS:
            self.speed.addItem(name, value)
        self.speed.setCurrentIndex(max(0, self.speed.findData(current.speed)))
        self.reduced = QCheckBox("Reduced motion: effects fade in place, nothing flies")
        self.reduced.setChecked(current.reduced_motion)
        layout = QFormLayout(self)
        layout.addRow("Speed", self.speed)
        layout.addRow(self.reduced)

    def save(self) -> None:
        set_motion_preferences(MotionPreferences(float(self.speed.currentData()),
                                                 self.reduced.isChecked()))
