"""MkDocs hooks of the documentation site (``mkdocs.yml`` names this file).

The API reference is made by mkdocstrings from the docstrings, numpy style, whose cross
references are written as Sphinx writes them (``:class:`Paytable```, ``:func:`~x.report```);
the page shows each as the code it names, the role and the ``~`` left out
(:func:`on_page_content`).

The command reference (``docs/reference/commands.md``) is made by mkdocs-click from each
command's help, which it passes on as Markdown. click prints a paragraph after a line
holding only ``\\b`` as written, line for line (the examples of every command, aligned in
columns); read as Markdown, those lines would run together into one, and mkdocs-click
drops the mark. So the page documents :data:`cli`: the ``bacc-edge`` commands as they
are, their help with each such paragraph made a block of text, as ``bacc-edge COMMAND
--help`` shows it.
"""

from __future__ import annotations

import copy
import inspect
import re
import sys

import click

from bacc_edge.cli import main

#: a Sphinx role before a name in code, as the docstring's Markdown comes out in HTML
SPHINX_ROLE = re.compile(r":(?:py:)?(?:attr|class|data|exc|func|meth|mod|obj):<code>~?")

#: click's mark: the paragraph after a line holding only this is printed as written
NO_REWRAP = "\b"


def help_as_markdown(text: str | None) -> str | None:
    """A command's help, each paragraph after a ``\\b`` line a fenced block of text."""
    if text is None:
        return None
    out, inside = [], False
    for line in inspect.cleandoc(text).splitlines():
        if line.strip() == NO_REWRAP:
            out += ["```text"]
            inside = True
        elif inside and not line.strip():
            out += ["```", ""]
            inside = False
        else:
            out.append(line)
    return "\n".join(out + ["```"] if inside else out)


def documented(command: click.Command) -> click.Command:
    """A copy of ``command`` (and of its commands) with its help as Markdown."""
    view = copy.copy(command)
    view.help = help_as_markdown(command.help)
    if isinstance(command, click.Group):
        view.commands = {name: documented(sub) for name, sub in command.commands.items()}
    return view


#: the commands as the command reference documents them
cli = documented(main)


def on_config(config):
    # mkdocs-click imports the command it documents by its module's name, and MkDocs
    # loads this file under its file name: the module answers to both
    sys.modules.setdefault("mkdocs_hooks", sys.modules[__name__])
    return config


def on_page_content(html, **_):
    return SPHINX_ROLE.sub("<code>", html)
