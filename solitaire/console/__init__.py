"""Playing in the terminal: read a line, carry it out on the session, print what happened.

The reading of commands (`console.commands.interpret`) and the drawing of the board
(`console.view.render`) are pure functions; this loop is the only part that owns a session and
streams, so a test drives a whole game with `io.StringIO` on both ends.

One console command is one undo step: a move together with the cards auto-play sent home after it
comes back with a single `u` (the session groups a turn that way for every front end). A deal, new or
restarted, gets auto-play at once too, so an Ace dealt on top does not wait for the player's first move.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TextIO

from game.cards import Card, Suit
from game.deals import random_deal_number
from game.dialect import Dialect
from game.i18n import N_, _, ngettext
from game.moves import Move, PileKind
from game.rules import IllegalMove
from game.savefile import SaveFileError, load, save
from game.session import Applied, Session
from game.state import State
from game.variants import dialect_for

from .commands import Action, CommandError, help_text, interpret
from .view import card_text, render, suit_text

# TRANSLATORS: the console's prompt; h is the command typed for help, as is
PROMPT = N_("Command (h for help): ")


FILE_WORDS = ("save", "load")  # the commands that take a file's name
LONGEST_LINE = 4096  # no command is longer; a longer line is refused without being kept whole
LONGEST_INPUT = 2**20  # characters read looking for the end of a too-long line before giving up


class HintUnavailable(Exception):
    """No hint can be given: there is no solver yet, or it found nothing."""


class Stopped(BaseException):
    """A signal that ends the program (SIGTERM, or SIGHUP when the terminal closes), raised where the
    loop stands as Ctrl-C raises KeyboardInterrupt, so the game is recorded as left all the same.
    A BaseException, as KeyboardInterrupt is: nothing that catches errors may swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


HintFinder = Callable[[Session], Move]
Outcome = Literal["won", "lost", "abandoned"]
Recorder = Callable[[Session, Outcome], object]  # e.g. Store.record_game
Problems = Callable[[], object | None]  # the next problem the recorder met, said as it words itself: Store.take_problem


@dataclass(frozen=True)
class Reply:
    """What one line did: `ok` is False when it was rejected (and so changed nothing)."""

    ok: bool
    finished: bool = False


class Console:
    """A terminal game over one session at a time (`R`/`new` start another)."""

    def __init__(
        self,
        session: Session,
        out: TextIO,
        *,
        ascii: bool = False,
        colour: bool = False,
        echo: bool = False,
        new_deal: Callable[[], int] = random_deal_number,
        hint: HintFinder | None = None,
        record: Recorder | None = None,
        problems: Problems | None = None,
    ) -> None:
        self.session = session
        self.out = out
        self.ascii, self.colour, self.echo = ascii, colour, echo
        self.new_deal = new_deal
        self.hint = hint or solver_hint
        self.record = record
        self.problems = problems
        self._suits = str.maketrans({s.symbol: suit_text(s, ascii=ascii, colour=colour) for s in Suit})

    # -- the loop ----------------------------------------------------------------------------------

    def run(self, source: TextIO) -> int:
        """Play until the game is won, the player quits or the input ends (exit code 0), or the input
        is endless text with no line end (2).

        When the output fails (a closed pipe, a full disk), the player presses Ctrl-C or the program is
        stopped (`Stopped`: the caller turns SIGTERM and SIGHUP into it), the game is still recorded as
        left, and the exception goes on to the caller, which knows how to report it.
        """
        try:
            return self._loop(source)
        except (OSError, KeyboardInterrupt, Stopped):
            self._leave()
            raise

    def _loop(self, source: TextIO) -> int:
        # TRANSLATORS: the console's first line; h and q are commands typed as they are
        self._say(_("{game}: type h for the commands, q to quit.").format(game=self.session.variant.name))
        if not self.session.position_in_history:
            self._autoplay_deal()
        if self._changed().finished:
            return 0
        while True:
            self.out.write(_(PROMPT))
            self.out.flush()
            line = source.readline(LONGEST_LINE + 1)
            if not line:
                self._say("")
                self._leave()
                self._say(_("End of input: goodbye."))
                return 0
            if len(line) > LONGEST_LINE:
                if not self._skip_rest_of_line(source):
                    self._leave()
                    return 2
                self._reject(_("a line of more than {count} characters is not a command").format(count=LONGEST_LINE))
                continue
            if self.echo:
                self.out.write(line if line.endswith("\n") else line + "\n")
            if self.execute(line).finished:
                return 0

    def _skip_rest_of_line(self, source: TextIO) -> bool:
        """Read past the end of a line too long to be a command, without holding it; False (with one
        line said) when no line end comes within LONGEST_INPUT characters (`console < /dev/zero`)."""
        skipped = 0
        while skipped < LONGEST_INPUT:
            piece = source.readline(LONGEST_LINE)
            if not piece or piece.endswith("\n"):
                return True
            skipped += len(piece)
        stopping = _("Error: the input has no line end in its first {size} MB: stopping")
        self._say(stopping.format(size=LONGEST_INPUT // 2**20))
        return False

    def execute(self, line: str) -> Reply:
        """Carry out one line; anything rejected prints why and leaves the game exactly as it was."""
        word, _space, name = line.strip().partition(" ")
        if word.lower() in FILE_WORDS:  # before the command languages: a file's name keeps its case
            return self._file(word.lower(), name.strip())
        try:
            command = interpret(line, self.session.state, self.session.rules)
        except CommandError as error:
            return self._reject(str(error))
        if isinstance(command, Move):
            return self._play(command)
        return self._act(command)

    def show(self) -> None:
        s = self.session
        if s.move_count == 0:
            # TRANSLATORS: the heading above the console's board
            heading = _("{game} - deal {deal} - no moves").format(game=s.variant.name, deal=s.deal_number)
        else:
            heading = ngettext(
                "{game} - deal {deal} - {count} move", "{game} - deal {deal} - {count} moves", s.move_count
            ).format(
                game=s.variant.name, deal=s.deal_number, count=s.move_count
            )
        self.out.write(render(s.state, s.variant, ascii=self.ascii, colour=self.colour, heading=heading))

    # -- moves and actions -------------------------------------------------------------------------------

    def _play(self, move: Move) -> Reply:
        try:
            applied = self.session.play(move)
        except IllegalMove as error:  # interpret already checked; kept so nothing can escape the loop
            return self._reject(_("illegal move: {reason}").format(reason=self._dialect().says(error.refusal)))
        self._report_autoplay(applied)
        return self._changed()

    def _autoplay_deal(self) -> None:
        """A deal just dealt or restarted: auto-play sends home at once what it would after any move."""
        if self.session.autoplay:
            self._report_autoplay(self.session.run_autoplay())

    def _report_autoplay(self, applied: list[Applied]) -> None:
        automatic = [self._describe(entry) for entry in applied if entry.automatic]
        if automatic:
            # TRANSLATORS: the moves auto-play made, joined by commas
            self._say(_("Auto-play: {moves}.").format(moves=", ".join(automatic)))

    def _act(self, action: Action) -> Reply:
        s = self.session
        if action is Action.QUIT:
            self._leave()
            self._say(_("Goodbye."))
            return Reply(True, finished=True)
        if action is Action.HELP:
            self._say(help_text(s.variant))
            return Reply(True)
        if action is Action.SHOW:
            self.show()
            return Reply(True)
        if action is Action.NOTHING:
            return Reply(True)
        if action is Action.HINT:
            return self._hint()
        if action is Action.UNDO:
            if not s.can_undo:
                return self._reject(_("nothing to undo"))
            s.undo()
            return self._changed()
        if action is Action.REDO:
            if not s.can_redo:
                return self._reject(_("nothing to redo"))
            s.redo()
            return self._changed()
        if action is Action.RESTART:
            try:
                s.restart()
            except IllegalMove as error:
                return self._reject(str(error))
            # TRANSLATORS: u is the undo command, typed as is
            self._say(_("Restarted this deal (u brings the game back)."))
            self._autoplay_deal()
            return self._changed()
        assert action is Action.NEW
        self._leave()
        self.session = Session.new(s.variant, self.new_deal(), autoplay=s.autoplay)
        self._say(_("New deal: {deal}.").format(deal=self.session.deal_number))
        self._autoplay_deal()
        return self._changed()

    def _file(self, word: str, name: str) -> Reply:
        """`save FILE` writes the game to a file; `load FILE` plays the one in it instead of this one,
        which is recorded as left (as `new` does). A file that cannot be read changes nothing."""
        if not name:
            # TRANSLATORS: save and load are commands typed as they are; FILE is a file's name
            return self._reject(_("{command} needs a file: {command} FILE").format(command=word))
        path = Path(name).expanduser()
        if word == "save":
            try:
                save(self.session, path)
            except OSError as error:
                return self._reject(_("the game could not be saved to {file} ({reason})").format(
                    file=name, reason=error.strerror or error))
            self._say(_("Saved to {file}.").format(file=name))
            return Reply(True)
        try:
            loaded = load(path, autoplay=self.session.autoplay)
        except SaveFileError as error:
            return self._reject(str(error))
        if loaded.is_won:  # nothing left to play, and a win nobody played now is no win to count
            return self._reject(_("the game in {file} is already won").format(file=name))
        self._leave()
        self.session = loaded
        self._say(_("Loaded {game}, deal {deal}, from {file}.").format(
            game=loaded.variant.name, deal=loaded.deal_number, file=name))
        return self._changed()

    def _hint(self) -> Reply:
        s = self.session
        try:
            move = self.hint(s)
        except HintUnavailable as error:
            self._say(_("Hint: {reason}").format(reason=error))
            return Reply(True)
        s.hints += 1  # the statistics count hints taken, in the terminal as in the window
        # TRANSLATORS: {command} is the move as the player would type it, {move} the same in words
        command = self._dialect().phrase(move, s.state)
        note = _note_on(s, move)
        if note:
            # TRANSLATORS: {command} is the move as the player would type it, {note} what the search knows of it
            self._say(_("Hint: {command} ({note})").format(command=command, note=_(note)))
        else:
            self._say(_("Hint: {command} ({move})").format(command=command, move=self._describe_move(move, s.state)))
        return Reply(True)

    def _changed(self) -> Reply:
        """After the position changed: the board, then the win or the end of the road."""
        self.show()
        s = self.session
        if s.is_won:
            self._record("won")
            if s.move_count == 0:
                won = _("You won {game} deal {deal} in no moves. Congratulations!")
                self._say(won.format(game=s.variant.name, deal=s.deal_number))
            else:
                self._say(
                    ngettext(
                        "You won {game} deal {deal} in {count} move. Congratulations!",
                        "You won {game} deal {deal} in {count} moves. Congratulations!",
                        s.move_count,
                    ).format(game=s.variant.name, deal=s.deal_number, count=s.move_count)
                )
            return Reply(True, finished=True)
        reason = s.rules.lost_reason(s.state)
        if reason:
            # TRANSLATORS: u, new and q are commands typed as they are
            self._say(_("Game over, you lose: {reason}. (u undoes, new deals again, q quits.)").format(reason=reason))
        return Reply(True)

    def _leave(self) -> None:
        """The game is being left unfinished: it counts as lost when stuck, else abandoned (and the
        store does not count an abandoned game where the player did nothing)."""
        s = self.session
        if not s.is_won:
            self._record("lost" if s.rules.lost_reason(s.state) else "abandoned")

    def _record(self, result: Outcome) -> None:
        """Record the game, then tell the player anything that went wrong doing it (a full disk...)."""
        if self.record is None:
            return
        self.record(self.session, result)
        while self.problems is not None and (problem := self.problems()):
            self._say(_("Note: {problem}").format(problem=problem))

    # -- words ------------------------------------------------------------------------------------------

    def _dialect(self) -> Dialect:
        """The language of the game being played (a new game may be of another family)."""
        variant = self.session.variant
        return dialect_for(variant)

    def _reject(self, message: str) -> Reply:
        self._say(_("Error: {message}").format(message=message))
        return Reply(False)

    def _say(self, text: str) -> None:
        self.out.write(text.translate(self._suits) + "\n")

    def _describe(self, entry: Applied) -> str:
        return self._describe_move(entry.move, entry.before)

    def _describe_move(self, move: Move, before: State) -> str:
        """`A♣ to the foundation`, `7♥ and 2 more to column 3` (`to T2` in Klondike), `turn the stock`."""
        if move.src.kind is PileKind.STOCK:
            return _("deal from the stock") if move.dst.kind is PileKind.FOUNDATION else _("turn the stock")
        if move.dst.kind is PileKind.STOCK:
            return _("turn the waste back over")
        card = _moving_card(move, before)
        name = card_text(card, ascii=self.ascii, colour=self.colour) if card else _("the card")
        where = self._dialect().pile_name(move.dst, card)
        if move.count > 1:
            # TRANSLATORS: a move in words: a card, how many cards on it go along, and where they go ("column 3", "T2")
            return ngettext("{card} and {count} more to {pile}", "{card} and {count} more to {pile}", move.count - 1).format(
                card=name, count=move.count - 1, pile=where
            )
        # TRANSLATORS: a move in words: a card and where it goes ("column 3", "T2", "the foundation")
        return _("{card} to {pile}").format(card=name, pile=where)


def _moving_card(move: Move, state: State) -> Card | None:
    """The card a move picks up first (the deepest of a run), or None when there is none."""
    src = move.src
    if src.kind is PileKind.COLUMN and src.index < len(state.columns) and state.columns[src.index]:
        pile = state.columns[src.index]
        return pile[-min(move.count, len(pile))]
    if src.kind is PileKind.CELL and src.index < len(state.cells):
        return state.cells[src.index]
    if src.kind is PileKind.WASTE and state.waste:
        return state.waste[-1]
    if src.kind is PileKind.FOUNDATION and src.index < len(state.foundations) and state.foundations[src.index]:
        return state.foundations[src.index][-1]
    return None


def _note_on(session: Session, move: Move) -> str:
    """What the search knows of a hint's move beyond the move (`game.solver.hint_note`), or ""."""
    try:
        from game.solver import hint_note, positions_met
    except ImportError:
        return ""
    return hint_note(session.rules, session.state, move, positions_met(session))


def solver_hint(session: Session) -> Move:
    """The solver's next move (`game.solver.hint`), checked by the rules before it is offered.

    The solver is optional to the console: when it is missing, or fails on a game it does not cover
    yet, the player reads why instead of the game stopping.
    """
    try:
        solver = importlib.import_module("game.solver")
    except ImportError:
        solver = None
    finder = getattr(solver, "hint", None)
    positions_met = getattr(solver, "positions_met", None)
    if finder is None or positions_met is None:
        raise HintUnavailable(_("hint is not available yet"))
    try:
        move = finder(session.rules, session.state, met=positions_met(session))  # never back to where the game was
    except ImportError:
        raise HintUnavailable(_("hint is not available yet for {game}").format(game=session.variant.name)) from None
    except Exception as error:  # a solver bug must not end the player's game
        problem = f"{type(error).__name__}: {error}"
        raise HintUnavailable(_("the solver failed ({problem})").format(problem=problem)) from None
    if move is None:
        note = getattr(solver, "hint_note", None)
        raise HintUnavailable(_(note(session.rules, session.state, None)) if note else _("no move found that helps here"))
    try:
        session.rules.check(session.state, move)
    except IllegalMove as error:
        raise HintUnavailable(
            _("the solver suggested an illegal move {move} ({reason})").format(move=move.notation, reason=error)
        ) from None
    return move
