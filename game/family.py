"""A family of games as a contributor declares it: its words (`variant.FamilyBase`), its pieces, and
the rules, dialect and search they are played with.

The rules are the pieces' (`pieces.engine.PieceRules` for games of building, `pieces.matching.MatchRules`
for games of matching) unless a family says otherwise; the dialect is
the terminal's common language unless it has one of its own; the search is the generic best-first
search, told the family's `score` and `position_key`, unless it has its own. Each is named by a
method that imports what it needs when first called, so a family module costs little to find and
starting one game reads no other game's rules, dialect or search.
"""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Collection
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from .i18n import N_, _, ngettext
from .moves import Move
from .pieces.builds import Suits
from .pieces.columns import Fill, Lift
from .pieces.engine import PieceRules
from .pieces.matching import Matching, MatchRules
from .pieces.stocks import DealOnto, TurnOnto
from .pieces.table import Pieces
from .rules import Rules
from .state import State
from .variant import FamilyBase, NoChoices, P, TableLayout, Variant

if TYPE_CHECKING:  # the terminal's language loads when a terminal first asks for it, not at a window's start
    from .dialect import Dialect

# TRANSLATORS: the game chooser's line: how columns build ("by suit", "in alternating colours", "regardless of suit")
BUILD_WORDS = {Suits.SAME: N_("by suit"), Suits.ALTERNATE: N_("in alternating colours"), Suits.ANY: N_("regardless of suit")}
# The last sentence of the rules of a game won when every card is home on foundations by suit
SEND_EVERY_CARD_HOME = N_("Send every card home to win.")
# A search: (rules, position, budget) -> a `game.solver.SolveResult`. The budget and the result are
# the solver package's types, which the model below it cannot name; `game.solver` types the call.
Search = Callable[[Rules, State, Any], Any]
# The hint's move when the search found no solution in time: (rules, position, positions met earlier).
Fallback = Callable[[Rules, State, Collection[State]], Move | None]
# What a family declares its games' rules with: pieces that build (`Pieces`) or that match (`Matching`).
Declaration = Pieces | Matching


class Family(FamilyBase[P]):
    """A family: subclasses declare `key`, `position`, `describe` and their games' `pieces`, and
    override `rules`, `dialect`, `search` or `hint_fallback` only for what the pieces do not say."""

    @abstractmethod
    def pieces(self, params: P) -> Declaration:
        """What the rules of the game with these parameters are made of."""

    def rules(self, variant: Variant[P]) -> Rules:
        """The game's rules object: the engine that plays its kind of declaration."""
        pieces = self.pieces(variant.params)
        return MatchRules(variant, pieces) if isinstance(pieces, Matching) else PieceRules(variant, pieces)

    def dialect(self, variant: Variant[P]) -> Dialect:
        """How the terminal reads and writes the game's moves and board."""
        from .dialect import Dialect

        return Dialect(variant)

    # The rules in a player's words, paragraph by paragraph, marked with N_ (`describe` translates and
    # joins them); a family whose rules text depends on its game's parameters writes `describe` instead.
    rules_text: tuple[str, ...] = ()

    def describe(self, variant: Variant[P]) -> str:
        return " ".join(_(text) for text in self.rules_text)

    # Whether the generic search makes the rules' safe moves home at once, as the only child of a
    # position (`Rules.safe_autoplay`): true wherever that rule never sends home a card a win needs.
    search_plays_safe_moves = False

    def search(self) -> Search:
        """The game's search. This one is the generic best-first search over the rules' own moves,
        guided by the family's `score` and keyed by its `position_key`."""
        from .solver.generic import solve_generic

        return partial(
            solve_generic, score=self.score, key=self.position_key, safe_moves=self.search_plays_safe_moves,
            others=self.other_scores(),
        )

    def other_scores(self) -> tuple[Callable[[State], int], ...]:
        """Scores that weigh progress otherwise than `score`, each guiding a search that takes turns
        with the main one (`solver.generic`): none by default."""
        return ()

    def summary(self, variant: Variant[P]) -> str:
        """One short line that tells the game from its neighbours in a list, read from its pieces:
        cells, what the stock turns, how columns build, what moves, what fills a gap. A family whose
        games differ in what these do not say writes its own."""
        pieces = self.pieces(variant.params)
        if isinstance(pieces, Matching):
            return pieces.summary()
        columns, stock = pieces.columns, pieces.stock
        parts = []
        if pieces.deal.aces_home:
            # TRANSLATORS: the game chooser's line: the Aces lie on the foundations from the start
            parts.append(_("Aces start home"))
        if pieces.cells:
            parts.append(ngettext("{n} cell", "{n} cells", pieces.cells).format(n=pieces.cells))
        if isinstance(stock, TurnOnto) and stock.redeal:
            # TRANSLATORS: the game chooser's line: how many cards a click on the stock turns over
            parts.append(ngettext("stock turns {n} card", "stock turns {n} cards", stock.draw).format(n=stock.draw))
        elif isinstance(stock, DealOnto) and stock.columns:
            # TRANSLATORS: the game chooser's line: the stock deals onto the first few columns
            parts.append(ngettext("stock deals onto {n} column", "stock deals onto {n} columns", stock.columns).format(
                n=stock.columns
            ))
        if columns.build is None and pieces.foundations.summary:
            parts.append(_(pieces.foundations.summary))
        elif columns.build is None:
            # TRANSLATORS: the game chooser's line for a game whose columns are played onto one pile
            parts.append(_("columns play onto the foundation"))
        else:
            parts.append(_(BUILD_WORDS[columns.build.suits]))
        if columns.lift is Lift.RUN and columns.run is not None and columns.run.suits is Suits.SAME:
            # TRANSLATORS: the game chooser's line: only a run of one suit moves together (Spider, Simple Simon)
            parts.append(_("runs of one suit move"))
        if columns.lift is Lift.FACE_UP:
            # TRANSLATORS: the game chooser's line: any face-up card moves with the cards on it
            parts.append(_("any face-up card moves"))
        if columns.lift is Lift.TOP and columns.build is not None:
            # TRANSLATORS: the game chooser's line: only a column's top card moves
            parts.append(_("one card at a time"))
        if columns.fill is Fill.KINGS:
            # TRANSLATORS: the game chooser's line: only a King may go into an empty column
            parts.append(_("only Kings fill gaps"))
        elif columns.fill is Fill.NONE and columns.build is not None:
            # TRANSLATORS: the game chooser's line: no card may go into an empty column
            parts.append(_("gaps stay empty"))
        return " · ".join(parts)

    def play_help(self, variant: Variant[P]) -> str:
        """How the mouse plays the game, as the window's help says it, read from its pieces: what a
        click on the stock does, how cards are moved, and the key that finishes a game."""
        pieces = self.pieces(variant.params)
        if isinstance(pieces, Matching):
            return pieces.play_help()
        told = [pieces.stock.help()] if pieces.stock is not None else []
        if pieces.columns.build is None and pieces.columns.fill is not Fill.NONE:
            told.append(_("Click a column's top card to play it onto the foundation, or drag it into an empty column."))
        elif pieces.columns.build is None:
            told.append(_("Click a column's top card to play it onto the foundation."))
        elif not pieces.foundations.takes_cards:
            told.append(_("Drag a card or a run, or click a card then a pile; what may move together is picked up together."))
        elif pieces.cells:
            told.append(_(
                "Drag a card or a run, or click a card then a pile; double-click sends a card home, or else to "
                "a free cell. Cards that can safely go home go there by themselves while auto-play is on."
            ))
        else:
            told.append(_(
                "Drag a card or a run, or click a card then a pile; double-click sends a card home. Cards that "
                "can safely go home go there by themselves while auto-play is on."
            ))
        if pieces.finishes and pieces.stock is not None:
            told.append(_("Once every card is face up and the stock is empty, F finishes the game for you."))
        elif pieces.finishes:
            told.append(_("Once every card is face up, F finishes the game for you."))
        return " ".join(told)

    def hint_fallback(self) -> Fallback:
        """The hint's move when the search found no solution in time: by default the best move one
        look ahead, never one back to a position met earlier in the game."""
        from .solver.heuristic import heuristic_hint

        return heuristic_hint


def table_layout(pieces: Declaration, geometry: TableLayout) -> TableLayout:
    """A game's `TableLayout`: where its piles sit (`geometry`), with what its pieces say of how they
    behave filled in (what the stock turns or deals, what fills a gap), so the two never disagree."""
    if isinstance(pieces, Matching):
        return pieces.laid_out(geometry)
    stock, columns = pieces.stock, pieces.columns
    turned = geometry.turned
    if isinstance(stock, TurnOnto):
        turned = stock.draw
    elif isinstance(stock, DealOnto):
        turned = stock.columns or len(pieces.deal.columns)
    return replace(
        geometry,
        turned=turned,
        stock_recycles=isinstance(stock, TurnOnto) and stock.redeal,
        stock_counts_deals=isinstance(stock, DealOnto),
        kings_fill_columns=columns.fill is Fill.KINGS,
        click_plays_columns=columns.build is None and pieces.foundations.one_pile,
        suit_foundations=pieces.foundations.by_suit,
    )


def only_game(
    family: Family[NoChoices], key: str, english_name: str, geometry: TableLayout, aliases: tuple[str, ...] = (),
) -> Variant[NoChoices]:
    """The one game of a family with no choices to make, its table read from its pieces."""
    return Variant(
        key=key, english_name=english_name, family=family, params=NoChoices(),
        table=table_layout(family.pieces(NoChoices()), geometry), aliases=aliases,
    )
