"""A game being played: the position, its history, and what the player did.

History is a timeline of entries (an action, the position after it, and whether auto-play made it)
with a cursor, so undo and redo are
exact (the positions are kept, not recomputed) and restart is just another undoable entry. Each card
auto-play sends home is an ordinary entry of its own, marked automatic; undo and redo step over a
player's whole turn (their move and the cards sent home after it), as players expect from PySolFC and
Windows FreeCell, and because auto-play would otherwise send the card straight back.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any

from .deals import check_deal_number, random_deal_number
from .i18n import N_
from .moves import Move
from .refusal import Why, refusal
from .rules import IllegalMove, Rules
from .scoring import Scoring, Step
from .state import State
from .variant import Variant
from .variants import scored_rules_for

if TYPE_CHECKING:
    import datetime  # imported where a date is made: not needed to start a game


class Restart(Enum):
    """The one action that is not a move: back to the deal as dealt (its value is how saves write it)."""

    RESTART = "restart"


RESTART = Restart.RESTART
Action = Move | Restart


class Entry:
    """One step of a game's history: what was done (None for the deal), and the position after it.
    A restart keeps when the clock it set back had started (`started_before`), so undoing it brings
    the clock back with the game; None when that is not known (a restart replayed from a save).

    This and `Applied` are plain classes, as `Session` is: a named tuple evaluates its constructor's
    source when its module loads, a start's work for values only a game in play makes."""

    __slots__ = __match_args__ = ("action", "state", "automatic", "started_before")

    def __init__(self, action: Action | None, state: State, automatic: bool = False, started_before: float | None = None) -> None:
        self.action = action
        self.state = state
        self.automatic = automatic
        self.started_before = started_before


class Applied:
    """One entry a player's action added: `steps` are the single-card moves, for animation."""

    __slots__ = __match_args__ = ("move", "before", "after", "steps", "automatic")

    def __init__(self, move: Move, before: State, after: State, steps: tuple[Move, ...], automatic: bool = False) -> None:
        self.move = move
        self.before = before
        self.after = after
        self.steps = steps
        self.automatic = automatic


class Session:
    """A game in play, told apart by identity. A plain class, not a dataclass: a dataclass writes and
    compiles its `__init__` when the module loads, some 3 million machine instructions of every start."""

    def __init__(
        self,
        variant: Variant[Any],
        deal_number: int,
        autoplay: bool = True,
        clock: Callable[[], float] = time.monotonic,
        start: State | None = None,  # a position to play from instead of the numbered deal
        scoring: Scoring | None = None,  # the way the game is scored (`game.scoring`), None for no score
        carried: int = 0,  # what a cumulative scoring (Vegas's) brings into this game from the games before it
        daily: datetime.date | None = None,  # the day whose deal of the day this is (game/solver/daily.py), counted apart
    ) -> None:
        check_deal_number(deal_number)
        self.variant, self.deal_number, self.autoplay, self.clock = variant, deal_number, autoplay, clock
        self.start, self.scoring, self.carried, self.daily = start, scoring, carried, daily
        self.rules: Rules = scored_rules_for(variant, scoring)
        self.initial: State = start if start is not None else self.rules.deal(deal_number)
        self._timeline = [Entry(None, self.initial)]
        self._cursor = 0
        self.undos = 0
        self.hints = 0
        # Where the solver first played in this game (the Solve button), None while it has not: see `solver_played`.
        self._solver_from: int | None = None
        self.started: float | None = None  # the clock starts at the player's first move, as AisleRiot's does
        self.finished_seconds: float | None = None
        # The time played is the clock's time less every pause: `started` (and a restart's `started_before`)
        # are read on that played time (`_now`), so a pause holds every one of them still at once.
        self._paused_total = 0.0
        self._paused_at: float | None = None

    @classmethod
    def new(cls, variant: Variant[Any], deal_number: int | None = None, **options: object) -> Session:
        return cls(variant, deal_number if deal_number is not None else random_deal_number(), **options)  # type: ignore[arg-type]

    # -- reading -----------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._timeline[self._cursor].state

    @property
    def actions(self) -> list[Action]:
        """Everything done, including what can be redone, in order (for saving and replay)."""
        return [entry.action for entry in self._timeline[1:] if entry.action is not None]

    @property
    def automatic(self) -> list[bool]:
        """For each of `actions`, whether auto-play made it (saved with them, so undo groups alike)."""
        return [entry.automatic for entry in self._timeline[1:] if entry.action is not None]

    @property
    def position_in_history(self) -> int:
        return self._cursor

    def state_at(self, position: int) -> State:
        """The position after `position` entries of history (0 is the deal), for looking back."""
        return self._timeline[position].state

    def rewind_to(self, position: int) -> State:
        """Undo back to an earlier point of history, keeping what follows for redo."""
        if not 0 <= position <= self._cursor:
            template = N_("cannot rewind to {position}: the game is at {current}")
            raise IllegalMove(refusal(Why.HISTORY, template, position=position, current=self._cursor))
        self.undos += self._cursor - position
        self._clock_back_over(position)
        self._cursor = position
        self.finished_seconds = None
        return self.state

    @property
    def solver_played(self) -> bool:
        """Whether the solver played moves in this game (the Solve button): won, it is "finished by the
        solver", not a win. Kept through undo and restart: a game replayed after watching the solution
        was shown the way."""
        return self._solver_from is not None

    @solver_played.setter
    def solver_played(self, played: bool) -> None:
        """Set once the solver's move is made: the score stays what it was before that move (the
        solver never scores for the player), and undoing back past it scores as before."""
        if not played:
            self._solver_from = None
        elif self._solver_from is None:
            back = self._cursor
            while back > 0 and self._timeline[back].automatic:
                back -= 1
            self._solver_from = max(0, back - 1)

    @property
    def score(self) -> int | None:
        """The game's score under its scoring mode (None with none): read again from the moves since
        the deal was last dealt and the time played, so an undo gives back exactly the score before.
        Moves from where the solver first played on never count, nor does its win."""
        if self.scoring is None:
            return None
        upto = self._cursor if self._solver_from is None else min(self._cursor, self._solver_from)
        won = self.is_won and upto == self._cursor
        return self.scoring.score(self.steps(upto), self.elapsed, won)

    @property
    def total_score(self) -> int | None:
        """The score a player is shown: the game's, plus the total carried into it where the scoring
        runs on from game to game (cumulative Vegas); None without a score."""
        score = self.score
        if score is None or self.scoring is None or not self.scoring.cumulative:
            return score
        return self.carried + score

    def steps(self, upto: int | None = None) -> list[Step]:
        """Each move since the deal was last dealt (a restart deals it again), with the positions
        before and after it, up to where the game stands (or history position `upto`)."""
        end = self._cursor if upto is None else upto
        steps: list[Step] = []
        for before, entry in zip(self._timeline[:end], self._timeline[1: end + 1]):
            if entry.action is RESTART:
                steps.clear()
            elif isinstance(entry.action, Move):
                steps.append((before.state, entry.action, entry.state))
        return steps

    @property
    def move_count(self) -> int:
        """The player's moves since the deal was last dealt (a restart starts the count again).

        Cards auto-play sends home are not counted: the counter and the statistics' "fewest moves"
        measure what the player did, and a deal that opens with an Ace going home starts at 0.
        """
        count = 0
        for entry in self._timeline[1: self._cursor + 1]:
            count = 0 if entry.action is RESTART else count + (isinstance(entry.action, Move) and not entry.automatic)
        return count

    @property
    def can_undo(self) -> bool:
        """Whether a turn of the player's stands to be taken back. Cards auto-play sent home at the deal
        are part of the deal as the player found it (Eight Off and Seahaven often start so): undoing
        them would only send them home again."""
        return any(not entry.automatic for entry in self._timeline[1: self._cursor + 1])

    @property
    def at_start(self) -> bool:
        """Nothing but auto-play since the deal or the last restart: restarting would change nothing."""
        for entry in reversed(self._timeline[1: self._cursor + 1]):
            if entry.action is RESTART:
                return True
            if not entry.automatic:
                return False
        return True

    @property
    def player_acted(self) -> bool:
        """Whether the player did anything at all (a move, an undo's or a restart's entry), rather
        than only watching auto-play: a deal where only auto-play moved is not a game played."""
        return not all(self.automatic)

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._timeline) - 1

    @property
    def is_won(self) -> bool:
        return self.rules.is_won(self.state)

    @property
    def is_lost(self) -> bool:
        """No legal move at all is left (and the game is not won)."""
        return self.rules.is_lost(self.state)

    @property
    def elapsed(self) -> float:
        if self.finished_seconds is not None:
            return self.finished_seconds
        return 0.0 if self.started is None else self._now() - self.started

    def resume_clock(self, seconds: float) -> None:
        """A saved game's clock carries on from where it stood; one that never started stays stopped."""
        self.started = self._now() - seconds if seconds > 0 else None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock until `resume`: the time recorded is the time played, not the time away."""
        if self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        """The clock runs on from where the pause stopped it (a move made meanwhile resumes it too)."""
        if self._paused_at is not None:
            self._paused_total += self.clock() - self._paused_at
            self._paused_at = None

    def _now(self) -> float:
        """The time played so far on the clock's scale: its time less the pauses, held still while paused."""
        at = self._paused_at if self._paused_at is not None else self.clock()
        return at - self._paused_total

    # -- acting ------------------------------------------------------------------------------------

    def play(self, move: Move, automatic: bool = False) -> list[Applied]:
        """Make a move, then any safe auto-play moves; raises IllegalMove and changes nothing.

        `automatic` marks a move the program made for the player (the later moves of Klondike's
        finish), so that undo takes it back with the turn it belongs to.
        """
        before = self.state
        steps = tuple(self.rules.expand(before, move))
        after = self.rules.perform(before, move)
        self.resume()
        if self.started is None:
            self.started = self._now()
        self._push(move, after, automatic=automatic)
        applied = [Applied(move, before, after, steps, automatic=automatic)]
        if self.autoplay:
            applied.extend(self.run_autoplay())
        self._note_finish()
        return applied

    def run_autoplay(self) -> list[Applied]:
        """Send home every safe card, one ordinary undoable move each."""
        applied = []
        while (move := self.rules.safe_autoplay(self.state)) is not None:
            before = self.state
            after = self.rules.perform(before, move)
            self._push(move, after, automatic=True)
            applied.append(Applied(move, before, after, (move,), automatic=True))
        self._note_finish()
        return applied

    def undo(self) -> State:
        """Take back the last turn: the cards auto-play sent home, and the move before them."""
        if not self.can_undo:
            raise IllegalMove(refusal(Why.HISTORY, N_("nothing to undo")))
        back = self._cursor
        while back > 1 and self._timeline[back].automatic:
            back -= 1
        self._clock_back_over(back - 1)
        self._cursor = back - 1
        self.undos += 1
        self.finished_seconds = None
        return self.state

    def redo(self) -> State:
        """Make the next turn again: a move and the automatic moves that followed it."""
        if not self.can_redo:
            raise IllegalMove(refusal(Why.HISTORY, N_("nothing to redo")))
        self._cursor += 1
        if self._timeline[self._cursor].action is RESTART:
            self.started = None  # the restart again: the clock at the deal's start again
        while self.can_redo and self._timeline[self._cursor + 1].automatic:
            self._cursor += 1
        self._note_finish()
        return self.state

    def restart(self) -> State:
        """Back to the deal as dealt, the clock too (stopped at 0 until the next move, as at the deal,
        as AisleRiot's and Windows' restarts do); an entry of its own, so undo brings both back."""
        if self.at_start:
            raise IllegalMove(refusal(Why.HISTORY, N_("the game is already at its start")))
        self._push(RESTART, self.initial, started_before=self.started)
        self.started = None
        self.finished_seconds = None
        return self.state

    def replay(self, actions: list[Action], cursor: int, automatic: list[bool] | None = None) -> None:
        """Rebuild a saved history (every action re-checked by the rules), then stand at `cursor`."""
        flags = automatic if automatic is not None else [False] * len(actions)
        if len(flags) != len(actions):
            raise ValueError(f"{len(actions)} actions but {len(flags)} automatic flags")
        for action, auto in zip(actions, flags):
            if isinstance(action, Move):
                self._push(action, self.rules.apply(self.state, action), automatic=auto)
            else:
                self._push(RESTART, self.initial)
        if not 0 <= cursor < len(self._timeline):
            raise ValueError(f"history position {cursor} is outside 0..{len(self._timeline) - 1}")
        self._cursor = cursor
        self._note_finish()

    def _push(self, action: Action, state: State, automatic: bool = False, started_before: float | None = None) -> None:
        del self._timeline[self._cursor + 1:]
        self._timeline.append(Entry(action, state, automatic, started_before))
        self._cursor += 1

    def _clock_back_over(self, position: int) -> None:
        """Going back in history to `position`: over a restart, the clock as it stood before the
        earliest restart undone (its time ran on meanwhile: the game was being played)."""
        for entry in self._timeline[position + 1: self._cursor + 1]:
            if entry.action is RESTART and entry.started_before is not None:
                self.started = entry.started_before
                return

    def _note_finish(self) -> None:
        if self.finished_seconds is None and self.is_won:
            self.finished_seconds = self.elapsed


def scored(session: Session, scoring: Scoring | None, carried: int = 0) -> Session:
    """The same game with `scoring` on (a game read from a file or resumed, whose scoring is the one
    kept for its game now): its history replayed under the rules that scoring plays by, the clock,
    undos and hints as they stood. A history the scoring's rules refuse (more passes through the stock
    than Vegas allows) keeps the game as it was, unscored: a game is never lost to its score."""
    if scoring is session.scoring or scoring == session.scoring:
        return session
    again = Session(session.variant, session.deal_number, autoplay=session.autoplay, clock=session.clock,
                    start=session.start, scoring=scoring, carried=carried, daily=session.daily)
    try:
        again.replay(session.actions, session.position_in_history, session.automatic)
    except (IllegalMove, ValueError):
        return session
    again.resume_clock(session.elapsed)
    if session.started is None:
        again.started = None
    again.undos, again.hints, again.solver_played = session.undos, session.hints, session.solver_played
    return again
