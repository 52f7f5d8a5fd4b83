"""Every code the core reports, said as one sentence: the one place user-facing error and
reason sentences live (see `templates.py` for the words, `voice.py` for how they are said).

The UI passes Qt's translator (`QCoreApplication.translate`) to `Voice`; the CLI and
`studio serve` use the English default.
"""

from studio.core.voice.voice import ENGLISH, Translate, Voice, english

__all__ = ["ENGLISH", "Translate", "Voice", "english"]
