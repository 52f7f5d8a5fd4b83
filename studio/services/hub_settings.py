"""What the Hub services ask of the user's settings and of this machine: the endpoint and
proxy, the models folders, where a repository's files may already be, where an import
goes, and how a model would fit here.

`app.py` builds the Hub services with these answers; each is read when asked, so a folder
added in Settings or a GPU freed since the last search counts at once.
"""

from __future__ import annotations

from pathlib import Path

from studio.core.hub import DownloadTarget, FolderTarget, HfCacheTarget, HubConfig, RepoDetails
from studio.core.hub.fit import FitAssessment, plan_fit
from studio.core.memory import ModelSummary
from studio.core.paths import AppPaths
from studio.core.placement.setup import Machine
from studio.core.settings import AppSettings
from studio.services.engine_service import EngineService
from studio.services.settings_service import SettingsService


def hub_config(settings: AppSettings) -> HubConfig:
    """The endpoint and proxy the user set; empty means huggingface.co (or $HF_ENDPOINT)."""
    defaults = HubConfig()
    endpoint = (settings.hf_endpoint or "").strip().rstrip("/") or defaults.endpoint
    return HubConfig(endpoint=endpoint, proxy=(settings.hf_proxy or "").strip() or None)


class HubSettings:
    def __init__(
        self,
        settings: SettingsService,
        paths: AppPaths,
        machine: Machine,
        engine: EngineService,
    ) -> None:
        self._settings = settings
        self._paths = paths
        self._machine = machine
        self._engine = engine

    def config(self) -> HubConfig:
        return hub_config(self._settings.current)

    def folders(self) -> list[Path]:
        """Where downloads and imports may go."""
        return self._settings.current.model_folders(self._paths.models_dir)

    def library_folders(self) -> list[Path]:
        """What the library lists."""
        return self._settings.current.library_folders(self._paths.models_dir)

    def local_targets(self, details: RepoDetails) -> list[DownloadTarget]:
        cache = HfCacheTarget(self.config().cache_dir, details.repo_id, details.revision)
        return [cache, *(FolderTarget(folder, details.repo_id) for folder in self.folders())]

    def import_folder(self) -> Path:
        return self.folders()[0]  # the first the person chose, else the app's own

    def judge(self, summary: ModelSummary, name: str) -> FitAssessment:
        """Runs in a worker thread: reads NVML/psutil now, so the badge reflects free memory.
        Priced as the load dialog and every load price it: with what the engine's
        self-test measured."""
        info = self._engine.info
        features = info.features if info is not None else None
        inventory = self._machine.devices(info)
        setup = self._machine.prepare(
            summary, Path(name), inventory, features, memory=self._engine.memory
        )
        return plan_fit(setup)
