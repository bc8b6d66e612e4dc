"""The README is a contract: every command and Python block in it runs as written.

Each example runs as a user would run it, in a fresh folder holding a copy of the
repository's paytables and the files the README itself defines (a Python block right
after a ``<!-- file: NAME -->`` line is that file). An example's output, where the README
shows one (a block opening with ``$ bacc-edge …``), must be printed exactly; the JSON
example's keys, in order, and its digits must be what the command prints.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent
FENCE = re.compile(r"(?:<!-- (?P<mark>[^>]*) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)


def blocks(lang: str) -> list[tuple[int, str | None, str]]:
    """The README's fenced blocks in ``lang``: (line, the marker before it, text)."""
    return [(README[:m.start("body")].count("\n"), m["mark"], m["body"])
            for m in FENCE.finditer(README) if m["lang"] == lang]


def files() -> dict[str, str]:
    """The files the README defines: a Python block marked ``<!-- file: NAME -->``."""
    return {mark.removeprefix("file: "): body for _, mark, body in blocks("python")
            if mark and mark.startswith("file: ")}


def runnable_python() -> list[tuple[int, str]]:
    """Every Python block that is not a file, run alone, or after the block above when
    marked ``<!-- continues the block above -->``."""
    out, previous = [], ""
    for line, mark, body in blocks("python"):
        if mark and mark.startswith("file: "):
            previous = body
            continue
        code = previous + body if mark == "continues the block above" else body
        out.append((line, code))
        previous = code
    return out


def shell_commands() -> list[tuple[int, str]]:
    """Every command line of the ``sh`` blocks, the comment after it dropped."""
    out = []
    for line, _, body in blocks("sh"):
        for i, text in enumerate(body.splitlines()):
            command = re.sub(r"\s+#.*$", "", text).strip()
            if command:
                out.append((line + i + 1, command))
    return out


def shown_outputs() -> list[tuple[int, str, str]]:
    """The blocks that show a command and what it prints: (line, command, output)."""
    return [(line, body.splitlines()[0][2:], "\n".join(body.splitlines()[1:]))
            for line, _, body in blocks("") if body.startswith("$ ")]


def inline_commands() -> list[str]:
    """Complete ``bacc-edge`` commands quoted in the prose (not a bare command name, nor
    one with a placeholder such as PAYTABLE.py)."""
    spans = re.findall(r"`(bacc-edge [^`]+)`", README)
    return sorted({s for s in spans if len(s.split()) > 2 and not re.search(r"[A-Z]{4,}", s)})


def inline_python_calls() -> list[str]:
    """``bacc_edge.name(...)`` calls quoted in the prose whose arguments are all written
    out (literals), so they can run as they stand."""
    calls = []
    for span in sorted(set(re.findall(r"`(bacc_edge\.\w+\([^`]*\))`", README))):
        call = ast.parse(span, mode="eval").body
        arguments = [*call.args, *(k.value for k in call.keywords)]
        if all(isinstance(a, ast.Constant) for a in arguments):
            calls.append(span)
    return calls


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A user's folder: the shipped paytables and results, and the README's files."""
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "paytables", folder / "paytables")
    shutil.copytree(ROOT / "results", folder / "results")
    for name, text in files().items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def run(command: str, folder: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    return subprocess.run(command, shell=True, executable="/bin/bash", cwd=folder, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)


def python(code: str, folder: Path) -> subprocess.CompletedProcess:
    return run(f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}", folder)


def test_the_readme_defines_the_files_its_examples_use():
    assert set(files()) >= {"my_bets.py"}
    used = set(re.findall(r"bacc-edge (?:\w[\w-]* )?([\w.-]+\.py)\b", README))
    used -= {"PAYTABLE.py"}  # the placeholder the prose uses for any paytable
    assert used <= set(files()), used - set(files())


@pytest.mark.parametrize("name", sorted(files()))
def test_every_file_the_readme_defines_loads(name, workspace):
    result = python(f"from bacc_edge import load_paytable; load_paytable({name!r})", workspace)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("line, code", runnable_python(), ids=lambda x: str(x)[:20])
def test_every_python_block_runs(line, code, workspace):
    result = python(code, workspace)
    assert result.returncode == 0, f"README line {line}:\n{result.stdout}"


MAKE_TARGETS = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))


#: README commands another test runs as written, each checking more than that it runs:
#: regenerating every report takes 20 s, once is enough.
RUN_ELSEWHERE = {"bacc-edge results": "tests/test_results.py::test_results_are_not_stale"}


@pytest.mark.parametrize("line, command", shell_commands(), ids=lambda x: str(x)[:40])
def test_every_shell_command_runs(line, command, workspace):
    if command.startswith("make "):
        # make test and make bench are what CI and the bench run; here, the target exists
        target = command.split()[1]
        assert target in MAKE_TARGETS, f"README line {line}: no make target {target!r}"
        return
    if command in RUN_ELSEWHERE:  # run as written, and its every file checked, there
        test_file, name = RUN_ELSEWHERE[command].split("::")
        assert f"def {name}(" in (ROOT / test_file).read_text(encoding="utf-8")
        return
    if command in {shown_command for _, shown_command, _ in shown_outputs()}:
        return  # run as written, and its every line checked, by the test below
    result = run(command, workspace)
    assert result.returncode == 0, f"README line {line}: {command}\n{result.stdout}"


@pytest.mark.parametrize("line, command, shown", shown_outputs(), ids=lambda x: str(x)[:40])
def test_every_example_prints_what_the_readme_shows(line, command, shown, workspace):
    # every line as printed, to its last space, and the command succeeds
    result = run(command, workspace)
    assert result.stdout.rstrip("\n").split("\n") == shown.rstrip("\n").split("\n"), (
        f"README line {line}: {command}")
    assert result.returncode == 0, f"README line {line}: {command}\n{result.stdout}"


@pytest.mark.parametrize("command", inline_commands())
def test_every_command_quoted_in_the_prose_runs(command, workspace):
    result = run(command, workspace)
    assert result.returncode == 0, f"{command}\n{result.stdout}"


@pytest.mark.parametrize("call", inline_python_calls())
def test_every_python_call_quoted_in_the_prose_runs(call, workspace):
    result = python(f"import bacc_edge; {call}", workspace)
    assert result.returncode == 0, f"{call}\n{result.stdout}"


def test_the_json_example_shows_the_keys_in_order_and_the_digits_printed(workspace):
    (_, _, shown), = blocks("json")
    command = 'bacc-edge paytables/three_card_win.py --bet "Banker 3 Card Win, paytable 1" --fmt json'
    result = run(command + " 2>/dev/null", workspace)
    printed = json.dumps(json.loads(result.stdout), ensure_ascii=False)
    # the README's text, written on one line, with "..." for what it leaves out
    pattern = ".*?".join(re.escape(part) for part in
                         re.split(r"\.\.\.", re.sub(r"\s*\n\s*", " ", shown.strip())))
    assert re.fullmatch(pattern, printed, flags=re.S), printed[:600]
