"""The table, driven through the real loop with real events under the dummy video driver."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.moves import FOUNDATION, Move, Pile, PileKind, cell, column
from sprites.panels.overlays import WinOverlay
from sprites.window.layout import pile_contents

from .gui_helpers import board, card_point, centre_of_top, click, drag, key, make_app, settle


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def first_column_move(app, legal: bool):
    rules, state = app.table.session.rules, app.table.session.state
    legal_moves = {m for m in rules.legal_moves(state)
                   if m.src.kind is m.dst.kind is PileKind.COLUMN and state.columns[m.dst.index]}
    if legal:
        return sorted(legal_moves, key=str)[0]
    for i, src in enumerate(state.columns):
        for j, dst in enumerate(state.columns):
            move = Move(column(i), column(j))
            if i != j and src and dst and move not in legal_moves:
                return move
    raise AssertionError("no illegal move found")


def test_a_legal_drag_makes_the_models_move() -> None:
    app, clock = make_app(autoplay=False)
    session = app.table.session
    move = first_column_move(app, legal=True)
    expected = session.rules.apply(session.state, move)
    moving_card = session.state.columns[move.src.index][-move.count]
    drag(app, clock, card_point(app, moving_card), centre_of_top(app, move.dst))
    settle(app, clock)
    assert session.state == expected
    assert app.table.view.sprites[moving_card].rect == app.table.view.top_rect(move.dst)


def test_an_illegal_drag_flies_back_and_says_why() -> None:
    app, clock = make_app(autoplay=False)
    session = app.table.session
    before = session.state
    move = first_column_move(app, legal=False)
    card = before.columns[move.src.index][-1]
    home = app.table.view.sprites[card].rect.copy()
    drag(app, clock, card_point(app, card), centre_of_top(app, move.dst))
    assert session.state == before
    assert "can't go on" in app.table.message
    assert app.sounds.played[-1] == "illegal"
    settle(app, clock)
    assert app.table.view.sprites[card].rect == home



@pytest.mark.parametrize("next_action", ["drag", "click", "key", "setting"])
def test_a_refusal_fades_with_the_next_action(next_action: str) -> None:
    """Issue 57 item 6: a refusal answers the move tried, and stayed through later drags and settings
    changes. The player's next press, key or setting puts it away; a message that is no refusal stays."""
    from sprites.scene.intents import Command

    app, clock = make_app(autoplay=False, analyse=False)
    move = first_column_move(app, legal=False)
    card = app.table.session.state.columns[move.src.index][-1]
    drag(app, clock, card_point(app, card), centre_of_top(app, move.dst))
    settle(app, clock)
    assert "can't go on" in app.table.message
    clock.ms += 30_000
    app.step()
    assert "can't go on" in app.table.message  # no timer: the refusal waits for the player
    felt = (app.table.view.layout.width - 5, app.table.view.layout.status.top - 5)
    if next_action == "drag":
        drag(app, clock, card_point(app, card), (card_point(app, card)[0], card_point(app, card)[1] + 3))
    elif next_action == "click":
        click(app, clock, felt)
    elif next_action == "key":
        key(app, pygame.K_RIGHT)
    else:
        app.command(Command.SETTINGS)
        app.step()
        panel = app.overlays[-1]
        backs = next(i for i, choice in enumerate(panel.choices) if choice.label == "Card backs")
        click(app, clock, panel.buttons[backs].rect.center)
    assert "can't go on" not in app.table.message
    app.table.say("auto-play on")
    click(app, clock, felt)
    assert app.table.message == "auto-play on"


def test_a_supermove_plays_its_steps_through_the_cells() -> None:
    start = board("freecell", {0: "KC 9S 8H 7C", 1: "QS TD"})
    app, clock = make_app(start=start, autoplay=False)
    session = app.table.session
    nine = Card.parse("9S")
    drag(app, clock, card_point(app, nine), centre_of_top(app, column(1)))
    expected = session.rules.apply(start, Move(column(0), column(1), 3))
    assert session.state == expected
    cell_rects = [app.table.view.layout.pile_rect(cell(i)) for i in range(4)]
    seen_in_a_cell = set()
    for _ in range(200):
        app.step()
        for card in ("7C", "8H", "9S"):
            if app.table.view.sprites[Card.parse(card)].rect.topleft in [r.topleft for r in cell_rects]:
                seen_in_a_cell.add(card)
        if not app.table.busy:
            break
        clock.ms += 16
    assert seen_in_a_cell == {"7C", "8H"}  # two cards park in cells while 9♠ crosses directly
    assert app.table.view.sprites[Card.parse("7C")].rect == app.table.view.top_rect(column(1))


def test_a_thirteen_card_supermove_plays_every_step_in_under_half_a_second() -> None:
    run = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    start = board("freecell", {0: run, 5: "", 6: "", 7: ""})
    app, clock = make_app(start=start, autoplay=False)
    session, view = app.table.session, app.table.view
    move = Move(column(0), column(5), 13)
    # Where each step leaves its card, in the model's own order (59 steps through cells and columns).
    stops, state = [], start
    for step in session.rules.expand(start, move):
        card = pile_contents(state, step.src)[0][-1]
        state = session.rules.perform(state, step)
        stops.append((card, view.rects_of(state, step.dst)[-1]))
    assert len(stops) > 50
    drag(app, clock, card_point(app, Card.parse("KS")), centre_of_top(app, column(5)))
    assert session.state == state
    released, seen_over = clock.ms, [0.0] * len(stops)
    area = view.layout.card_w * view.layout.card_h
    while app.table.busy:
        clock.ms += 8  # frames at 120 Hz, as the loop runs them
        app.step()
        for i, (card, rect) in enumerate(stops):
            overlap = view.sprites[card].rect.clip(rect)
            seen_over[i] = max(seen_over[i], overlap.width * overlap.height / area)
    assert clock.ms - released <= 500
    # Each card was drawn over every pile it passed through (at least half over it: a card landing on
    # the growing column settles where the column's tightening fan puts it by then).
    assert min(seen_over) >= 0.5
    assert view.sprites[Card.parse("AS")].rect == view.top_rect(column(5))


def test_double_click_sends_a_card_home_else_to_a_cell() -> None:
    start = board("freecell", {0: "KC AS", 1: "QS 7D"})
    app, clock = make_app(start=start, autoplay=False)
    session = app.table.session
    ace, seven = Card.parse("AS"), Card.parse("7D")
    click(app, clock, card_point(app, ace))
    click(app, clock, card_point(app, ace), gap_ms=150)
    assert session.state.foundations[ace.suit] == (ace,)
    settle(app, clock)
    click(app, clock, card_point(app, seven))
    click(app, clock, card_point(app, seven), gap_ms=150)
    assert session.state.cells[0] is seven
    assert app.sounds.played.count("illegal") == 0


def test_click_a_card_then_a_pile_moves_it() -> None:
    start = board("freecell", {0: "KC 6H", 1: "QS 7S"})
    app, clock = make_app(start=start, autoplay=False)
    six = Card.parse("6H")
    click(app, clock, card_point(app, six))
    assert app.table.selection == (column(0), 1)
    click(app, clock, centre_of_top(app, column(1)))
    assert app.table.session.state.columns[1][-1] is six


def test_restart_undo_and_redo_keys() -> None:
    app, clock = make_app(autoplay=False)
    session = app.table.session
    move = first_column_move(app, legal=True)
    session_before = session.state
    app.table.try_move(lambda: move)
    after = session.state
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert session.state == session_before
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state == after
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state == session_before
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert session.state == after
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert session.state == after
    key(app, pygame.K_F5)
    assert session.state == session_before
    settle(app, clock)


def _card_rects_fit(app) -> None:
    width, height = app.size
    layout = app.table.view.layout
    window = pygame.Rect(0, 0, width, height)
    rects = {card: sprite.rect for card, sprite in app.table.view.sprites.items()}
    for card, rect in rects.items():
        assert window.contains(rect), f"{card} at {rect} leaves the {width}x{height} window"
        assert not rect.colliderect(layout.status), f"{card} overlaps the status bar"
        assert not rect.colliderect(layout.toolbar), f"{card} overlaps the toolbar"
    piles = [app.table.view.layout.pile_rect(p) for p in layout.all_piles()]
    for i, a in enumerate(piles):
        for b in piles[i + 1:]:
            assert not a.colliderect(b), "two piles overlap"


@pytest.mark.parametrize("size", [(800, 600), (2560, 1440)])
def test_resizing_keeps_every_card_on_the_table(size) -> None:
    long_column = "KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D KH QS JH TS 9H 8S 7H"
    app, clock = make_app(start=board("freecell", {0: long_column}), autoplay=False)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step()
    assert app.size == size
    _card_rects_fit(app)
    card_w = app.table.view.layout.card_w
    assert card_w >= (40 if size[0] == 800 else 120)  # cards scale with the window


def test_every_game_fits_at_the_smallest_window() -> None:
    for game in ("eight-off", "seahaven", "freecell:0x10"):
        app, clock = make_app(game=game, deal=5, size=(800, 600), autoplay=False)
        _card_rects_fit(app)
        pygame.quit()
        pygame.init()


def test_keyboard_only_move() -> None:
    start = board("freecell", {0: "KC 6H", 1: "QS 7S"})
    app, clock = make_app(start=start, autoplay=False)
    piles = app.table.view.layout.all_piles()
    # Walk the focus with arrows from wherever it is to column 1, pick up, go right, drop.
    key(app, pygame.K_DOWN)
    for _ in range(len(piles)):
        if piles[app.table.keyboard.focus] == column(0):
            break
        key(app, pygame.K_RIGHT)
    assert piles[app.table.keyboard.focus] == column(0)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert app.table.session.state.columns[1][-1] is Card.parse("6H")


def test_the_last_card_home_shows_the_win() -> None:
    start = board("freecell", {0: "KS"}, foundations={"C": 13, "D": 13, "H": 13, "S": 12})
    app, clock = make_app(start=start, autoplay=False)
    king = Card.parse("KS")
    click(app, clock, card_point(app, king))
    click(app, clock, card_point(app, king), gap_ms=100)
    settle(app, clock)
    assert app.table.session.is_won
    assert isinstance(app.overlays[-1], WinOverlay)
    assert "won in 1 move and" in app.overlays[-1].lines[0]
    assert "win" in app.sounds.played


def test_autoplay_sends_safe_cards_home_card_after_card() -> None:
    start = board("freecell", {0: "KC 2S AS 9D", 1: "QH AH 8C"})
    app, clock = make_app(start=start)
    assert app.table.session.state == start  # nothing was safe to send home from this position
    nine = Card.parse("9D")
    click(app, clock, card_point(app, nine))
    click(app, clock, card_point(app, nine), gap_ms=100)
    session = app.table.session
    assert [c.code for c in session.state.foundations[Card.parse("AS").suit]] == ["AS", "2S"]
    assert session.actions == [Move(column(0), cell(0)), Move(column(0), FOUNDATION), Move(column(0), FOUNDATION)]
    assert session.automatic == [False, True, True]
    assert session.move_count == 1  # A♠ and 2♠ went home as moves of their own, made by auto-play
    assert len(app.table.view.pending) >= 1  # still animating, one card after another
    settle(app, clock)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # one undo takes back the player's move and what auto-play did
    assert session.state == start and session.can_redo
    settle(app, clock)
    assert app.table.view.sprites[nine].rect == app.table.view.top_rect(column(0))
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert session.move_count == 1 and len(session.actions) == 3 and not session.can_redo


def test_a_new_game_sends_home_what_the_deal_leaves_safe() -> None:
    app, clock = make_app(game="seahaven", deal=7)
    session = app.table.session
    ace = Card.parse("AC")
    assert session.state.foundations[ace.suit][0] is ace  # A♣ lies on top of a column in this deal
    assert session.automatic and all(session.automatic)
    assert app.table.view.busy  # and it flies home where the player can see it
    settle(app, clock)
    assert app.table.view.sprites[ace].rect == app.table.view.top_rect(Pile(PileKind.FOUNDATION, ace.suit))
    assert next(b for b in app.table.buttons if b.label == "Restart").enabled() is False  # auto-play alone: still at the start
    key(app, pygame.K_F5)
    assert app.table.message == "the game is already at its start"
    after_deal = session.state
    move = sorted(session.rules.legal_moves(after_deal), key=str)[0]
    app.table.try_move(lambda: move)
    settle(app, clock)
    key(app, pygame.K_F5)  # a restart deals again, and auto-play sends A♣ home again
    assert session.state == after_deal
    settle(app, clock)
    assert app.table.view.sprites[ace].rect == app.table.view.top_rect(Pile(PileKind.FOUNDATION, ace.suit))


def test_record_file_gets_every_move(tmp_path) -> None:
    path = tmp_path / "game.txt"
    with path.open("a") as record:
        start = board("freecell", {0: "KC AS 9D 6H", 1: "QS 7S"})
        app, clock = make_app(start=start, record_to=record)
        app.table.try_move(lambda: Move(column(0), column(1)))
        app.table.try_move(lambda: Move(column(0), cell(0)))  # 9♦ to a cell uncovers A♠: auto-play sends it home
        app.table.play.undo()
        key(app, pygame.K_F2)
        assert app.overlays[-1].title == "Abandon this game?"  # a move was made: the new deal asks first
        key(app, pygame.K_LEFT)  # from "Keep playing", focused, to "Abandon it"
        key(app, pygame.K_RETURN)
        new_deal = app.table.session.deal_number
        lines = path.read_text().splitlines()
        assert lines[:6] == [
            "# new game freecell deal 617", "12", "1a", "1h", "# undo 2 moves", f"# new game freecell deal {new_deal}",
        ]
        assert len(lines) - 6 == len(app.table.session.actions)  # what auto-play sent home from the new deal


def test_a_resumed_game_is_recorded_from_its_deal(tmp_path) -> None:
    from game.session import Session
    from game.variants import find_variant
    from sprites.window.app import App

    session = Session(find_variant("freecell"), 617, autoplay=False)
    move = sorted((m for m in session.rules.legal_moves(session.state) if m.dst.kind is PileKind.CELL), key=str)[0]
    session.play(move)
    session.restart()
    path = tmp_path / "game.txt"
    with path.open("a") as record:
        App(session, (1000, 700), record_to=record, analyse=False)
    assert path.read_text().splitlines() == ["# new game freecell deal 617", move.notation, "# restart"]


def _stuck_position():
    """A random FreeCell position with full cells and no legal move, found by search (not hand-made)."""
    import random

    from game.cards import full_deck
    from game.state import State
    from game.variants import find_variant, rules_for

    rules = rules_for(find_variant("freecell"))
    rng = random.Random(1)
    for _ in range(20000):
        deck = [c for c in full_deck() if c.rank > 1]
        rng.shuffle(deck)
        cells, rest = tuple(deck[:4]), deck[4:]
        columns = tuple(tuple(rest[i::8]) for i in range(8))
        aces = [c for c in full_deck() if c.rank == 1]
        state = State(columns, cells, tuple((a,) for a in sorted(aces)), (0,) * 8)
        if rules.is_lost(state):
            return state
    raise AssertionError("no stuck position found")


def test_no_moves_left_is_said_with_undo_restart_and_new() -> None:
    app, clock = make_app(start=_stuck_position(), autoplay=False)
    settle(app, clock)
    overlay = app.overlays[-1]
    assert overlay.title == "No moves left"
    assert [b.label for b in overlay.buttons] == ["Undo", "Restart", "New"]
    new = overlay.buttons[2]
    click(app, clock, new.rect.center)
    assert app.overlays == []
    assert app.table.session.state == app.table.session.rules.deal(app.table.session.deal_number)


def test_choosing_a_game_and_a_deal_number_from_the_window() -> None:
    app, clock = make_app(autoplay=False)
    game_button = next(b for b in app.table.buttons if b.label == "Game")
    click(app, clock, game_button.rect.center)
    app.step()  # the menu lays its buttons out when drawn
    bakers = next(b for b in app.overlays[-1].buttons if b.label == "Baker's Game")
    click(app, clock, bakers.rect.center)
    assert app.table.session.variant.key == "bakers-game"
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    for digit in "11982":
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    assert (app.table.session.variant.key, app.table.session.deal_number) == ("bakers-game", 11982)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert app.overlays and "type a deal number" in app.overlays[-1].error
    key(app, pygame.K_ESCAPE)
    assert app.overlays == []
