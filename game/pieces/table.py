"""A game's rules as one declaration of pieces: its deal, columns, cells, foundations and stock."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE
from ..i18n import N_, _, ngettext
from ..value import Value
from ..variant import TableLayout
from .builds import Suits
from .columns import Columns, Fill, Lift
from .deal import Deal

if TYPE_CHECKING:  # a game's own kinds of piles, imported by the families that declare them
    from .foundations import Foundations
    from .stocks import Stock

# TRANSLATORS: the game chooser's line: how columns build ("by suit", "in alternating colours", "regardless of suit")
BUILD_WORDS = {Suits.SAME: N_("by suit"), Suits.ALTERNATE: N_("in alternating colours"), Suits.ANY: N_("regardless of suit")}


class Pieces(Value):
    """Everything the rules of a game of columns are made of (`engine.PieceRules` plays it)."""

    __slots__ = __match_args__ = ("deal", "columns", "foundations", "cells", "stock")

    def __init__(
        self,
        deal: Deal,
        columns: Columns,
        foundations: Foundations,
        cells: int = 0,
        stock: Stock | None = None,
    ) -> None:
        self.deal = deal
        self.columns = columns
        self.foundations = foundations
        self.cells = cells
        self.stock = stock

    @property
    def always_safe(self) -> int:
        """The highest rank always safe to send home: a Two holds only an Ace, which goes home
        anyway; but where any face-up card moves with what is on it, an Ace heading cards may be
        carried onto a Two to uncover what lies under it, so only Aces are always safe; and where
        the columns' build turns the corner (a King on an Ace: Canfield), or the foundations start
        elsewhere than at the Ace (so an Ace may wait in a column while a Two goes home), none is."""
        build = self.columns.build
        if build is not None and build.wrap or not self.foundations.from_ace:
            return 0
        return ACE if self.columns.lift is Lift.FACE_UP else ACE + 1

    @property
    def kings_fill(self) -> bool:
        return self.columns.fill is Fill.KINGS

    @property
    def finishes(self) -> bool:
        """Whether play can end mechanically once every card is face up and the stock is spent (a
        key then finishes the game): single cards go home, a won game has every card home, and there
        was something to wait for."""
        home = self.foundations
        return home.takes_cards and home.autoplays and home.ends_home and (
            self.stock is not None or self.deal.deals_face_down
        )

    def laid_out(self, geometry: TableLayout) -> TableLayout:
        """The game's table: where its piles sit (`geometry`), with what the pieces say of how they
        behave filled in (what the stock turns or deals, what fills a gap), so the two never disagree."""
        stock = self.stock
        turned = None if stock is None else stock.turned(len(self.deal.columns))
        return geometry.replace(
            turned=geometry.turned if turned is None else turned,
            stock_recycles=stock is not None and stock.recycles,
            stock_counts_deals=stock is not None and stock.counts_deals,
            stock_gathers=0 if stock is None else stock.gathers,
            kings_fill_columns=self.columns.fill is Fill.KINGS,
            click_plays_columns=self.columns.build is None and self.foundations.one_pile,
            suit_foundations=self.foundations.by_suit,
        )

    def summary(self) -> str:
        """The game chooser's line, read from the pieces: cells, what the stock does, how columns
        build, what moves, what fills a gap."""
        columns = self.columns
        parts = []
        if self.deal.aces_home:
            # TRANSLATORS: the game chooser's line: the Aces lie on the foundations from the start
            parts.append(_("Aces start home"))
        if self.cells:
            parts.append(ngettext("{n} cell", "{n} cells", self.cells).format(n=self.cells))
        told = None if self.stock is None else self.stock.summary()
        if told is not None:
            parts.append(told)
        if columns.build is None and self.foundations.summary:
            parts.append(_(self.foundations.summary))
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

    def play_help(self) -> str:
        """How the mouse plays the game, as the window's help says it: what a click on the stock
        does, how cards are moved, and the key that finishes a game."""
        told = [self.stock.help()] if self.stock is not None else []
        if self.columns.build is None and self.columns.fill is not Fill.NONE:
            told.append(_("Click a column's top card to play it onto the foundation, or drag it into an empty column."))
        elif self.columns.build is None:
            told.append(_("Click a column's top card to play it onto the foundation."))
        elif not self.foundations.takes_cards:
            told.append(_("Drag a card or a run, or click a card then a pile; what may move together is picked up together."))
        elif self.cells:
            told.append(_(
                "Drag a card or a run, or click a card then a pile; double-click sends a card home, or else to "
                "a free cell. Cards that can safely go home go there by themselves while auto-play is on."
            ))
        else:
            told.append(_(
                "Drag a card or a run, or click a card then a pile; double-click sends a card home. Cards that "
                "can safely go home go there by themselves while auto-play is on."
            ))
        if self.finishes and self.stock is not None:
            told.append(_("Once every card is face up and the stock is empty, F finishes the game for you."))
        elif self.finishes:
            told.append(_("Once every card is face up, F finishes the game for you."))
        return " ".join(told)
