"""What F1 shows: the rules of the game on the table and the mouse actions and keys that apply to it.

The rules themselves come from the variant (`Variant.description`, written once in the model), and
how the mouse plays the game from its family (`Family.play_help`, read from the game's pieces); the
keys that drive the window live here, since they are the view's business.
"""
from __future__ import annotations

from game.i18n import N_, NC_, _, pgettext
from game.variants import Variant, family_of, rules_for, scorings_for

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
    (NC_("key", "Ctrl+S / Ctrl+O"), N_("save the game to a file / open one")),
]
LATER_KEYS = [
    ("+ / -", N_("animation faster / slower")),
    ("P", N_("pause (the clock stops, the cards hide)")),
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
    """How the mouse plays this game: its family says it, from the pieces its rules are made of."""
    return family_of(variant).play_help(variant)


def scoring_help(variant: Variant) -> str:
    """How the game may be scored (chosen in the settings), and where the figures come from; "" for a
    game that keeps no score."""
    modes = scorings_for(variant)
    if not modes:
        return ""
    # TRANSLATORS: the help's paragraph on scoring, before each way of scoring described
    heading = _("Scoring (chosen in the settings, from the next deal):")
    told = list(dict.fromkeys(mode.describe() for mode in modes))  # cumulative Vegas is told with Vegas
    return " ".join((heading, *told))


def keys_help(variant: Variant) -> list[tuple[str, str]]:
    """The keys that do something in this game, in the order a player looks for them, in the language."""
    keys = list(COMMON_KEYS)
    rules = rules_for(variant)
    if rules.has_autoplay:
        keys.append(("A", N_("auto-play on/off")))
    if rules.has_auto_finish:
        keys.append(("F", N_("finish the game")))
    return [(pgettext("key", names), _(what)) for names, what in keys + LATER_KEYS]
