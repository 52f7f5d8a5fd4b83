"""Widgets, dialogs and panes. The only layer that may import QtWidgets/QtGui."""
