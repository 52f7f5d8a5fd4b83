"""The Discover and Library pages, over the Hub services `app.py` built.

The pages get every collaborator from the composition root; this module only joins the
pages to each other and to the settings (a folder added from the Library is saved, and a
changed folder list refreshes where Discover looks for copies on disk).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from studio.core.settings import AppSettings
from studio.services.download_service import DownloadService
from studio.services.hub_service import HubService
from studio.services.hub_settings import HubSettings
from studio.services.library_service import LibraryService
from studio.services.settings_service import SettingsService
from studio.ui.discover.discover_page import DiscoverPage
from studio.ui.library.library_page import LibraryPage


class HubArea:
    def __init__(
        self,
        settings: SettingsService,
        hub_settings: HubSettings,
        hub: HubService,
        downloads: DownloadService,
        library: LibraryService,
    ) -> None:
        self._settings = settings
        self.discover_page = DiscoverPage(
            hub, downloads, hub_settings.config().cache_dir, hub_settings.folders
        )
        self.library_page = LibraryPage(library)
        self.library_page.add_folder_requested.connect(self.add_folder)
        self._known_folders = tuple(settings.current.models_folders)
        settings.changed.connect(self._on_settings_changed)

    def add_folder(self, folder: Path) -> None:
        # Saved through the settings service like the Settings page's list; its `changed`
        # signal rescans the library (app.py).
        def add(settings: AppSettings) -> AppSettings:
            if str(folder) in settings.models_folders:
                return settings
            return replace(settings, models_folders=(*settings.models_folders, str(folder)))

        self._settings.update(add)

    def _on_settings_changed(self, settings: AppSettings) -> None:
        folders = tuple(settings.models_folders)
        if folders != self._known_folders:
            self._known_folders = folders
            self.discover_page.refresh_targets()
