"""What the player means, as values: input (pointer, keyboard, toolbar) turns events into these, and
the table applies them (or hands the window's own to the window). Input reads the table but never
changes it, so each of these is the one place a kind of request takes effect. The assistant (hints,
Solve, the rewind offer) changes the game the same way: by the intents at the end.

Plain slotted classes, each with its own `__init__`, rather than dataclasses or named tuples: both
of those write and compile their methods when the module loads (a dataclass some 4 million machine
instructions, a named tuple one million: the seventeen intents once cost a tenth of the work from
`import pygame` to the first frame), while a class's own methods come compiled in its .pyc file.
An intent is made, matched (`__match_args__`) and dropped; nothing compares or hashes one.
"""
from __future__ import annotations

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


class Pick:
    """Space or Enter on the focused pile: pick up from it, or drop what is picked up onto it."""

    __slots__ = __match_args__ = ("pile",)

    def __init__(self, pile: Pile) -> None:
        self.pile = pile


class Say:
    """A line for the status bar (a refusal, or "" to clear it), with a sound; `unselect` drops the selection."""

    __slots__ = __match_args__ = ("message", "sound", "unselect")

    def __init__(self, message: str, sound: str | None = None, unselect: bool = False) -> None:
        self.message = message
        self.sound = sound
        self.unselect = unselect


class PressButton:
    __slots__ = __match_args__ = ("button",)

    def __init__(self, button: Button) -> None:
        self.button = button


class Touch:
    """A press on the table: the hint and the keyboard's ring go, the selection may stay."""


class Select:
    """A click on a pile: select `card_count` cards of it, or unselect when it is selected already; None unselects."""

    __slots__ = __match_args__ = ("pile", "card_count")

    def __init__(self, pile: Pile | None, card_count: int = 0) -> None:
        self.pile = pile
        self.card_count = card_count


class TurnStock:
    """A click on the stock: deal or turn it."""


class MoveSelection:
    """A press on another pile while cards are selected: move them there."""

    __slots__ = __match_args__ = ("src", "dst", "card_count")

    def __init__(self, src: Pile, dst: Pile, card_count: int) -> None:
        self.src = src
        self.dst = dst
        self.card_count = card_count


class Lift:
    """A drag has begun: these cards follow the pointer."""

    __slots__ = __match_args__ = ("cards",)

    def __init__(self, cards: frozenset[Card]) -> None:
        self.cards = cards


class Redraw:
    """Something under the pointer changed (a button's hover, the lifted cards' place): draw again."""


class Drop:
    __slots__ = __match_args__ = ("src", "dst", "card_count")

    def __init__(self, src: Pile, dst: Pile, card_count: int) -> None:
        self.src = src
        self.dst = dst
        self.card_count = card_count


class FlyBack:
    """Cards picked up but not moved go back."""


class SendHome:
    """A double-click: the foundation, else a free cell."""

    __slots__ = __match_args__ = ("pile", "card")

    def __init__(self, pile: Pile, card: Card) -> None:
        self.pile = pile
        self.card = card


class PlayHome:
    """A click in a game where a click plays a column's top card home (Golf)."""

    __slots__ = __match_args__ = ("pile",)

    def __init__(self, pile: Pile) -> None:
        self.pile = pile


# The assistant's: what the solver's help changes in the game goes through the table too.


class GiveHint:
    """A hint: `move` is marked on the table, counted in the game's record, and `message` says it."""

    __slots__ = __match_args__ = ("move", "message")

    def __init__(self, move: Move, message: str) -> None:
        self.move = move
        self.message = message


class HoldAutoplay:
    """Solve starts (`held`) or ends: its solution names every move, so auto-play rests while it plays
    and comes back as the player had it."""

    __slots__ = __match_args__ = ("held",)

    def __init__(self, held: bool) -> None:
        self.held = held


class PlaySolved:
    """The next move of Solve's solution: played, and the game becomes the solver's (no win is
    recorded); refused, Solve stops."""

    __slots__ = __match_args__ = ("move",)

    def __init__(self, move: Move) -> None:
        self.move = move


class Rewind:
    """Back to the last position known winnable, as the player accepted."""

    __slots__ = __match_args__ = ("position",)

    def __init__(self, position: int) -> None:
        self.position = position


Intent = (
    Command | Pick | Say | PressButton | Touch | Select | TurnStock | MoveSelection | Lift | Redraw | Drop | FlyBack
    | SendHome | PlayHome | GiveHint | HoldAutoplay | PlaySolved | Rewind
)
