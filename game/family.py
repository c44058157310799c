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
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

from .i18n import N_, _
from .moves import Move
from .pieces.table import Pieces
from .rules import Rules
from .scoring import Scoring
from .state import State
from .variant import FamilyBase, NoChoices, P, TableLayout, Variant

if TYPE_CHECKING:  # the terminal's language loads when a terminal first asks for it, not at a window's start
    from .dialect import Dialect
    from .pieces.matching import Matching
# The last sentence of the rules of a game won when every card is home on foundations by suit
SEND_EVERY_CARD_HOME = N_("Send every card home to win.")
# A search: (rules, position, budget) -> a `game.solver.SolveResult`. The budget and the result are
# the solver package's types, which the model below it cannot name; `game.solver` types the call.
Search = Callable[[Rules, State, Any], Any]
# The hint's move when the search found no solution in time: (rules, position, positions met earlier).
Fallback = Callable[[Rules, State, Collection[State]], Move | None]
# The deal of the day's positions (`FamilyBase.daily_positions`) for a family the generic search plays:
# it meets some 6,000-7,000 positions a second, so a player waits about as long as for the other games.
GENERIC_SEARCH_DAILY = 20_000
# What a family declares its games' rules with: pieces that build (`Pieces`) or that match (`Matching`);
# each kind answers for itself (its rules, its chooser line, its help, its table), so that a family module
# imports only the kind it declares.
Declaration: TypeAlias = "Pieces | Matching"


class Family(FamilyBase[P]):
    """A family: subclasses declare `key`, `position`, `describe` and their games' `pieces`, and
    override `rules`, `dialect`, `search` or `hint_fallback` only for what the pieces do not say."""

    @abstractmethod
    def pieces(self, params: P) -> Declaration:
        """What the rules of the game with these parameters are made of."""

    def rules(self, variant: Variant[P]) -> Rules:
        """The game's rules object: the engine that plays its kind of declaration."""
        pieces = self.pieces(variant.params)
        if isinstance(pieces, Pieces):
            from .pieces.engine import PieceRules  # the engine of games of building, loaded with the first one played

            return PieceRules(variant, pieces)
        return pieces.rules(variant)

    def scored_rules(self, variant: Variant[P], scoring: Scoring | None) -> Rules:
        """The rules while `scoring` is on: the game's own, unless the mode limits the passes through a
        stock turned onto a waste (Vegas: once in draw 1, three times in draw 3)."""
        passes = scoring.passes() if scoring is not None else None
        pieces = self.pieces(variant.params)
        if passes is None or not isinstance(pieces, Pieces) or pieces.stock is None:
            return self.rules(variant)
        limited = pieces.stock.limited_to(passes)
        if limited is pieces.stock:
            return self.rules(variant)
        from .pieces.engine import PieceRules

        return PieceRules(variant, pieces.replace(stock=limited))

    def dialect(self, variant: Variant[P]) -> Dialect:
        """How the terminal reads and writes the game's moves and board."""
        from .dialect import Dialect

        return Dialect(variant)

    # The rules in a player's words, paragraph by paragraph, marked with N_ (`describe` translates and
    # joins them); a family whose paragraphs depend on its game's parameters picks them in `rules_paragraphs`,
    # and one whose words count something (Klondike's draw) writes `describe` instead.
    rules_text: tuple[str, ...] = ()

    def rules_paragraphs(self, params: P) -> tuple[str, ...]:
        """The paragraphs of the rules of the game with these parameters, marked with N_: `rules_text`."""
        return self.rules_text

    def describe(self, variant: Variant[P]) -> str:
        return " ".join(_(text) for text in self.rules_paragraphs(variant.params))

    # Whether the generic search makes the rules' safe moves home at once, as the only child of a
    # position (`Rules.safe_autoplay`): true wherever that rule never sends home a card a win needs.
    search_plays_safe_moves = False

    def search(self) -> Search:
        """The game's search. This one is the generic best-first search over the rules' own moves,
        guided by the family's `score` and keyed by its `position_key`."""
        from .solver.generic import solve_generic

        return partial(solve_generic, score=self.score, key=self.position_key, safe_moves=self.search_plays_safe_moves)

    def summary(self, variant: Variant[P]) -> str:
        """One short line that tells the game from its neighbours in a list, read from its pieces. A
        family whose games differ in what the pieces do not say writes its own."""
        return self.pieces(variant.params).summary()

    def play_help(self, variant: Variant[P]) -> str:
        """How the mouse plays the game, as the window's help says it, read from its pieces."""
        return self.pieces(variant.params).play_help()

    def hint_fallback(self) -> Fallback:
        """The hint's move when the search found no solution in time: by default the best move one
        look ahead, never one back to a position met earlier in the game."""
        from .solver.heuristic import heuristic_hint

        return heuristic_hint


def table_layout(pieces: Declaration, geometry: TableLayout) -> TableLayout:
    """A game's `TableLayout`: where its piles sit (`geometry`), with what its pieces say of how they
    behave filled in (what the stock turns or deals, what fills a gap), so the two never disagree."""
    return pieces.laid_out(geometry)


def only_game(
    family: Family[NoChoices], key: str, english_name: str, geometry: TableLayout, aliases: tuple[str, ...] = (),
) -> Variant[NoChoices]:
    """The one game of a family with no choices to make, its table read from its pieces."""
    return Variant(
        key=key, english_name=english_name, family=family, params=NoChoices(),
        table=table_layout(family.pieces(NoChoices()), geometry), aliases=aliases,
    )
