"""Animations: each beat under a second, played on every scene, skippable, and at zero duration
they leave exactly the end state (no overlay left, pushed tokens where they now stand)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QAbstractAnimation, QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

from battlemap.desktop.core import storyboard as sb
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.animations import AttackAnimator
from battlemap.desktop.gui.motion import BASE_MS, MotionPreferences
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.events import DamageRolled, Hit, Incapacitated, Shaken, TokenPushed

BEFORE = Encounter(tokens=(Token("h", "Hero", 1.5, 1.5, side=Side.HERO),
                           Token("g", "Goblin", 5.5, 1.5, side=Side.VILLAIN)))
EVENTS = [Hit("h", "g", True), DamageRolled("g", 9, 5, 1), Shaken("g"), Incapacitated("g"),
          TokenPushed("g", (7.5, 1.5))]


def two_scenes(qtbot) -> tuple[BattleState, list[MapScene]]:
    state = BattleState(BEFORE)
    scenes = [MapScene(state, Audience.GM), MapScene(state, Audience.PLAYER)]
    after = BEFORE.with_token(BEFORE.token("g").moved_to(7.5, 1.5))
    state.apply("Attack", after)
    return state, scenes


def test_every_beat_is_shorter_than_a_second_and_speed_and_reduced_motion_apply() -> None:
    assert max(BASE_MS.values()) < 1000
    tracer = sb.Tracer((0, 0), (1, 1))
    assert MotionPreferences(speed=2.0).duration_ms(tracer) == BASE_MS[sb.Tracer] // 2
    assert MotionPreferences(reduced_motion=True).duration_ms(sb.RisingText("9", (0, 0), "#f00")) \
        == 200
    assert MotionPreferences(enabled=False).duration_ms(tracer) == 0


def test_zero_duration_plays_on_both_scenes_and_leaves_the_end_state(qtbot) -> None:
    _, scenes = two_scenes(qtbot)
    counts = [len(scene.items()) for scene in scenes]
    animator = AttackAnimator(scenes, MotionPreferences(enabled=False))
    finished: list[bool] = []
    animator.finished.connect(lambda: finished.append(True))
    beats = sb.storyboard(BEFORE, EVENTS, joker_of="h")
    animator.play(beats)
    assert finished == [True] and not animator.is_running
    assert animator.played == beats
    assert [len(scene.items()) for scene in scenes] == counts
    for scene in scenes:
        item = scene.token_item("g")
        assert (item.pos().x(), item.pos().y()) == (7.5 * CELL, 1.5 * CELL)


def test_space_or_a_click_skips_to_the_end(qtbot) -> None:
    _, scenes = two_scenes(qtbot)
    view = QGraphicsView(scenes[0])
    qtbot.addWidget(view)
    animator = AttackAnimator(scenes, MotionPreferences())
    animator.watch(view)
    animator.watch(view.viewport())
    counts = [len(scene.items()) for scene in scenes]
    animator.play(sb.storyboard(BEFORE, EVENTS))
    assert animator.is_running
    assert len(scenes[1].items()) > counts[1]  # the players see the effects too
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Space,
                                           Qt.KeyboardModifier.NoModifier))
    assert not animator.is_running
    assert [len(scene.items()) for scene in scenes] == counts
    animator.play(sb.storyboard(BEFORE, EVENTS))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton)
    assert not animator.is_running
    assert scenes[0].token_item("g").pos().x() == 7.5 * CELL


def test_the_players_never_see_a_hidden_attacker_s_shot(qtbot) -> None:
    """A hidden sniper hits the goblin: the GM's scene shows the tracer and the flash (two
    items), the damage number and the Shaken badge (two more); the players' scene only the
    number and the badge - nothing that points at the sniper."""
    sniper = Token("s", "Sniper", 1.5, 4.5, side=Side.HERO, hidden=True)
    before = BEFORE.with_token(sniper)
    state = BattleState(before)
    scenes = [MapScene(state, Audience.GM), MapScene(state, Audience.PLAYER)]
    counts = [len(scene.items()) for scene in scenes]
    events = [Hit("s", "g", False), DamageRolled("g", 6, 5, 0), Shaken("g")]
    animator = AttackAnimator(scenes, MotionPreferences())
    animator.play(sb.storyboard(before, events),
                  sb.storyboard(before, sb.visible_events(before, events)))
    assert [len(scene.items()) - n for scene, n in zip(scenes, counts, strict=True)] == [4, 2]
    animator.skip()


def test_a_scene_deleted_while_its_beats_play_is_skipped_and_the_rest_play_on(qtbot) -> None:
    # The players closed their own window mid-animation and the GM opened a new one: the old
    # scene and its beat items were deleted while the animation still drove them, and every
    # frame raised "Internal C++ object already deleted" (also in later tests of the process).
    _, scenes = two_scenes(qtbot)
    gm_scene, player_scene = scenes
    gm_items = len(gm_scene.items())
    animator = AttackAnimator(scenes, MotionPreferences())
    animator.play(sb.storyboard(BEFORE, EVENTS))
    assert animator.is_running
    player_scene.detach()
    shiboken6.delete(player_scene)  # as when the last reference to the player window goes
    qtbot.waitUntil(lambda: not animator.is_running, timeout=10000)
    assert len(gm_scene.items()) == gm_items  # the GM scene's overlays are all removed


def test_an_animator_stops_with_its_parent_window(qtbot) -> None:
    _, scenes = two_scenes(qtbot)
    window = QWidget()
    animator = AttackAnimator(scenes, MotionPreferences(), window)
    animator.play(sb.storyboard(BEFORE, EVENTS))
    assert animator.is_running and animator.findChildren(QAbstractAnimation)
    shiboken6.delete(window)
    assert not shiboken6.isValid(animator)  # its animations went with it


class PressCounter(QWidget):
    """Counts the mouse presses that reach it."""

    def __init__(self) -> None:
        super().__init__()
        self.presses = 0

    def mousePressEvent(self, event: object) -> None:
        self.presses += 1


def test_a_click_that_skips_the_animation_still_reaches_the_map(qtbot) -> None:
    # the GM clicks the next target while the last result plays: the animation ends at once
    # and the click is the next attack (it was eaten: the attack never came, in no words)
    _, scenes = two_scenes(qtbot)
    map_widget = PressCounter()
    qtbot.addWidget(map_widget)
    animator = AttackAnimator(scenes, MotionPreferences())
    animator.watch(map_widget)
    animator.play(sb.storyboard(BEFORE, EVENTS))
    assert animator.is_running
    qtbot.mouseClick(map_widget, Qt.MouseButton.LeftButton)
    assert not animator.is_running
    assert map_widget.presses == 1
