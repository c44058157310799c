"""What the player means, as values: input (pointer, keyboard, toolbar) turns events into these, and
the table applies them (or hands the window's own to the window). Input reads the table but never
changes it, so each of these is the one place a kind of request takes effect. The assistant (hints,
Solve, the rewind offer) changes the game the same way: by the intents at the end.

Named tuples, and plain classes for those with nothing to say, rather than dataclasses: a dataclass
compiles its methods when the module loads, and the seventeen intents cost a tenth of the work from
`import pygame` to the first frame (bench/render.py); a named tuple's methods are the tuple's own.
Nothing compares one kind of intent with another (two kinds with the same values would be equal).
"""
from __future__ import annotations

from enum import Enum, auto
from typing import NamedTuple

from game.cards import Card
from game.moves import Move, Pile

from ..panels.widgets import Button


class Command(Enum):
    """A request with no argument, from a key or a toolbar button."""

    # the table's own
    NEW_DEAL = auto()
    RESTART = auto()
    UNDO = auto()
    REDO = auto()
    HINT = auto()
    SOLVE = auto()
    AUTOPLAY = auto()
    SOUND = auto()
    FINISH = auto()
    FASTER = auto()
    SLOWER = auto()
    CANCEL = auto()  # Esc: drop what is picked up, selected or hinted
    FOCUS_MOVED = auto()  # the keyboard's ring moved: draw it there
    # the window's: a panel, a switch, leaving
    CHOOSE_GAME = auto()
    ASK_DEAL_NUMBER = auto()
    HELP = auto()
    STATISTICS = auto()
    SETTINGS = auto()
    WINNABLE_ONLY = auto()
    FULLSCREEN = auto()
    PAUSE = auto()
    SAVE_FILE = auto()
    OPEN_FILE = auto()
    QUIT = auto()


WINDOW_COMMANDS = frozenset({
    Command.CHOOSE_GAME, Command.ASK_DEAL_NUMBER, Command.HELP, Command.STATISTICS, Command.SETTINGS,
    Command.WINNABLE_ONLY, Command.FULLSCREEN, Command.PAUSE,
    Command.SAVE_FILE, Command.OPEN_FILE, Command.QUIT,
})


class Pick(NamedTuple):
    """Space or Enter on the focused pile: pick up from it, or drop what is picked up onto it."""

    pile: Pile


class Say(NamedTuple):
    """A line for the status bar (a refusal, or "" to clear it), with a sound; `unselect` drops the selection."""

    message: str
    sound: str | None = None
    unselect: bool = False


class PressButton(NamedTuple):
    button: Button


class Touch:
    """A press on the table: the hint and the keyboard's ring go, the selection may stay."""


class Select(NamedTuple):
    """A click on a pile: select `card_count` cards of it, or unselect when it is selected already; None unselects."""

    pile: Pile | None
    card_count: int = 0


class TurnStock:
    """A click on the stock: deal or turn it."""


class MoveSelection(NamedTuple):
    """A press on another pile while cards are selected: move them there."""

    src: Pile
    dst: Pile
    card_count: int


class Lift(NamedTuple):
    """A drag has begun: these cards follow the pointer."""

    cards: frozenset[Card]


class Redraw:
    """Something under the pointer changed (a button's hover, the lifted cards' place): draw again."""


class Drop(NamedTuple):
    src: Pile
    dst: Pile
    card_count: int


class FlyBack:
    """Cards picked up but not moved go back."""


class SendHome(NamedTuple):
    """A double-click: the foundation, else a free cell."""

    pile: Pile
    card: Card


class PlayHome(NamedTuple):
    """A click in a game where a click plays a column's top card home (Golf)."""

    pile: Pile


# The assistant's: what the solver's help changes in the game goes through the table too.


class GiveHint(NamedTuple):
    """A hint: `move` is marked on the table, counted in the game's record, and `message` says it."""

    move: Move
    message: str


class HoldAutoplay(NamedTuple):
    """Solve starts (`held`) or ends: its solution names every move, so auto-play rests while it plays
    and comes back as the player had it."""

    held: bool


class PlaySolved(NamedTuple):
    """The next move of Solve's solution: played, and the game becomes the solver's (no win is
    recorded); refused, Solve stops."""

    move: Move


class Rewind(NamedTuple):
    """Back to the last position known winnable, as the player accepted."""

    position: int


Intent = (
    Command | Pick | Say | PressButton | Touch | Select | TurnStock | MoveSelection | Lift | Redraw | Drop | FlyBack
    | SendHome | PlayHome | GiveHint | HoldAutoplay | PlaySolved | Rewind
)
