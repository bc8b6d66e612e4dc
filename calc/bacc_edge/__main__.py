"""``python -m bacc_edge`` is the ``bacc-edge`` command."""
from .cli import run

run()
