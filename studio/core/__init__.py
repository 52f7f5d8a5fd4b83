"""The engine room: everything the app can do, headless.

Nothing in this package may import PySide6, shiboken6, qasync, `studio.services` or
`studio.ui`; `tests/core/test_layering.py` enforces it.
"""
