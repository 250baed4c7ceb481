"""Random penguins positions and games for the differential and property tests."""

from __future__ import annotations

import random

from solver.games.penguins import (
    EGG,
    HATCH,
    ICEBERG,
    PENGUIN,
    PLAY,
    SLIDE,
    STAR,
    Piece,
    Rules,
    State,
    new_game,
)


def random_position(rng: random.Random) -> State:
    """A valid random position: any size 4..8, icebergs, penguins and eggs of both sides.

    Supplies are often small so that games also end by an empty supply in the middle of a slide.
    """
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    spaces = list(range(width * height))
    rng.shuffle(spaces)
    rules = Rules(ply_cap=rng.choice((300, rng.randint(5, 60))), eggs=rng.randint(4, 16))
    board: list[Piece | None] = [None] * (width * height)
    take = iter(spaces)  # at most 6 icebergs + 8 penguins + 2 * (spaces // 4) eggs: always fits
    for _ in range(rng.randint(0, 6)):
        board[next(take)] = Piece(ICEBERG)
    assistants, stars, supply = [], [], []
    for side in (0, 1):
        on_board = rng.randint(0, rules.assistants)
        star = rng.random() < 0.4
        for _ in range(on_board):
            board[next(take)] = Piece(PENGUIN, side)
        if star:
            board[next(take)] = Piece(STAR, side)
        eggs = rng.randint(0, min(rules.eggs - 1, (len(spaces) - 14) // 2))
        for _ in range(eggs):
            board[next(take)] = Piece(EGG, side)
        assistants.append(rules.assistants - on_board)
        stars.append(0 if star else 1)
        supply.append(rng.randint(1, rules.eggs - eggs))
    return State(
        width=width,
        height=height,
        board=tuple(board),
        supply=tuple(supply),
        unused_assistants=tuple(assistants),
        unused_stars=tuple(stars),
        to_move=rng.randint(0, 1),
        phase=PLAY,
        ply=rng.randint(0, 3),
        rules=rules,
    )


def random_start(rng: random.Random) -> State:
    """A game start (setup phase) on a random size with random icebergs."""
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    icebergs = tuple(rng.sample(range(width * height), rng.randint(0, 5)))
    return new_game(width, height, icebergs, Rules(ply_cap=rng.choice((300, 80))))


def pick_move(rng: random.Random, moves: list):
    """A random move, biased towards slides and hatches so games reach penguin play quickly."""
    lively = [m for m in moves if m.action in (SLIDE, HATCH)]
    if lively and rng.random() < 0.7:
        return rng.choice(lively)
    return rng.choice(moves)

