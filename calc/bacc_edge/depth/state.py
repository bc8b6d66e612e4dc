"""Where a depth run keeps its finished batches, so that a run can be interrupted in any
way and resumed, and never mixes with another run.

A state folder keeps run definitions apart: each run lives in ``run-<hash>/``, the hash
taken over its whole definition (paytable text, bets, deal, seed, counts, batch
layout, engine version; see :func:`bacc_edge.depth.run.definition`), which is also
written beside the batches as ``definition.json``. A batch file starts with one line of
JSON naming the run, the batch, its shoes and the SHA-256 of what follows; a file that
does not read back exactly is reported by name, moved to ``bad/`` and dealt again.
Every file here is one bacc-edge keeps (:func:`~bacc_edge.util.safe_write.write_owned`):
written under a unique temporary name, synced, renamed into place, and the folder
synced; readable by its owner alone; never written or read through a link. What is read
back is read by the strict JSON reader (:mod:`bacc_edge.util.strict_json`). A lock
(:class:`~bacc_edge.util.safe_write.FileLock`) lets one run at a time deal into a run
folder; a second is refused with a message. The operating system drops the lock when its
holder dies, however it dies.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import numpy as np

from ..errors import OptionError
from ..util.safe_write import FileLock, LockedError, OutputError, read_owned, sync_to_disk, \
    write_owned
from ..util.strict_json import JSONError, loads

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
        self._lock: FileLock | None = None

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
        self._take_lock()
        try:
            defn = self.path / "definition.json"
            if self._saved_definition(defn) != self.definition:
                write_owned(defn, json.dumps(self.definition, sort_keys=True, indent=1) + "\n")
            for tmp in self.path.glob(".*.tmp*"):  # left by a write cut short
                tmp.unlink(missing_ok=True)
        except (OSError, OutputError) as err:
            self.close()
            why = err.strerror if isinstance(err, OSError) and err.strerror else err
            raise OptionError(f"--state {self.root}: cannot write there ({why})") from None
        return self

    @staticmethod
    def _saved_definition(path: Path):
        """The definition saved in ``path``; None where there is none or it does not
        read (it is written again)."""
        try:
            found = read_owned(path)
            return None if found is None else loads(found[0])
        except JSONError:
            return None

    def _take_lock(self) -> None:
        try:
            self._lock = FileLock(self.path / "lock", f"--state {self.root}")
        except LockedError as err:
            raise OptionError(f"--state {self.root}: another bacc-edge depth run (pid "
                              f"{err.holder or '?'}) is dealing this same run there; wait "
                              f"for it to finish, or give another --state") from None

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

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
        write_owned(self.batch_path(index, shoes),
                    json.dumps(header, sort_keys=True).encode() + b"\n" + payload,
                    replaces=None)

    def read(self, index: int, first: int, shoes: int) -> dict | None:
        """A saved batch's arrays; None when it was never saved. Raises
        :class:`BadBatch` saying what is wrong with a file that is there."""
        try:  # the warning names the file: the message says what it is
            found = read_owned(self.batch_path(index, shoes), name="it")
        except OutputError as err:
            raise BadBatch(str(err).removeprefix("it: ")) from None
        if found is None:
            return None
        data = found[0]
        if not data:
            raise BadBatch("empty file")
        line, sep, payload = data.partition(b"\n")
        try:
            header = loads(line)
        except JSONError as err:
            raise BadBatch(f"no readable header: it {err}") from None
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
