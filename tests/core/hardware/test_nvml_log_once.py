"""Hardware that is not there is said once: the memory monitor asks NVML about once a
second, and the log must not repeat "NVML unavailable" every time."""

from __future__ import annotations

import logging

import pytest

from studio.core.hardware import nvml
from studio.core.hardware.fake import FakeNvml, FakeNvmlError


class NoDriver(FakeNvml):
    def nvmlInit(self) -> None:
        raise FakeNvmlError("Driver Not Loaded (test)")


def test_unavailable_nvml_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    nvml._unavailable_logged.discard("Driver Not Loaded (test)")
    caplog.set_level(logging.INFO, logger=nvml.__name__)
    for _ in range(5):
        assert nvml.read_nvml_gpus(NoDriver(()), {}) == ()
    said = [r for r in caplog.records if "NVML unavailable" in r.getMessage()]
    assert [r.levelno for r in said] == [logging.INFO]
