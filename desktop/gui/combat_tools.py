"""Puts the combat tools into the GM window: Attack, Template, Threat View, the action bar.

:func:`install_combat_tools` is the one call the GM window makes. It adds an *Attack* tool
(shortcut A) and a *Template* tool (B) to the window's exclusive tool group, tool bar and Tools
menu, a *Threat View* toggle (V), the attack action bar under the tool bar, the token HUD on
the selected token (:mod:`battlemap.desktop.gui.token_hud`), and lets a click or Space skip a
playing animation. Choosing a tool makes the selected token (or the token whose
Action Card is up) the attacker. :func:`add_token_actions` puts the same *Actions* menu as the
action bar's into the right-click menu of a token, with that token acting.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.table_pipeline import acting_tokens, preview_roll, roll, traits
from battlemap.desktop.core.wording import with_names
from battlemap.desktop.gui.action_menu import fill_action_menu
from battlemap.desktop.gui.attack_tool import AttackController
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.template_tool import TemplateController
from battlemap.desktop.gui.threat_view import ThreatOverlay, add_threat_overlay
from battlemap.desktop.gui.token_hud import TokenHud
from battlemap.rules.interface import RollRequest

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow


def window_scenes(window: GMWindow) -> list[MapScene]:
    """The scenes showing the battle: the GM's, then the players' when that window is open."""
    player = window.player_window
    return [window.scene, *([player.scene] if player is not None and player.isVisible() else [])]


def first_attacker(window: GMWindow) -> str | None:
    """The single selected token, else the first token whose turn it is, else None."""
    selected = [i for i in window.interaction.selection
                if any(t.id == i for t in window.state.encounter.tokens)]
    if len(selected) == 1:
        return selected[0]
    acting = acting_tokens(window.state.encounter)
    return acting[0] if acting else None


def _tools_menu(window: GMWindow) -> QMenu | None:
    for action in window.menuBar().actions():
        menu = action.menu()
        if action.text().replace("&", "") == "Tools" and isinstance(menu, QMenu):
            return menu
    return None


def _add_tool_action(window: GMWindow, name: str, text: str, key: str) -> QAction:
    action = QAction(text, window, checkable=True)
    action.setShortcut(QKeySequence(key))
    group = window.actions_by_name["tool_select"].actionGroup()
    if group is not None:
        group.addAction(action)
    bar = window.findChild(QToolBar, "ToolsBar")
    if bar is not None:
        bar.addAction(action)
    menu = _tools_menu(window)
    if menu is not None:
        menu.addAction(action)
    window.actions_by_name[name] = action
    return action


@dataclass(frozen=True, slots=True)
class CombatTools:
    """The combat tools of one GM window."""

    attack: AttackController
    templates: TemplateController
    threats: ThreatOverlay
    hud: TokenHud


def install_combat_tools(window: GMWindow) -> CombatTools:
    """Add the attack and template tools, the threat view and the action bar to ``window``."""
    controller = AttackController(window.state, lambda: window_scenes(window), window)
    controller.tool.on_refusal = lambda text: tell(window, text)
    window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, controller.bar)
    attack = _add_tool_action(window, "tool_attack", "&Attack", "A")

    def use_attack_tool() -> None:
        controller.activate(first_attacker(window))
        window.interaction.set_tool(controller.tool)

    attack.triggered.connect(lambda _checked=False: use_attack_tool())
    controller.animator.watch(window.view)
    controller.animator.watch(window.view.viewport())
    templates = _install_template_tool(window, controller)
    window.state.changed.connect(lambda old, new: _selection_follows_turn(window, old, new))
    return CombatTools(controller, templates, _install_threat_view(window), TokenHud(window))


def _selection_follows_turn(window: GMWindow, old: Encounter, new: Encounter) -> None:
    """A selection of exactly the tokens whose turn just ended moves to those acting now, so
    the next tool taken (Attack, Template) is not the last turn's."""
    try:
        before, now = acting_tokens(old), acting_tokens(new)
    except ValueError:
        return
    selection = window.interaction.selection
    if before == now or not now or not selection or selection != frozenset(before):
        return
    window.interaction.set_selection(frozenset(now))
    for callback in window.interaction.selection_changed:
        callback(window.interaction.selection)


def _install_template_tool(window: GMWindow, attack: AttackController) -> TemplateController:
    """A *Template* tool (B): the bar's template shape, fired by the attack tool's attacker."""
    templates = TemplateController(window.state, lambda: window_scenes(window), attack.dice,
                                   attack.animator,
                                   lambda: window.interaction.tool is templates.tool)
    window.view.viewport().installEventFilter(templates)
    templates.tool.on_refusal = lambda text: tell(window, text)

    def show_template_problem() -> None:
        """While the Template tool is active the bar says why it cannot fire here."""
        if window.interaction.tool is templates.tool:
            aim = templates.tool.aim
            problem = templates.tool.message or (aim.error or "" if aim else "")
            attack.bar.show_message(with_names(problem, window.state.encounter))

    templates.tool.listeners.append(show_template_problem)
    action = _add_tool_action(window, "tool_template", "&Template", "B")

    def use_template_tool() -> None:
        attack.activate(first_attacker(window) or attack.tool.attacker)
        templates.activate(attack.tool.attacker, attack.bar.chosen_template())
        templates.tool.choices = attack.tool.choices
        window.interaction.set_tool(templates.tool)

    action.triggered.connect(lambda _checked=False: use_template_tool())
    attack.use_templates = action.trigger
    attack.tool.listeners.append(lambda: setattr(templates.tool, "choices",
                                                 attack.tool.choices))
    attack.bar.template.currentIndexChanged.connect(
        lambda _n: setattr(templates.tool, "shape", attack.bar.chosen_template()))
    return templates


def _install_threat_view(window: GMWindow) -> ThreatOverlay:
    """A *Threat View* toggle (V): the selected token's enemies shaded by their cover."""
    overlay = add_threat_overlay(window.scene, window.state)
    action = QAction("&Threat View", window, checkable=True)
    action.setShortcut(QKeySequence("V"))
    menu = _tools_menu(window)
    if menu is not None:
        menu.addAction(action)
    bar = window.findChild(QToolBar, "ToolsBar")
    if bar is not None:
        bar.addAction(action)
    window.actions_by_name["threat_view"] = action

    def refresh(_selection: object = None) -> None:
        overlay.show_for(first_attacker(window) if action.isChecked() else None)

    action.toggled.connect(refresh)
    window.interaction.selection_changed.append(refresh)
    return overlay


def add_token_actions(window: GMWindow, menu: QMenu, token: Token) -> None:
    """An *Actions* submenu on a token's right-click menu: the token acts; an action with a
    target switches to the Attack tool and waits for the GM's click on it."""
    sub = menu.addMenu("Actions")

    def pick(action: str, choices: dict[str, str]) -> None:
        controller = window.combat_tools.attack
        controller.activate(token.id)
        window.actions_by_name["tool_attack"].setChecked(True)
        window.interaction.set_tool(controller.tool)
        controller.pick_action(action, choices)

    fill_action_menu(sub, window.state.encounter, token.id, pick)
    add_roll_menu(window, menu, token)


def add_roll_menu(window: GMWindow, menu: QMenu, token: Token) -> None:
    """A *Roll* submenu: each trait the system lets the token roll, with its exact chance of
    success as things stand now (Wounds, Fatigue, the Joker, light...); a pick rolls it with
    the attack bar's dice (physical dice if ticked) and logs the breakdown."""
    encounter = window.state.encounter
    try:
        names = traits(encounter, token.id)
    except ValueError:
        return
    if not names:
        return
    sub = menu.addMenu("Roll")
    for trait in names:
        try:
            odds = preview_roll(encounter, RollRequest((token.id,), trait))
            chance = next(c for c in odds.chances if c.label == "success or better")
            label = f"{trait.title()} · {round(100 * chance.probability)} %"
        except (ValueError, StopIteration):
            label = trait.title()
        sub.addAction(label, partial(roll_trait, window, token.id, trait))


def roll_trait(window: GMWindow, token_id: str, trait: str) -> None:
    """Roll ``trait`` for the token and apply it as one edit (its log entry)."""
    controller = window.combat_tools.attack
    try:
        done = roll(window.state.encounter, RollRequest((token_id,), trait), controller.dice())
    except ValueError as error:
        controller.tool.refuse(str(error))
        return
    window.state.apply(f"Roll: {done.resolution.title}", done.encounter)
