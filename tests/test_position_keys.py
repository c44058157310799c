"""Position keys that take piles alike in any order (`pieces.keys.in_any_order`): one key whatever the
order, and never one key for two different positions."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.pieces.keys import in_any_order
from game.session import Session
from game.state import Column
from game.variants import find_variant

SCORPION = find_variant("scorpion")
MOD3 = find_variant("mod3")


def piles_of(deal: int, seed: int) -> list[Column]:
    """Mod 3's 32 piles after some random moves, with empty piles and twin cards among them, and a
    few of them repeated: piles alike in every way but their place."""
    session = Session(MOD3, deal, autoplay=False)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40)):
        moves = sorted(session.rules.legal_moves(session.state), key=str)
        if not moves:
            break
        session.play(rng.choice(moves))
    piles = list(session.state.columns)
    return piles + rng.sample(piles, 5)


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_any_order_of_the_same_piles_gives_one_tuple_of_them_all(deal: int, seed: int) -> None:
    piles = piles_of(deal, seed)
    shuffled = list(piles)
    random.Random(seed).shuffle(shuffled)
    assert in_any_order(shuffled) == in_any_order(piles)
    assert Counter(in_any_order(piles)) == Counter(piles)


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_other_piles_give_another_tuple(deal: int, seed: int) -> None:
    piles = piles_of(deal, seed)
    other = [pile[:-1] if pile else pile for pile in piles]  # every pile's top card taken off
    assert other != piles and in_any_order(other) != in_any_order(piles)


def test_scorpion_and_mod3_key_positions_alike_whatever_order_their_piles_lie_in() -> None:
    dealt = Session(SCORPION, 3, autoplay=False).state.replace(stock=())
    turned = dealt.replace(columns=dealt.columns[::-1], hidden=dealt.hidden[::-1])
    family = SCORPION.family
    assert family.position_key(turned) == family.position_key(dealt)
    assert family.position_key(turned.replace(hidden=dealt.hidden)) != family.position_key(dealt)  # face-down counts moved
    mod3 = Session(MOD3, 3, autoplay=False).state
    columns = mod3.columns
    swapped = columns[:8] + columns[8:16][::-1] + columns[16:]  # the first row of slots in another order
    assert MOD3.family.position_key(mod3.replace(columns=swapped)) == MOD3.family.position_key(mod3)
    moved = columns[:8] + columns[16:24] + columns[8:16] + columns[24:]  # two rows of slots swapped: not alike
    assert MOD3.family.position_key(mod3.replace(columns=moved)) != MOD3.family.position_key(mod3)
