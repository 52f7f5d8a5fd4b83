"""The Chat area: conversation list, streaming conversation view, composer, settings."""
