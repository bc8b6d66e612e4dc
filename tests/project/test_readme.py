"""What a user reads is a contract: every command and Python block in ``README.md`` and in
every page of the documentation site (``docs/**/*.md``) runs as written.

Each example runs as a user would run it, in a fresh folder holding a copy of the
repository's paytables and results and the files the pages define (a Python block right
after a ``<!-- file: NAME -->`` line is that file). A plain ``bacc-edge`` command (no
pipe, redirection, variable or wildcard for a shell to expand) runs in this process,
through the command's own entry point (:func:`bacc_edge.cli.main`, from the user's folder,
its output and errors as a terminal shows them): a process of its own would add a second
of start-up to each of about ninety examples. What only a process of its own shows (the
cold kernel cache's line, the exit code of a crash) is tested in ``tests/surface``. An example's output, where a page
shows one (a block opening with ``$ bacc-edge …``), must be printed exactly; the JSON
example's keys, in order, and its digits must be what the command prints. Each test's id
is the page and line of its example (``how-to/depth:84``; ``-k depth`` runs a page's).
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
import traceback
from pathlib import Path

import pytest
from click.testing import CliRunner

from bacc_edge.cli import COMPILING, main
from conftest import ROOT
from pages import Block, blocks, pages

BIN = Path(sys.executable).parent


def files() -> dict[str, str]:
    """The files the pages define: a Python block marked ``<!-- file: NAME -->``, each
    defined once."""
    defined = [b for b in blocks("python") if b.mark and b.mark.startswith("file: ")]
    names = [b.mark.removeprefix("file: ") for b in defined]
    assert len(set(names)) == len(names), f"a file defined twice: {names}"
    return {name: b.body for name, b in zip(names, defined)}


def runnable_python() -> list[tuple[str, str]]:
    """Every Python block that is not a file, run alone, or after the block above it on
    its page when marked ``<!-- continues the block above -->``: (page:line, code)."""
    out, previous = [], Block("", 0, "", None, "")
    for block in blocks("python"):
        if block.mark and block.mark.startswith("file: "):
            previous = block
            continue
        continues = block.mark == "continues the block above" and previous.page == block.page
        code = previous.body + block.body if continues else block.body
        out.append((block.where, code))
        previous = Block(block.page, block.line, block.lang, block.mark, code)
    return out


def shell_commands() -> list[tuple[str, str]]:
    """Every command line of the ``sh`` blocks, the comment after it dropped:
    (page:line, command)."""
    out = []
    for block in blocks("sh"):
        for i, text in enumerate(block.body.splitlines()):
            command = re.sub(r"\s+#.*$", "", text).strip()
            if command:
                out.append((f"{block.page}:{block.line + i}", command))
    return out


def shown_outputs() -> list[tuple[str, str, str]]:
    """The blocks that show a command and what it prints: (page:line, command, output)."""
    return [(b.where, b.body.splitlines()[0][2:], "\n".join(b.body.splitlines()[1:]))
            for b in blocks("") if b.body.startswith("$ ")]


def inline_commands() -> list[str]:
    """Complete ``bacc-edge`` commands quoted in the prose of any page (not a bare command
    name, nor one with a placeholder such as PAYTABLE.py), each once."""
    spans = {s for text in pages().values() for s in re.findall(r"`(bacc-edge [^`]+)`", text)}
    commands = sorted(s for s in spans if len(s.split()) > 2 and not re.search(r"[A-Z]{4,}", s))
    assert not [c for c in commands if c.startswith("bacc-edge track ")], (
        "a page quotes a live page's command in its prose: it serves until stopped, so it "
        "cannot run here; show it in a text block (tests/live runs the server)")
    return commands


def inline_python_calls() -> list[str]:
    """``bacc_edge.name(...)`` calls quoted in the prose of any page whose arguments are
    all written out (literals), so they can run as they stand; each once."""
    calls = []
    spans = {s for text in pages().values() for s in re.findall(r"`(bacc_edge\.\w+\([^`]*\))`", text)}
    for span in sorted(spans):
        call = ast.parse(span, mode="eval").body
        arguments = [*call.args, *(k.value for k in call.keywords)]
        if all(isinstance(a, ast.Constant) for a in arguments):
            calls.append(span)
    return calls


def placed(rows) -> list:
    """The rows as test parameters, each test's id the page and line of its example (the
    row's first item)."""
    return [pytest.param(*row, id=row[0]) for row in rows]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A user's folder: the shipped paytables and results, and the pages' files."""
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "paytables", folder / "paytables")
    shutil.copytree(ROOT / "results", folder / "results")
    for name, text in files().items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


#: what makes a command line more than a program and its words: a shell expands or
#: redirects it, so it runs in a shell of its own
SHELL_SYNTAX = set("|&;<>()$`*?[]{}~\\!#")


def run(command: str, folder: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """``command`` run in ``folder``, its output and errors in one stream, as a terminal
    shows them: a plain ``bacc-edge`` command here (:func:`in_this_process`), any other
    in a shell."""
    words = shlex.split(command)
    if words[0] == "bacc-edge" and not SHELL_SYNTAX & set(command):
        return in_this_process(words[1:], folder)
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    return subprocess.run(command, shell=True, executable="/bin/bash", cwd=folder, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)


def in_this_process(arguments: list[str], folder: Path) -> subprocess.CompletedProcess:
    """``bacc-edge ARGUMENTS`` through its entry point in this process, from ``folder``
    (the working folder restored after); an exception the command lets out is printed as
    the process would print it, with exit code 1."""
    here = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, arguments, prog_name="bacc-edge",
                                    env={"COLUMNS": "200"})
    finally:
        os.chdir(here)
    output, code = result.output, result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += "".join(traceback.format_exception(result.exception))
        code = code or 1
    return subprocess.CompletedProcess(["bacc-edge", *arguments], code, output)


def python(code: str, folder: Path) -> subprocess.CompletedProcess:
    return run(f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}", folder)


def test_the_pages_define_the_files_their_examples_use():
    assert set(files()) >= {"my_bets.py"}
    used = {name for text in pages().values()
            for name in re.findall(r"bacc-edge (?:\w[\w-]* )?([\w.-]+\.py)\b", text)}
    used -= {"PAYTABLE.py"}  # the placeholder the prose uses for any paytable
    assert used <= set(files()), used - set(files())


@pytest.mark.parametrize("name", sorted(files()))
def test_every_file_the_pages_define_loads(name, workspace):
    result = python(f"from bacc_edge import load_paytable; load_paytable({name!r})", workspace)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("place, code", placed(runnable_python()))
def test_every_python_block_runs(place, code, workspace):
    result = python(code, workspace)
    assert result.returncode == 0, f"{place}:\n{result.stdout}"


MAKE_TARGETS = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))


#: commands of the pages another test runs as written, each checking more than that it
#: runs: regenerating every report takes 20 s, once is enough.
RUN_ELSEWHERE = {"bacc-edge results": "tests/output/test_results.py::test_results_are_not_stale"}


@pytest.mark.slow  # the pages' depth and math-report examples run at their written size
@pytest.mark.parametrize("place, command", placed(shell_commands()))
def test_every_shell_command_runs(place, command, workspace):
    if command.startswith("make "):
        # make test, make docs and make bench are what CI, the site and the bench run;
        # here, the target exists
        target = command.split()[1]
        assert target in MAKE_TARGETS, f"{place}: no make target {target!r}"
        return
    if command in RUN_ELSEWHERE:  # run as written, and its every file checked, there
        test_file, name = RUN_ELSEWHERE[command].split("::")
        assert f"def {name}(" in (ROOT / test_file).read_text(encoding="utf-8")
        return
    if command in {shown_command for _, shown_command, _ in shown_outputs()}:
        return  # run as written, and its every line checked, by the test below
    result = run(command, workspace)
    assert result.returncode == 0, f"{place}: {command}\n{result.stdout}"


@pytest.mark.parametrize("place, command, shown", placed(shown_outputs()))
def test_every_example_prints_what_the_page_shows(place, command, shown, workspace):
    # every line as printed, to its last space, and the command succeeds; the page shows
    # a warm kernel cache: the line a cold one adds (a kernel no test compiled before
    # this one), once, is not the page's
    result = run(command, workspace)
    printed = result.stdout.rstrip("\n").split("\n")
    if COMPILING in printed:
        printed.remove(COMPILING)
    assert printed == shown.rstrip("\n").split("\n"), f"{place}: {command}"
    assert result.returncode == 0, f"{place}: {command}\n{result.stdout}"


@pytest.mark.parametrize("command", inline_commands())
def test_every_command_quoted_in_the_prose_runs(command, workspace):
    result = run(command, workspace)
    assert result.returncode == 0, f"{command}\n{result.stdout}"


@pytest.mark.parametrize("call", inline_python_calls())
def test_every_python_call_quoted_in_the_prose_runs(call, workspace):
    result = python(f"import bacc_edge; {call}", workspace)
    assert result.returncode == 0, f"{call}\n{result.stdout}"


def test_no_example_is_shown_twice():
    # an example lives on one page; the others link to it (each runs once, and cannot
    # drift from a copy of itself). A command listed in a sh block may be shown with its
    # output below it: it runs once, as shown.
    for commands in ([c for _, c in shell_commands() if not c.startswith("make ")],
                     [c for _, c, _ in shown_outputs()]):
        twice = {c for c in commands if commands.count(c) > 1}
        assert not twice, twice


def test_the_json_example_shows_the_keys_in_order_and_the_digits_printed(workspace):
    (json_block,) = blocks("json")
    command = 'bacc-edge paytables/three_card_win.py --bet "Banker 3 Card Win, paytable 1" --fmt json'
    result = run(command + " 2>/dev/null", workspace)
    printed = json.dumps(json.loads(result.stdout), ensure_ascii=False)
    # the page's text, written on one line, with "..." for what it leaves out
    pattern = ".*?".join(re.escape(part) for part in
                         re.split(r"\.\.\.", re.sub(r"\s*\n\s*", " ", json_block.body.strip())))
    assert re.fullmatch(pattern, printed, flags=re.S), printed[:600]
