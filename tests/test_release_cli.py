"""The command line's conventions: --version, the nearest command for a mistyped one, usage errors
that point at the help, `python -m solitaire`, the man page and shell completion from the parser."""
from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game._version import __version__
from solitaire import cli
from solitaire.cli.manpage import render
from solitaire.cli.version import shown_version, source_commit

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": os.environ["PATH"], "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solitaire", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env or ENV)


def test_version_names_the_version_and_the_solver_build() -> None:
    from game.solver import compiled

    result = run("--version")
    assert result.returncode == 0 and result.stderr == ""
    first, second = result.stdout.splitlines()
    assert first.startswith(f"solitaire {shown_version()} (Python ")
    expected = "solver: compiled with mypyc" if compiled.tree_build() is not None else "solver: plain Python"
    assert second == expected
    plain = run("--version", env={**ENV, "SOLITAIRE_PURE": "1"})
    assert plain.stdout.splitlines()[1] == "solver: plain Python (SOLITAIRE_PURE is set)"


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git clone and git")
def test_a_clone_says_which_commit_it_runs() -> None:
    """Run from a clone, --version names the commit (an installed wheel says the version alone:
    tests/test_release_build.py)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert run("--version").stdout.startswith(f"solitaire {__version__}+g{head[:7]} (Python ")


def _clone(folder: Path, commit: str, *, packed: bool = False, worktree: bool = False) -> Path:
    """A clone's .git as git lays it out: the branch's ref in its own file or in packed-refs; or a
    worktree, whose .git file points at its folder, which names the common folder holding the refs."""
    common = folder / "main" / ".git"
    (common / "refs" / "heads").mkdir(parents=True)
    if packed:
        (common / "packed-refs").write_text(f"# pack-refs with: peeled fully-peeled sorted\n{commit} refs/heads/main\n")
    else:
        (common / "refs" / "heads" / "main").write_text(commit + "\n")
    (common / "HEAD").write_text("ref: refs/heads/main\n")
    if not worktree:
        return folder / "main"
    own = common / "worktrees" / "edges"
    own.mkdir(parents=True)
    (own / "HEAD").write_text("ref: refs/heads/main\n")
    (own / "commondir").write_text("../..\n")
    (folder / "edges").mkdir()
    (folder / "edges" / ".git").write_text(f"gitdir: {own}\n")
    return folder / "edges"


@pytest.mark.parametrize(("packed", "worktree"), [(False, False), (True, False), (False, True), (True, True)])
def test_the_commit_is_read_from_the_clones_git_folder(tmp_path: Path, packed: bool, worktree: bool) -> None:
    commit = "1a2b3c4d5e6f" + "0" * 28
    root = _clone(tmp_path, commit, packed=packed, worktree=worktree)
    assert source_commit(root) == commit and shown_version(root) == f"{__version__}+g1a2b3c4"


def test_an_install_or_an_unreadable_clone_says_the_version_alone(tmp_path: Path) -> None:
    assert shown_version(tmp_path) == __version__  # no .git: an installed copy, an unpacked sdist
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/gone\n")  # a branch with no commit yet
    assert shown_version(tmp_path) == __version__
    (tmp_path / ".git" / "HEAD").write_text("0123456789abcdef0123456789abcdef01234567\n")  # a detached HEAD
    assert shown_version(tmp_path) == f"{__version__}+g0123456"


def test_the_version_is_the_packages_metadata() -> None:
    """One version: the one setuptools reads (pyproject.toml's dynamic version) is the one printed."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" in project["project"]["dynamic"] and "version" not in project["project"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game._version.__version__"}
    assert __version__.count(".") == 2 and all(part.isdigit() for part in __version__.split("."))


@pytest.mark.parametrize(("typed", "nearest"), [("stat", "stats"), ("sovle", "solve"), ("game", "games"), ("desk", "desktop")])
def test_an_unknown_command_names_the_nearest_and_lists_them(typed: str, nearest: str) -> None:
    result = run(typed, "--game", "freecell")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert f"unknown command '{typed}' (did you mean {nearest}?)" in result.stderr
    for name in ("play", "show", "solve", "console", "stats", "games", "desktop", "completion"):
        assert name in result.stderr
    assert result.stderr.endswith("; see solitaire --help\n")


def test_a_word_like_no_command_gets_the_list_alone() -> None:
    result = run("xyzzy")
    assert result.returncode == 2
    assert "did you mean" not in result.stderr and "commands: play, show" in result.stderr


@pytest.mark.parametrize(("argv", "help_of"), [
    (["solve", "--deal"], "solitaire solve"),
    (["show", "--deal", "1", "--draw", "7"], "solitaire show"),
    (["--frobnicate"], "solitaire"),
    (["desktop"], "solitaire desktop"),
    (["desktop", "instal"], "solitaire desktop"),
    (["completion", "tcsh"], "solitaire completion"),
    (["--lang", "xx", "games"], "solitaire"),
    (["show", "--lang", "xx"], "solitaire"),
])
def test_every_usage_error_is_one_line_that_points_at_the_help(argv: list[str], help_of: str) -> None:
    result = run(*argv)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.endswith(f"; see {help_of} --help\n")


def test_python_dash_m_solitaire_is_the_command(tmp_path: Path) -> None:
    result = run("games")
    assert result.returncode == 0 and result.stdout.startswith("freecell")
    through_main = subprocess.run([sys.executable, "main.py", "games"], cwd=ROOT, capture_output=True, text=True, env=ENV)
    assert through_main.stdout == result.stdout


def _help_of(name: str) -> str:
    """`solitaire NAME --help`, as the parser prints it."""
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit):
        cli.build_parser(only=name).parse_args([name, "--help"])
    return shown.getvalue()


def test_the_man_page_has_every_command_and_option_of_the_parser() -> None:
    page = render(cli.build_parser())
    assert page.startswith('.TH SOLITAIRE "6" ') and f'"solitaire {__version__}"' in page
    for name in cli._command_names():
        assert f"'solitaire {name}'" in page, name
        for option in set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", _help_of(name))) - {"-h", "--help"}:
            assert "\\fB" + option.replace("-", "\\-") + "\\fR" in page, (name, option)
    assert "'solitaire desktop install'" in page and "'solitaire desktop remove'" in page
    assert "\\fB\\-\\-draw\\fR \\fI\\,{1,3}\\/\\fR" in page and "DRAW" not in page  # the choices stand for the value


def test_the_man_page_names_the_environment_the_files_and_every_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from solitaire.cli import EXIT_PIPE_CLOSED
    from solitaire.cli.solve import EXIT_CODES
    from solitaire.store import ENV_VAR
    from solitaire.store.user_dirs import APP_NAME

    page = render(cli.build_parser())
    sections = re.findall(r"^\.SH (.+)$", page, re.MULTILINE)
    assert sections[-4:] == ["ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"]
    for variable in (ENV_VAR, "SOLITAIRE_CACHE_DIR", "SOLITAIRE_PURE"):
        assert f"\\fB{variable}\\fR" in page
    for code in {0, 1, 2, 130, EXIT_PIPE_CLOSED, *EXIT_CODES.values()}:
        assert f"\\fB{code}\\fR" in page, code
    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    for folder in (platformdirs.user_data_dir(APP_NAME, appauthor=False), platformdirs.user_cache_dir(APP_NAME, appauthor=False)):
        assert "~/" + Path(folder).relative_to(Path.home()).as_posix().replace("-", "\\-") in page, folder


def test_the_man_page_is_made_without_argparses_private_parts() -> None:
    """argparse has no public way to walk a parser: the man page is argparse-manpage's work, not ours."""
    source = (ROOT / "solitaire" / "cli" / "manpage.py").read_text()
    assert "_actions" not in source and "argparse_manpage" in source


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_renders_the_page_without_complaint(tmp_path: Path) -> None:
    page = tmp_path / "solitaire.6"
    page.write_text(render(cli.build_parser()))
    shown = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "MANPAGER": "cat", "MANWIDTH": "100"})
    assert shown.returncode == 0 and shown.stderr == ""
    assert "solitaire desktop install" in shown.stdout and "--no-foundation-return" in shown.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_argcompletes_shell_code(shell: str) -> None:
    result = run("completion", shell)
    assert result.returncode == 0, result.stderr
    assert "solitaire" in result.stdout and "_ARGCOMPLETE" in result.stdout
    if shell == "fish":
        assert "complete " in result.stdout and "--command solitaire" in result.stdout
    else:
        assert "complete " in result.stdout


@pytest.mark.parametrize(("line", "expected", "unexpected"), [
    ("solitaire st", {"stats"}, {"show", "play"}),
    ("solitaire desktop ", {"install", "remove"}, {"stats"}),
    ("solitaire solve --ma", {"--max-positions"}, {"--deal"}),
    ("solitaire show --game ", {"freecell", "klondike", "klondike3", "forty-thieves"}, {"README.md", "pyproject.toml"}),
    ("solitaire stats --game kl", {"klondike", "klondike3"}, {"freecell"}),
    ("solitaire --lang ", {"en", "fr", "de", "es"}, {"README.md"}),
    ("solitaire console --lang ", {"en", "fr", "de", "es"}, {"README.md"}),
])
def test_the_completion_answers_from_the_parser(line: str, expected: set[str], unexpected: set[str], tmp_path: Path) -> None:
    """What the shell code asks, asked the same way: argcomplete's variables set, the answer in a file."""
    answer = tmp_path / "answer"
    env = {**ENV, "_ARGCOMPLETE": "1", "_ARGCOMPLETE_IFS": "\n", "COMP_LINE": line, "COMP_POINT": str(len(line)),
           "_ARGCOMPLETE_STDOUT_FILENAME": str(answer)}
    result = run(env=env)
    assert result.returncode == 0, result.stderr
    offered = {word.strip() for word in answer.read_text().split("\n") if word.strip()}
    assert expected <= offered and not unexpected & offered


@pytest.mark.parametrize("argv", [
    ["show", "--game", "klondik", "--deal", "1"], ["stats", "--game", "Klondik"], ["solve", "--game", "yukom", "--deal", "1"],
])
def test_an_unknown_game_names_the_nearest(argv: list[str], tmp_path: Path) -> None:
    result = run(*argv, env={**ENV, "SOLITAIRE_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    nearest = "yukon" if "yukom" in argv else "klondike"
    assert f"unknown game {argv[2]!r} (did you mean {nearest}?); known games: freecell, " in result.stderr
    assert result.stderr.endswith(f"; see solitaire {argv[0]} --help\n")


def test_a_name_like_no_game_gets_the_list_alone() -> None:
    result = run("show", "--game", "xyzzy", "--deal", "1")
    assert result.returncode == 2 and "did you mean" not in result.stderr and "known games: freecell, " in result.stderr


def test_options_may_come_before_the_command(tmp_path: Path) -> None:
    env = {**ENV, "SOLITAIRE_DATA_DIR": str(tmp_path / "elsewhere")}
    stats = run("--data-dir", str(tmp_path), "stats", env=env)
    assert stats.returncode == 0 and stats.stderr == "", stats.stderr
    assert stats.stdout == run("stats", "--data-dir", str(tmp_path), env=env).stdout
    assert (tmp_path / "solitaire.sqlite3").exists() and not (tmp_path / "elsewhere").exists()
    shown = run("--game", "klondike", "show", "--deal", "3")
    assert shown.returncode == 0 and shown.stdout == run("show", "--game", "klondike", "--deal", "3").stdout
    # a command's name taken as an option's value is that value: here the data folder is named "stats"
    named_stats = run("--data-dir", str(tmp_path / "stats"), "stats", env=env)
    assert named_stats.returncode == 0 and (tmp_path / "stats" / "solitaire.sqlite3").exists()
    refused = run("--draw", "7", "show", "--deal", "3")  # the command named says what is wrong, not play
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith("solitaire show: argument --draw: ")
    assert refused.stderr.endswith("; see solitaire show --help\n")


def test_a_closed_pipe_ends_desktop_install_silently(tmp_path: Path) -> None:
    """`solitaire desktop install | head -1`: the reader has what it wanted; the files are written all the same.
    (Unbuffered, each line is written as it is printed, as the reader may see them.)"""
    env = {**ENV, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share"), "PYTHONUNBUFFERED": "1"}
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write fails with EPIPE
    try:
        result = subprocess.run([sys.executable, "-m", "solitaire", "desktop", "install"], cwd=ROOT, stdout=writer,
                                stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    finally:
        os.close(writer)
    assert (result.returncode, result.stderr) == (141, "")
    assert (tmp_path / "share" / "man" / "man6" / "solitaire.6").exists()


BLOCKED = """
import runpy, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"pygame", "platformdirs", "babel", "tqdm", "argcomplete"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Block())
sys.argv[1:] = %r
runpy.run_module("solitaire", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("argv", [[], ["solve", "--game", "golf", "--deal", "2"]])
def test_a_clone_without_its_dependencies_says_how_to_install_them(argv: list[str], tmp_path: Path) -> None:
    """No data folder named: on Linux the store reads the XDG variables itself (solitaire/store/user_dirs.py),
    so `stats` needs none of these; the window and the solver's command line do."""
    env = {name: value for name, value in ENV.items() if name != "SOLITAIRE_DATA_DIR"}
    result = subprocess.run([sys.executable, "-c", BLOCKED % argv], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, env={**env, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")})
    assert result.returncode == 1 and "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("solitaire: the Python module ") and "pipx install ." in result.stderr
