"""The contract of a kernel's optional part_moves (kernels/dispatch.py), checked on one position
against its legal_moves: (a) every incomplete part has a completion, (b) the whole moves reached by
expanding every part are legal moves, none twice, and lead to exactly the positions the legal
moves lead to (a kernel may leave out a move that gives the position another move gives), (c) no two
incomplete parts of one list lead to the same set of positions (P-9a) unless the kernel's own
`may_coincide` says those two can (by chance: penguins' different actions, see
tests/penguins/test_penguins_parts.py), and each list returns its
true number of entries past a buffer too small for it."""

from __future__ import annotations

import numpy as np

NO_PREFIX = -1


def part_list(module, words, prefix: int, room: int | None = None) -> list[tuple[int, bool]]:
    """The (code, whole) entries of one part_moves list, checking its true number on a small buffer."""
    room = room or module.MAX_MOVES
    out = np.empty(room, dtype=np.int64)
    whole = np.empty(room, dtype=np.uint8)
    n = module.part_moves(words, prefix, out, whole)
    assert n <= room, f"{n} parts: more than MAX_MOVES ({room})"
    entries = [(int(code), bool(flag)) for code, flag in zip(out[:n], whole[:n])]
    if n > 1:
        small = np.empty(1, dtype=np.int64)
        assert module.part_moves(words, prefix, small, np.empty(1, dtype=np.uint8)) == n  # the true number
        assert small[0] == entries[0][0]
    return entries


def positions_of(module, words, moves: list[int]) -> frozenset:
    """The positions the moves lead to, as bytes."""
    after = np.empty_like(words)
    found = set()
    for move in moves:
        module.apply(words, np.int64(move), after)
        found.add(after.tobytes())
    return frozenset(found)


def check_parts(module, words, may_coincide=None, events=None) -> tuple[int, int]:
    """Assert the part_moves contract on `words`; return (incomplete parts, whole moves) reached.
    may_coincide(a, b): whether parts a and b of one list may lead to the same positions (never
    without it); each such pair is counted as "coinciding parts" in the Counter `events`."""
    out = np.empty(module.MAX_MOVES, dtype=np.int64)
    legal = sorted(int(m) for m in out[:module.legal_moves(words, out)])
    reached: list[int] = []
    parts = 0
    pending = [NO_PREFIX]
    while pending:
        prefix = pending.pop()
        entries = part_list(module, words, prefix)
        completions: dict[int, list[int]] = {}
        for code, whole in entries:
            if whole:
                reached.append(code)
                continue
            parts += 1
            assert code != NO_PREFIX
            moves = whole_moves(module, words, code)
            assert moves, f"part {code} (of prefix {prefix}) has no completion"  # (a)
            completions[code] = moves
            pending.append(code)
        assert len(completions) == sum(1 for _, whole in entries if not whole), f"a part listed twice after {prefix}"
        first_with: dict[frozenset, int] = {}
        for code, moves in completions.items():  # (c)
            positions = positions_of(module, words, moves)
            other = first_with.setdefault(positions, code)
            if other != code:
                assert may_coincide is not None and may_coincide(other, code), \
                    f"parts {other} and {code} after {prefix} lead to the same positions"
                if events is not None:
                    events["coinciding parts"] += 1
    assert len(set(reached)) == len(reached), "a whole move reached twice"  # (b)
    assert set(reached) <= set(legal), f"parts reach moves that are not legal: {sorted(set(reached) - set(legal))[:3]}"
    if len(reached) < len(legal):
        assert positions_of(module, words, reached) == positions_of(module, words, legal), "positions left out"
    return parts, len(reached)


def whole_moves(module, words, prefix: int) -> list[int]:
    """Every whole move reached from the part `prefix`, expanding the parts after it."""
    moves = []
    for code, whole in part_list(module, words, prefix):
        moves += [code] if whole else whole_moves(module, words, code)
    return moves
