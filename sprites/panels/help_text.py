"""What F1 shows: the rules of the game on the table and the mouse actions and keys that apply to it.

The rules themselves come from the variant (`Variant.description`, written once in the model); only
how the window is driven lives here, since that is the view's business.
"""
from __future__ import annotations

from game.i18n import N_, NC_, _, ngettext, pgettext
from game.moves import PileKind
from game.variants import Variant, rules_for

# Marked here, translated when the help is shown. Key names that are words (Ctrl, Shift, Space,
# Enter, Esc, Tab, Arrows) are in the "key" context: a German keyboard says Strg, Leertaste, Eingabe.
COMMON_KEYS = [
    (NC_("key", "F2 / Ctrl+N"), N_("new deal")),
    (NC_("key", "Ctrl+R / F5"), N_("restart this deal")),
    (NC_("key", "Ctrl+G"), N_("deal by number")),
    ("G", N_("choose a game")),
    (NC_("key", "Ctrl+Z"), N_("undo a move")),
    (NC_("key", "Ctrl+Y / Ctrl+Shift+Z"), N_("redo")),
    ("H", N_("hint")),
    (NC_("key", "Ctrl+D"), N_("play the rest (Solve)")),
]
LATER_KEYS = [
    ("+ / -", N_("animation faster / slower")),
    ("M", N_("sound on/off")),
    ("S", N_("statistics")),
    ("O", N_("settings")),
    ("W", N_("winnable deals only")),
    ("F11", N_("full screen")),
    ("F1", N_("this help")),
    (NC_("key", "Arrows / Tab"), N_("move the keyboard focus")),
    (NC_("key", "Space / Enter"), N_("pick up and drop")),
    (NC_("key", "Esc"), N_("cancel a drag / close")),
    (NC_("key", "Ctrl+Q"), N_("quit")),
]


def mouse_help(variant: Variant) -> str:
    """How the mouse plays this game, told from what its table declares."""
    table, rules = variant.table, rules_for(variant)
    if table.click_plays_columns:
        return _("Click a column's top card to play it onto the foundation; click the stock to deal its next card there.")
    if table.stock_counts_deals:
        return _(
            "Click the stock to deal a card face up onto each column. Drag a card or a run, or click a card then "
            "a pile; what may move together is picked up together."
        )
    if table.stock_recycles:
        text = ngettext(
            "Click the stock to turn one card onto the waste, and the empty stock to turn the waste back over. "
            "Drag a card or a face-up run, or click a card then a pile; double-click sends a card home.",
            "Click the stock to turn {n} cards onto the waste, and the empty stock to turn the waste back over. "
            "Drag a card or a face-up run, or click a card then a pile; double-click sends a card home.",
            table.turned,
        ).format(n=table.turned)
        if rules.has_auto_finish:
            text += " " + _("Once every card is face up and the stock is empty, F finishes the game for you.")
        return text
    return " ".join(_other_games_help(variant))


def _other_games_help(variant: Variant) -> list[str]:
    """The help of a game whose stock, if it has one, goes through once: only the piles it has."""
    table = variant.table
    piles = (*(pile for group in table.top for pile in group), *table.side, *table.bottom)
    told = []
    if any(pile.kind is PileKind.STOCK for pile in piles):
        told.append(ngettext(
            "Click the stock to turn one card onto the waste (once through: there is no redeal).",
            "Click the stock to turn {n} cards onto the waste (once through: there is no redeal).",
            table.turned,
        ).format(n=table.turned))
    if table.cells:
        told.append(_(
            "Drag a card or a run, or click a card then a pile; double-click sends a card home, or else to "
            "a free cell. Cards that can safely go home go there by themselves while auto-play is on."
        ))
    else:
        told.append(_(
            "Drag a card or a run, or click a card then a pile; double-click sends a card home. Cards that "
            "can safely go home go there by themselves while auto-play is on."
        ))
    return told


def keys_help(variant: Variant) -> list[tuple[str, str]]:
    """The keys that do something in this game, in the order a player looks for them, in the language."""
    keys = list(COMMON_KEYS)
    rules = rules_for(variant)
    if rules.has_autoplay:
        keys.append(("A", N_("auto-play on/off")))
    if rules.has_auto_finish:
        keys.append(("F", N_("finish the game")))
    return [(pgettext("key", names), _(what)) for names, what in keys + LATER_KEYS]
