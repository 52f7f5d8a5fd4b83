"""The one failure type of documents: a code and its parameters, said in one sentence by
`studio/core/voice/templates.py` (the `document_*` codes)."""

from __future__ import annotations

from studio.core.errors import StudioError


class DocumentError(StudioError):
    """Codes: `document_too_large` (name, limit), `document_not_regular` (name),
    `document_unreadable` (name, reason), `document_unsupported` (name, suffix),
    `document_encrypted` (name), `document_no_text_layer` (name), `document_damaged`
    (name, kind), `document_zip_bomb` (name, limit), `document_empty` (name),
    `document_not_text` (name),
    `document_embedder_failed` (reason), `document_no_embedder`,
    `document_embedding_model_missing` (name)."""
