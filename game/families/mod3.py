"""Mod 3, as KPatience plays it (mod3.cpp): two decks; three rows of eight slots over a bottom row of
eight piles, one card dealt face up onto each of the 32; the other 72 wait in the stock. A slot of the
first row takes a 2 when empty and builds up by suit in threes (2, 5, 8, J), the second row's from a 3
(3, 6, 9, Q), the third's from a 4 (4, 7, 10, K); a slot whose first card is not its row's rank takes
nothing until that card is moved away. One card moves at a time, the top card of any pile, a slot's
too. A pile of the bottom row takes a card only when empty, and while the stock lasts it is filled from
the stock at once; a click on the stock deals one card onto each pile of the bottom row (no redeal).
Aces are put out on their own pile. The game is won when every slot is built to its King, Queen or
Jack.

PySolFC also has a Mod 3; its source could not be read this session, so how it differs is not said
here (docs/winnability.md says so too). KPatience is the anchor the issue names for this game.

The pieces say the game (`pieces.step_rows`: the slots and the refilled row as columns, the Aces pile
as foundations); the common terminal language plays it, with the bottom row's piles numbered 1 to 8
and the slots 9 to 32; the search (`solver.mod3`) is the generic one, told this family's score and
position key and the moves that lose nothing, beside an eager one that finds most wins at once.
"""
from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from ..cards import TWO_DECKS
from ..family import GENERIC_SEARCH_DAILY, Family, Search, table_layout
from ..i18n import N_, _
from ..moves import FOUNDATION, STOCK
from ..pieces.columns import Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.keys import in_any_order
from ..pieces.step_rows import AcesOut, StepRowColumns, StepRows
from ..pieces.stocks import DealOnto
from ..pieces.table import Pieces
from ..state import State
from ..variant import NoChoices, TableLayout, Variant

ROWS = StepRows()
PILES = ROWS.piles
CARDS = 2 * 52
TEXT = (
    N_(
        "Two decks are shuffled together and one card is dealt face up onto each of 32 piles: three rows of "
        "eight slots and a bottom row of eight; the other 72 wait in the stock."
    ),
    N_(
        "The first row's slots build up by suit in threes from a 2 (2, 5, 8, J), the second's from a 3 "
        "(3, 6, 9, Q), the third's from a 4 (4, 7, 10, K). An empty slot takes a card of its row's first rank; "
        "a slot dealt another card takes nothing until that card is moved away."
    ),
    N_(
        "One card moves at a time: the top card of any pile, a slot's too. A pile of the bottom row takes a card "
        "only when it is empty, and while the stock lasts it is refilled from the stock at once. A click on the "
        "stock deals one card onto each pile of the bottom row."
    ),
    N_("Aces are put out on their own pile. Build every slot up to its Jack, Queen or King to win."),
)
# the weights of the search's score: cards not yet in their place, slots dealt a card of another rank
# (nothing goes on them until it leaves), and cards buried in the bottom row under others
WEIGHTS = (8, 3, 1)


class Mod3Family(Family[NoChoices]):
    key = "mod3"
    position = 64  # beside Forty & Eight: both two-deck games of KPatience's
    rules_text = TEXT
    daily_positions = GENERIC_SEARCH_DAILY

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(PILES, 1), salt="mod3"),
            columns=StepRowColumns(None, lift=Lift.TOP, fill=Fill.ANY),
            foundations=AcesOut(ROWS),
            stock=DealOnto(columns=ROWS.open),
        )

    def search(self) -> Search:
        """The generic search, told the moves that lose nothing, beside an eager one (`solver.mod3`)."""
        from ..solver.mod3 import solve_mod3

        return partial(solve_mod3, score=self.score, key=self.position_key)

    def summary(self, variant: Variant[NoChoices]) -> str:
        # TRANSLATORS: the game chooser's line for Mod 3
        return _("two decks · rows build up by suit in threes from 2, 3 and 4")

    def play_help(self, variant: Variant[NoChoices]) -> str:
        return _(
            "Click the stock to deal a card onto each pile of the bottom row. Drag a pile's top card onto a slot "
            "that takes it or into an empty pile of the bottom row, or click it then the pile. Aces go out by "
            "themselves while auto-play is on. A double-click sends a card to the slot that takes it, or an Ace out."
        )

    def score(self, state: State) -> int:
        """Cards not yet in place count most (a card is in place in a slot whose first card is its row's
        rank, or out, for an Ace); then slots dealt a card of another rank, which take nothing until it
        leaves; then the bottom row's cards lying under others, which must wait for them."""
        placed = len(state.foundations[0])
        wrong = 0
        for i in range(ROWS.open, PILES):
            pile = state.columns[i]
            if pile and pile[0].rank == ROWS.base(i):
                placed += len(pile)
            elif pile:
                wrong += 1
        buried = sum(max(len(pile) - 1, 0) for pile in state.columns[: ROWS.open])
        cards, misdealt, under = WEIGHTS
        return cards * (CARDS - placed) + misdealt * wrong + under * buried

    def position_key(self, state: State) -> Hashable:
        """The slots of one row are alike, so their order does not matter; nor, once the stock is empty
        and deals no more onto them, the order of the bottom row's piles. What the stock holds follows
        from how many cards it has left (it only ever gives its top card)."""
        columns = state.columns
        bottom = columns[: ROWS.open]
        slots = tuple(
            in_any_order(columns[ROWS.open + r * ROWS.width: ROWS.open + (r + 1) * ROWS.width]) for r in range(len(ROWS.bases))
        )
        return len(state.stock), bottom if state.stock else in_any_order(bottom), slots, len(state.foundations[0])


MOD3 = Mod3Family()
# Four rows of eight (the slots' first cards 1.15 card heights apart, so the last card of a built slot
# still shows its index over the next row; the bottom row under the third row's fans), spread across so
# the table takes a wide window's width: its rows are short and its cards as large as its height allows.
ACROSS = 10 / 7  # the last pile of a row starts a whole number of places across, so the side piles clear it
PLACES = (
    *((ACROSS * c, 4.4) for c in range(ROWS.open)),
    *((ACROSS * c, 1.15 * r) for r in range(len(ROWS.bases)) for c in range(ROWS.width)),
)
GEOMETRY = TableLayout(
    top=(), side=(FOUNDATION, STOCK), columns=PILES, places=PLACES,
    longest_column=(1 + 72 // ROWS.open, 0), column_room=6.0, suit_foundations=False,
    column_ranks=tuple(ROWS.base(i) or 0 for i in range(PILES)),
)
# a click on a pile picks its card up (it has many places to go), rather than putting it out
TABLE = table_layout(MOD3.pieces(NoChoices()), GEOMETRY).replace(click_plays_columns=False)

GAMES = (
    Variant(
        key="mod3", english_name=N_("Mod 3"), family=MOD3, params=NoChoices(), table=TABLE, pack=TWO_DECKS,
        aliases=("mod-3", "modthree"),
    ),
)
