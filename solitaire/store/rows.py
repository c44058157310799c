"""Games as rows: a finished game as a `games` record, a game in progress as a saved slot.

A slot is a `saved_games` row owned by one running copy, with its actions in `saved_game_actions`:
each action's notation, and whether auto-play made it, so a resumed game undoes a turn at a time as
before. Rows are only read here; the rules check them when a slot is rebuilt into a Session.
"""
from __future__ import annotations

import datetime
import math
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.deals import MAX_DEAL
from game.i18n import _
from game.moves import Move
from game.session import RESTART, Action, Session
from game.variants import UnknownGame, Variant, find_variant

from .results import RESULTS, SOLVED, WON, Result
from .schema import now

if TYPE_CHECKING:
    from .stats import GameRecord

Entry = tuple[str, bool]  # one saved action: its notation, and whether auto-play made it


def _options_json(variant: Variant) -> str:
    """The variant's rule parameters (not its names, nor what follows from them: its table, its
    siblings), so a record still says what was played if keys change."""
    import json  # loaded when a game is first kept: json compiles six patterns as it loads

    return json.dumps(variant.record(), sort_keys=True)


def action_text(action: Action) -> str:
    """The action as saved: a move's notation, or the restart marker."""
    return action.notation if isinstance(action, Move) else action.value


def _parse_action(text: str) -> Action:
    return RESTART if text == RESTART.value else Move.parse(text)


# Bounds past which a stored number cannot be true; such a row was damaged or written by hand.
MOST_MOVES = 1_000_000
MOST_SECONDS = 10 * 365 * 24 * 3600.0  # a game left open for ten years
MOST_COUNT = 1_000_000_000  # undos, hints
MOST_SCORE = 1_000_000_000  # either way: Vegas goes below 0, Standard's time bonus is 700,000 at most a game
MOST_ACTION_TEXT = 16  # the longest notation is `h2wv1000`-like; a longer one would only fill messages
# The longest history a saved game may have and still be resumed. Resuming replays every action through
# the rules and keeps every position for undo (some 20 µs and 0.8 KB an action): a crafted file of a
# million stock turns took 18 s and 900 MB before the window could open. 20,000 actions resume in a
# few tenths of a second and some 20 MB, and no game a person plays comes near (a long Klondike is a
# few hundred). A longer history is not even read: the slot is set aside, its actions kept for a bug
# report, and the player told in one line (docs/architecture.md, "Bounds").
MOST_SAVED_ACTIONS = 20_000
_HEX_DIGITS = frozenset("0123456789abcdef")


def _whole(value: object, most: int, least: int = 0) -> bool:
    """An integer as SQLite returns one (not a bool, a float, text or bytes) within [least, most]."""
    return type(value) is int and least <= value <= most


def _seconds(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value <= MOST_SECONDS  # type: ignore[arg-type,operator]


def _day(value: object) -> bool:
    """The day of a deal of the day as the tables keep it (ISO, 2026-12-06), or NULL for any other deal."""
    if value is None:
        return True
    try:
        return isinstance(value, str) and len(value) == 10 and datetime.date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


def _is_token(text: str) -> bool:
    """A running copy's token (also a file name under running/): 1 to 64 lower-case hex digits."""
    return 0 < len(text) <= 64 and _HEX_DIGITS.issuperset(text)


def _shown(value: object) -> str:
    """A stored value as text for a message or a bug report, cut short: it may be anything, of any size."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Slot:
    """One saved game as read from its rows: every value checked for type and range, not yet by the rules.

    A slot whose rows hold what no version writes (a BLOB, a negative count, a number too large) has
    `damage` saying what, and values good enough to name it and set it aside; `rebuild` refuses it.
    A plain class: a named tuple (as the settings are) evaluates its constructor's source when the
    module loads, a start's work for a value only a saved game makes.
    """

    __slots__ = __match_args__ = (
        "slot", "owner", "key", "deal", "cursor", "action_count", "seconds", "undos", "hints", "solver_played", "seqs",
        "entries", "damage", "unread", "daily",
    )

    def __init__(
        self,
        slot: int,
        owner: str,
        key: str,
        deal: int,
        cursor: int,
        action_count: int,
        seconds: float,
        undos: int,
        hints: int,
        solver_played: bool,
        seqs: list[int],
        entries: list[Entry],
        damage: str | None = None,
        unread: bool = False,  # its history was longer than MOST_SAVED_ACTIONS: its actions were left in the file
        daily: datetime.date | None = None,  # the day whose deal of the day it is
    ) -> None:
        self.slot = slot
        self.owner = owner
        self.key = key
        self.deal = deal
        self.cursor = cursor
        self.action_count = action_count
        self.seconds = seconds
        self.undos = undos
        self.hints = hints
        self.solver_played = solver_played
        self.seqs = seqs
        self.entries = entries
        self.damage = damage
        self.unread = unread
        self.daily = daily

    def rebuild(self, autoplay: bool, clock: Callable[[], float]) -> Session:
        """The game, replayed move by move through the rules; raises whatever makes it unusable."""
        if self.damage is not None:
            raise ValueError(self.damage)
        if self.seqs != list(range(self.action_count)):
            raise ValueError(f"{self.action_count} actions were saved but {len(self.seqs)} are there")
        session = Session(find_variant(self.key), self.deal, autoplay=autoplay, clock=clock, daily=self.daily)
        session.resume_clock(self.seconds)
        session.replay([_parse_action(text) for text, _auto in self.entries], self.cursor, [a for _text, a in self.entries])
        session.undos, session.hints, session.solver_played = self.undos, self.hints, self.solver_played
        return session

    def name(self) -> str:
        """The game and deal, for the player; a game this version does not know still has a name."""
        try:
            game = find_variant(self.key).name
        except UnknownGame:  # saved by a version that knows more games, or a damaged key
            game = self.key
        # TRANSLATORS: a saved game in messages, as "FreeCell #1234" (the game, then its deal number)
        return _("{game} #{deal}").format(game=game, deal=self.deal)


def _slot_from_rows(header: tuple[object, ...], rows: list[tuple[object, object, object]], length: int) -> Slot:
    """A Slot from its saved_games row and its actions' rows (`length` of them in the file, not read
    when there are more than MOST_SAVED_ACTIONS), each value checked before it is used."""
    slot, owner, key, deal, cursor, count, seconds, undos, hints, solver, daily = header
    checks = (
        ("owner", owner, isinstance(owner, str) and _is_token(owner)),
        ("game", key, isinstance(key, str)),
        ("deal", deal, _whole(deal, MAX_DEAL, 1)),
        ("history position", cursor, _whole(cursor, MOST_MOVES)),
        ("action count", count, _whole(count, MOST_MOVES)),
        ("playing time", seconds, _seconds(seconds)),
        ("undo count", undos, _whole(undos, MOST_COUNT)),
        ("hint count", hints, _whole(hints, MOST_COUNT)),
        ("solver flag", solver, solver in (0, 1) and type(solver) is int),
        ("day", daily, _day(daily)),
    )
    problems = [f"its {name} is {_shown(value)}" for name, value, good in checks if not good]
    unread = length > MOST_SAVED_ACTIONS
    if unread:
        problems.insert(0, f"its history holds {length:,} actions, more than a saved game may have ({MOST_SAVED_ACTIONS:,})")
    seqs: list[int] = []
    entries: list[Entry] = []
    for seq, text, automatic in rows:
        readable = isinstance(text, str) and len(text) <= MOST_ACTION_TEXT
        if not (_whole(seq, MOST_MOVES) and readable and type(automatic) is int and automatic in (0, 1)):
            problems.append(f"action {_shown(seq)} is ({_shown(text)}, {_shown(automatic)})")
        seqs.append(seq if type(seq) is int else -1)
        entries.append((text if readable else _shown(text), automatic == 1))  # type: ignore[arg-type]
    return Slot(
        slot=slot if type(slot) is int else -1,
        owner=owner if isinstance(owner, str) else _shown(owner),
        key=key if isinstance(key, str) else _shown(key),
        deal=deal if type(deal) is int else 0,
        cursor=cursor if type(cursor) is int else 0,
        action_count=count if type(count) is int else 0,
        seconds=float(seconds) if _seconds(seconds) else 0.0,  # type: ignore[arg-type]
        undos=undos if type(undos) is int else 0,
        hints=hints if type(hints) is int else 0,
        solver_played=solver == 1,
        seqs=seqs,
        entries=entries,
        damage="; ".join(problems[:3]) + ("; ..." if len(problems) > 3 else "") if problems else None,
        unread=unread,
        daily=datetime.date.fromisoformat(daily) if isinstance(daily, str) and _day(daily) else None,
    )


def read_slots(conn: sqlite3.Connection) -> list[Slot]:
    """Every saved game, the most recently saved first, with what is wrong with its rows (see Slot).

    The actions are counted before they are read: a slot of more than MOST_SAVED_ACTIONS is not read
    at all, so a crafted file costs its count (an index walk), never its size in memory."""
    headers = conn.execute(
        "SELECT slot, owner, game_key, deal, cursor, action_count, seconds, undos, hints, solver_played, daily"
        " FROM saved_games ORDER BY saved_at DESC, slot DESC"
    ).fetchall()
    lengths: dict[object, int] = dict(conn.execute("SELECT slot, count(*) FROM saved_game_actions GROUP BY slot").fetchall())
    actions: dict[object, list[tuple[object, object, object]]] = {}
    for header in headers:
        if lengths.get(header[0], 0) <= MOST_SAVED_ACTIONS:
            actions[header[0]] = conn.execute(
                "SELECT seq, action, automatic FROM saved_game_actions WHERE slot = ? ORDER BY seq", (header[0],)
            ).fetchall()
    return [_slot_from_rows(tuple(header), actions.get(header[0], []), lengths.get(header[0], 0)) for header in headers]


def read_records(
    conn: sqlite3.Connection, where: str, params: tuple[object, ...]
) -> tuple[list[GameRecord], list[tuple[int, str]]]:
    """The recorded games matching `where`, oldest first, and the (id, what is wrong) of rows that hold
    values no version writes (a 300-digit time, fewest moves -3, a BLOB): never shown as they are."""
    from .stats import GameRecord  # the statistics' module loads when they are read, not at every start

    good: list[GameRecord] = []
    bad: list[tuple[int, str]] = []
    for row in conn.execute(
        "SELECT id, game_key, result, moves, seconds, deal, options, finished_at, hints, undos, scoring, score, daily"
        " FROM games"
        f" WHERE {where} ORDER BY id", params
    ):
        ident, key, result, moves, seconds, deal, options, finished_at, hints, undos, scoring, score, daily = row
        checks = (
            ("game", key, isinstance(key, str) and 0 < len(key) <= 100),
            ("result", result, result in RESULTS and isinstance(result, str)),
            ("moves", moves, _whole(moves, MOST_MOVES)),
            ("time", seconds, _seconds(seconds)),
            ("deal", deal, _whole(deal, MAX_DEAL)),
            ("options", options, isinstance(options, str)),
            ("finish time", finished_at, isinstance(finished_at, str)),
            ("hints", hints, _whole(hints, MOST_COUNT)),
            ("undos", undos, _whole(undos, MOST_COUNT)),
            ("scoring", scoring, scoring is None or isinstance(scoring, str) and 0 < len(scoring) <= 100),
            ("score", score, score is None if scoring is None else _whole(score, MOST_SCORE, -MOST_SCORE)),
            ("day", daily, _day(daily)),
        )
        problems = [f"{name} {_shown(value)}" for name, value, ok in checks if not ok]
        if problems:
            bad.append((ident, ", ".join(problems)))
        else:
            good.append(GameRecord(
                key, result, moves, float(seconds), deal, options, finished_at, hints, undos, scoring, score, daily,
            ))
    return good, bad


def forget_slots(conn: sqlite3.Connection, where: str, params: tuple[object, ...]) -> None:
    """Delete the saved games matching `where` (an SQL condition on saved_games) with their actions."""
    conn.execute(f"DELETE FROM saved_game_actions WHERE slot IN (SELECT slot FROM saved_games WHERE {where})", params)
    conn.execute(f"DELETE FROM saved_games WHERE {where}", params)


# a `games` row's values, in insert_row's order
Record = tuple[str, str, int, str, int, float, str, int, int, str | None, int | None, str | None]


def record_row(session: Session, result: Result, when: str) -> Record:
    """`session`'s `games` row, with its variant's parameters beside its key: taken when the game ends,
    so a row kept in memory while the disk is full says what the game was then.

    A win the solver played moves in is recorded as SOLVED: every front end says "won" and the store
    alone decides what the record means. So is its score: none, as before scores were kept (the
    solver never scores for the player)."""
    if result == WON and session.solver_played:
        result = SOLVED
    scored = session.scoring is not None and result != SOLVED
    scoring, score = (session.scoring.key, session.score) if scored and session.scoring is not None else (None, None)
    return (session.variant.key, _options_json(session.variant), session.deal_number, result,
            session.move_count, float(session.elapsed), when, session.hints, session.undos, scoring, score,
            session.daily.isoformat() if session.daily else None)


def insert_row(conn: sqlite3.Connection, row: Record) -> None:
    conn.execute(
        "INSERT INTO games (game_key, options, deal, result, moves, seconds, finished_at, hints, undos, scoring, score,"
        " daily) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        row,
    )


def insert_record(conn: sqlite3.Connection, session: Session, result: Result, when: str) -> None:
    """Add `session` to the statistics as a `games` row (see record_row)."""
    insert_row(conn, record_row(session, result, when))


def set_aside_slot(conn: sqlite3.Connection, slot: Slot, reason: str) -> None:
    """Move a saved game that no longer replays to `set_aside_games`, kept for a bug report rather than lost.

    Every value written is one `read_slots` checked or made text, so this cannot fail on what it sets aside;
    the actions of a history too long to be read are joined by SQLite itself, each made text."""
    values = (now(), reason, slot.key, slot.deal, slot.cursor)
    if slot.unread:
        conn.execute(
            "INSERT INTO set_aside_games (set_aside_at, reason, game_key, deal, cursor, actions) VALUES (?, ?, ?, ?, ?,"
            " (SELECT group_concat(text, ' ') FROM (SELECT CAST(action AS TEXT) AS text FROM saved_game_actions"
            " WHERE slot = ? ORDER BY seq)))",
            (*values, slot.slot),
        )
    else:
        conn.execute(
            "INSERT INTO set_aside_games (set_aside_at, reason, game_key, deal, cursor, actions) VALUES (?, ?, ?, ?, ?, ?)",
            (*values, " ".join(text for text, _auto in slot.entries)),
        )
    forget_slots(conn, "slot = ?", (slot.slot,))
