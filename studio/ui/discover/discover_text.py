"""Words for the Discover and Library areas: sizes, counts and fit badges.

The core reports codes and numbers; the Hub's words are built here through Qt's
translation system (context "Hub"); error codes are said by `studio.ui.common.voice`.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor

from studio.core.hub.fit import FitAssessment, FitKind
from studio.ui.common.numbers import ui_size
from studio.ui.common.voice import ui_voice


def tr(text: str) -> str:
    return QCoreApplication.translate("Hub", text)


def format_count(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f}M"
    if count >= 1_000:
        return f"{count / 1_000:.1f}k"
    return str(count)


def format_parameters(count: int) -> str:
    if count <= 0:
        return ""
    if count >= 1_000_000_000:
        return f"{count / 1_000_000_000:.1f}B"
    return f"{count / 1_000_000:.0f}M"


def format_context(tokens: int) -> str:
    if tokens <= 0:
        return ""
    return f"{tokens // 1024}k" if tokens >= 1024 and tokens % 1024 == 0 else str(tokens)


def format_date(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d") if moment is not None else ""


def format_speed(bytes_per_second: float) -> str:
    return tr("{size}/s").format(size=ui_size(int(bytes_per_second))) if bytes_per_second else ""


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return ""
    whole = int(seconds)
    if whole >= 3600:
        return tr("{h} h {m} min").format(h=whole // 3600, m=whole % 3600 // 60)
    if whole >= 60:
        return tr("{m} min {s} s").format(m=whole // 60, s=whole % 60)
    return tr("{s} s").format(s=whole)


def fit_badge(fit: FitAssessment) -> str:
    context = format_context(fit.max_context)
    if fit.kind is FitKind.FULL_GPU:
        return tr("Fits on GPU · {context} context").format(context=context)
    if fit.kind is FitKind.PARTIAL:
        return tr("Partly on CPU ({gpu}/{total} layers on GPU) · {context} context").format(
            gpu=fit.gpu_layers, total=fit.total_layers, context=context
        )
    if fit.kind is FitKind.CPU_ONLY:
        return tr("CPU only · {context} context").format(context=context)
    if fit.kind is FitKind.NO_FIT:
        return tr("Does not fit")
    return tr("Unknown")


def fit_details(fit: FitAssessment) -> str:
    if fit.kind is FitKind.UNKNOWN:
        return ui_voice().code(fit.problem, fit.problem_params) if fit.problem else tr("Unknown")
    return tr(
        "{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at "
        "{context} context (trained: {trained})."
    ).format(
        arch=fit.architecture,
        params=format_parameters(fit.parameters),
        gpu=ui_size(fit.gpu_bytes),
        host=ui_size(fit.host_bytes),
        context=format_context(fit.max_context),
        trained=format_context(fit.trained_context),
    )


FIT_COLORS = {
    FitKind.FULL_GPU: QColor(46, 125, 50),
    FitKind.PARTIAL: QColor(230, 145, 0),
    FitKind.CPU_ONLY: QColor(84, 110, 122),
    FitKind.NO_FIT: QColor(198, 40, 40),
    FitKind.UNKNOWN: QColor(120, 120, 120),
}
