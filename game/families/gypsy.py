"""Gypsy: two decks, eight columns of three, the other 80 cards in a stock that deals one card face
up onto each column whenever a player likes (an empty column does not stop it). Columns build down
in alternating colours; a run in alternating colours moves together however long, and any card or
run fills a gap. Any Ace starts one of the eight foundations, built up by suit; a foundation's top
card may come back down onto a column.

KPatience's gypsy.cpp and AisleRiot's gypsy.scm agree on all of that but the deal: AisleRiot deals
the first two cards of each column face down and the third face up, as the game's usual rules do,
KPatience only the first face down. The better known deal is the default; KPatience's is the option
`--face-down 1` (the game `gypsy-kpatience`, the same cards with one more of each column face up).

The pieces say the whole game; the common terminal language plays it; the generic exact search
runs with searches a deal at a time beside it (`solver.staged`, over `solver.gypsy`'s compact
positions, where the score and the position key are written for both).
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..cards import TWO_DECKS
from ..family import SEND_EVERY_CARD_HOME, Family, Search, table_layout
from ..i18n import N_, _
from ..moves import STOCK, Move, Pile, PileKind
from ..pieces.any_ace_piles import AnyAcePiles
from ..pieces.builds import DOWN_ALTERNATING
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.stocks import DealOnto
from ..pieces.table import Pieces
from ..state import State
from ..variant import Params, TableLayout, Variant, field_option

if TYPE_CHECKING:  # the searches load when a search is first asked for
    from ..solver.generic import ModelMoves
    from ..solver.staged import Turns

COLUMNS = 8
CARDS = TWO_DECKS.size
SHARE, BREADTH = 1500, 3  # the search a deal at a time: positions a stage, deals tried from each stage
TURN = 30_000  # the positions of a turn of a search a deal at a time (each takes a turn between two of the exact search)
BURIED = (0, 1, 2)  # each search a deal at a time weighs by `progress` with this weight of cards over wanted ones
BEAM_WIDTH, BEAM_BURIED = 100, 1  # the beam search beside them: positions a layer, weight of cards over wanted ones
DEALS = {  # by the cards dealt face down in each column
    2: N_(
        "Two decks are shuffled together and 24 cards are dealt into 8 columns of 3: the first two of each lie face "
        "down. The other 80 wait in the stock, which one click deals one card face up onto each column, even while "
        "a column is empty."
    ),
    1: N_(
        "Two decks are shuffled together and 24 cards are dealt into 8 columns of 3: the first of each lies face "
        "down. The other 80 wait in the stock, which one click deals one card face up onto each column, even while "
        "a column is empty."
    ),
}
PLAY = (
    N_(
        "Columns build down in alternating colours. A run in alternating colours moves together, however long, and "
        "any card or run fills an empty column. A card is turned face up when it is uncovered."
    ),
    N_(
        "Any Ace starts one of the eight foundations, each built up by suit to the King; a foundation's top card may "
        "come back down onto a column."
    ),
    SEND_EVERY_CARD_HOME,
)
FACE_DOWN_CHOICES = tuple(DEALS)  # the books' deal first: the default


@dataclass(frozen=True)
class GypsyParams(Params):
    face_down: int = 2  # cards dealt face down in each column (KPatience deals 1)


FACE_DOWN = field_option(
    "face-down", "face_down", lambda: GAMES,
    refused=lambda n: _("Gypsy deals 1 or 2 cards face down in each column, not {n}").format(n=n),
    help=N_("Gypsy: cards dealt face down in each column (2; 1 as KPatience deals)"),
    choices=FACE_DOWN_CHOICES,
)


class GypsyFamily(Family[GypsyParams]):
    key = "gypsy"
    position = 95
    options = (FACE_DOWN,)
    search_plays_safe_moves = True  # a card goes home safely once every card that could go on it is home

    def pieces(self, params: GypsyParams) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 3), salt="gypsy", face_down=(params.face_down,) * COLUMNS),
            columns=Columns(DOWN_ALTERNATING, lift=Lift.RUN, fill=Fill.ANY),
            foundations=AnyAcePiles(returns=True),
            stock=DealOnto(),
        )

    def rules_paragraphs(self, params: GypsyParams) -> tuple[str, ...]:
        return DEALS[params.face_down], *PLAY

    def summary(self, variant: Variant[GypsyParams]) -> str:
        # TRANSLATORS: the game chooser's line for Gypsy
        return _("two decks · in alternating colours · stock deals a card onto each column")

    def search(self) -> Search:
        """The generic exact search, with searches a deal at a time beside it (`solver.staged`), which
        find the wins: alone, the exact search keeps going back to the positions before a deal. They
        go by three scores (`BURIED`), since a deal one leads nowhere another often wins."""
        from ..solver.generic import solve_generic

        return partial(solve_generic, score=self.score, key=self.position_key, safe_moves=True, beside=self._beside)

    def _beside(self, moves: ModelMoves, start: State, first: list[Move]) -> Turns:
        """The searches a deal at a time over compact positions (`solver.gypsy`), by each of the
        scores `BURIED` names, taking turns as one; and in turn with them, as many positions a turn, a beam
        search (`solver.beam`) by one of them, which wins deals they do not (6 and 7 of 1..10), and
        none of those they win quickly."""
        from ..solver.beam import Beam
        from ..solver.gypsy import Moves, Position, progress
        from ..solver.staged import Staged, Turns

        compact = Moves(start)
        staged = Turns([
            Staged(compact.children, Position.is_won, Position.stocked, Position.of(start), first,
                   score=partial(progress, buried=weight), key=Position.key, share=SHARE, breadth=BREADTH, turn=TURN)
            for weight in BURIED
        ], each=len(BURIED))
        beam = Beam(Position.of(start), compact.children, Position.key, partial(progress, buried=BEAM_BURIED),
                    Position.is_won, BEAM_WIDTH, first, turn=TURN * len(BURIED))
        return Turns([staged, beam], each=2)

    def score(self, state: State) -> int:
        from ..solver.gypsy import Position, progress

        return progress(Position.of(state), BURIED[0])

    def position_key(self, state: State) -> Hashable:
        """The foundations any Ace starts are alike, and so are the columns once the stock is dealt:
        their order does not matter. The two copies of a card are alike too (the rules read only rank
        and suit), so each card is named by its rank and suit alone (`solver.gypsy.Position.key`)."""
        from ..solver.gypsy import Position

        return Position.of(state).key()


GYPSY = GypsyFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(TWO_DECKS.foundations))
# the stock and the eight foundations in the top row, as AisleRiot lays them out (KPatience's beside the
# columns, two lines of four and the stock under them, leave the window's sides bare at 1280x800)
GEOMETRY = TableLayout(
    top=((STOCK,), FOUNDATIONS), columns=COLUMNS, longest_column=(3 + 10 + 12, 2), column_room=3.0,
)


def member(key: str, name: str, params: GypsyParams) -> Variant[GypsyParams]:
    """A Gypsy game; `name` is its English name, marked with N_ where it is declared."""
    return Variant(
        key=key, english_name=name, family=GYPSY, params=params, table=table_layout(GYPSY.pieces(params), GEOMETRY),
        pack=TWO_DECKS,
        listed=params == GypsyParams(),  # KPatience's deal is the option's choice, not one more game to pick from
    )


GAMES: tuple[Variant[GypsyParams], ...] = (
    member("gypsy", N_("Gypsy"), GypsyParams()),
    member("gypsy-kpatience", N_("Gypsy (KPatience deal)"), GypsyParams(face_down=1)),
)
