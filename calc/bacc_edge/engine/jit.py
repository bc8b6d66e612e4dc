"""The one jit decorator every numba kernel of bacc-edge goes through.

``kernel`` compiles with the options every kernel needs: ``cache=True`` (compiled once per
machine, not per process), ``error_model="numpy"`` (no zero-division checks on ``%`` and
``//`` in the hot loops: kernels only ever divide by validated, positive numbers) and
``nogil=True`` (threads of one process count in parallel). ``inline`` is the same for the
small helpers of a hot loop, which numba inlines (LLVM would keep the calls). Never object
mode: a kernel that numba cannot compile fails at its first call.

:func:`plain` runs a kernel as plain Python, the big-integer path for shoes whose counts
would overflow int64.

The compiled kernels are kept in a folder named by a digest of the engine's and the
game's sources (under ``NUMBA_CACHE_DIR`` where set, else the user's cache folder):
numba checks only the kernel's own file for changes, so a kernel would otherwise keep
its cached machine code after a helper it inlines from another module, or a game
constant it reads, changed (an upgrade, an edit) — silently the old code. Inside it a
kernel's place is named by its module (``bacc_edge/engine``), not by the folder the
package sits in (numba's own way): another clone or install of the same sources, in
another folder, finds the kernels the first one compiled, once a machine
(:class:`PackageLocator`); numba still checks the kernel's own file by its contents.

:func:`on_first_compile` tells the command line when a kernel is compiled rather than
loaded from that folder (the first command after an install or upgrade waits for it).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import FunctionType

import numba as nb
from numba.core import caching, event
from numba.core.registry import CPUDispatcher

from ..util.source_digest import source_digest
from ..util.user_folders import kept_base


def cache_folder(package: Path) -> str:
    """The folder for the compiled kernels of ``package`` (bacc_edge's folder): one per
    version of the sources they read."""
    digest = source_digest(package, ("engine", "game"))
    return os.path.join(kept_base(), "kernels-" + digest[:16])


#: bacc_edge's folder
PACKAGE = Path(__file__).resolve().parent.parent
nb.config.CACHE_DIR = cache_folder(PACKAGE)


class PackageLocator(caching.UserProvidedCacheLocator):
    """numba's locator of the cache folder set above, for bacc_edge's kernels: a
    kernel's place is its module's folder inside the package (``bacc_edge/engine``),
    the same in every clone or install of it (numba's own names the folder by a hash of
    its absolute path). Kernels of other packages: numba's own locators."""

    @classmethod
    def get_suitable_cache_subpath(cls, py_file):
        folder = Path(os.path.abspath(py_file)).parent
        return "_".join(folder.relative_to(PACKAGE.parent).parts)

    @classmethod
    def from_function(cls, py_func, py_file):
        if not Path(os.path.abspath(py_file)).is_relative_to(PACKAGE):
            return None
        return super().from_function(py_func, py_file)


nb.config.CACHE_LOCATOR_CLASSES = ",".join(
    [f"{__name__}.PackageLocator"] + [c.__name__ for c in caching.CacheImpl._locator_classes]
    if not nb.config.CACHE_LOCATOR_CLASSES else
    [f"{__name__}.PackageLocator", nb.config.CACHE_LOCATOR_CLASSES])

_OPTIONS = dict(cache=True, error_model="numpy", nogil=True)

#: A numba kernel.
kernel = nb.njit(**_OPTIONS)
#: A small helper of a hot loop, inlined by numba.
inline = nb.njit(**_OPTIONS, inline="always")


def plain(compiled):
    """The kernel as plain Python, calling the plain versions of the other kernels of its
    module: exact on arrays of Python integers, where the jitted one would overflow."""
    module = dict(compiled.py_func.__globals__)
    for name, obj in list(module.items()):
        if isinstance(obj, CPUDispatcher):
            module[name] = FunctionType(obj.py_func.__code__, module, name)
    return module[compiled.py_func.__name__]


class _FirstCompile(event.Listener):
    """Calls its callback at the start of the first compilation of a bacc_edge kernel."""

    def __init__(self, callback):
        self.callback = callback

    def on_start(self, ev):
        if self.callback is not None and ev.data["dispatcher"].py_func.__module__.startswith(
                "bacc_edge."):
            callback, self.callback = self.callback, None
            callback()

    def on_end(self, ev):
        pass


def on_first_compile(callback) -> None:
    """Call ``callback()`` once in this process, as numba starts compiling a kernel of
    bacc-edge that the cache folder does not hold (numba fires its ``numba:compile`` event
    only on a cache miss): a cold cache, not every run."""
    event.register("numba:compile", _FirstCompile(callback))
