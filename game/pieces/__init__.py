"""The shared pieces a game's rules are declared with, as PySolFC builds a game from stack behaviours
and KPatience from `pileutils`: how cards build (`builds`), what columns let go of and take
(`columns`), what the foundations take (`foundations`), what the stock does (`stocks`), how a deal is
laid out (`deal`), and the one rules object that plays any declaration of them (`engine`).

A family declares its games' `Pieces` (`pieces.table`); `engine.PieceRules` answers every question of
the `Rules` interface from them, so a new game of a known kind is a page of declarations and the code
two games share is written once, here. Importing this package loads none of its modules.
"""
