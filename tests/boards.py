"""FreeCell boards that several test modules read, written once."""

# FreeCell deal 617, as `solitaire show --deal 617` prints it.
DEAL_617 = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: 7D TD TH KD 4C 4S JD
: AD 7S QC 5H QS TS KS
: 5C QD 3H 9S 9C 2H KC
: 3S AC 9D 3C 9H 5D 4H
: 5S 6D 6S 8S 7C JC
: 8C 8H 8D 7H 6H 6C
: 2D AS 3D 4D 2C JH
: AH KH TC JS 2S QH
"""

# Mid-game: cards on the foundations, two cells taken (7♣, K♦), column 8 empty: with the run of
# column 1, (2 + 1) × 2¹ = 6 cards may move onto K♥.
MID_GAME = """\
Foundations: H-6 C-6 D-6 S-6
Freecells: 7C - KD -
: QC JD TC 9D 8C 7D
: KH
: KS 7H 9C 8S
: QS 8H JC 7S
: JS TH KC 9H
: TS QH 8D
: 9S JH TD QD
:
"""

# Foundations H-5 C-5 D-5 S-4: the black Fives are not both home, the red Fours are. 9♦ covers 5♠;
# once 5♠ is home both black Fives are, so 6♥ becomes safe too. 6♣ 6♦ 6♠ are buried.
SAFE_HOME = """\
Foundations: H-5 C-5 D-5 S-4
Freecells: - - - -
: 6H
: KS 5S 9D
: 6C KH QC JH TC
: 6D KC QH JC TH
: 6S KD QS JD TS 9H
: 7H 8C 9C 7D 8D
: TD JS 9S 7C 8H
: QD 7S 8S
"""
