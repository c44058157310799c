"""Games as rows: a finished game as a `games` record, a game in progress as a saved slot.

A slot is a `saved_games` row owned by one running copy, with its actions in `saved_game_actions`:
each action's notation, and whether auto-play made it, so a resumed game undoes a turn at a time as
before. Rows are only read here; the rules check them when a slot is rebuilt into a Session.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass

from game.moves import Move
from game.session import RESTART, Action, Session
from .stats import Result
from .schema import now
from game.variants import UnknownGame, Variant, find_variant

Entry = tuple[str, bool]  # one saved action: its notation, and whether auto-play made it


def _options_json(variant: Variant) -> str:
    """The variant's rule parameters (not its names, nor what follows from them: its table, its
    siblings), so a record still says what was played if keys change."""
    params = asdict(variant)
    for name in ("key", "name", "aliases", "description", "table", "draw_choices", "reshapeable"):
        params.pop(name, None)
    return json.dumps(params, sort_keys=True)


def action_text(action: Action) -> str:
    """The action as saved: a move's notation, or the restart marker."""
    return RESTART if action == RESTART else action.notation  # type: ignore[union-attr]


def _parse_action(text: str) -> Action:
    return RESTART if text == RESTART else Move.parse(text)


@dataclass(frozen=True)
class Slot:
    """One saved game as read from its rows (not yet checked by the rules)."""

    slot: int
    owner: str
    key: str
    deal: int
    cursor: int
    count: int
    seconds: float
    undos: int
    hints: int
    seqs: list[int]
    entries: list[Entry]

    def rebuild(self, autoplay: bool, clock: Callable[[], float]) -> Session:
        """The game, replayed move by move through the rules; raises whatever makes it unusable."""
        if self.seqs != list(range(self.count)):
            raise ValueError(f"{self.count} actions were saved but {len(self.seqs)} are there")
        session = Session(find_variant(self.key), self.deal, autoplay=autoplay, clock=clock)
        session.resume_clock(float(self.seconds))
        session.replay([_parse_action(text) for text, _ in self.entries], self.cursor, [a for _, a in self.entries])
        session.undos, session.hints = int(self.undos), int(self.hints)
        return session

    def name(self) -> str:
        """The game and deal, for the player; a game this version does not know still has a name."""
        try:
            return f"{find_variant(self.key).name} #{self.deal}"
        except UnknownGame:  # saved by a version that knows more games
            return f"{self.key} #{self.deal}"


def read_slots(conn: sqlite3.Connection) -> list[Slot]:
    """Every saved game, the most recently saved first."""
    headers = conn.execute(
        "SELECT slot, owner, game_key, deal, cursor, action_count, seconds, undos, hints FROM saved_games"
        " ORDER BY saved_at DESC, slot DESC"
    ).fetchall()
    actions: dict[int, list[tuple[int, str, int]]] = {}
    for slot, seq, text, automatic in conn.execute(
        "SELECT slot, seq, action, automatic FROM saved_game_actions ORDER BY slot, seq"
    ):
        actions.setdefault(slot, []).append((seq, text, automatic))
    slots = []
    for header in headers:
        rows = actions.get(header[0], [])
        slots.append(Slot(*header, seqs=[seq for seq, _, _ in rows], entries=[(text, bool(a)) for _, text, a in rows]))
    return slots


def forget_slots(conn: sqlite3.Connection, where: str, params: tuple[object, ...]) -> None:
    """Delete the saved games matching `where` (an SQL condition on saved_games) with their actions."""
    conn.execute(f"DELETE FROM saved_game_actions WHERE slot IN (SELECT slot FROM saved_games WHERE {where})", params)
    conn.execute(f"DELETE FROM saved_games WHERE {where}", params)


def insert_record(conn: sqlite3.Connection, session: Session, result: Result, when: str) -> None:
    """Add `session` to the statistics as a `games` row, with its variant's parameters beside its key."""
    conn.execute(
        "INSERT INTO games (game_key, options, deal, result, moves, seconds, finished_at, hints, undos)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (session.variant.key, _options_json(session.variant), session.deal_number, result,
         session.move_count, float(session.elapsed), when, session.hints, session.undos),
    )


def set_aside_slot(conn: sqlite3.Connection, slot: Slot, reason: str) -> None:
    """Move a saved game that no longer replays to `set_aside_games`, kept for a bug report rather than lost."""
    conn.execute(
        "INSERT INTO set_aside_games (set_aside_at, reason, game_key, deal, cursor, actions) VALUES (?, ?, ?, ?, ?, ?)",
        (now(), reason, str(slot.key), slot.deal if isinstance(slot.deal, int) else None,
         slot.cursor if isinstance(slot.cursor, int) else None, " ".join(text for text, _ in slot.entries)),
    )
    forget_slots(conn, "slot = ?", (slot.slot,))
