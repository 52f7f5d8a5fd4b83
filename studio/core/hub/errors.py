"""Failures of search, download and the library, as codes the UI translates.

Every code names one situation a user can act on; `params` carries what the message needs
(a repo id, a file name, byte counts). `detail` is English for logs and the CLI only.
"""

from __future__ import annotations

from studio.core.errors import StudioError

# The network or the endpoint cannot be reached (also HF_HUB_OFFLINE).
HUB_OFFLINE = "hub_offline"
# The repository, revision or file does not exist on the endpoint.
HUB_NOT_FOUND = "hub_not_found"
# The repository is gated or private: a token (or accepting its terms) is needed.
HUB_AUTH_REQUIRED = "hub_auth_required"
# Any other HTTP failure from the endpoint.
HUB_HTTP_ERROR = "hub_http_error"
# The text given as a repository is not a Hub repository id (owner/name).
HUB_REPO_INVALID = "hub_repo_invalid"
# Not enough free space for what is left to download (checked before and while writing).
DOWNLOAD_DISK_FULL = "download_disk_full"
# The bytes received do not hash to what the Hub published, even after a fresh retry.
DOWNLOAD_CHECKSUM_MISMATCH = "download_checksum_mismatch"
# The transfer kept failing (stalls, dropped connections) until the retry budget ran out.
DOWNLOAD_RETRIES_EXHAUSTED = "download_retries_exhausted"
# A file name from the Hub would have written outside the target directory.
DOWNLOAD_UNSAFE_PATH = "download_unsafe_path"
# The target directory cannot be written (permissions, missing mount).
DOWNLOAD_TARGET_UNWRITABLE = "download_target_unwritable"
# A local file is not a GGUF model file we can use.
LIBRARY_NOT_GGUF = "library_not_gguf"
# The file is a multimodal projector (mmproj), a companion and not a main model.
LIBRARY_IS_MMPROJ = "library_is_mmproj"
# The file or folder is missing or unreadable.
LIBRARY_UNREADABLE = "library_unreadable"
# A folder under a models folder could not be listed; what it holds is not in the library.
LIBRARY_FOLDER_UNREADABLE = "library_folder_unreadable"
# A folder nested deeper than the scan goes; what lies below it is not in the library.
LIBRARY_FOLDER_TOO_DEEP = "library_folder_too_deep"
# A models folder holds more folders than one scan searches; the rest is not in the library.
LIBRARY_FOLDER_TOO_LARGE = "library_folder_too_large"


class HubError(StudioError):
    """A failure talking to the Hub or a mirror."""


class DownloadError(StudioError):
    """A download that cannot complete; partial bytes stay on disk unless cancelled."""


class LibraryError(StudioError):
    """A local model file that cannot be listed, imported or deleted."""


# An unexpected failure inside the downloader (a bug or an OS error we do not classify).
DOWNLOAD_FAILED = "download_failed"
