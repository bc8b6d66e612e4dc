"""The one JSON reader for what bacc-edge reads back (util/strict_json.py): what it
refuses, each a row, against Python's json, which reads all of them otherwise (the last
of a key given twice, NaN as a number) or ends in a Python error (RecursionError,
ValueError) rather than a refusal; and what it reads as json does."""

import json

import pytest

from bacc_edge.util.strict_json import MAX_DEPTH, JSONError, loads

SESSION = ('{"format": "bacc-edge track session", "version": 1, "rules": {"decks": 8, '
           '"cut": 14, "end": "at-cut"}, "entries": [{"role": "exposed", "card": "K♠"}], '
           '"undone": []}')


@pytest.mark.parametrize("text, fragment", [
    ('{"entries": [1], "entries": []}', "names 'entries' twice: give each key once"),
    ('[{"a": 1, "b": {"c": 2, "c": 3}}]', "names 'c' twice"),
    ("[" * 100000 + "]" * 100000, "is nested too deep (100,000 levels; at most 64)"),
    ('{"a": ' * 100000 + "1" + "}" * 100000, "is nested too deep (100,000 levels"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deep (65 levels; at most 64)"),
    ("1" * 5000, "holds a number of 5,000 characters (11111111111111111111…); bacc-edge "
                 "reads numbers of at most 100"),
    ('{"version": -' + "9" * 5000 + "}", "holds a number of 5,001 characters"),
    ("[0." + "1" * 5000 + "]", "holds a number of 5,002 characters"),
    ("[NaN]", "holds NaN, which is not a number JSON has"),
    ('{"x": Infinity}', "holds Infinity, which is not a number JSON has"),
    ("-Infinity", "holds -Infinity"),
    ("1e400", "holds the number 1e400, beyond the range of a number bacc-edge reads"),
    ("[-1E+999]", "holds the number -1E+999, beyond"),
    ("# my notes\n", "is not JSON: Expecting value at line 1, column 1"),
    ('{"a": 1,}', "is not JSON: Expecting property name enclosed in double quotes at line 1"),
    ('{"a": 1} x', "is not JSON: Extra data at line 1, column 10"),
    (b'{"card": "K\xa0"}', "is not UTF-8 text (byte 12 is not)"),
    ('{"' + "k" * 60000 + '": 1, "' + "k" * 60000 + '": 2}', "names 'kkkkkkkkkkkkkkkkkkkkkkkkk"
                                                            "kkkkkkkkkkkkkk… (60,002 characters) twice"),
], ids=lambda v: str(v)[:30])
def test_what_it_refuses(text, fragment):
    with pytest.raises(JSONError) as refused:
        loads(text)
    assert fragment in str(refused.value)
    assert len(str(refused.value)) < 300            # quotes what it read, never all of it


@pytest.mark.parametrize("text", [
    SESSION, "[]", "{}", "0", "-0.5e-3", '"[[[[{{{{"', '["' + "[" * 100 + '"]',
    '["\\"' + "[" * 100 + '"]', '{"a": "x\\"[[[["}', '"\\\\"',
    "[" * MAX_DEPTH + "]" * MAX_DEPTH, "9" * 100, '{"a": {"b": 1}, "b": {"a": 2}}',
    '["K♠", "5♥"]',
], ids=lambda v: v[:30])
def test_what_it_reads_as_json_does(text):
    assert loads(text) == json.loads(text)
    assert loads(text.encode()) == json.loads(text)
