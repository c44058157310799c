"""The man page, solitaire(6), made by argparse-manpage from the argument parser itself, so that it
lists exactly the commands and options the program takes, with the sections a parser cannot say:
the environment, the files, the exit codes.

Always in English (the words a player searches for in `man -k`); `solitaire --help` speaks the
player's language. The wheel's build writes it (setup.py), so an installed copy only copies it and
argparse-manpage is needed to build and test the program, never to run it; `solitaire desktop
install` in a clone makes it here (`make` installs argparse-manpage with the test tools).
"""
from __future__ import annotations

import argparse

from game._version import __version__

SECTION = 6  # games
NAME = "card games in a window or a terminal, with a solver that says whether a deal can still be won"

# The sections the parser cannot write, in roff. The folders are the Linux ones (platformdirs' XDG
# folders), written with ~ so that a page built elsewhere is true for every player.
DESCRIPTION = r"""With no command, \fBplay\fR opens the window, resuming the game in progress. Every command
has its own \fB\-\-help\fR, and options may come before the command's name."""
ENVIRONMENT = r""".TP
\fBSOLITAIRE_DATA_DIR\fR
The folder of the statistics, the saved game and the settings (\fB\-\-data\-dir\fR wins over it).
.TP
\fBSOLITAIRE_CACHE_DIR\fR
The folder where the window keeps the card pictures it drew, for a quicker start.
.TP
\fBSOLITAIRE_PURE\fR
Set to 1 to run the solvers as plain Python even where a compiled build is installed.
.TP
\fBLANGUAGE\fR, \fBLC_ALL\fR, \fBLC_MESSAGES\fR, \fBLANG\fR
The language, in gettext's order, unless the settings or \fB\-\-lang\fR choose one.
.TP
\fBNO_COLOR\fR
When set, the console prints no colour."""
FILES = r""".TP
\fI~/.local/share/solitaire\-suite/solitaire.sqlite3\fR
Statistics, the game in progress and the settings (\fI$XDG_DATA_HOME\fR when set, or
\fBSOLITAIRE_DATA_DIR\fR); \fIrunning/\fR beside it holds a lock file per running copy.
.TP
\fI~/.cache/solitaire\-suite/\fR
The card pictures kept for a quicker start (\fI$XDG_CACHE_HOME\fR when set, or
\fBSOLITAIRE_CACHE_DIR\fR); deleting them loses nothing.
.TP
\fI~/.local/share/applications/\fR, \fIicons/\fR, \fImetainfo/\fR, \fIman/\fR, \fIbash\-completion/\fR, \fIfish/\fR
What \fBsolitaire desktop install\fR writes, and \fBsolitaire desktop remove\fR takes away."""
EXIT_STATUS = r""".TP
\fB0\fR
Success (\fBsolve\fR: solved).
.TP
\fB1\fR
The program could not do what was asked (\fBsolve\fR: the deal is proven lost).
.TP
\fB2\fR
A usage error, or no display for the window.
.TP
\fB3\fR
\fBsolve\fR: the time or position limit ran out before an answer (a range: some deals stayed unknown).
.TP
\fB130\fR
Interrupted by Ctrl+C (\fB143\fR: by SIGTERM, for \fBsolve \-\-range\fR).
.TP
\fB141\fR
The output was closed before everything was written (\fB... | head\fR)."""
SEE_ALSO = r"""\fBsolitaire \-\-version\fR says which build of the solvers runs. The README says more."""


def render(parser: argparse.ArgumentParser) -> str:
    """solitaire(6) for the whole command line `parser` (cli.build_parser(), in English), dated by
    argparse-manpage today, or SOURCE_DATE_EPOCH's day (so that a packager's build is reproducible)."""
    from argparse_manpage.manpage import Manpage

    page = Manpage(parser)
    page.section = SECTION
    page.manual = "Games"
    page.source = f"solitaire {__version__}"
    page.description = NAME
    page.add_section("description", ">", DESCRIPTION)
    for heading, text in (("environment", ENVIRONMENT), ("files", FILES), ("exit status", EXIT_STATUS), ("see also", SEE_ALSO)):
        page.add_section(heading, "=", text)
    return str(page)
