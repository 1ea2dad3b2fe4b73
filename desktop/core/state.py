"""The live battle: the current encounter snapshot, its undo history, and change signals.

Every user action becomes exactly one :class:`Edit` (a label and the snapshots before and
after), so undo and redo are a matter of swapping snapshots; edits hold no game logic. Views
connect to :attr:`BattleState.changed` and redraw from the new snapshot; they never own state.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> state = BattleState(Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),)))
>>> state.apply("Move A", state.encounter.with_token(state.encounter.token("a").moved_to(2.5, 0.5)))
>>> state.encounter.token("a").x
2.5
>>> state.undo()
'Move A'
>>> state.encounter.token("a").x
0.5
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from psygnal import Signal

from battlemap.desktop.core.model import Encounter


@dataclass(frozen=True, slots=True)
class Edit:
    """One undoable user action."""

    label: str
    before: Encounter
    after: Encounter


class BattleState:
    """Holds the current :class:`Encounter` and its undo/redo history.

    ``changed(old, new)`` fires after every apply, undo, redo or load; ``history_changed``
    fires when the undo/redo stacks change (to refresh menu labels). ``dirty`` is True when
    the snapshot differs from the last one saved or loaded. ``settle``, if given, completes
    every applied snapshot as part of the same edit (the GUI adds what the heroes see to
    their fog memory, :func:`battlemap.desktop.core.fog.remember_vision`).
    """

    changed = Signal(object, object)
    history_changed = Signal()

    def __init__(
        self,
        encounter: Encounter | None = None,
        max_history: int = 1000,
        settle: Callable[[Encounter], Encounter] | None = None,
    ) -> None:
        self._settle = settle
        self._encounter = encounter if encounter is not None else Encounter()
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._max_history = max_history
        self._saved: Encounter = self._encounter

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def dirty(self) -> bool:
        return self._encounter is not self._saved

    def mark_saved(self) -> None:
        self._saved = self._encounter
        self.history_changed.emit()

    def apply(self, label: str, new: Encounter) -> None:
        """Make ``new`` current as one undoable edit named ``label``; no-op if unchanged."""
        old = self._encounter
        if self._settle is not None:
            new = self._settle(new)
        if new == old:
            return
        self._undo.append(Edit(label, old, new))
        del self._undo[: -self._max_history]
        self._redo.clear()
        self._set(new)

    def load(self, encounter: Encounter) -> None:
        """Replace the whole encounter (open a file): history is cleared."""
        old = self._encounter
        self._undo.clear()
        self._redo.clear()
        self._saved = encounter
        self._set(encounter, old)

    def undo(self) -> str | None:
        """Undo the last edit; return its label, or None if there was nothing to undo."""
        if not self._undo:
            return None
        edit = self._undo.pop()
        self._redo.append(edit)
        self._set(edit.before)
        return edit.label

    def redo(self) -> str | None:
        """Redo the last undone edit; return its label, or None if there was nothing to redo."""
        if not self._redo:
            return None
        edit = self._redo.pop()
        self._undo.append(edit)
        self._set(edit.after)
        return edit.label

    @property
    def undo_label(self) -> str | None:
        return self._undo[-1].label if self._undo else None

    @property
    def redo_label(self) -> str | None:
        return self._redo[-1].label if self._redo else None

    @property
    def history(self) -> tuple[Edit, ...]:
        return tuple(self._undo)

    def _set(self, new: Encounter, old: Encounter | None = None) -> None:
        previous = self._encounter if old is None else old
        self._encounter = new
        self.changed.emit(previous, new)
        self.history_changed.emit()
