"""The deck's styles by name, known without loading the code that draws them: a start whose faces an
earlier run kept (see `face_cache`) draws no face, and FreeCell's table no back either, so `faces`,
`backs` and their pips load only when a card is first drawn."""
from __future__ import annotations

FACE_STYLES = ("pictured", "large-index")
INDEX_SCALE = {"pictured": 1.0, "large-index": 1.5}  # the corner index's size, against the pictured face's
BACK_STYLES = ("blue", "red", "green")
