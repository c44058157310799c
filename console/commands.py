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
from game.rules import IllegalMove, Rules, plural
from .view import in_terms_of, pile_name
from game.state import State
from game.variants import Variant


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

# keyword -> (source kind, destination kind, first argument's name, second argument's name, one card only)
PAIR_COMMANDS: dict[str, tuple[PileKind, PileKind, str, str, bool]] = {
    "tc": (PileKind.COLUMN, PileKind.CELL, "tableau", "cell", True),
    "tf": (PileKind.COLUMN, PileKind.FOUNDATION, "tableau", "foundation", True),
    "tt": (PileKind.COLUMN, PileKind.COLUMN, "tableau", "tableau", False),
    "cf": (PileKind.CELL, PileKind.FOUNDATION, "cell", "foundation", True),
    "ct": (PileKind.CELL, PileKind.COLUMN, "cell", "tableau", True),
    # the one-card FreeCell program moved exactly one card, so t2t does too
    "t2f": (PileKind.COLUMN, PileKind.FOUNDATION, "tableau", "foundation", True),
    "t2c": (PileKind.COLUMN, PileKind.CELL, "tableau", "cell", True),
    "t2t": (PileKind.COLUMN, PileKind.COLUMN, "tableau", "tableau", True),
    "c2t": (PileKind.CELL, PileKind.COLUMN, "cell", "tableau", True),
    "c2f": (PileKind.CELL, PileKind.FOUNDATION, "cell", "foundation", True),
}

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
            raise CommandError(f"{head.upper()} takes no arguments (got {len(tokens) - 1})")
        return ACTION_WORDS[head]
    move = _parse_move(tokens, state, rules, variant)
    try:
        rules.check(state, move)
    except IllegalMove as error:
        raise CommandError(f"illegal move: {in_terms_of(variant, str(error))}") from None
    return move


def _parse_move(tokens: list[str], state: State, rules: Rules, variant: Variant) -> Move:
    head = tokens[0]
    family = variant.family
    if head in PAIR_COMMANDS and not (len(tokens) == 2 and _is_card(head) and _is_card_destination(tokens[1])):
        return _pair_command(tokens, state, rules)
    if head in ("d", "n"):
        if len(tokens) > 1:
            raise CommandError(f"{head.upper()} takes no arguments (got {len(tokens) - 1})")
        return _stock_move(state, rules)
    if family == "golf" and len(tokens) == 1 and _integer(head) is not None:
        number = _number(head, "column", len(state.columns))
        return Move(column(number - 1), FOUNDATION)
    if family == "klondike" and _is_klondike_source(head):
        return _klondike_command(tokens, state, rules)
    if len(tokens) == 1 and len(head) == 1 and is_ascii_number(head):
        raise CommandError(f"a column number on its own plays only in Golf: write {head}h to send its top card home")
    if len(tokens) == 1:
        return _notation(head, state, rules)
    if len(tokens) == 2 and _is_card(head):
        return _card_command(tokens, state, rules)
    if len(tokens) == 2 and _integer(head) is not None and family == "golf":
        raise CommandError(f"a Golf column number plays that column's top card on its own: write {shortened(head)}, nothing after it")
    if _is_card(head):
        raise CommandError(f"a card name takes one destination (like {head} 8s, {head} f, {head} h or {head} c), got {len(tokens) - 1}")
    raise CommandError(f"unknown command {quoted(tokens[0])} (type h for help)")


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
        message = f"{usage.split()[0]} takes 2 numbers, a {src_name} and a {dst_name} ({usage}); got {len(tokens) - 1}"
        if len(tokens) == 1 and _is_card(keyword):  # `tc` alone may mean the ten of clubs
            message += f"; or, {_needs_destination(keyword, rules.variant)}"
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
            raise CommandError(f"{variant.name} has no free cells")
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
    """A pile number counted from 1, checked against how many such piles there are."""
    number = _integer(token)
    if number is None:
        raise CommandError(f"{name} {quoted(token)} is not a number")
    if not 1 <= number <= size:
        span = "1" if size == 1 else f"1-{size}"
        raise CommandError(f"{name} {_as_typed(number, token)} is out of range ({span})")
    return number


# -- the stock -----------------------------------------------------------------------------------


def _stock_move(state: State, rules: Rules) -> Move:
    """`d` (Golf's deal) and `N` (Klondike's next card, recycling the waste when the stock is empty)."""
    family = rules.variant.family
    if family not in ("golf", "klondike"):
        raise CommandError(f"{rules.variant.name} has no stock: D and N deal in Golf and Klondike")
    move = rules.stock_move(state)
    if move is None:
        if family == "klondike":
            raise CommandError("the stock and the waste are both empty")
        raise CommandError("the stock is empty")
    return move


# -- Klondike's T0-T6, P and S H D C ------------------------------------------------------------------


def _is_klondike_source(token: str) -> bool:
    return token == "p" or (token[:1] == "t" and _integer(token[1:]) is not None)


def _klondike_pile(token: str, state: State) -> Pile:
    last = len(state.columns) - 1
    if not (len(token) >= 2 and token[0] == "t"):
        raise CommandError(f"{quoted(token)} is not a pile: write T0-T{last}, P or S, H, D, C")
    index = _integer(token[1:])
    if index is None:
        raise CommandError(f"pile {shortened(token.upper())}: {quoted(token[1:])} is not a number")
    if not 0 <= index <= last:
        raise CommandError(f"pile T{_as_typed(index, token[1:])} is out of range (T0-T{last})")
    return column(index)


def _klondike_command(tokens: list[str], state: State, rules: Rules) -> Move:
    last = len(state.columns) - 1
    head = tokens[0]
    if len(tokens) != 2:
        raise CommandError(
            f"{head.upper()} takes one destination (T0-T{last}, or S, H, D, C for a foundation); got {len(tokens) - 1}"
        )
    src = WASTE if head == "p" else _klondike_pile(head, state)
    target = tokens[1]
    if target in KLONDIKE_FOUNDATION_LETTERS:
        suit = KLONDIKE_FOUNDATION_LETTERS[target]
        card = _top_card(state, src)
        if card is not None and card.suit != suit:
            raise CommandError(f"foundation {target.upper()} is for {suit.name.lower()}, not {card.label}")
        return Move(src, FOUNDATION)
    if target == "p":
        raise CommandError("only cards turned from the stock go to the waste (P): type N to turn one")
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
            reading = f"{pile_name(move.src, variant)} to {pile_name(move.dst, variant)}"
            raise CommandError(
                f"{token} as notation ({reading}) is illegal: {in_terms_of(variant, str(error))}; "
                f"as the card {Card.parse(token).label}, add where it goes: {_destinations(token, variant)}"
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
        return str(error) if is_ascii_number(count) else f"{quoted(token)}: v is followed by how many cards move, like {shortened(stem)}v3"
    return f"unknown command {quoted(token)} (type h for help)"


def _is_notation(token: str) -> bool:
    try:
        Move.parse(token)
    except MoveSyntaxError:
        return False
    return True


def _needs_destination(token: str, variant: Variant) -> str:
    return f"to move {Card.parse(token).label} by name, add where it goes: {_destinations(token, variant)}"


def _destinations(token: str, variant: Variant) -> str:
    """The ways to finish a lone card name, in the destinations this game has."""
    if variant.family == "golf":
        return f"{token} h (the foundation)"
    cells = f"{token} f (a free cell), " if variant.cells else ""
    piles = f"{token} t3 (a pile), " if variant.family == "klondike" else ""
    return f"{token} h (its foundation), {cells}{piles}{token} c (an empty column) or {token} and the card to put it on"


def _from_suit_foundation(move: Move, state: State, rules: Rules) -> Move:
    """`h3` names no suit: take the foundation whose top card may go there, when one may."""
    if rules.variant.family == "klondike" and not any(state.foundations):
        raise CommandError("the foundations are empty")
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
        raise CommandError(f"no foundation's top card can go there ({reasons[0]})")
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
            raise CommandError(f"{variant.name} has no free cells")
        free = [i for i, c in enumerate(state.cells) if c is None]
        if not free:
            raise CommandError("every free cell is full")
        _alone(card, count, "a free cell")
        return Move(src, cell(free[0]), count)
    if target == "h":
        _alone(card, count, "the foundation")
        return Move(src, FOUNDATION, count)
    if target == "c":
        empty = [i for i, pile in enumerate(state.columns) if not pile]
        if variant.family == "golf":
            raise CommandError("in Golf cards only go to the foundation (h)")
        if not empty:
            raise CommandError("there is no empty column")
        return Move(src, column(empty[0]), count)
    if variant.family == "klondike" and _is_klondike_source(target) and target != "p":
        return Move(src, _klondike_pile(target, state), count)
    if _is_card(target):
        onto = Card.parse(target)
        if onto is card:
            raise CommandError(f"{card.label} can't go onto itself")
        dst = _destination_of(onto, _locate(state, onto), state)
        if dst.kind is PileKind.FOUNDATION:
            _alone(card, count, "the foundation")
        return Move(src, dst, count)
    raise CommandError(
        f"{quoted(tokens[1])} is not a destination: write a card (like 8s), f for a free cell, "
        "h for the foundation or c for an empty column"
    )


def _alone(card: Card, count: int, place: str) -> None:
    """A cell or a foundation takes one card: say what is in the way rather than call it a broken run."""
    if count > 1:
        raise CommandError(f"{card.label} is covered by {plural(count - 1, 'card')}: only a top card goes to {place}")


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
        raise CommandError(f"{card.label} is not face up on the table")
    if kind is PileKind.WASTE and where.depth > 1:
        raise CommandError(f"{card.label} is under {state.waste[-1].label} in the waste: only the top card can be played")
    if kind is PileKind.FOUNDATION and where.depth > 1:
        top = state.foundations[where.pile.index][-1]
        raise CommandError(f"{card.label} is on a foundation under {top.label}")
    return where.pile


def _destination_of(onto: Card, where: _Located, state: State) -> Pile:
    """The pile whose top card is `onto`, for "put my card on that one"."""
    kind = where.pile.kind
    if where.face_down:
        raise CommandError(f"{onto.label} is not face up on the table")
    if kind is PileKind.CELL:
        raise CommandError(f"{onto.label} is in a free cell: nothing can be put on it")
    if kind is PileKind.WASTE:
        raise CommandError(f"{onto.label} is in the waste: nothing can be put on it")
    if where.depth > 1:
        covered = where.depth - 1
        raise CommandError(f"{onto.label} is covered by {covered} card{'s' if covered > 1 else ''}: put cards only on a top card")
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
    """The commands a player of this game can type, languages first, then the rest."""
    family = variant.family
    lines = [f"Commands for {variant.name} (any case):"]
    if family == "freecell":
        n, c = variant.columns, variant.cells
        cells = f"1-{c}" if c else "none"
        lines += [
            f"  TC x y   tableau x to cell y       TF x y   tableau x to foundation y",
            f"  TT x y   tableau x to tableau y    CF x y   cell x to foundation y",
            f"  CT x y   cell x to tableau y       (tableaus 1-{n}, cells {cells}, foundations 1-4)",
            "  t2f T F  t2c T C  t2t T1 T2  c2t C T  c2f C F   the same, one card at a time",
            f"  standard notation: 5a  a5  5h  58  58v3   (columns 1-9 and 0, cells {CELL_LETTERS[:c]}, h = foundation)",
            "  card names: 7h 8s (onto that card)  th f (a free cell)  as h (its foundation)  kd c (an empty column)",
            "  Naming a card deep in a column moves it with the cards on it; TT and 58 move the run that fits",
            "  (to an empty column TT moves the longest run, 58 one card and 58v3 three).",
            "  Foundations are one per suit: 1 is ♣, 2 is ♦, 3 is ♥, 4 is ♠. Any number 1-4 is accepted in TF/CF:",
            "  the card always goes to its own suit's pile, as an Ace could start any pile in the classic game.",
        ]
    elif family == "klondike":
        lines += [
            "  T0-T6 or P (the waste) then T0-T6 or S, H, D, C (foundations): T3 T5  P S  T0 H",
            "  N        turn the next stock card (turns the waste back over when the stock is empty)",
            "  standard notation: 35  3h  w5  wh  h5  sw  ws   (columns 1-7, w = waste, s = stock, h = foundation)",
            "  card names: 7h 8s (onto that card)  as h (its foundation)  kd c (an empty pile)  kd t3",
            "  TT x y (tableaus numbered 1-7) and TF x y also work. Moving between piles takes the run that fits.",
        ]
    elif family == "golf":
        lines += [
            "  1-7      play that column's top card onto the foundation",
            "  d        deal the next stock card onto the foundation (n too)",
            "  standard notation: 3h  sh      card names: 7h 8s (8s on the foundation)  7h h",
        ]
    lines += [
        "  u undo   redo   hint   restart (this deal again)   new or R (a new shuffle)   h help   q quit",
    ]
    return "\n".join(lines)
