"""Tasks for a DealPool in a test: module-level, so a spawned worker can import them."""
from __future__ import annotations

import time

SECONDS = 0.3


def slow(deal: int) -> int:
    """A deal that takes a moment, in which its worker can be stopped: its own number comes back."""
    time.sleep(SECONDS)
    return deal
