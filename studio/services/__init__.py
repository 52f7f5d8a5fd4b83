"""QObject adapters over `studio.core`: signals, throttling and ownership of background tasks.

Only PySide6.QtCore and qasync may be imported here, never QtWidgets or `studio.ui`.
"""
