"""The rules: cards, variants, the show, the play machine, the deal and the game. Imports nothing above it."""
