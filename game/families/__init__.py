"""The families of games: each module declares a family and its games (`game.variants` gathers them)."""
