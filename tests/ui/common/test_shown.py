"""A widget tells its live source when it can be seen, and only then."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from studio.ui.common.shown import watch_while_shown


class Source:
    def __init__(self) -> None:
        self.viewers: list[object] = []
        self.calls: list[str] = []

    def watch(self, viewer: object) -> None:
        self.viewers.append(viewer)
        self.calls.append("watch")

    def unwatch(self, viewer: object) -> None:
        self.viewers.remove(viewer)
        self.calls.append("unwatch")


def test_shown_then_hidden_then_shown_again(qtbot: QtBot) -> None:
    source = Source()
    label = QLabel("live")
    qtbot.addWidget(label)
    watch_while_shown(label, source)
    assert source.calls == []  # made hidden: nothing to read yet
    label.show()
    assert source.viewers == [label]
    label.hide()
    assert source.viewers == []
    label.show()
    assert source.calls == ["watch", "unwatch", "watch"]
    label.hide()
