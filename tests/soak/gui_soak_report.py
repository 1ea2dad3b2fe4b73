"""What the GUI soak saw: actions by kind, problems, undo checks, memory; and the watchers.

:class:`SoakReport` collects the figures; :func:`watching` installs ``sys.excepthook`` (errors
raised inside Qt slots and event handlers end there, not in the driver) and a Qt message handler
for the length of the run; :func:`resident_mb` reads the resident set size.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import TracebackType

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

FAILING_QT_MESSAGES = (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)


def resident_mb() -> float:
    """The resident set size of this process in MB (from ``/proc/self/statm``).

    Examples
    --------
    >>> resident_mb() > 1.0
    True
    """
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


@dataclass
class SoakReport:
    """The figures of one soak run; :attr:`ok` when nothing went wrong."""

    actions: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    exceptions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    messages: Counter[str] = field(default_factory=Counter)
    qt_warnings: Counter[str] = field(default_factory=Counter)
    undo_checks: int = 0
    undo_failures: list[str] = field(default_factory=list)
    rss_warm: float = 0.0
    rss_end: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.exceptions or self.problems or self.undo_failures)

    @property
    def rss_growth(self) -> float:
        """Resident memory growth from the warm-up to the end, in per cent."""
        return 100.0 * (self.rss_end - self.rss_warm) / self.rss_warm if self.rss_warm else 0.0

    def record_exception(self, where: str, error: BaseException) -> None:
        text = "".join(traceback.format_exception(error))
        self.exceptions.append(f"{where}:\n{text}")

    def summary(self) -> str:
        """One line: actions, exceptions, undo-to-start, memory."""
        undo = "ok" if self.undo_checks and not self.undo_failures else "FAILED"
        return (f"soak: {self.actions.total()} actions, {len(self.exceptions)} exceptions, "
                f"{len(self.problems)} other problems, undo-to-start {undo} "
                f"({self.undo_checks} checks), RSS {self.rss_growth:+.1f} % "
                f"({self.rss_warm:.0f} -> {self.rss_end:.0f} MB)")

    def details(self) -> str:
        """Actions and outcomes by kind with their time, messages shown, the first problems."""
        lines = ["action       count   seconds"]
        lines += [f"{kind:<12} {n:>5} {self.seconds[kind]:>9.1f}"
                  for kind, n in sorted(self.actions.items())]
        lines.append("outcomes: " + ", ".join(f"{k} {n}" for k, n in sorted(self.outcomes.items())))
        lines += [f"message box x{n}: {text}" for text, n in self.messages.most_common(5)]
        lines += [f"Qt warning x{n}: {text}" for text, n in self.qt_warnings.most_common(5)]
        for problem in [*self.exceptions[:3], *self.problems[:3], *self.undo_failures[:3]]:
            lines.append(f"PROBLEM: {problem}")
        return "\n".join(lines)


@contextmanager
def watching(report: SoakReport) -> Iterator[None]:
    """Record uncaught exceptions and Qt critical messages into ``report`` meanwhile."""

    def on_exception(kind: type[BaseException], error: BaseException,
                     trace: TracebackType | None) -> None:
        report.record_exception("uncaught in a Qt slot or event handler", error)

    def on_qt_message(kind: QtMsgType, context: QMessageLogContext, text: str) -> None:
        if kind in FAILING_QT_MESSAGES:
            report.problems.append(f"Qt {kind.name}: {text}")
        else:
            report.qt_warnings[text[:160]] += 1

    previous_hook = sys.excepthook
    sys.excepthook = on_exception
    previous_handler = qInstallMessageHandler(on_qt_message)
    try:
        yield
    finally:
        sys.excepthook = previous_hook
        qInstallMessageHandler(previous_handler)
