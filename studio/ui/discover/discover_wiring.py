"""Builds the Discover and Library areas and everything behind them, from the settings.

`app.py` calls `HubArea(...)` once and puts `discover_page` and `library_page` into the main
window; this keeps the composition root short while every collaborator stays explicit.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from studio.core.hardware import DeviceConfig, discover_devices
from studio.core.hub import (
    DownloadQueue,
    DownloadTarget,
    FolderTarget,
    HfCacheTarget,
    HubClient,
    HubConfig,
    RepoDetails,
)
from studio.core.hub.fit import FitAssessment, plan_fit, remote_assessor
from studio.core.hub.journal import DownloadJournal
from studio.core.memory import ModelSummary
from studio.core.paths import AppPaths
from studio.core.settings import AppSettings
from studio.core.tasks import TaskOwner
from studio.services.download_service import DownloadService
from studio.services.engine_service import EngineService
from studio.services.hub_service import HubService
from studio.services.library_service import LibraryService
from studio.services.settings_service import SettingsService
from studio.ui.discover.discover_page import DiscoverPage
from studio.ui.library.library_page import LibraryPage


def hub_config(settings: AppSettings) -> HubConfig:
    """The endpoint and proxy the user set; empty means huggingface.co (or $HF_ENDPOINT)."""
    defaults = HubConfig()
    endpoint = (settings.hf_endpoint or "").strip().rstrip("/") or defaults.endpoint
    return HubConfig(endpoint=endpoint, proxy=(settings.hf_proxy or "").strip() or None)


class HubArea:
    def __init__(
        self,
        paths: AppPaths,
        settings: SettingsService,
        engine: EngineService,
        tasks: TaskOwner,
    ) -> None:
        self._settings = settings
        self._engine = engine
        self._paths = paths
        self._tasks = tasks
        config = hub_config(settings.current)
        self._config = config
        client = HubClient(config)
        # Headers read once per file and commit, across device and settings changes.
        self._summaries: dict[str, ModelSummary] = {}
        self.hub = HubService(
            client,
            tasks,
            remote_assessor(client, self._judge, self._summaries),
            local_targets=self._local_targets,
        )
        self.downloads = DownloadService()
        # Unfinished downloads are remembered and come back paused in the next session.
        self._journal = DownloadJournal(paths.data_dir / "downloads.json")
        self.downloads.attach(
            DownloadQueue(
                config,
                client.file_url,
                tasks,
                self.downloads.on_change,
                remember=self._journal.save,
            )
        )
        self.library = LibraryService(tasks, config.cache_dir, self._folders, self._import_folder)
        self.discover_page = DiscoverPage(self.hub, self.downloads, config.cache_dir, self._folders)
        self.library_page = LibraryPage(self.library)
        self.library_page.add_folder_requested.connect(self._on_add_folder_requested)
        self.downloads.completed.connect(lambda _: self.library.rescan())
        self._known_folders = tuple(settings.current.models_folders)
        settings.changed.connect(self._on_settings_changed)

    def start(self) -> None:
        self.library.rescan()
        self._tasks.spawn("restore-downloads", self.downloads.queue.restore(self._journal.load))

    def _folders(self) -> list[Path]:
        return [Path(folder).expanduser() for folder in self._settings.current.models_folders]

    def _local_targets(self, details: RepoDetails) -> list[DownloadTarget]:
        cache = HfCacheTarget(self._config.cache_dir, details.repo_id, details.revision)
        return [cache, *(FolderTarget(folder, details.repo_id) for folder in self._folders())]

    def _import_folder(self) -> Path:
        folders = self._folders()
        return folders[0] if folders else self._paths.data_dir / "models"

    def _judge(self, summary: ModelSummary, name: str) -> FitAssessment:
        # Runs in a worker thread: reads NVML/psutil now, so the badge reflects free memory.
        info = self._engine.info
        inventory = discover_devices(
            DeviceConfig.from_environment(os.environ),
            info.devices if info is not None else (),
            os.environ,
        )
        return plan_fit(summary, name, inventory, info.features if info is not None else None)

    def _on_add_folder_requested(self, folder: Path) -> None:
        # Saved through the settings service like the Settings page's list; its `changed`
        # signal rescans the library (`_on_settings_changed`).
        def add(settings: AppSettings) -> AppSettings:
            if str(folder) in settings.models_folders:
                return settings
            return replace(settings, models_folders=(*settings.models_folders, str(folder)))

        self._settings.update(add)

    def _on_settings_changed(self, settings: AppSettings) -> None:
        config = hub_config(settings)
        if (config.endpoint, config.proxy) != (self._config.endpoint, self._config.proxy):
            self._config = config
            client = HubClient(config)
            self.hub.client = client
            self.hub.set_assessor(remote_assessor(client, self._judge, self._summaries))
            self.downloads.queue.reconfigure(config, client.file_url)
        folders = tuple(settings.models_folders)
        if folders != self._known_folders:
            self._known_folders = folders
            self.discover_page.refresh_targets()
            self.library.rescan()
