"""`studio search`, `studio files`, `studio download` and `studio library`: the Hub and the
local library without the GUI, driving the same core as the app."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

from studio.cli import inputs
from studio.cli.report import report
from studio.cli.terminal import printable
from studio.core.engine import EngineError, default_selector
from studio.core.errors import StudioError
from studio.core.hub import (
    DownloadQueue,
    DownloadRequest,
    DownloadSnapshot,
    FolderTarget,
    HfCacheTarget,
    HubClient,
    HubConfig,
    ModelFile,
    RepoDetails,
    SearchSort,
)
from studio.core.hub.fit import FitAssessment, plan_fit, remote_assessor
from studio.core.hub.library import LocalModel, scan_library
from studio.core.paths import AppPaths
from studio.core.placement.load_plan import PlanningEngine
from studio.core.placement.setup import Machine
from studio.core.tasks import TaskOwner
from studio.core.units import format_bytes

_SORTS = {
    "downloads": SearchSort.DOWNLOADS,
    "likes": SearchSort.LIKES,
    "recent": SearchSort.RECENT,
    "trending": SearchSort.TRENDING,
}


def register(subparsers: Any) -> None:
    search = subparsers.add_parser("search", help="search the Hub for GGUF repositories")
    search.add_argument("query", type=inputs.hub_query)
    search.add_argument("--sort", choices=sorted(_SORTS), default="downloads")
    search.add_argument("--page", type=inputs.count, default=1, help="1 for the first page")
    search.add_argument("--json", action="store_true")
    search.set_defaults(run=_run_search)

    files = subparsers.add_parser("files", help="a repository's GGUF models by quant")
    files.add_argument("repo", type=inputs.hub_repo, help="owner/name")
    files.add_argument("--fit", action="store_true", help="read each header, judge the fit")
    files.add_argument("--json", action="store_true")
    files.set_defaults(run=_run_files)

    download = subparsers.add_parser("download", help="download one quant (all its shards)")
    download.add_argument("repo", type=inputs.hub_repo, help="owner/name")
    download.add_argument("model", type=inputs.text, help="a quant such as Q4_K_M, or a file name")
    download.add_argument(
        "--into", type=inputs.new_folder, help="a models folder (default: the HF cache)"
    )
    download.add_argument("--mmproj", action="store_true", help="also the vision projector")
    download.set_defaults(run=_run_download)

    library = subparsers.add_parser("library", help="the GGUF models on this computer")
    library.add_argument("folders", nargs="*", type=inputs.folder, help="model folders to include")
    library.add_argument("--json", action="store_true")
    library.set_defaults(run=_run_library)


def _fail(error: StudioError, args: argparse.Namespace) -> int:
    report(error, as_json=getattr(args, "json", False))
    return 1


def _run_search(args: argparse.Namespace) -> int:
    client = HubClient(HubConfig())
    try:
        page = asyncio.run(client.search(args.query, _SORTS[args.sort], args.page - 1))
    except StudioError as error:
        return _fail(error, args)
    if args.json:
        rows = [
            {"repo": r.repo_id, "downloads": r.downloads, "likes": r.likes, "gated": r.gated}
            for r in page.results
        ]
        print(json.dumps({"results": rows, "more": page.has_more}, indent=2))
        return 0
    for r in page.results:
        print(f"{printable(r.repo_id):60} {r.downloads:>10} downloads {r.likes:>6} likes")
    if page.has_more:
        print(f"(more: --page {args.page + 1})")
    return 0


def _judge_here() -> Any:
    try:
        engine = PlanningEngine.of(default_selector(AppPaths.default()).active())
    except EngineError:
        engine = PlanningEngine()
    machine = Machine.of(os.environ)
    inventory = machine.devices(engine.info)
    features = engine.info.features if engine.info is not None else None
    return lambda summary, name: plan_fit(
        machine.prepare(summary, Path(name), inventory, features, memory=engine.memory)
    )


def _fit_text(fit: FitAssessment | None) -> str:
    if fit is None:
        return ""
    if fit.problem:
        return f"unknown ({printable(fit.problem)})"
    if fit.max_context:
        return (
            f"{fit.kind.value}, ctx {fit.max_context}, {fit.gpu_layers}/{fit.total_layers} on GPU"
        )
    return fit.kind.value


def _run_files(args: argparse.Namespace) -> int:
    client = HubClient(HubConfig())

    async def gather() -> tuple[RepoDetails, dict[str, FitAssessment]]:
        details = await client.repo(args.repo)
        fits: dict[str, FitAssessment] = {}
        if args.fit:
            assess = remote_assessor(client, await asyncio.to_thread(_judge_here))
            for model in details.models:
                fits[model.name] = await assess(details, model)
        return details, fits

    try:
        details, fits = asyncio.run(gather())
    except StudioError as error:
        return _fail(error, args)
    rows = [(m, False) for m in details.models] + [(m, True) for m in details.mmproj]
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": m.name,
                        "quant": m.quant,
                        "size": m.size,
                        "files": [f.path for f in m.files],
                        "projector": projector,
                        "fit": _fit_text(fits.get(m.name)),
                    }
                    for m, projector in rows
                ],
                indent=2,
            )
        )
        return 0
    # Everything here is the repository's own text, as its owner wrote it.
    print(printable(details.repo_id), f"@ {printable(details.revision[:12])}")
    if details.summary:
        print(printable(details.summary))
    for model, projector in rows:
        label = "mmproj" if projector else printable(model.quant or "?")
        size = format_bytes(model.size)
        name = printable(model.name)
        print(f"  {label:12} {size:>10}  {name}  {_fit_text(fits.get(model.name))}")
    return 0


def _pick(details: RepoDetails, wanted: str) -> ModelFile:
    matches = [m for m in details.models if wanted in (m.name, m.quant)]
    if len(matches) != 1:
        choices = ", ".join(f"{m.quant or '?'} ({m.name})" for m in details.models)
        raise StudioError(
            "download_choice_unclear",
            f"{wanted!r} names {len(matches)} models; choose one of: {choices}",
            wanted=wanted,
            choices=choices,
        )
    return matches[0]


def _run_download(args: argparse.Namespace) -> int:
    if args.into is not None:
        # Before the network, so a file named by mistake costs no download.
        inputs.require_folder(args.into, may_be_missing=True)
    config = HubConfig()
    client = HubClient(config)
    last_print = [0.0]

    def show_progress(snapshot: DownloadSnapshot) -> None:
        now = time.monotonic()
        if now - last_print[0] < 1 and not snapshot.state.finished:
            return
        last_print[0] = now
        speed = f"{format_bytes(int(snapshot.speed_bps))}/s" if snapshot.speed_bps else ""
        print(f"{snapshot.state.value:12} {snapshot.fraction:6.1%} {speed}", flush=True)

    async def download() -> DownloadSnapshot:
        details = await client.repo(args.repo)
        model = _pick(details, args.model)
        files = list(model.files)
        if args.mmproj and details.mmproj:
            files += details.mmproj[0].files
        target = (
            FolderTarget(args.into, details.repo_id)
            if args.into is not None
            else HfCacheTarget(config.cache_dir, details.repo_id, details.revision)
        )
        tasks = TaskOwner("cli-download")
        finished: asyncio.Future[DownloadSnapshot] = asyncio.get_running_loop().create_future()

        def on_change(snapshot: DownloadSnapshot) -> None:
            show_progress(snapshot)
            if snapshot.state.finished and not finished.done():
                finished.set_result(snapshot)

        queue = DownloadQueue(config, client.file_url, tasks, on_change)
        queue.add(
            DownloadRequest(details.repo_id, details.revision, tuple(files), model.name, target)
        )
        try:
            return await finished
        finally:
            await tasks.shutdown()  # on Ctrl+C the partial files stay for the next run

    try:
        done = asyncio.run(download())
    except StudioError as error:
        return _fail(error, args)
    if done.error is not None:
        return _fail(done.error, args)
    for path in done.paths:
        print(printable(path))
    return 0


def library_models(extra_folders: list[Path]) -> list[LocalModel]:
    """The app's library (HF cache and its model folders) and `--models-dir` folders."""
    from studio.core.settings import SettingsStore  # not needed by the other commands

    paths = AppPaths.default()
    settings = SettingsStore.in_directory(paths.config_dir).load()
    folders = settings.library_folders(paths.models_dir)
    return scan_library(HubConfig().cache_dir, [*folders, *extra_folders])


def _run_library(args: argparse.Namespace) -> int:
    folders = [inputs.require_folder(folder) for folder in args.folders]
    models = library_models(folders)  # the app's library, as its window lists it, and these
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "path": str(m.path),
                        "architecture": m.architecture,
                        "parameters": m.parameters,
                        "quant": m.quant,
                        "context": m.context_length,
                        "size": m.size,
                        "projector": m.is_projector,
                        "problem": m.problem,
                        "problem_detail": m.problem_detail,
                    }
                    for m in models
                ],
                indent=2,
            )
        )
        return 0
    if not models:
        print(
            "No GGUF models yet: the Hugging Face cache and the model folders hold none. "
            "Download one with 'studio download OWNER/REPO QUANT', or name a folder: "
            "'studio library FOLDER'."
        )
        return 0
    for m in models:
        kind = "unreadable" if m.problem else "mmproj" if m.is_projector else m.architecture
        quant = printable(m.quant or "?")
        row = f"{quant:10} {format_bytes(m.size):>10}  {printable(kind):12} {printable(m.path)}"
        reason = _reason(m.path, m.problem_detail or m.problem) if m.problem else ""
        print(row + (f"  ({printable(reason)})" if reason else ""))
    return 0


def _reason(path: Path, detail: str) -> str:
    # Details start with the path, which the row already shows.
    return detail.removeprefix(f"{path}: ").removeprefix(f"{path} ")
