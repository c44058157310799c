"""How the table looks, as the player chose it: the card faces, the backs and the felt.

The names are kept in the settings; a name this version does not draw (written by a newer one, or by
hand) falls back to the default, because a preference must never stop the window opening.
"""
from __future__ import annotations

from dataclasses import dataclass

from store.settings import BACK_STYLE, FACE_STYLE, FELT, Settings

from .backs import BACK_STYLES
from .faces import FACE_STYLES

# Each felt: the table's colour and the darker one behind the rows of cells, stock and foundations.
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": ((22, 102, 58), (16, 84, 46)),
    "blue": ((24, 72, 118), (17, 56, 96)),
    "red": ((120, 32, 40), (98, 24, 32)),
    "grey": ((70, 78, 84), (56, 62, 68)),
}


@dataclass(frozen=True)
class Look:
    face: str = FACE_STYLES[0]
    back: str = BACK_STYLES[0]
    felt: str = "green"

    @property
    def felt_colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        return FELTS[self.felt]


def _known(name: str, names: tuple[str, ...] | list[str], default: str) -> str:
    return name if name in names else default


def look_from(settings: Settings) -> Look:
    """The kept look, each unknown name replaced by its default."""
    default = Look()
    return Look(
        face=_known(settings.get(FACE_STYLE), FACE_STYLES, default.face),
        back=_known(settings.get(BACK_STYLE), BACK_STYLES, default.back),
        felt=_known(settings.get(FELT), list(FELTS), default.felt),
    )
