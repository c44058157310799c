"""The command languages of the classic text-mode solitaire programs, read into moves.

Players arrive knowing one of several languages (Baker's Game's `TC x y`, the one-card FreeCell's
`t2f T F`, standard notation `58v3`, card names `7h 8s`, Golf's `1`-`7`/`d`, Klondike's `T0 S`/`N`),
so all of them are accepted everywhere they make sense and all mean the same `Move`s.

`interpret(text, state, rules)` is a pure function: it returns a legal `Move` or an `Action`
(quit, help, undo, ...) or raises `CommandError` whose message says exactly what is wrong: an
unknown command, a wrong number of arguments, something that is not a number, a number out of
range, or the rule the move breaks (the model's own `IllegalMove` reason). It never changes
anything, so a rejected command cannot disturb the game.

Foundation numbers (`TF x y`, `CF x y`, `t2f T F`, `c2f C F`): the model keeps one foundation per
suit, shown numbered 1-4 as 1♣ 2♦ 3♥ 4♠. In the classic programs any Ace could start any
foundation, so a player's `y` there never named a suit; here `y` must be a number from 1 to 4 but the
card always goes to its own suit's pile, whichever number was typed. Klondike's `S H D C` letters
do name a suit (that program kept one list per suit), so a wrong letter is an error.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from game.cards import Card, CardError, Suit
from game.dialect import (
    CELL,
    FOUNDATION_WORD,
    TABLEAU,
    CommandError,
    Dialect,
    column_to_column,
    pile_number,
    takes_no_arguments,
)
from game.i18n import _, ngettext
from game.moves import (
    FOUNDATION,
    STOCK,
    WASTE,
    Move,
    MoveSyntaxError,
    Pile,
    PileKind,
    cell,
    column,
)
from game.reading import is_ascii_number, quoted, shortened
from game.rules import IllegalMove, Rules
from game.state import State
from game.variant import Variant
from game.variants import dialect_for


class Action(enum.Enum):
    """Commands that are not moves; the console loop carries them out on its session."""

    QUIT = "quit"
    HELP = "help"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    NEW = "new"  # a new shuffle: `R` in Baker's Game, `new`
    RESTART = "restart"  # the same deal from its start
    SHOW = "show"  # an empty line: print the board again
    NOTHING = "nothing"  # a `#` comment line in a script


Command = Move | Action

ACTION_WORDS: dict[str, Action] = {
    "q": Action.QUIT, "quit": Action.QUIT, "exit": Action.QUIT,
    "h": Action.HELP, "help": Action.HELP, "?": Action.HELP,
    "u": Action.UNDO, "undo": Action.UNDO,
    "redo": Action.REDO,
    "hint": Action.HINT,
    "r": Action.NEW, "new": Action.NEW,
    "restart": Action.RESTART,
}

# keyword -> (source kind, destination kind, first argument's name, second argument's name, one card only)
PAIR_COMMANDS: dict[str, tuple[PileKind, PileKind, str, str, bool]] = {
    "tc": (PileKind.COLUMN, PileKind.CELL, TABLEAU, CELL, True),
    "tf": (PileKind.COLUMN, PileKind.FOUNDATION, TABLEAU, FOUNDATION_WORD, True),
    "tt": (PileKind.COLUMN, PileKind.COLUMN, TABLEAU, TABLEAU, False),
    "cf": (PileKind.CELL, PileKind.FOUNDATION, CELL, FOUNDATION_WORD, True),
    "ct": (PileKind.CELL, PileKind.COLUMN, CELL, TABLEAU, True),
    # the one-card FreeCell program moved exactly one card, so t2t does too
    "t2f": (PileKind.COLUMN, PileKind.FOUNDATION, TABLEAU, FOUNDATION_WORD, True),
    "t2c": (PileKind.COLUMN, PileKind.CELL, TABLEAU, CELL, True),
    "t2t": (PileKind.COLUMN, PileKind.COLUMN, TABLEAU, TABLEAU, True),
    "c2t": (PileKind.CELL, PileKind.COLUMN, CELL, TABLEAU, True),
    "c2f": (PileKind.CELL, PileKind.FOUNDATION, CELL, FOUNDATION_WORD, True),
}


# outline suit symbols are how the board shows red suits without colour; read them back too
_OUTLINE_SUITS = str.maketrans({"♡": "♥", "♢": "♦", "♤": "♠", "♧": "♣"})
_FOUNDATION_NAMED = re.compile(r"h[1-9]([0-9a-khsw]|[0-9]?-)")  # `h23`: the ♦ foundation's top card to column 3


@dataclass(frozen=True)
class _Located:
    """Where a named card lies: its pile, how many cards from the top (1 = on top), face down or not."""

    pile: Pile
    depth: int
    face_down: bool = False


def interpret(text: str, state: State, rules: Rules) -> Command:
    """Read one line of input into a legal Move or an Action; raise CommandError saying what is wrong."""
    tokens = text.translate(_OUTLINE_SUITS).lower().split()
    if not tokens:
        return Action.SHOW
    if tokens[0].startswith("#"):
        return Action.NOTHING
    head = tokens[0]
    if head in ACTION_WORDS:
        if len(tokens) > 1:
            raise CommandError(takes_no_arguments(head, len(tokens) - 1))
        return ACTION_WORDS[head]
    dialect = dialect_for(rules.variant)
    move = _parse_move(tokens, state, rules, dialect)
    try:
        rules.check(state, move)
    except IllegalMove as error:
        raise CommandError(_("illegal move: {reason}").format(reason=dialect.says(error.refusal))) from None
    return move


def _parse_move(tokens: list[str], state: State, rules: Rules, dialect: Dialect) -> Move:
    """The languages in the order that settles words two of them read: a pair command, the stock,
    the game's own language, standard notation, a card name and its destination."""
    head = tokens[0]
    if head in PAIR_COMMANDS and not (len(tokens) == 2 and _is_card(head) and _is_card_destination(tokens[1], dialect)):
        return _pair_command(tokens, state, rules, dialect)
    if head in ("d", "n"):
        if len(tokens) > 1:
            raise CommandError(takes_no_arguments(head, len(tokens) - 1))
        return dialect.stock_command(state, rules)
    own = dialect.command(tokens, state, rules)
    if own is not None:
        return own
    if len(tokens) == 1 and len(head) == 1 and is_ascii_number(head):
        raise CommandError(
            _("a column number on its own plays only in Golf: write {command} to send its top card home").format(
                command=f"{head}h"
            )
        )
    if len(tokens) == 1:
        return _notation(head, state, rules, dialect)
    if len(tokens) == 2 and _is_card(head):
        return _card_command(tokens, state, rules, dialect)
    if _is_card(head):
        count = len(tokens) - 1
        raise CommandError(
            # TRANSLATORS: {card} is a card name as typed (7h); the destinations after it are typed as they are
            ngettext(
                "a card name takes one destination (like {card} 8s, {card} f, {card} h or {card} c), got {count}",
                "a card name takes one destination (like {card} 8s, {card} f, {card} h or {card} c), got {count}",
                count,
            ).format(card=head, count=count)
        )
    raise CommandError(_unknown_command(tokens[0]))


def _unknown_command(word: str) -> str:
    # TRANSLATORS: h is the help command, typed as is
    return _("unknown command {command} (type h for help)").format(command=quoted(word))


# -- TC x y and t2f T F --------------------------------------------------------------------------


def _pair_command(tokens: list[str], state: State, rules: Rules, dialect: Dialect) -> Move:
    keyword = tokens[0]
    src_kind, dst_kind, src_name, dst_name, one_card = PAIR_COMMANDS[keyword]
    if "2" in keyword:
        letters = f"{src_name[0]} {dst_name[0]}".upper().replace("T T", "T1 T2")
        usage = f"{keyword} {letters}"
    else:
        usage = f"{keyword.upper()} x y"
    if len(tokens) != 3:
        count = len(tokens) - 1
        # TRANSLATORS: {command} is a console command (TC, t2f), {source} and {destination} are "tableau", "cell" or
        # "foundation"; {usage} is typed as is
        message = ngettext(
            "{command} takes 2 numbers, a {source} and a {destination} ({usage}); got {count}",
            "{command} takes 2 numbers, a {source} and a {destination} ({usage}); got {count}",
            count,
        ).format(command=usage.split()[0], source=_(src_name), destination=_(dst_name), usage=usage, count=count)
        if len(tokens) == 1 and _is_card(keyword):  # `tc` alone may mean the ten of clubs
            message = _("{message}; or, {card_reading}").format(
                message=message, card_reading=_needs_destination(keyword, dialect)
            )
        raise CommandError(message)
    src = _numbered_pile(tokens[1], src_kind, src_name, state, rules.variant)
    dst = _numbered_pile(tokens[2], dst_kind, dst_name, state, rules.variant)
    if src.kind is PileKind.COLUMN and dst.kind is PileKind.COLUMN and not one_card:
        return column_to_column(src, dst, state, rules)
    return Move(src, dst)


def _numbered_pile(token: str, kind: PileKind, name: str, state: State, variant: Variant) -> Pile:
    if kind is PileKind.FOUNDATION:
        pile_number(token, name, len(state.foundations))
        return FOUNDATION  # the card goes to its own suit's pile: see the module docstring
    if kind is PileKind.CELL:
        if not state.cells:
            raise CommandError(_("{game} has no free cells").format(game=variant.name))
        return cell(pile_number(token, name, len(state.cells)) - 1)
    return column(pile_number(token, name, len(state.columns)) - 1)


# -- standard notation ------------------------------------------------------------------------------


def _notation(token: str, state: State, rules: Rules, dialect: Dialect) -> Move:
    """`5a`, `a5`, `5h`, `58`, `58v3`, `sw`, `ws`, `sh`, `w3`, `h3`: the run that fits when no count is given.

    To an empty column, where runs of every length fit, `58` is one card, as standard notation (and
    `Move.notation`, which hints, `solve` and --record print) means it: what the game writes reads
    back as exactly that move. `58v3` moves three; `TT 5 8` still takes the longest run.

    Some words are both notation and a card name (`7h` is column 7 home, and the seven of hearts;
    `jd` is cell j to cell d, and the jack of diamonds): legal notation is played, and when it is
    not legal the message gives both readings, since either may be what the player meant.
    """
    try:
        move = Move.parse(token)
    except MoveSyntaxError as error:
        raise CommandError(_unreadable(token, error, dialect)) from None
    explicit = "v" in token
    src, dst = move.src, move.dst
    if not explicit:
        stock = rules.stock_move(state)
        if stock is not None and (stock.src, stock.dst) == (src, dst):
            return stock  # a turn of the stock or waste moves as many cards as the rules say
        if src.kind is PileKind.COLUMN and dst.kind is PileKind.COLUMN and not _empty_column(state, dst):
            move = column_to_column(src, dst, state, rules)  # onto a card only one run fits: that one
    if src.kind is PileKind.FOUNDATION and len(state.foundations) == 4 and not _FOUNDATION_NAMED.match(token):
        move = _from_suit_foundation(move, state, rules, dialect)
    if _is_card(token):
        try:
            rules.check(state, move)
        except IllegalMove as error:
            raise CommandError(
                # TRANSLATORS: a word that is both notation (7h: column 7 to the foundation) and a card name (the 7 of hearts)
                _(
                    "{word} as notation ({source} to {destination}) is illegal: {reason}; "
                    "as the card {card}, add where it goes: {destinations}"
                ).format(
                    word=token,
                    source=dialect.pile_name(move.src),
                    destination=dialect.pile_name(move.dst),
                    reason=dialect.says(error.refusal),
                    card=Card.parse(token).label,
                    destinations=dialect.card_destinations(token),
                )
            ) from None
    return move


def _empty_column(state: State, pile: Pile) -> bool:
    return 0 <= pile.index < len(state.columns) and not state.columns[pile.index]


def _unreadable(token: str, error: MoveSyntaxError, dialect: Dialect) -> str:
    """Why a one-word command is not notation: a card without a destination, a bad count, or unknown."""
    if _is_card(token):
        return _needs_destination(token, dialect)
    stem, v, count = token.partition("v")
    if v and _is_notation(stem):
        if is_ascii_number(count):
            return str(error)
        return _("{word}: v is followed by how many cards move, like {example}").format(
            word=quoted(token), example=f"{shortened(stem)}v3"
        )
    return _unknown_command(token)


def _is_notation(token: str) -> bool:
    try:
        Move.parse(token)
    except MoveSyntaxError:
        return False
    return True


def _needs_destination(token: str, dialect: Dialect) -> str:
    return _("to move {card} by name, add where it goes: {destinations}").format(
        card=Card.parse(token).label, destinations=dialect.card_destinations(token)
    )


def _from_suit_foundation(move: Move, state: State, rules: Rules, dialect: Dialect) -> Move:
    """`h3` names no suit: take the foundation whose top card may go there, when one may."""
    if dialect.explains_foundation_sources and not any(state.foundations):
        raise CommandError(_("the foundations are empty"))
    reasons = []
    for suit in Suit:
        candidate = Move(Pile(PileKind.FOUNDATION, suit), move.dst, move.count)
        try:
            rules.check(state, candidate)
            return candidate
        except IllegalMove as error:
            if state.foundations[suit]:
                reasons.append(dialect.says(error.refusal))
    if reasons and dialect.explains_foundation_sources:
        raise CommandError(_("no foundation's top card can go there ({reason})").format(reason=reasons[0]))
    return move


# -- a card name and a destination ------------------------------------------------------------------


def _is_card(token: str) -> bool:
    try:
        Card.parse(token)
    except CardError:
        return False
    return True


def _is_card_destination(token: str, dialect: Dialect) -> bool:
    """Whether a second word reads as the card language's destination (so `tc 8d` is the ten of clubs)."""
    return token in ("f", "h", "c") or _is_card(token) or dialect.names_pile(token)


def _card_command(tokens: list[str], state: State, rules: Rules, dialect: Dialect) -> Move:
    card = Card.parse(tokens[0])
    variant = rules.variant
    where = _locate(state, card)
    src = _source_of(card, where, state)
    count = where.depth
    target = tokens[1]
    if target == "f":
        if not state.cells:
            raise CommandError(_("{game} has no free cells").format(game=variant.name))
        free = [i for i, c in enumerate(state.cells) if c is None]
        if not free:
            raise CommandError(_("every free cell is full"))
        _alone(card, count, A_FREE_CELL)
        return Move(src, cell(free[0]), count)
    if target == "h":
        _alone(card, count, THE_FOUNDATION)
        return Move(src, FOUNDATION, count)
    if target == "c":
        empty = [i for i, pile in enumerate(state.columns) if not pile]
        refusal = dialect.refuse_empty_column()
        if refusal is not None:
            raise CommandError(refusal)
        if not empty:
            raise CommandError(_("there is no empty column"))
        return Move(src, column(empty[0]), count)
    own = dialect.card_to_pile(target, state)
    if own is not None:
        return Move(src, own, count)
    if _is_card(target):
        onto = Card.parse(target)
        if onto is card:
            raise CommandError(_("{card} can't go onto itself").format(card=card.label))
        dst = _destination_of(onto, _locate(state, onto), state)
        if dst.kind is PileKind.FOUNDATION:
            _alone(card, count, THE_FOUNDATION)
        return Move(src, dst, count)
    raise CommandError(
        # TRANSLATORS: 8s, f, h and c are typed as they are
        _(
            "{word} is not a destination: write a card (like 8s), f for a free cell, "
            "h for the foundation or c for an empty column"
        ).format(word=quoted(tokens[1]))
    )


A_FREE_CELL = "cell"
THE_FOUNDATION = "foundation"


def _alone(card: Card, count: int, place: str) -> None:
    """A cell or a foundation takes one card: say what is in the way rather than call it a broken run.

    `place` is A_FREE_CELL or THE_FOUNDATION."""
    if count > 1:
        covering = count - 1
        if place == A_FREE_CELL:
            message = ngettext(
                "{card} is covered by {count} card: only a top card goes to a free cell",
                "{card} is covered by {count} cards: only a top card goes to a free cell",
                covering,
            )
        else:
            message = ngettext(
                "{card} is covered by {count} card: only a top card goes to the foundation",
                "{card} is covered by {count} cards: only a top card goes to the foundation",
                covering,
            )
        raise CommandError(message.format(card=card.label, count=covering))


def _locate(state: State, card: Card) -> _Located:
    for index, pile in enumerate(state.columns):
        if card in pile:
            position = pile.index(card)
            return _Located(column(index), len(pile) - position, position < state.hidden[index])
    for index, held in enumerate(state.cells):
        if held is card:
            return _Located(cell(index), 1)
    for index, pile in enumerate(state.foundations):
        if card in pile:
            return _Located(Pile(PileKind.FOUNDATION, index), len(pile) - pile.index(card))
    if card in state.waste:
        return _Located(WASTE, len(state.waste) - state.waste.index(card))
    return _Located(STOCK, 0, face_down=True)


def _source_of(card: Card, where: _Located, state: State) -> Pile:
    """The pile a named card is picked up from, or why it cannot be picked up."""
    kind = where.pile.kind
    if where.face_down:
        raise CommandError(_("{card} is not face up on the table").format(card=card.label))
    if kind is PileKind.WASTE and where.depth > 1:
        raise CommandError(
            _("{card} is under {top} in the waste: only the top card can be played").format(
                card=card.label, top=state.waste[-1].label
            )
        )
    if kind is PileKind.FOUNDATION and where.depth > 1:
        top = state.foundations[where.pile.index][-1]
        raise CommandError(_("{card} is on a foundation under {top}").format(card=card.label, top=top.label))
    return where.pile


def _destination_of(onto: Card, where: _Located, state: State) -> Pile:
    """The pile whose top card is `onto`, for "put my card on that one"."""
    kind = where.pile.kind
    if where.face_down:
        raise CommandError(_("{card} is not face up on the table").format(card=onto.label))
    if kind is PileKind.CELL:
        raise CommandError(_("{card} is in a free cell: nothing can be put on it").format(card=onto.label))
    if kind is PileKind.WASTE:
        raise CommandError(_("{card} is in the waste: nothing can be put on it").format(card=onto.label))
    if where.depth > 1:
        covered = where.depth - 1
        raise CommandError(
            ngettext(
                "{card} is covered by {count} card: put cards only on a top card",
                "{card} is covered by {count} cards: put cards only on a top card",
                covered,
            ).format(card=onto.label, count=covered)
        )
    if kind is PileKind.FOUNDATION:
        return FOUNDATION
    return where.pile


# -- help -------------------------------------------------------------------------------------------


def help_text(variant: Variant) -> str:
    """The commands a player of this game can type: the game's own language first, then the rest.

    The commands themselves (TC x y, 58v3, 7h 8s, N, q...) are typed as they are in every language:
    only what they do is translated."""
    lines = [_("Commands for {game} (any case):").format(game=variant.name), dialect_for(variant).help()]
    # TRANSLATORS: the last line of the console's help; u, redo, hint, restart, new, R, h and q are typed as they are
    lines.append(_("  u undo   redo   hint   restart (this deal again)   new or R (a new shuffle)   h help   q quit"))
    # TRANSLATORS: a line of the console's help; save and load are typed as they are, FILE is a file's name
    lines.append(_("  save FILE   load FILE (a game kept in a file, played on from where it was)"))
    return "\n".join(lines)
