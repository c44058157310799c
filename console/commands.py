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

from game.assist import longest_lift, move_between
from game.cards import Card, CardError, Suit
from game.i18n import N_, _, ngettext, pgettext
from game.moves import (
    CELL_LETTERS,
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
from game.reading import MOST_DIGITS, is_ascii_number, quoted, shortened, whole_number
from game.rules import IllegalMove, Rules
from game.state import State
from game.variants import Variant

from .view import in_terms_of, pile_name


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


class CommandError(ValueError):
    """A command that does nothing, with the reason in a player's words."""


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

# The arguments' names, as messages say them ("tableau 9 is out of range (1-8)"); the usage letters
# (`t2f T F`) come from the English words, since they are typed as they are.
TABLEAU = N_("tableau")
CELL = N_("cell")
FOUNDATION_WORD = N_("foundation")
COLUMN_WORD = N_("column")

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

# TRANSLATORS: a suit's name in "foundation S is for spades, not 7♥"
SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades")}
KLONDIKE_FOUNDATION_LETTERS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}
FOUNDATION_NUMBERS = 4  # foundations are shown as 1♣ 2♦ 3♥ 4♠

# outline suit symbols are how the board shows red suits without colour; read them back too
_OUTLINE_SUITS = str.maketrans({"♡": "♥", "♢": "♦", "♤": "♠", "♧": "♣"})
_FOUNDATION_NAMED = re.compile(r"h[1-4][0-9]")  # `h23`: the ♦ foundation's top card to column 3


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
    variant = rules.variant
    if head in ACTION_WORDS:
        if len(tokens) > 1:
            raise CommandError(_takes_no_arguments(head, len(tokens) - 1))
        return ACTION_WORDS[head]
    move = _parse_move(tokens, state, rules, variant)
    try:
        rules.check(state, move)
    except IllegalMove as error:
        raise CommandError(_("illegal move: {reason}").format(reason=in_terms_of(variant, str(error)))) from None
    return move


def _takes_no_arguments(head: str, count: int) -> str:
    # TRANSLATORS: {command} is a console command such as Q or D, as typed
    return ngettext("{command} takes no arguments (got {count})", "{command} takes no arguments (got {count})", count).format(
        command=head.upper(), count=count
    )


def _parse_move(tokens: list[str], state: State, rules: Rules, variant: Variant) -> Move:
    head = tokens[0]
    family = variant.family
    if head in PAIR_COMMANDS and not (len(tokens) == 2 and _is_card(head) and _is_card_destination(tokens[1])):
        return _pair_command(tokens, state, rules)
    if head in ("d", "n"):
        if len(tokens) > 1:
            raise CommandError(_takes_no_arguments(head, len(tokens) - 1))
        return _stock_move(state, rules)
    if family == "golf" and len(tokens) == 1 and _integer(head) is not None:
        number = _number(head, COLUMN_WORD, len(state.columns))
        return Move(column(number - 1), FOUNDATION)
    if family == "klondike" and _is_klondike_source(head):
        return _klondike_command(tokens, state, rules)
    if len(tokens) == 1 and len(head) == 1 and is_ascii_number(head):
        raise CommandError(
            _("a column number on its own plays only in Golf: write {command} to send its top card home").format(command=f"{head}h")
        )
    if len(tokens) == 1:
        return _notation(head, state, rules)
    if len(tokens) == 2 and _is_card(head):
        return _card_command(tokens, state, rules)
    if len(tokens) == 2 and _integer(head) is not None and family == "golf":
        raise CommandError(
            _("a Golf column number plays that column's top card on its own: write {command}, nothing after it").format(
                command=shortened(head)
            )
        )
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


def _pair_command(tokens: list[str], state: State, rules: Rules) -> Move:
    keyword = tokens[0]
    src_kind, dst_kind, src_name, dst_name, one_card = PAIR_COMMANDS[keyword]
    if "2" in keyword:
        letters = f"{src_name[0]} {dst_name[0]}".upper().replace("T T", "T1 T2")
        usage = f"{keyword} {letters}"
    else:
        usage = f"{keyword.upper()} x y"
    if len(tokens) != 3:
        count = len(tokens) - 1
        # TRANSLATORS: {command} is a console command (TC, t2f), {source} and {destination} are "tableau", "cell" or "foundation"; {usage} is typed as is
        message = ngettext(
            "{command} takes 2 numbers, a {source} and a {destination} ({usage}); got {count}",
            "{command} takes 2 numbers, a {source} and a {destination} ({usage}); got {count}",
            count,
        ).format(command=usage.split()[0], source=_(src_name), destination=_(dst_name), usage=usage, count=count)
        if len(tokens) == 1 and _is_card(keyword):  # `tc` alone may mean the ten of clubs
            message = _("{message}; or, {card_reading}").format(
                message=message, card_reading=_needs_destination(keyword, rules.variant)
            )
        raise CommandError(message)
    src = _numbered_pile(tokens[1], src_kind, src_name, state, rules.variant)
    dst = _numbered_pile(tokens[2], dst_kind, dst_name, state, rules.variant)
    if src.kind is PileKind.COLUMN and dst.kind is PileKind.COLUMN and not one_card:
        return _column_to_column(src, dst, state, rules)
    return Move(src, dst)


def _numbered_pile(token: str, kind: PileKind, name: str, state: State, variant: Variant) -> Pile:
    if kind is PileKind.FOUNDATION:
        if variant.family == "golf":
            _number(token, name, 1)
        else:
            _number(token, name, FOUNDATION_NUMBERS)
        return FOUNDATION  # the card goes to its own suit's pile: see the module docstring
    if kind is PileKind.CELL:
        if not state.cells:
            raise CommandError(_("{game} has no free cells").format(game=variant.name))
        return cell(_number(token, name, len(state.cells)) - 1)
    return column(_number(token, name, len(state.columns)) - 1)


def _integer(token: str) -> int | None:
    """A whole number as typed (`7`, `-1` so that it is out of range, `+2`; ASCII digits only), or None.

    Thousands of digits read as a number out of every range (see `game.reading.whole_number`)."""
    return whole_number(token, signed=True)


def _as_typed(number: int, token: str) -> str:
    """A number for a message: as read, or, when it has too many digits to read, the start of what was typed."""
    return str(number) if abs(number) < 10**MOST_DIGITS else shortened(token)


def _number(token: str, name: str, size: int) -> int:
    """A pile number counted from 1, checked against how many such piles there are; `name` is an
    `N_`-marked word (TABLEAU, CELL, FOUNDATION_WORD, COLUMN_WORD)."""
    number = _integer(token)
    if number is None:
        # TRANSLATORS: {pile} is "tableau", "cell", "foundation" or "column"
        raise CommandError(_("{pile} {number} is not a number").format(pile=_(name), number=quoted(token)))
    if not 1 <= number <= size:
        span = "1" if size == 1 else f"1-{size}"
        # TRANSLATORS: {pile} is "tableau", "cell", "foundation" or "column"; {span} the numbers it may be (1-8)
        raise CommandError(
            _("{pile} {number} is out of range ({span})").format(pile=_(name), number=_as_typed(number, token), span=span)
        )
    return number


# -- the stock -----------------------------------------------------------------------------------


def _stock_move(state: State, rules: Rules) -> Move:
    """`d` (Golf's deal) and `N` (Klondike's next card, recycling the waste when the stock is empty)."""
    family = rules.variant.family
    if family not in ("golf", "klondike"):
        # TRANSLATORS: D and N are commands, typed as they are
        raise CommandError(_("{game} has no stock: D and N deal in Golf and Klondike").format(game=rules.variant.name))
    move = rules.stock_move(state)
    if move is None:
        if family == "klondike":
            raise CommandError(_("the stock and the waste are both empty"))
        raise CommandError(_("the stock is empty"))
    return move


# -- Klondike's T0-T6, P and S H D C ------------------------------------------------------------------


def _is_klondike_source(token: str) -> bool:
    return token == "p" or (token[:1] == "t" and _integer(token[1:]) is not None)


def _klondike_pile(token: str, state: State) -> Pile:
    last = len(state.columns) - 1
    if not (len(token) >= 2 and token[0] == "t"):
        # TRANSLATORS: T0-T6, P, S, H, D, C are Klondike's piles as typed
        raise CommandError(_("{word} is not a pile: write T0-{last}, P or S, H, D, C").format(word=quoted(token), last=f"T{last}"))
    index = _integer(token[1:])
    if index is None:
        raise CommandError(
            _("pile {pile}: {number} is not a number").format(pile=shortened(token.upper()), number=quoted(token[1:]))
        )
    if not 0 <= index <= last:
        raise CommandError(
            _("pile {pile} is out of range (T0-{last})").format(pile=f"T{_as_typed(index, token[1:])}", last=f"T{last}")
        )
    return column(index)


def _klondike_command(tokens: list[str], state: State, rules: Rules) -> Move:
    last = len(state.columns) - 1
    head = tokens[0]
    if len(tokens) != 2:
        count = len(tokens) - 1
        raise CommandError(
            # TRANSLATORS: {pile} is a Klondike pile as typed (T3, P); T0-T6 and S, H, D, C are typed as they are
            ngettext(
                "{pile} takes one destination (T0-{last}, or S, H, D, C for a foundation); got {count}",
                "{pile} takes one destination (T0-{last}, or S, H, D, C for a foundation); got {count}",
                count,
            ).format(pile=head.upper(), last=f"T{last}", count=count)
        )
    src = WASTE if head == "p" else _klondike_pile(head, state)
    target = tokens[1]
    if target in KLONDIKE_FOUNDATION_LETTERS:
        suit = KLONDIKE_FOUNDATION_LETTERS[target]
        card = _top_card(state, src)
        if card is not None and card.suit != suit:
            # TRANSLATORS: {letter} is a Klondike foundation's letter (S, H, D, C); {suit} the suit's name
            raise CommandError(
                _("foundation {letter} is for {suit}, not {card}").format(letter=target.upper(), suit=_(SUIT_NAMES[suit]), card=card.label)
            )
        return Move(src, FOUNDATION)
    if target == "p":
        # TRANSLATORS: P and N are commands, typed as they are
        raise CommandError(_("only cards turned from the stock go to the waste (P): type N to turn one"))
    dst = _klondike_pile(target, state)
    if src == WASTE:
        return Move(WASTE, dst)
    return _column_to_column(src, dst, state, rules)


def _top_card(state: State, pile: Pile) -> Card | None:
    if pile.kind is PileKind.WASTE:
        return state.waste[-1] if state.waste else None
    if pile.kind is PileKind.COLUMN and 0 <= pile.index < len(state.columns):
        cards = state.columns[pile.index]
        return cards[-1] if cards else None
    return None


# -- standard notation ------------------------------------------------------------------------------


def _notation(token: str, state: State, rules: Rules) -> Move:
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
        raise CommandError(_unreadable(token, error, rules.variant)) from None
    explicit = "v" in token
    src, dst = move.src, move.dst
    if not explicit:
        stock = rules.stock_move(state)
        if stock is not None and (stock.src, stock.dst) == (src, dst):
            return stock  # a turn of the stock or waste moves as many cards as the rules say
        if src.kind is PileKind.COLUMN and dst.kind is PileKind.COLUMN and not _empty_column(state, dst):
            move = _column_to_column(src, dst, state, rules)  # onto a card only one run fits: that one
    if src.kind is PileKind.FOUNDATION and len(state.foundations) == 4 and not _FOUNDATION_NAMED.match(token):
        move = _from_suit_foundation(move, state, rules)
    if _is_card(token):
        try:
            rules.check(state, move)
        except IllegalMove as error:
            variant = rules.variant
            raise CommandError(
                # TRANSLATORS: a word that is both notation (7h: column 7 to the foundation) and a card name (the 7 of hearts)
                _(
                    "{word} as notation ({source} to {destination}) is illegal: {reason}; "
                    "as the card {card}, add where it goes: {destinations}"
                ).format(
                    word=token,
                    source=pile_name(move.src, variant),
                    destination=pile_name(move.dst, variant),
                    reason=in_terms_of(variant, str(error)),
                    card=Card.parse(token).label,
                    destinations=_destinations(token, variant),
                )
            ) from None
    return move


def _empty_column(state: State, pile: Pile) -> bool:
    return 0 <= pile.index < len(state.columns) and not state.columns[pile.index]


def _unreadable(token: str, error: MoveSyntaxError, variant: Variant) -> str:
    """Why a one-word command is not notation: a card without a destination, a bad count, or unknown."""
    if _is_card(token):
        return _needs_destination(token, variant)
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


def _needs_destination(token: str, variant: Variant) -> str:
    return _("to move {card} by name, add where it goes: {destinations}").format(
        card=Card.parse(token).label, destinations=_destinations(token, variant)
    )


def _destinations(token: str, variant: Variant) -> str:
    """The ways to finish a lone card name, in the destinations this game has."""
    # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
    if variant.family == "golf":
        return _("{card} h (the foundation)").format(card=token)
    if variant.cells and variant.family == "klondike":
        text = _("{card} h (its foundation), {card} f (a free cell), {card} t3 (a pile), {card} c (an empty column) or {card} and the card to put it on")
    elif variant.cells:
        text = _("{card} h (its foundation), {card} f (a free cell), {card} c (an empty column) or {card} and the card to put it on")
    elif variant.family == "klondike":
        text = _("{card} h (its foundation), {card} t3 (a pile), {card} c (an empty column) or {card} and the card to put it on")
    else:
        text = _("{card} h (its foundation), {card} c (an empty column) or {card} and the card to put it on")
    return text.format(card=token)


def _from_suit_foundation(move: Move, state: State, rules: Rules) -> Move:
    """`h3` names no suit: take the foundation whose top card may go there, when one may."""
    if rules.variant.family == "klondike" and not any(state.foundations):
        raise CommandError(_("the foundations are empty"))
    reasons = []
    for suit in Suit:
        candidate = Move(Pile(PileKind.FOUNDATION, suit), move.dst, move.count)
        try:
            rules.check(state, candidate)
            return candidate
        except IllegalMove as error:
            if state.foundations[suit]:
                reasons.append(str(error))
    if reasons and rules.variant.family == "klondike":
        raise CommandError(_("no foundation's top card can go there ({reason})").format(reason=reasons[0]))
    return move


# -- a card name and a destination ------------------------------------------------------------------


def _is_card(token: str) -> bool:
    try:
        Card.parse(token)
    except CardError:
        return False
    return True


def _is_card_destination(token: str) -> bool:
    """Whether a second word reads as the card language's destination (so `tc 8d` is the ten of clubs)."""
    return token in ("f", "h", "c") or _is_card(token) or (_is_klondike_source(token) and token != "p")


def _card_command(tokens: list[str], state: State, rules: Rules) -> Move:
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
        if variant.family == "golf":
            # TRANSLATORS: h is the foundation's letter, typed as is
            raise CommandError(_("in Golf cards only go to the foundation (h)"))
        if not empty:
            raise CommandError(_("there is no empty column"))
        return Move(src, column(empty[0]), count)
    if variant.family == "klondike" and _is_klondike_source(target) and target != "p":
        return Move(src, _klondike_pile(target, state), count)
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
            _("{card} is under {top} in the waste: only the top card can be played").format(card=card.label, top=state.waste[-1].label)
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


# -- moving between columns -------------------------------------------------------------------------


def _column_to_column(src: Pile, dst: Pile, state: State, rules: Rules) -> Move:
    """The run that fits: as many cards as make the head one rank below the target, or the longest to an empty column.

    Out-of-range piles are left for the rules to name.
    """
    if not (0 <= src.index < len(state.columns) and 0 <= dst.index < len(state.columns)):
        return Move(src, dst)
    pile = state.columns[src.index]
    face_up = len(pile) - state.hidden[src.index]
    if face_up <= 1 or src == dst:
        return Move(src, dst)
    most = longest_lift(rules, state, src, face_up)
    target = state.columns[dst.index]
    if not target:
        try:
            return move_between(rules, state, src, dst, most)
        except IllegalMove:
            return Move(src, dst, most)  # its error names the run's head card
    count = target[-1].rank - pile[-1].rank  # from the card one below the target up to the top card
    if 1 <= count <= most:
        return Move(src, dst, count)
    return Move(src, dst, most if count > most else 1)


# -- help -------------------------------------------------------------------------------------------


def help_text(variant: Variant) -> str:
    """The commands a player of this game can type, languages first, then the rest.

    The commands themselves (TC x y, 58v3, 7h 8s, N, q...) are typed as they are in every language:
    only what they do is translated."""
    family = variant.family
    lines = [_("Commands for {game} (any case):").format(game=variant.name)]
    if family == "freecell":
        n, c = variant.columns, variant.cells
        # TRANSLATORS: in the console's help, "cells none": a game without free cells
        cells = f"1-{c}" if c else pgettext("free cells", "none")
        # TRANSLATORS: the console's help for FreeCell. Commands (TC x y, t2f T F, 5a, 58v3, 7h 8s, th f...) are typed
        # as they are: translate only the words. Keep the columns lined up and each line under 110 characters
        text = _(
            "  TC x y   tableau x to cell y       TF x y   tableau x to foundation y\n"
            "  TT x y   tableau x to tableau y    CF x y   cell x to foundation y\n"
            "  CT x y   cell x to tableau y       (tableaus 1-{columns}, cells {cells}, foundations 1-4)\n"
            "  t2f T F  t2c T C  t2t T1 T2  c2t C T  c2f C F   the same, one card at a time\n"
            "  standard notation: 5a  a5  5h  58  58v3   (columns 1-9 and 0, cells {letters}, h = foundation)\n"
            "  card names: 7h 8s (onto that card)  th f (a free cell)  as h (its foundation)  kd c (an empty column)\n"
            "  Naming a card deep in a column moves it with the cards on it; TT and 58 move the run that fits\n"
            "  (to an empty column TT moves the longest run, 58 one card and 58v3 three).\n"
            "  Foundations are one per suit: 1 is ♣, 2 is ♦, 3 is ♥, 4 is ♠. Any number 1-4 is accepted in TF/CF:\n"
            "  the card always goes to its own suit's pile, as an Ace could start any pile in the classic game."
        )
        lines.append(text.format(columns=n, cells=cells, letters=CELL_LETTERS[:c]))
    elif family == "klondike":
        # TRANSLATORS: the console's help for Klondike. Commands (T0-T6, P, S H D C, N, 35, sw, 7h 8s, kd t3...) are typed
        # as they are: translate only the words. Keep the columns lined up and each line under 110 characters
        lines.append(_(
            "  T0-T6 or P (the waste) then T0-T6 or S, H, D, C (foundations): T3 T5  P S  T0 H\n"
            "  N        turn the next stock card (turns the waste back over when the stock is empty)\n"
            "  standard notation: 35  3h  w5  wh  h5  sw  ws   (columns 1-7, w = waste, s = stock, h = foundation)\n"
            "  card names: 7h 8s (onto that card)  as h (its foundation)  kd c (an empty pile)  kd t3\n"
            "  TT x y (tableaus numbered 1-7) and TF x y also work. Moving between piles takes the run that fits."
        ))
    elif family == "golf":
        # TRANSLATORS: the console's help for Golf. Commands (1-7, d, n, 3h, sh, 7h 8s, 7h h) are typed as they are:
        # translate only the words. Keep the columns lined up
        lines.append(_(
            "  1-7      play that column's top card onto the foundation\n"
            "  d        deal the next stock card onto the foundation (n too)\n"
            "  standard notation: 3h  sh      card names: 7h 8s (8s on the foundation)  7h h"
        ))
    # TRANSLATORS: the last line of the console's help; u, redo, hint, restart, new, R, h and q are typed as they are
    lines.append(_("  u undo   redo   hint   restart (this deal again)   new or R (a new shuffle)   h help   q quit"))
    return "\n".join(lines)
