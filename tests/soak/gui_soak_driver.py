"""The GUI soak driver: random user actions on a real GM window, through its mouse and menus.

:class:`GuiSoak` holds one window and performs one random action per :meth:`GuiSoak.step`;
``gui_soak.py`` runs it (``run_soak``, also used by the quick test in the suite).
"""

from __future__ import annotations

import hashlib
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from gui_soak_mouse import Mouse
from gui_soak_report import SoakReport
from gui_soak_setup import FileNameAnswers
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QCheckBox, QSpinBox

from battlemap.desktop.core.fileformat import dumps_encounter, load_encounter
from battlemap.desktop.core.model import Encounter, Fog, WallKind
from battlemap.desktop.core.uvtt import load_uvtt
from battlemap.desktop.gui.app import DEMO_PATH
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.rules.dice import RandomDice

WALL_TOOLS = ("tool_wall", "tool_low_wall", "tool_window", "tool_door", "tool_object")
REGION_TOOLS = ("tool_difficult_ground", "tool_zone")
MAX_DRAWN = 25
"""Above this many drawn walls and regions, a draw action deletes one instead."""
UVTT_SAMPLES = Path(__file__).resolve().parents[1] / "data" / "uvtt"
"""Real Universal VTT exports (``tests/data/uvtt`` beside the repository), if present."""


def return_to_event_loop() -> None:
    """Let Qt run as it does between two user actions: posted events, then the deletions
    ``deleteLater`` asked for, which a bare ``processEvents()`` never carries out (a soak
    driven by it alone would measure memory the real program frees)."""
    loop = QEventLoop()
    QTimer.singleShot(0, loop.quit)
    loop.exec()


def fingerprint(encounter: Encounter) -> bytes:
    """What identifies ``encounter`` exactly (its saved form, hashed): the soak remembers what
    it saved by this, not by keeping the encounters, whose memory would count as the program's.
    """
    return hashlib.sha256(dumps_encounter(encounter)).digest()


class GuiSoak:
    """One GM window under random user actions; every result goes into ``report``."""

    def __init__(self, window: GMWindow, seed: int, folder: Path, report: SoakReport) -> None:
        self.window, self.folder, self.report = window, folder, report
        self.rng = random.Random(seed)
        self.mouse = Mouse(window, self.rng)
        dice = random.Random(seed + 1_000_003)
        tools = window.combat_tools
        tools.attack.tool.dice = lambda: RandomDice(rng=dice)
        tools.templates.tool.dice = lambda: RandomDice(rng=dice)
        answers = random.Random(seed + 2_000_003)
        tools.templates.ask = lambda _question: answers.random() < 0.5  # friendly fire: either
        self.panel = window.findChild(InitiativePanel)
        if self.panel is not None:
            self.panel.dice = RandomDice(rng=dice)
        self.saved: dict[Path, bytes] = {}
        if window.path is not None:
            self.saved[window.path] = fingerprint(window.state.encounter)
        self.uvtt_files = sorted(UVTT_SAMPLES.glob("*.dd2vtt"))
        self.start_history()
        self.kinds: dict[str, tuple[Callable[[], str], int]] = {
            "drag": (self.drag, 22), "attack": (self.attack, 14), "template": (self.template, 7),
            "door": (self.door, 8), "draw": (self.draw, 9), "undo": (self.undo, 12),
            "redo": (self.redo, 8), "save": (self.save, 4), "load": (self.load, 4),
            "player_view": (self.player_view, 3), "next_turn": (self.next_turn, 8),
            "wait": (self.wait, 1), "player_drag": (self.player_drag, 6), "new": (self.new, 1),
            "open_demo": (self.open_demo, 4),
        }
        if self.uvtt_files:
            self.kinds["import_uvtt"] = (self.import_uvtt, 1)

    @property
    def encounter(self) -> Encounter:
        return self.window.state.encounter

    def step(self) -> None:
        """One random action, timed; anything it raises is recorded, never propagated."""
        names = list(self.kinds)
        kind = self.rng.choices(names, weights=[self.kinds[n][1] for n in names])[0]
        started = time.perf_counter()
        try:
            outcome = self.kinds[kind][0]()
            self.report.outcomes[outcome] += 1
            return_to_event_loop()
        except Exception as error:  # the soak counts every failure
            self.report.record_exception(f"action {kind}", error)
        self.report.actions[kind] += 1
        self.report.seconds[kind] += time.perf_counter() - started

    def trigger(self, name: str) -> None:
        self.window.actions_by_name[name].trigger()

    def start_history(self) -> None:
        """A new history starts (a file opened): undo-to-start returns here; its walls are
        the map's own, not drawn by the soak."""
        self.baseline = self.encounter
        self.original = {w.id for w in self.encounter.walls}

    def drag(self) -> str:
        if not self.encounter.tokens:
            return "drag: no tokens"
        self.trigger("tool_select")
        self.mouse.skip_animation()
        token = self.rng.choice(self.encounter.tokens)
        before = self.encounter
        self.mouse.drag((token.x, token.y), self.mouse.random_point(), self.rng.random() < 0.2)
        return "drag moved" if self.encounter is not before else "drag no move"

    def player_drag(self) -> str:
        """Open the player view if needed and drag a token players can see on its map."""
        visible = [t for t in self.encounter.tokens if not t.hidden]
        if not visible:
            return "player drag: no visible tokens"
        if self.window.player_window is None:
            self.trigger("player_view")
        assert self.window.player_window is not None
        self.mouse.skip_animation()
        table = Mouse(self.window, self.rng, self.window.player_window.view)
        token, before = self.rng.choice(visible), self.encounter
        table.drag((token.x, token.y), table.random_point(), self.rng.random() < 0.2)
        return "player drag moved" if self.encounter is not before else "player drag no move"

    def select_token(self) -> str:
        """Click a random token with the select tool; its id."""
        self.trigger("tool_select")
        self.mouse.skip_animation()
        token = self.rng.choice(self.encounter.tokens)
        self.mouse.click(token.x, token.y)
        return token.id

    def attack(self) -> str:
        """Pick an attacker and options, hover up to four tokens as a GM looking for a target
        the card allows, and click the last one hovered."""
        if not self.encounter.tokens:
            return "attack: no tokens"
        self.select_token()
        self.trigger("tool_attack")
        bar = self.window.combat_tools.attack.bar
        weapons = bar.weapon.count()
        bar.weapon.setCurrentIndex(self.rng.randrange(weapons) if self.rng.random() < 0.5 else 0)
        push, soak = bar.inputs.get("push"), bar.inputs.get("soak")
        if isinstance(push, QCheckBox):
            push.setChecked(self.rng.random() < 0.1)
        if isinstance(soak, QSpinBox):
            soak.setValue(self.rng.choice((0, 0, 0, 1, 2)))
        tool, tokens = self.window.combat_tools.attack.tool, self.encounter.tokens
        for target in self.rng.sample(tokens, min(4, len(tokens))):
            self.mouse.move(target.x, target.y)
            if tool.aim and tool.aim.preview and tool.aim.preview.problem is None:
                break
        before = self.encounter
        self.mouse.click(target.x, target.y)
        return "attack resolved" if self.encounter is not before else "attack refused"

    def template(self) -> str:
        if not self.encounter.tokens:
            return "template: no tokens"
        self.select_token()
        bar = self.window.combat_tools.attack.bar
        bar.template.setCurrentIndex(self.rng.randrange(bar.template.count()))
        self.trigger("tool_template")
        at = self.mouse.random_point()
        before = self.encounter
        self.mouse.move(*at)
        if self.rng.random() < 0.4:
            self.mouse.wheel(*at, self.rng.choice((-1, 1)))
        self.mouse.click(*at)
        return "template fired" if self.encounter is not before else "template refused"

    def door(self) -> str:
        doors = [w for w in self.encounter.walls if w.kind is WallKind.DOOR]
        if not doors:
            return "door: none on the map"
        self.trigger("tool_select")
        self.mouse.skip_animation()
        (x0, y0), (x1, y1) = self.rng.choice(doors).points[:2]
        before = self.encounter
        self.mouse.click((x0 + x1) / 2, (y0 + y1) / 2)
        return "door toggled" if self.encounter is not before else "door click missed"

    def draw(self) -> str:
        drawn = [w.id for w in self.encounter.walls if w.id not in self.original]
        drawn += [r.id for r in self.encounter.regions if r.id.startswith("r")]
        if len(drawn) >= MAX_DRAWN:
            return self.delete(self.rng.choice(drawn))
        before = self.encounter
        if self.rng.random() < 0.75:
            self.trigger(self.rng.choice(WALL_TOOLS))
            self.mouse.polyline([self.mouse.random_corner() for _ in range(self.rng.randint(2, 4))])
        else:
            self.trigger(self.rng.choice(REGION_TOOLS))
            self.mouse.polyline(self.mouse.random_box())
        self.trigger("tool_select")
        return "draw added" if self.encounter is not before else "draw dropped"

    def delete(self, item_id: str) -> str:
        """Select one drawn wall or region (through the properties selection) and delete it."""
        self.window.interaction.set_selection(frozenset({item_id}))
        self.trigger("delete")
        return "draw: deleted one"

    def undo(self) -> str:
        label = self.window.state.undo_label
        self.trigger("undo")
        return "undo done" if label else "undo: nothing"

    def redo(self) -> str:
        label = self.window.state.redo_label
        self.trigger("redo")
        return "redo done" if label else "redo: nothing"

    def save(self) -> str:
        if self.window.path is None or self.rng.random() < 0.3:
            FileNameAnswers.next_name = str(self.folder / f"save-{self.rng.randrange(4)}.json")
            self.trigger("save_as")
        else:
            self.trigger("save")
        assert self.window.path is not None
        self.saved[self.window.path] = fingerprint(self.encounter)
        return "save clean" if not self.window.state.dirty else "save left it dirty"

    def load(self) -> str:
        self.check_undo("before opening a file")
        path = self.rng.choice(sorted(self.saved))
        FileNameAnswers.next_name = str(path)
        self.trigger("open")
        if fingerprint(self.encounter) != self.saved[path]:
            self.report.problems.append(f"{path.name} opened differently from how it was saved")
        self.start_history()
        return "load done"

    def open_demo(self) -> str:
        """Open a fresh copy of the demo (New and imports leave maps without tokens)."""
        self.check_undo("before opening the demo")
        path = self.folder / "demo-again.json"
        shutil.copyfile(DEMO_PATH, path)
        FileNameAnswers.next_name = str(path)
        self.trigger("open")
        self.saved[path] = fingerprint(self.encounter)
        if self.encounter != load_encounter(DEMO_PATH):
            self.report.problems.append("the demo opened differently from its file")
        self.start_history()
        return "demo opened"

    def same_state(self) -> None:
        """The state memory is measured in, at the warm-up and at the end: the first Universal
        VTT sample imported (the latest decoded map is kept for a quick re-open: 30 MB), then
        the demo freshly opened, and no player view."""
        if self.window.player_window is not None:
            self.trigger("player_view")
        if self.uvtt_files:
            self.import_uvtt(self.uvtt_files[0])
        self.open_demo()
        return_to_event_loop()

    def new(self) -> str:
        self.check_undo("before File > New")
        self.trigger("new")
        if self.encounter != Encounter(fog=Fog(enabled=True)) or self.window.path is not None:
            self.report.problems.append("File > New did not give an empty, unnamed, fogged "
                                        "encounter")
        self.start_history()
        return "new done"

    def import_uvtt(self, path: Path | None = None) -> str:
        """Import ``path``, or one of the samples at random; the options dialog is answered
        with the defaults (``gui_soak_setup.ImportDefaultsAnswer``)."""
        self.check_undo("before importing a Universal VTT file")
        from gui_soak_setup import ImportDefaultsAnswer  # the options dialog's stand-in

        path = path or self.rng.choice(self.uvtt_files)
        FileNameAnswers.next_name = str(path)
        asked = ImportDefaultsAnswer.answered
        self.trigger("import_uvtt")
        if ImportDefaultsAnswer.answered != asked + 1:
            self.report.problems.append(f"{path.name}: the import options were not asked once")
        if self.encounter != load_uvtt(path) or self.window.path is not None:
            self.report.problems.append(f"{path.name} imported differently from load_uvtt")
        self.start_history()
        return "import uvtt done"

    def player_view(self) -> str:
        self.trigger("player_view")
        return "player view open" if self.window.player_window else "player view closed"

    def next_turn(self) -> str:
        if self.panel is None:
            return "next turn: no initiative panel"
        button = self.panel.buttons["next"]
        (button if button.isEnabled() else self.panel.buttons["deal"]).click()
        return "next turn" if button.isEnabled() else "next turn: dealt"

    def wait(self) -> str:
        self.mouse.wait(self.rng.randint(200, 700))
        return "waited"

    def check_undo(self, when: str) -> None:
        """Undo everything: the history's start exactly; redo everything: back to now."""
        state, now, undone = self.window.state, self.encounter, 0
        while state.undo_label is not None:
            self.trigger("undo")
            undone += 1
        if self.encounter != self.baseline:
            self.report.undo_failures.append(f"{when}: undoing all did not reach the start")
        for _ in range(undone):
            self.trigger("redo")
        if self.encounter != now:
            self.report.undo_failures.append(f"{when}: redoing all did not come back")
        self.report.undo_checks += 1
