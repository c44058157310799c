"""The solver's help at the table: the verdict in the status bar, the offer to rewind a losing move,
hints, and Solve, which plays the rest of the game at a pace a player can follow.

The searching itself happens in the background (the window's solver client); this only reads its
answers and turns them into what the player sees. It reads the table it is given (`AssistedTable`)
and changes nothing in it: every change, to the game too, is an intent the table applies.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.i18n import N_, _, ngettext
from game.moves import Move, PileKind
from game.session import Session
from game.state import State
from game.verdict import Status

from ..window.layout import pile_contents
from . import animation
from .board_view import BoardView
from .intents import GiveHint, HoldAutoplay, Intent, PlaySolved, Redraw, Rewind, Say

if TYPE_CHECKING:  # the solver loads after the first frame
    from game.solver import SolveResult

VERDICTS = {
    # TRANSLATORS: the verdict at the end of the status bar: can the game still be won?
    Status.SOLVED: N_("winnable"), Status.UNSOLVABLE: N_("not winnable"), Status.UNKNOWN: N_("winnable? not known"),
}


class AssistedTable(Protocol):
    """What the assistant reads and asks of the table (implemented by `sprites.scene.table.Table`)."""

    @property
    def session(self) -> Session: ...
    @property
    def view(self) -> BoardView: ...
    def apply(self, intent: Intent) -> None: ...


class SolverAccess(Protocol):
    """The window's solver client (implemented by `sprites.window.solver_client.SolverClient`)."""

    @property
    def analysing(self) -> bool: ...
    def winnability(self, state: State) -> SolveResult | None: ...
    def search_now(self, session: Session) -> None: ...
    def hint(self, session: Session) -> Move | None: ...


class Assistant:
    """Holds the solution being played (`solution`) and whether a losing move may be offered a rewind.
    `offer_rewind(rewind, moves_back)` asks the player (False when it could not); `speed()` is the
    animation speed of the moment."""

    def __init__(
        self, table: AssistedTable, solver: SolverAccess, offer_rewind: Callable[[Callable[[], None], int], bool],
        speed: Callable[[], float],
    ) -> None:
        self.table = table
        self.solver = solver
        self.offer_rewind = offer_rewind
        self.speed = speed
        self.solution: list[Move] = []
        self.next_move_ms: int | None = 0
        self.solve_wanted = False
        # Once offered, a rewind is not offered again until the game is winnable again: "Play on" means
        # play on, not be asked at every following move.
        self.rewind_armed = True

    def reset(self) -> None:
        """A new game: nothing being solved, nothing offered yet."""
        self.solution = []
        self.solve_wanted = False
        self.rewind_armed = True

    @property
    def solving(self) -> bool:
        return bool(self.solution)

    def verdict_text(self) -> str:
        """Whether the position can still be won, as far as the background search knows."""
        if not self.solver.analysing:
            return ""
        if self.table.session.is_won:
            # TRANSLATORS: the status bar's verdict once every card is home
            return _("won")
        answer = self.solver.winnability(self.table.session.state)
        if answer is None:
            # TRANSLATORS: status bar: the background search has not answered yet
            return _("checking…")
        return _(VERDICTS[answer.status])

    def on_verdict(self) -> None:
        """A background answer arrived: start a wanted Solve, or offer to rewind a losing move (once
        the cards have landed: the table asks again then)."""
        table = self.table
        answer = self.solver.winnability(table.session.state)
        table.apply(Redraw())
        if answer is None:
            return
        if self.solve_wanted:
            self.solve_wanted = False
            self._start(answer)
        if not table.view.busy:
            self.consider_rewind()

    def consider_rewind(self) -> None:
        """Offer to rewind when the position on the table is known to be lost and was not offered since
        the game was last winnable; a winnable position makes the offer possible again."""
        answer = self.solver.winnability(self.table.session.state)
        if answer is None or self.solving:
            return
        if answer.status is Status.SOLVED:
            self.rewind_armed = True
        elif answer.status is Status.UNSOLVABLE and self.rewind_armed and not self.table.session.is_lost:
            self._offer_rewind()

    def _offer_rewind(self) -> None:
        table = self.table
        here = table.session.position_in_history
        for position in range(here - 1, -1, -1):
            known = self.solver.winnability(table.session.state_at(position))
            if known is not None and known.status is Status.SOLVED:
                if self.offer_rewind(self._rewinding(position), here - position):
                    self.rewind_armed = False
                return

    def _rewinding(self, position: int) -> Callable[[], None]:
        return lambda: self.table.apply(Rewind(position))

    def solve_rest(self) -> None:
        """Play the rest of the game from here at the animation speed; any key but + and - (or a click) stops it."""
        table = self.table
        answer = self.solver.winnability(table.session.state)
        if answer is None or answer.status is Status.UNKNOWN:
            self.solve_wanted = True
            self.solver.search_now(table.session)
            table.apply(Say(_("solving…")))
            return
        self._start(answer)

    def _start(self, answer: SolveResult) -> None:
        table = self.table
        if answer.status is not Status.SOLVED:
            table.apply(Say(_("this position cannot be won") if answer.status is Status.UNSOLVABLE
                            else _("no solution found in time")))
            return
        self.solution = list(answer.moves)
        table.apply(HoldAutoplay(held=True))  # the solution names every move, auto-play's included
        self.next_move_ms = 0
        count = len(self.solution)
        table.apply(Say(ngettext("solving: {n} move (any key or click stops)", "solving: {n} moves (any key or click stops)",
                                 count).format(n=count)))

    def play_due(self, now_ms: int) -> None:
        """Play the solution's next move once the last one has landed and a pause after it is over.

        The move flies at the animation speed and the pause is scaled by it too, read as each move
        lands: the speed setting (which + and - change while Solve plays) sets the pace."""
        if not self.solution or self.table.view.busy:
            return
        if self.next_move_ms is None:  # the last move has just landed
            self.next_move_ms = now_ms + round(animation.SOLVE_PAUSE_MS / self.speed())
        if now_ms >= self.next_move_ms:
            self._play_next(now_ms)

    def _play_next(self, now_ms: int) -> None:
        table = self.table
        table.apply(PlaySolved(self.solution[0]))  # refused, the table stops Solve (`stop`)
        if not self.solution:
            return
        self.solution.pop(0)
        left = len(self.solution)
        self.next_move_ms = None  # the pause starts when this move has landed
        if not self.solution:
            table.apply(HoldAutoplay(held=False))
        table.apply(Say(ngettext("solving: {n} move left (any key or click stops)",
                                 "solving: {n} moves left (any key or click stops)", left).format(n=left)
                        if left else _("solved")))

    def stop(self, message: str) -> None:
        if self.solution:
            self.solution = []
            self.table.apply(HoldAutoplay(held=False))
        self.table.apply(Say(message))

    def show_hint(self) -> None:
        """The hint's move, with what the search knows of it when that is more than the move."""
        from game.solver import hint_note, positions_met

        table = self.table
        session = table.session
        move = self.solver.hint(session)
        note = hint_note(session.rules, session.state, move, positions_met(session))
        if move is None:
            table.apply(Say(_("no hint: {reason}").format(reason=_(note))))
            return
        table.apply(GiveHint(move, _(note) if note else _("hint: {move}").format(move=self._describe(move))))

    def _describe(self, move: Move) -> str:
        cards, _hidden = pile_contents(self.table.session.state, move.src)
        if cards and move.src.kind is not PileKind.STOCK:
            card = cards[-move.count].label
            return _("{card} from {source} to {destination}").format(card=card, source=move.src, destination=move.dst)
        return _("the stock from {source} to {destination}").format(source=move.src, destination=move.dst)
