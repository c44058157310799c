"""What F1 shows: the rules of the game on the table and the mouse actions and keys that apply to it.

The rules themselves come from the variant (`Variant.description`, written once in the model); only
how the window is driven lives here, since that is the view's business.
"""
from __future__ import annotations

from game.variants import Variant, rules_for

COMMON_KEYS = [
    ("F2 / Ctrl+N", "new deal"),
    ("Ctrl+R / F5", "restart this deal"),
    ("Ctrl+G", "deal by number"),
    ("G", "choose a game"),
    ("Ctrl+Z", "undo a move"),
    ("Ctrl+Y / Ctrl+Shift+Z", "redo"),
    ("H", "hint"),
    ("Ctrl+D", "play the rest (Solve)"),
]
LATER_KEYS = [
    ("+ / -", "animation faster / slower"),
    ("M", "sound on/off"),
    ("S", "statistics"),
    ("O", "settings"),
    ("W", "winnable deals only"),
    ("F11", "full screen"),
    ("F1", "this help"),
    ("Arrows / Tab", "move the keyboard focus"),
    ("Space / Enter", "pick up and drop"),
    ("Esc", "cancel a drag / close"),
    ("Ctrl+Q", "quit"),
]


def mouse_help(variant: Variant) -> str:
    """How the mouse plays this game, told from what its table declares."""
    table, rules = variant.table, rules_for(variant)
    if table.click_plays_columns:
        return "Click a column's top card to play it onto the foundation; click the stock to deal its next card there."
    if table.stock_recycles:
        turned = "one card" if variant.draw == 1 else f"{variant.draw} cards"
        finish = " Once every card is face up and the stock is empty, F finishes the game for you." if rules.has_auto_finish else ""
        return (
            f"Click the stock to turn {turned} onto the waste, and the empty stock to turn the waste back over. "
            f"Drag a card or a face-up run, or click a card then a pile; double-click sends a card home.{finish}"
        )
    return (
        "Drag a card or a run, or click a card then a pile; double-click sends a card home, or else to "
        "a free cell. Cards that can safely go home go there by themselves while auto-play is on."
    )


def keys_help(variant: Variant) -> list[tuple[str, str]]:
    """The keys that do something in this game, in the order a player looks for them."""
    keys = list(COMMON_KEYS)
    rules = rules_for(variant)
    if rules.has_autoplay:
        keys.append(("A", "auto-play on/off"))
    if rules.has_auto_finish:
        keys.append(("F", "finish the game"))
    return keys + LATER_KEYS
