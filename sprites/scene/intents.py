"""What the player means, as values: input (pointer, keyboard, toolbar) turns events into these, and
the table applies them (or hands the window's own to the window). Input reads the table but never
changes it, so each of these is the one place a kind of request takes effect. The assistant (hints,
Solve, the rewind offer) changes the game the same way: by the intents at the end.

Plain dataclasses, not frozen ones: nothing keeps or changes an intent after it is applied, and a
frozen class costs the start twice the generated code (17 of them were a twentieth of the work to
the first frame, bench/render.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

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


@dataclass
class Pick:
    """Space or Enter on the focused pile: pick up from it, or drop what is picked up onto it."""

    pile: Pile


@dataclass
class Say:
    """A line for the status bar (a refusal, or "" to clear it), with a sound; `unselect` drops the selection."""

    message: str
    sound: str | None = None
    unselect: bool = False


@dataclass
class PressButton:
    button: Button


@dataclass
class Touch:
    """A press on the table: the hint and the keyboard's ring go, the selection may stay."""


@dataclass
class Select:
    """A click on a pile: select `count` cards of it, or unselect when it is selected already; None unselects."""

    pile: Pile | None
    count: int = 0


@dataclass
class TurnStock:
    pass


@dataclass
class MoveSelection:
    """A press on another pile while cards are selected: move them there."""

    src: Pile
    dst: Pile
    count: int


@dataclass
class Lift:
    """A drag has begun: these cards follow the pointer."""

    cards: frozenset[Card]


@dataclass
class Redraw:
    """Something under the pointer changed (a button's hover, the lifted cards' place): draw again."""


@dataclass
class Drop:
    src: Pile
    dst: Pile
    count: int


@dataclass
class FlyBack:
    """Cards picked up but not moved go back."""


@dataclass
class SendHome:
    """A double-click: the foundation, else a free cell."""

    pile: Pile
    card: Card


@dataclass
class PlayHome:
    """A click in a game where a click plays a column's top card home (Golf)."""

    pile: Pile


# The assistant's: what the solver's help changes in the game goes through the table too.


@dataclass
class GiveHint:
    """A hint: `move` is marked on the table, counted in the game's record, and `message` says it."""

    move: Move
    message: str


@dataclass
class HoldAutoplay:
    """Solve starts (`held`) or ends: its solution names every move, so auto-play rests while it plays
    and comes back as the player had it."""

    held: bool


@dataclass
class PlaySolved:
    """The next move of Solve's solution: played, and the game becomes the solver's (no win is
    recorded); refused, Solve stops."""

    move: Move


@dataclass
class Rewind:
    """Back to the last position known winnable, as the player accepted."""

    position: int


Intent = (
    Command | Pick | Say | PressButton | Touch | Select | TurnStock | MoveSelection | Lift | Redraw | Drop | FlyBack
    | SendHome | PlayHome | GiveHint | HoldAutoplay | PlaySolved | Rewind
)
