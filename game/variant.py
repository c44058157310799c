"""What one game is: its family, its family's parameters and the shape of its table.

A family (FreeCell's, Klondike's, Golf's) is the one object that answers every question about its
games: its parameters (one `Params` class of its own), its rules, its table, its rules text, its
solver, its console dialect and the options a player picks for it (Klondike's draw). A game
(`Variant`) is a family plus parameter values, typed by them (`Variant[KlondikeParams]`). The
window, the console, the command line, the store and the solver dispatch ask the family and never
which family it is, so a new family is its own module(s) under `game/families/`, found there, and
no edit anywhere else.

This module holds what a game is and what its family says in words and facts (`FamilyBase`): every
other module of the model reads it, so it imports none of them. The family a contributor declares
subclasses `game.family.Family`, which adds the rules, the dialect and the search, each named by a
method that loads it when first asked for (starting one game reads nothing of the others).

A variant's texts are read in the player's language: `name` and `description` translate when they
are read, so a front end that shows them needs nothing more. What is stored or looked up (`key`,
`aliases`, `english_name`) stays the same in every language.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from dataclasses import Field, asdict, replace
from typing import Any, ClassVar, Generic, TypeVar

from .cards import ONE_DECK, Pack
from .i18n import _, ngettext
from .moves import Pile, PileKind
from .scoring import Scoring
from .state import State
from .value import Value

# How columns build (a family's `build` parameter) and what fills an empty column (`empty_column`).
ALTERNATE_COLOURS = "alternate-colours"
SAME_SUIT = "same-suit"
ANY_CARD = "any"
KINGS_ONLY = "kings"


class UnknownGame(ValueError):
    """A game name that matches no variant, or parameters no game of its family takes."""


class TableLayout(Value):
    """Where a game's piles sit and how they show, for a front end that draws any game it is given.

    The columns run across the table. Above them, the top row holds groups of piles: the first group
    starts at the left edge, the last ends at the right, and free room is shared out between groups
    (FreeCell: cells, then foundations; Klondike: stock and waste, then foundations). `side` piles
    stand one under another to the right of the columns (Eight Off's foundations, whose eight cells
    fill the top row); `ring` piles lie round a circle to the right of the columns, the first at the
    top and on clockwise (Grandfather's Clock's twelve hours); `bottom` piles lie in a row under the
    columns (Golf's stock and foundation, beneath columns that never grow). Columns may instead lie at
    declared `places`, overlapping as a matching game's slots do, or in `column_rows` rows.
    """

    __slots__ = __match_args__ = (
        "top", "columns", "longest_column", "column_room", "side", "ring", "column_rows", "bottom", "waste_fan",
        "turned", "foundation_fan", "fan_room", "suit_foundations", "stock_recycles", "kings_fill_columns",
        "click_plays_columns", "stock_counts_deals", "stock_gathers", "places", "column_ranks",
    )

    def __init__(
        self,
        top: tuple[tuple[Pile, ...], ...],
        columns: int,
        longest_column: tuple[int, int],  # (cards, face down) of the longest column the game can build
        column_room: float = 2.56,  # card heights kept for the columns (13 cards at half fan); longer ones compress
        side: tuple[Pile, ...] = (),
        ring: tuple[Pile, ...] = (),
        column_rows: int = 1,  # the columns lie in this many rows, each with its share of the height (the clock's 2 of 4)
        bottom: tuple[Pile, ...] = (),
        waste_fan: int = 1,  # how many of the waste's top cards spread sideways (three in draw-3 Klondike)
        turned: int = 1,  # how many cards a click on the stock turns onto the waste
        foundation_fan: int = 1,  # the same for foundations (Golf's one foundation shows the run played onto it)
        fan_room: int = 0,  # free slots kept right of the first top group for that fan to spread into
        suit_foundations: bool = True,  # foundation i belongs to suit i, so an empty one shows its suit
        stock_recycles: bool = False,  # the empty stock turns the waste back over (marked ↺)
        kings_fill_columns: bool = False,  # only a King may fill an empty column (marked K)
        click_plays_columns: bool = False,  # a column's top card has one place to go: a click plays it
        stock_counts_deals: bool = False,  # the stock's tag counts deals of `turned` cards, not cards (Spider's 5 deals)
        stock_gathers: int = 0,  # a stock of no cards that deals the columns again this often: its tag counts the deals left
        # Where each column lies, when the columns are not a row (Pyramid's slots, TriPeaks' peaks): (across,
        # down) from the tableau's top left corner, across in columns (a card and the gap after it) and down
        # in card heights. A column laid later lies over those laid before it where they overlap.
        places: tuple[tuple[float, float], ...] = (),
        # By column, the rank an empty column takes (0: any card), shown in its outline (Mod 3's slots show
        # their row's first rank); given, a placed tableau outlines its empty columns too, else nothing.
        column_ranks: tuple[int, ...] = (),
    ) -> None:
        self.top = top
        self.columns = columns
        self.longest_column = longest_column
        self.column_room = column_room
        self.side = side
        self.ring = ring
        self.column_rows = column_rows
        self.bottom = bottom
        self.waste_fan = waste_fan
        self.turned = turned
        self.foundation_fan = foundation_fan
        self.fan_room = fan_room
        self.suit_foundations = suit_foundations
        self.stock_recycles = stock_recycles
        self.kings_fill_columns = kings_fill_columns
        self.click_plays_columns = click_plays_columns
        self.stock_counts_deals = stock_counts_deals
        self.stock_gathers = stock_gathers
        self.places = places
        self.column_ranks = column_ranks

    @property
    def across(self) -> int:
        """How many columns wide the tableau is: one per column of a row, or as wide as its places reach."""
        if not self.places:
            return -(-self.columns // self.column_rows)
        return int(max(across for across, _down in self.places)) + 1

    @property
    def cells(self) -> int:
        """How many free cells the table has (they are among its top and side piles)."""
        return self._count(PileKind.CELL)

    @property
    def foundations(self) -> int:
        """How many foundation piles the table has."""
        return self._count(PileKind.FOUNDATION)

    @property
    def piles(self) -> tuple[Pile, ...]:
        """Every pile the table shows besides the columns: the top row's, then the side's, the bottom's
        and the ring's."""
        return (*(pile for group in self.top for pile in group), *self.side, *self.bottom, *self.ring)

    def _count(self, kind: PileKind) -> int:
        return sum(1 for pile in self.piles if pile.kind is kind)

    def stock_spent(self, game: str) -> str:
        """Why a click on the stock does nothing now, said by every front end alike: the stock is empty,
        or, where it deals the columns again (`stock_gathers`), it has done so as often as `game` allows."""
        if not self.stock_gathers:
            return _("the stock is empty")
        return ngettext(
            "the columns were dealt again {n} time already: {game} allows no more",
            "the columns were dealt again {n} times already: {game} allows no more",
            self.stock_gathers,
        ).format(n=self.stock_gathers, game=game)

    def fan(self, kind: PileKind) -> int:
        """How many top cards of a pile of this kind spread sideways (columns fan downwards instead)."""
        return {PileKind.WASTE: self.waste_fan, PileKind.FOUNDATION: self.foundation_fan}.get(kind, 1)


class Params:
    """A family's parameters: each family declares its own subclass, a frozen dataclass (FreeCell's
    cells and build rule, Klondike's draw, Golf's wrap), and only its own rules read them. This base
    is a plain class: a dataclass of its own would cost every start a class made for nothing. The
    parameters of the game every start may deal (FreeCell's) are written out as a `Value` for the
    same reason, and say their own `record`."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # what each subclass has, as a dataclass

    def record(self) -> dict[str, object]:
        """The values as plain data, for a statistics record to say what was played."""
        return asdict(self)


class NoChoices(Params):
    """The parameters of a game with no choices to make (Baker's Dozen, Beleaguered Castle, …): all
    alike. Written out rather than a dataclass, whose class every start would make for games it
    does not play."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is NoChoices

    def __hash__(self) -> int:
        return hash(NoChoices)

    def __repr__(self) -> str:
        return "NoChoices()"

    def record(self) -> dict[str, object]:
        return {}


P = TypeVar("P", bound=Params)


class Tableau(Params):
    """The parameters of a tableau that builds down: how a card goes on another, what fills an empty
    column. Families whose columns build down (FreeCell's, Klondike's) declare theirs with these two
    fields, and the shared predicates in `rules.py` read them, so a variant declared as data plays as
    declared. Only named here, not a dataclass: each family's parameters declare the two with the
    defaults of its own game, and a dataclass here would cost every start a class made for nothing."""

    __slots__ = ()
    build: str
    empty_column: str


class GameOption:
    """A choice a player makes for the games of a family (Klondike turns 1 or 3 cards at a time).

    Front ends offer it without knowing what it means. The command line gives `--KEY N`, or for a
    choice between yes and no (`choices == (True, False)`, yes by default) the switch `--no-KEY`. A
    choice with a `label` is kept in the settings too, and the window offers it as a row cycling
    through `choices`. `value` reads a game's choice; `applied` is the game of the same family with
    another choice (a registered one, so saves and statistics name it)."""

    __slots__ = __match_args__ = ("key", "help", "choices", "value", "applied", "label", "shown", "news")

    def __init__(
        self,
        key: str,
        help: str,  # marked with N_: the command-line option's help
        choices: tuple[int, ...],
        value: Callable[[Variant[Any]], int],
        applied: Callable[[Variant[Any], int], Variant[Any]],
        label: str = "",  # marked with N_: the settings row ("Klondike draws"); "" for a choice not kept there
        shown: Callable[[int], str] = str,  # a choice as the settings row shows it ("3 cards")
        news: Callable[[int], str] = str,  # what a player is told when the choice changes for the next deal
    ) -> None:
        self.key = key
        self.help = help
        self.choices = choices
        self.value = value
        self.applied = applied
        self.label = label
        self.shown = shown
        self.news = news

    @property
    def switch(self) -> bool:
        """Whether this is a yes-or-no choice, given on the command line as `--no-KEY`."""
        return self.choices == (True, False)

    @property
    def flag(self) -> str:
        """The command-line option: `--draw`, `--no-foundation-return`."""
        return f"--no-{self.key}" if self.switch else f"--{self.key}"

    def offered_by(self, variant: Variant[Any]) -> bool:
        return self in variant.family.options


def field_option(
    key: str, field: str, games: Callable[[], Iterable[Variant[Any]]], *,
    refused: Callable[[int], str] | None = None, **declared: Any,
) -> GameOption:
    """The option that is one field of a family's parameters (Klondike's `draw`): a game's choice is
    that field, and the game with another choice is the registered one (of `games`, asked when first
    needed, as they are declared after the family) whose parameters differ in that field alone, so
    saves and statistics name it. `refused` words a choice no registered game makes."""
    choices = declared["choices"]

    def value(variant: Variant[Any]) -> int:
        return type(choices[0])(getattr(variant.params, field))  # type: ignore[no-any-return]

    def applied(variant: Variant[Any], chosen: int) -> Variant[Any]:
        wanted = replace(variant.params, **{field: type(getattr(variant.params, field))(chosen)})
        found = next((game for game in games() if game.params == wanted), None)
        if found is None:
            raise UnknownGame(refused(chosen) if refused else f"{key}: {chosen}")
        return found

    return GameOption(key=key, value=value, applied=applied, **declared)


def switch_option(key: str, games: Callable[[], Iterable[Variant[Any]]], help: str) -> GameOption:
    """A yes-or-no option, yes by default, given as `--no-KEY` (TriPeaks' `--no-wrap`): the field of
    the family's parameters named by the key with `_` for `-`. `help` is marked with N_."""
    return field_option(key, key.replace("-", "_"), games, help=help, choices=(True, False))


def counted_option(
    key: str, games: Callable[[], Iterable[Variant[Any]]], choices: tuple[int, ...], *, help: str, refused: str,
    label: str, shown: tuple[str, str], news: tuple[str, str],
) -> GameOption:
    """An option that counts (Klondike's draw, Pyramid's passes), kept in the settings: the field of
    the family's parameters named by `key`. Each text is marked for the catalogue (N_, or Nn_ for a
    text counted by the choice, `{n}`) and worded here: `refused` a choice no game makes, named `{n}`
    between the least and the most choices `{low}` and `{high}`; `shown` a choice as the settings row
    shows it; `news` what a player is told when it changes."""
    low, high = choices[0], choices[-1]
    return field_option(
        key, key, games, refused=lambda n: _(refused).format(low=low, high=high, n=n), help=help, choices=choices, label=label,
        shown=lambda n: ngettext(*shown, n).format(n=n), news=lambda n: ngettext(*news, n).format(n=n),
    )


class Shapes:
    """The numbers of cells and columns a family's games may be reshaped to (FreeCell's custom shapes)."""

    __slots__ = __match_args__ = ("least_cells", "most_cells", "least_columns", "most_columns")

    def __init__(self, least_cells: int, most_cells: int, least_columns: int, most_columns: int) -> None:
        self.least_cells = least_cells
        self.most_cells = most_cells
        self.least_columns = least_columns
        self.most_columns = most_columns

    def check(self, cells: int, columns: int) -> None:
        """Refuse, in one line a player reads, a number of cells or columns these shapes do not allow."""
        for number, low, high, template in (
            (cells, self.least_cells, self.most_cells, _("cells must be between {low} and {high}, not {n}")),
            (columns, self.least_columns, self.most_columns, _("columns must be between {low} and {high}, not {n}")),
        ):
            if not low <= number <= high:
                raise UnknownGame(template.format(low=low, high=high, n=number))


class FamilyBase(ABC, Generic[P]):
    """What every family says of its games in words and facts; `game.family.Family` adds how they
    are played (rules, dialect, search). Subclasses declare `key`, `position` and `describe`, and
    whatever they have of their own among the rest."""

    key: str  # stable: saved in statistics records
    position: int  # where its games stand in lists (the first is the default game); families take distinct ones
    options: tuple[GameOption, ...] = ()
    shapes: Shapes | None = None  # the shapes any of its games may take, when cells and columns may change
    # The deal of the day's budget (game/solver/daily.py): positions its search may meet over all the
    # candidates of a day, a count and never a time, so the day's deal is the same on every machine.
    # A family whose search meets positions slowly gives fewer, so that a player waits about as long.
    daily_positions: int = 160_000

    @abstractmethod
    def describe(self, variant: Variant[P]) -> str:
        """The rules in a player's words, in the language of the moment."""

    @abstractmethod
    def summary(self, variant: Variant[P]) -> str:
        """One short line that tells the game from its neighbours in a list (the game chooser's line
        under its picture), in the player's language."""

    def scorings(self, variant: Variant[P]) -> tuple[Scoring, ...]:
        """The ways the game may be scored (`game.scoring`), besides none: none by default."""
        return ()

    def reshaped(self, variant: Variant[P], cells: int, columns: int) -> Variant[P]:
        """The game with another number of cells and columns (FreeCell's custom shapes)."""
        raise UnknownGame(_("{game} has no cells or columns to change").format(game=variant.name))

    # -- what the generic search reads (`game.solver.generic`) ----------------------------------------

    def score(self, state: State) -> int:
        """How far a position is from a win, for a best-first search: lower is nearer. This one
        counts cards not yet home, face-down cards and cards in cells; a family whose progress is
        something else (whole runs going home at once) says so."""
        home = sum(len(pile) for pile in state.foundations)
        return 4 * (len(state.cards()) - home) + 3 * sum(state.hidden) + sum(1 for c in state.cells if c is not None)

    def position_key(self, state: State) -> Hashable:
        """What makes a position distinct for a search (positions with one key are one position)."""
        return state

    def __repr__(self) -> str:
        return f"<family {self.key}>"


class Variant(Value, Generic[P]):
    """One game: a family and its parameters, its names, and its table.

    `english_name` is the name as declared (marked with N_ there), which lookups and logs use;
    `name` is the one a player reads, in the current language. A `Value`, not a named tuple: a
    generic named tuple's class took 1.6M machine instructions of every start to make."""

    __slots__ = ("key", "english_name", "family", "params", "table", "aliases", "shaped_from", "pack", "listed")

    def __init__(
        self,
        key: str,
        english_name: str,
        family: FamilyBase[P],
        params: P,
        table: TableLayout,
        aliases: tuple[str, ...] = (),
        shaped_from: str = "",  # a custom shape: the English name of the game whose cells and columns it changes
        pack: Pack = ONE_DECK,  # the cards it deals (two decks for Spider and Forty Thieves)
        listed: bool = True,  # offered among the games a player picks from; else reached through its family's option
    ) -> None:
        self.key = key
        self.english_name = english_name
        self.family = family
        self.params = params
        self.table = table
        self.aliases = aliases
        self.shaped_from = shaped_from
        self.pack = pack
        self.listed = listed

    @property
    def columns(self) -> int:
        return self.table.columns

    @property
    def cells(self) -> int:
        return self.table.cells

    @property
    def name(self) -> str:
        """The game's name in the player's language ("FreeCell", "Baker's Game (2 cells, 10 columns)")."""
        if self.shaped_from:
            return shape_name(self.base_name, self.cells, self.columns)
        return _(self.english_name)

    @property
    def base_name(self) -> str:
        """The name of the game a custom shape reshapes ("Baker's Game"), or the game's own name, translated."""
        return _(self.shaped_from or self.english_name)

    @property
    def summary(self) -> str:
        """One short line telling this game from the others, in the player's language."""
        return self.family.summary(self)

    @property
    def description(self) -> str:
        """The rules, in a player's words and language (the help a front end shows)."""
        return self.family.describe(self)

    def record(self) -> dict[str, object]:
        """What was played, as plain data (its family and parameters, not its names or table)."""
        return {"family": self.family.key, **self.params.record()}


def shape_name(game: str, cells: int, columns: int, english: bool = False) -> str:
    """The name of a custom shape of `game` (a name already in the player's language), or with
    `english` the English one, as `Variant.english_name` keeps it."""
    if english:
        singular, plural = "{game} ({cells} cell, {columns} columns)", "{game} ({cells} cells, {columns} columns)"
        return (singular if cells == 1 else plural).format(game=game, cells=cells, columns=columns)
    # TRANSLATORS: the name of a game played with another number of cells and columns, as
    # "FreeCell (3 cells, 10 columns)"; {cells} is 0 to 10, {columns} is 4 to 10
    return ngettext(
        "{game} ({cells} cell, {columns} columns)", "{game} ({cells} cells, {columns} columns)", cells
    ).format(game=game, cells=cells, columns=columns)
