"""The track's session file: the shoe of the live page saved after every change, as JSON
(the rules, the cards entered in order, the cards undone), and read back exactly.

A session is written to a temporary file, then renamed into place
(:func:`~bacc_edge.util.safe_write.write_owned`: never through a link, never over a
file put in its place, readable by its owner alone). Reading one refuses in words,
naming the file and leaving it as it is, whatever is not a session of the paytable
being tracked: another format or version, broken content, cards no shoe deals, a
shoe tracked with another paytable or another tableau (:func:`read_session`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import ArgumentError, BaccEdgeError, kind_of
from ..game.cards import parse_cards
from ..game.dealing import DealRules
from ..game.dealt_shoe import DealError, Entry, Role
from ..language.loader import Paytable
from ..util.safe_write import FileId, OutputError, OverwriteError, check_output, read_owned, \
    write_owned
from ..util.strict_json import JSONError, loads

#: What a session file says it is, and the version of its layout.
SESSION_FORMAT, SESSION_VERSION = "bacc-edge track session", 1
#: What a session file leaves as it is when it cannot be resumed.
_LEFT = "it is left as it is"


class SessionError(BaccEdgeError):
    """A session file that cannot be resumed: not a session, or cards that no shoe
    deals. The message names the file; the file is left as it is."""


def session_json(paytable: Paytable, rules: DealRules, entries, undone) -> dict:
    """The session as JSON: the paytable (its file and content), the rules, the cards
    entered (``entries``) and ``undone``, each an
    :class:`~bacc_edge.game.dealt_shoe.Entry`."""
    return {"format": SESSION_FORMAT, "version": SESSION_VERSION,
            "paytable": os.path.abspath(paytable.path),
            "paytable_sha256": paytable.sha256,
            "tableau": paytable.rules.text,
            "rules": {"decks": rules.decks, "cut": rules.cut, "end": rules.end.value},
            "entries": [_entry_json(e) for e in entries],
            "undone": [_entry_json(e) for e in undone]}


def _entry_json(entry: Entry) -> dict:
    return {"role": entry.role.value, "card": entry.name}


def write_session(path: Path, data: dict, paytable: Paytable,
                  replaces: FileId | None) -> FileId:
    """Write the session ``data`` (:func:`session_json`) to ``path``, over the file
    ``replaces`` names and no other (None: where there is none); the file written."""
    return write_owned(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                       inputs=[paytable.path], name=f"session {path}", replaces=replaces)


def session_path(session, paytable: Paytable | None = None) -> Path:
    """``session`` as the file a track saves to, refused where it cannot be one: not a
    file name, an empty name, a ``.py`` file (someone's code, even one not yet
    written: a session made there could never be resumed), the paytable itself, a
    folder, a symlink or a file of several names (see
    :func:`~bacc_edge.util.safe_write.check_output`)."""
    if not isinstance(session, (str, os.PathLike)):
        raise ArgumentError(f"session {kind_of(session)} must be a file name (a str or "
                            f"Path), e.g. 'shoe.json'")
    if not str(session).strip():
        raise SessionError(f"session {str(session)!r}: the name is empty; give a file name, "
                           f"e.g. bacc-edge-track.json")
    path = Path(session)
    name = f"session {session}"
    real = check_output(path, inputs=[] if paytable is None else [paytable.path], name=name,
                        follow_links=False)
    if real.suffix.lower() == ".py" or path.suffix.lower() == ".py":  # as check_output says
        raise OverwriteError(f"{name}: is the Python file {str(real)!r}; bacc-edge never "
                             f"writes over a .py file: name another file")
    return path


def _paytable_check(data: dict, paytable: Paytable, name: str) -> bool:
    """Refuse a session tracked with another paytable than ``paytable``: one whose
    tableau differs (the cards would make other coups), or another file of other
    content. The same content anywhere is the same paytable; the same file (its path)
    edited, its tableau unchanged, is resumed, its bets valued as it is now: returns
    True then."""
    saved = data.get("paytable")
    if not isinstance(saved, str):
        raise SessionError(f"{name}: a broken session: it does not name its paytable "
                           f"file; {_LEFT}")
    here = os.path.abspath(paytable.path)
    same_file = os.path.realpath(saved) == os.path.realpath(here)
    tableau = data.get("tableau")
    if tableau is not None and tableau != paytable.rules.text:
        if same_file:
            raise SessionError(f"{name}: its coups were dealt by the tableau {saved} had when "
                               f"it was saved, and the file now deals by another (its RULES "
                               f"changed), so its cards would make other coups: restore its "
                               f"RULES to resume it, or name another --session")
        raise SessionError(f"{name}: holds a shoe tracked with {saved}, whose tableau dealt "
                           f"its coups; {here} deals by another (its RULES), so its cards "
                           f"would make other coups: track {saved} to resume it, or name "
                           f"another --session")
    if paytable.sha256 is not None and data.get("paytable_sha256") == paytable.sha256:
        return False
    if same_file:
        return data.get("paytable_sha256") is not None
    raise SessionError(f"{name}: holds a shoe tracked with {saved}; this paytable is {here}: "
                       f"track {saved} to resume it, or name another --session")


@dataclass(frozen=True)
class SavedSession:
    """What a session file holds, checked: the shoe's rules, its cards entered (role,
    card name) and undone, whether the paytable changed since (its tableau the same),
    and the file read."""

    rules: DealRules
    entries: list
    undone: list[Entry]
    paytable_changed: bool
    file: FileId


def read_session(path: Path, paytable: Paytable, name: str) -> SavedSession | None:
    """The session saved in ``path`` (None: no file there), read by the strict JSON
    reader (:mod:`bacc_edge.util.strict_json`) and refused in words, naming the file,
    where it is not a session of ``paytable``; the file is left as it is."""
    try:
        found = read_owned(path, name=name)
    except OutputError as err:
        raise SessionError(f"{err}; {_LEFT}") from None
    if found is None:
        return None
    raw, file = found
    try:
        data = loads(raw)
    except JSONError as err:
        raise SessionError(f"{name}: cannot be read as a session: it {err}; {_LEFT}: name "
                           f"another file") from None
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise SessionError(f"{name}: not a bacc-edge track session; {_LEFT}: name "
                           f"another file")
    if data.get("version") != SESSION_VERSION:
        raise SessionError(f"{name}: version {data.get('version')!r}, this bacc-edge "
                           f"reads version {SESSION_VERSION}")
    changed = _paytable_check(data, paytable, name)
    rules, entries, undone = _session_content(data, name)
    return SavedSession(rules, entries, undone, changed, file)


def _session_content(data: dict, name: str) -> tuple[DealRules, list, list[Entry]]:
    """A session's rules, its cards entered (role, card name) and its cards undone,
    each checked and refused in words where it is not what a session holds."""
    broken = f"{name}: a broken session:"
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise SessionError(f"{broken} it holds no rules (decks, cut, end); {_LEFT}")
    missing = [key for key in ("decks", "cut", "end") if key not in rules]
    if missing:
        raise SessionError(f"{broken} its rules give no {missing[0]}; {_LEFT}")
    try:
        deal = DealRules(rules["decks"], rules["cut"], rules["end"])
    except BaccEdgeError as err:
        raise SessionError(f"{broken} its rules: {err}; {_LEFT}") from None
    lists = {}
    for key, what in (("entries", "cards entered"), ("undone", "cards undone")):
        items = data.get(key)
        if not isinstance(items, list):
            raise SessionError(f"{broken} it holds no list of its {what} ({key}); {_LEFT}")
        cards = []
        for n, item in enumerate(items, 1):
            if (not isinstance(item, dict) or not isinstance(item.get("card"), str)
                    or "role" not in item):
                raise SessionError(f"{broken} card {n} of its {what} is not a role and a "
                                   f"card name, e.g. {{\"role\": \"coup\", \"card\": "
                                   f"\"K♠\"}}; {_LEFT}")
            roles = {r.value: r for r in Role}
            if item["role"] not in roles:
                raise SessionError(f"{broken} card {n} of its {what} has the role "
                                   f"{str(item['role'])[:40]!r}, which is none of "
                                   f"{', '.join(roles)}; {_LEFT}")
            cards.append((roles[item["role"]], item["card"]))
        lists[key] = cards
    try:
        undone = [Entry(role, *_one_card(card)) for role, card in lists["undone"]]
    except BaccEdgeError as err:
        raise SessionError(f"{broken} {err}; {_LEFT}") from None
    return deal, lists["entries"], undone


def _one_card(text: str) -> tuple[int, int | None]:
    cards = parse_cards(text) if isinstance(text, str) else []
    if len(cards) != 1:
        raise DealError(f"undone card {text!r} is not one card")
    return cards[0]


__all__ = ["SESSION_FORMAT", "SESSION_VERSION", "SavedSession", "SessionError", "read_session",
           "session_json", "session_path", "write_session"]
