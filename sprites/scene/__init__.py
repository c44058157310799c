"""The table scene: one game on the table, the pointer and keys turned into intents, the assistant,
the card sprites and their animation, the rings round piles and the win show."""
