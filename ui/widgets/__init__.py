"""Pieces every page draws with: the board, tiles and lines, seats, feedback, shared words."""
