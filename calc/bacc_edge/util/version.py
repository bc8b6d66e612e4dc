"""bacc-edge's version: the one place it is read, from the installed package's metadata
(pyproject.toml's ``version``), for ``bacc-edge --version`` and the math report's
identifier alike."""

from __future__ import annotations


def version() -> str:
    """bacc-edge's version as installed ("unknown" for sources run without installing).
    The metadata is read only when asked for: a start-up of the command never pays for
    it."""
    import importlib.metadata

    try:
        return importlib.metadata.version("bacc-edge")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


__all__ = ["version"]
