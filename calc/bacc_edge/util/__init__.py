"""Helpers with no game fact: argument checks, progress, safe writes, numbers as text."""
