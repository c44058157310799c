"""A game in a file: versioned text a person can read and mail, written and read by every front end.

    Solitaire Suite game, version 1
    game: klondike-draw3
    options: {"build": "alternate-colours", "draw": 3, ...}
    deal: 5
    time: 83.4
    undos: 2
    hints: 0
    at: 7
    moves:
      73 swv3 w4 ...

`game` is the key `find_variant` reads (the options beside it say what that key meant when the file
was written: a file whose game this version plays by other rules is refused, not replayed wrongly);
a `board:` block of indented board text stands for a position that is no numbered deal. `moves` (on
indented lines, a dozen a line, so no mail program breaks them) is
the whole history in standard notation, what can be redone too, a move auto-play made marked `*`
and a restart written `restart`; `at` is how many of them stand done. Every move is checked by the
rules on reading, so a file is played exactly as it was or refused with one line, never half read.
Lines starting with `#` are comments; keys are English in every language. docs/formats.md says the same.
"""
from __future__ import annotations

import datetime
import json
import math
from pathlib import Path

from .deals import MAX_DEAL
from .i18n import _
from .moves import Move
from .reading import quoted, whole_number
from .session import RESTART, Action, Session
from .state import BoardError
from .variants import UnknownGame, find_variant, rules_for

HEADER = "Solitaire Suite game, version"
VERSION = 1
SUFFIX = ".solitaire"  # what `desktop install` registers for the file manager
MOST_BYTES = 4_000_000  # far above any game's history; a larger file is no game of ours
MOST_SECONDS = 10 * 365 * 24 * 3600.0
AUTOMATIC = "*"
MOVES_A_LINE = 12
INDENT = "  "  # a line so indented goes on the value of the key above it
KEYS = ("game", "options", "deal", "daily", "time", "undos", "hints", "solver", "board", "at", "moves")


class SaveFileError(ValueError):
    """A file that is not a saved game this version reads: the message is one line for the player."""


def write_text(session: Session) -> str:
    """The session as the file's text."""
    variant = session.variant
    lines = [
        f"{HEADER} {VERSION}",
        f"game: {variant.key}",
        f"options: {json.dumps(variant.record(), sort_keys=True)}",
        f"deal: {session.deal_number}",
    ]
    if session.daily is not None:  # written only then, so other files stay as older versions read them
        lines.append(f"daily: {session.daily.isoformat()}")
    lines += [
        f"time: {session.elapsed:.1f}",
        f"undos: {session.undos}",
        f"hints: {session.hints}",
    ]
    if session.solver_played:
        lines.append("solver: yes")
    if session.start is not None:
        lines.append("board:")
        lines += [INDENT + line for line in session.rules.to_text(session.start).splitlines()]
    lines.append(f"at: {session.position_in_history}")
    moves = [_action_text(action) + (AUTOMATIC if auto else "") for action, auto in zip(session.actions, session.automatic)]
    lines.append("moves:")
    lines += [INDENT + " ".join(moves[i: i + MOVES_A_LINE]) for i in range(0, len(moves), MOVES_A_LINE)]
    return "\n".join(lines) + "\n"


def save(session: Session, path: Path) -> None:
    """Write the file whole or not at all: written beside it, then put in its place (a full disc
    leaves the last good file). Raises OSError with the system's reason."""
    temporary = path.with_name(f".{path.name}.partial")
    try:
        temporary.write_text(write_text(session), encoding="utf-8")
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


def load(path: Path, autoplay: bool = True) -> Session:
    """The game in the file at `path`; raises SaveFileError with one line saying what is wrong."""
    name = str(path) if len(str(path)) <= 60 else "…" + str(path)[-59:]  # a long path by its end: the file's name
    try:
        with path.open("rb") as file:
            data = file.read(MOST_BYTES + 1)  # never more: /dev/zero or a pipe named as the file must not fill memory
    except OSError as error:
        raise SaveFileError(_("{file} cannot be read ({reason})").format(file=name, reason=error.strerror or error)) from None
    if len(data) > MOST_BYTES:
        raise SaveFileError(_("{file} is not a saved game: it is far too large").format(file=name))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(_("{file} is not a saved game: it is not text").format(file=name)) from None
    try:
        return read_text(text, autoplay)
    except SaveFileError as error:
        raise SaveFileError(_("{file}: {problem}").format(file=name, problem=error)) from None


def read_text(text: str, autoplay: bool = True) -> Session:
    """The game the text describes, every move replayed through the rules."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    if not lines or not lines[0].startswith(HEADER):
        raise SaveFileError(_("not a saved game of Solitaire Suite (its first line should be {header})").format(
            header=quoted(f"{HEADER} {VERSION}")))
    version = whole_number(lines[0][len(HEADER):].strip())
    if version != VERSION:
        raise SaveFileError(_("a saved game of version {found}, which this version cannot read (it reads {version})").format(
            found=quoted(lines[0][len(HEADER):].strip()), version=VERSION))
    fields = _fields(lines[1:])
    session = _session(fields, autoplay)
    actions, automatic = _moves(fields.get("moves", ""))
    at = _count(fields, "at", len(actions))
    try:
        session.replay(actions, at, automatic)
    except ValueError as error:  # an illegal move, a move that does not parse
        raise SaveFileError(_("its moves do not replay: {reason}").format(reason=error)) from None
    session.resume_clock(_seconds(fields))
    session.undos, session.hints = _count(fields, "undos", 10**9), _count(fields, "hints", 10**9)
    if fields.get("solver", "no") not in ("yes", "no"):
        raise SaveFileError(_("its solver line should be yes or no, not {value}").format(value=quoted(fields["solver"])))
    session.solver_played = fields.get("solver") == "yes"
    return session


def _fields(lines: list[str]) -> dict[str, str]:
    """Each key's value; indented lines below a key are more of its value, one line each."""
    fields: dict[str, str] = {}
    key = ""
    for line in lines:
        if line.startswith(INDENT) and key:
            fields[key] = (fields[key] + "\n" + line[len(INDENT):]).lstrip("\n")
            continue
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in KEYS:
            raise SaveFileError(_("the line {line} is not of a saved game").format(line=quoted(line)))
        if key in fields:
            raise SaveFileError(_("{key} is given twice").format(key=quoted(key)))
        fields[key] = value.strip()
    for needed in ("game", "deal", "at"):
        if needed not in fields:
            raise SaveFileError(_("it has no {key} line").format(key=quoted(needed)))
    return fields


def _session(fields: dict[str, str], autoplay: bool) -> Session:
    try:
        variant = find_variant(fields["game"])
    except UnknownGame as error:
        raise SaveFileError(str(error)) from None
    if "options" in fields:
        try:
            options = json.loads(fields["options"])
        except ValueError:
            raise SaveFileError(_("its options are not readable")) from None
        if options != json.loads(json.dumps(variant.record())):
            raise SaveFileError(_("it was written for other rules of {game} than this version plays").format(game=variant.name))
    deal = _count(fields, "deal", MAX_DEAL, least=1)
    start = None
    if fields.get("board"):
        try:
            start = rules_for(variant).from_text(fields["board"] + "\n")
        except BoardError as error:
            problem = _("its board is not a position of {game}: {reason}").format(game=variant.name, reason=error)
            raise SaveFileError(problem) from None
    try:
        return Session(variant, deal, autoplay=autoplay, start=start, daily=_day(fields))
    except ValueError as error:
        raise SaveFileError(str(error)) from None


def _moves(text: str) -> tuple[list[Action], list[bool]]:
    actions: list[Action] = []
    automatic: list[bool] = []
    for word in text.split():
        auto = word.endswith(AUTOMATIC)
        word = word.removesuffix(AUTOMATIC)
        try:
            actions.append(RESTART if word == RESTART.value else Move.parse(word))
        except ValueError as error:
            raise SaveFileError(str(error)) from None
        automatic.append(auto)
    return actions, automatic


def _count(fields: dict[str, str], key: str, most: int, least: int = 0) -> int:
    value = whole_number(fields.get(key, "0"))
    if value is None or not least <= value <= most:
        raise SaveFileError(_("its {key} line should be a whole number from {least} to {most}, not {value}").format(
            key=quoted(key), least=least, most=most, value=quoted(fields.get(key, ""))))
    return value


def _day(fields: dict[str, str]) -> datetime.date | None:
    """The day whose deal of the day the game is, so that winning it after it is read still counts as
    that day's (as a game kept by the store does); None for any other deal."""
    text = fields.get("daily")
    if text is None:
        return None
    try:
        day: datetime.date | None = datetime.date.fromisoformat(text)
    except ValueError:
        day = None
    if day is not None and day.isoformat() == text:  # the one spelling the file writes
        return day
    raise SaveFileError(_("its daily line should be a day written as {example}, not {value}").format(
        example="2026-12-07", value=quoted(text)))


def _seconds(fields: dict[str, str]) -> float:
    text = fields.get("time", "0")
    try:
        seconds = float(text) if text.replace(".", "", 1).isascii() and text.replace(".", "", 1).isdigit() else math.nan
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= MOST_SECONDS:
        raise SaveFileError(_("its time line should be seconds played, not {value}").format(value=quoted(text)))
    return seconds


def _action_text(action: Action) -> str:
    return action.notation if isinstance(action, Move) else action.value
