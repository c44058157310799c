"""The model of every game: cards, deals, rules, sessions, solvers and storage.

Standard library only. The window, the terminal and the solver all drive this one model, so a rule
is stated once; a test makes sure pygame is never imported from here.
"""
