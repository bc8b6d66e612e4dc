"""Where a depth run keeps its finished batches, so that a run can be interrupted in any
way and resumed, and never mixes with another run.

A state folder keeps run definitions apart: each run lives in ``run-<hash>/``, the hash
taken over its whole definition (paytable text, bets, deal, seed, counts, batch
layout, engine version; see :func:`bacc_edge.depth.run.definition`), which is also
written beside the batches as ``definition.json``. A batch file starts with one line of
JSON naming the run, the batch, its shoes and the SHA-256 of what follows; a file that
does not read back exactly is reported by name, moved to ``bad/`` and dealt again.
Files are written under a unique temporary name, synced, renamed into place, and the
folder synced. A lock file lets one run at a time deal into a run folder; a second
is refused with a message. The operating system drops the lock when its holder dies,
however it dies.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
from pathlib import Path

import numpy as np

from ..errors import OptionError
from ..util.safe_write import OutputError, sync_to_disk, write_output

FORMAT = "bacc-edge depth batch"
FORMAT_VERSION = 1


class BadBatch(Exception):
    """A batch file that does not read back as the batch it should be."""


def definition_key(definition: dict) -> str:
    """The run's hash: SHA-256 of its definition as canonical JSON, 20 hex digits."""
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


class RunFolder:
    """One run definition's folder under a state folder: its batches, its lock."""

    def __init__(self, root: Path, definition: dict):
        self.root = Path(root)
        self.definition = definition
        self.key = definition_key(definition)
        self.path = self.root / f"run-{self.key}"
        self._lock_fd: int | None = None

    # -- opening and locking ------------------------------------------------------------
    def open(self) -> "RunFolder":
        """Create the folder (refusing a state path that cannot be one), take the lock,
        check or write the definition, and clear temporary files a killed run left."""
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            (self.path / "bad").mkdir(exist_ok=True)
        except OSError as err:
            raise OptionError(f"--state {self.root}: cannot keep batches there "
                              f"({err.strerror or err})") from None
        self._lock()
        try:
            defn = self.path / "definition.json"
            text = json.dumps(self.definition, sort_keys=True, indent=1) + "\n"
            if defn.is_file():
                try:
                    saved = json.loads(defn.read_text())
                except (OSError, ValueError):
                    saved = None
                if saved != self.definition:
                    write_output(defn, text)
            else:
                write_output(defn, text)
            for tmp in self.path.glob(".*.tmp*"):  # left by a write cut short
                tmp.unlink(missing_ok=True)
        except (OSError, OutputError) as err:
            self.close()
            why = err.strerror if isinstance(err, OSError) and err.strerror else err
            raise OptionError(f"--state {self.root}: cannot write there ({why})") from None
        return self

    def _lock(self) -> None:
        lock = self.path / "lock"
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            raise OptionError(f"--state {self.root}: cannot write there "
                              f"({err.strerror or err})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            finally:
                os.close(fd)
            raise OptionError(f"--state {self.root}: another bacc-edge depth run (pid "
                              f"{holder}) is dealing this same run there; wait for it to "
                              f"finish, or give another --state") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._lock_fd = fd

    def close(self) -> None:
        if self._lock_fd is not None:
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()

    # -- batches ------------------------------------------------------------------------
    def batch_path(self, index: int, shoes: int) -> Path:
        """Batch ``index``'s file. A last batch holding fewer shoes than the run's batch
        size (a run of 45 shoes in batches of 10) has a name of its own, so that a run
        asking for fewer shoes than a folder holds never mistakes a full batch for a
        bad one, and one asking for more later finds the full batch untouched."""
        if shoes == self.definition.get("batch"):
            return self.path / f"batch-{index:07d}.npz"
        return self.path / f"batch-{index:07d}-of-{shoes}.npz"

    def write(self, index: int, first: int, shoes: int, arrays: dict) -> None:
        """Save a finished batch, atomically, with its checksum."""
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        payload = buf.getvalue()
        header = {"format": FORMAT, "version": FORMAT_VERSION, "run": self.key,
                  "batch": index, "first": first, "shoes": shoes, "bytes": len(payload),
                  "sha256": hashlib.sha256(payload).hexdigest()}
        write_output(self.batch_path(index, shoes),
                     json.dumps(header, sort_keys=True).encode() + b"\n" + payload)

    def read(self, index: int, first: int, shoes: int) -> dict | None:
        """A saved batch's arrays; None when it was never saved. Raises
        :class:`BadBatch` saying what is wrong with a file that is there."""
        path = self.batch_path(index, shoes)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        if not data:
            raise BadBatch("empty file")
        line, sep, payload = data.partition(b"\n")
        try:
            header = json.loads(line)
        except ValueError:
            raise BadBatch("no readable header") from None
        if not sep or not isinstance(header, dict) or header.get("format") != FORMAT:
            raise BadBatch("not a bacc-edge batch file")
        expected = {"version": FORMAT_VERSION, "run": self.key, "batch": index,
                    "first": first, "shoes": shoes}
        for key, value in expected.items():
            if header.get(key) != value:
                raise BadBatch(f"its header says {key} {header.get(key)!r}, not {value!r}")
        if header.get("bytes") != len(payload):
            raise BadBatch(f"truncated or extended: {len(payload)} bytes of data, the "
                           f"header says {header.get('bytes')}")
        if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
            raise BadBatch("checksum mismatch: the data changed after it was written")
        try:
            with np.load(io.BytesIO(payload), allow_pickle=False) as npz:
                return {k: npz[k] for k in npz.files}
        except Exception as err:  # the checksum held, so this is a writer's bug
            raise BadBatch(f"unreadable data ({err})") from None

    def set_aside(self, index: int, shoes: int) -> Path:
        """Move a bad batch file into ``bad/`` under a name not used yet; its path."""
        src = self.batch_path(index, shoes)
        n = 0
        while (dst := self.path / "bad" / f"{src.name}.{n}").exists():
            n += 1
        os.replace(src, dst)
        sync_to_disk(self.path)
        return dst


__all__ = ["BadBatch", "RunFolder", "definition_key"]
