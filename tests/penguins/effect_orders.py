"""A second method for counting the moves of an exploration whose effects trigger together (P-9a).

The engine lists the orders of the tent (P-16), the river (P-19), the seagull (P-11) and the krill
eggs (P-23) in a fixed list and keeps a version only where it gives a new position. This module
does not know that list: it tries every permutation of the effects that trigger, each krill egg
its own effect, carries each one out step by step with every choice it has (a river's
confluences and forks, the seagull's space, a krill egg's space), stops at a win (P-8) and counts
the different positions. It reuses the reference's single effects (the tent's turn, the river's
flow, laying an egg), not its orders. Positions with an emperor penguin, a seal or blazing tiles
are refused: their parts before and after the action are not counted here.
"""

from itertools import permutations

from solver.games.penguins import penguins_rules as ref


def follow_up_positions(state: ref.State, turn, entered, stop) -> set[tuple]:
    """The different positions (turn keys) that the effects triggered by an exploration give, in any order."""
    tent_turns, river_flows = ref._stop_triggers(state, turn, stop)
    gull_triggers = ref._seagull_moves(state, turn, entered)
    krill = sum(1 for s in entered if state.tile(s) is not None and state.tile(s).kind == ref.KRILL)
    effects = ["t"] * tent_turns + ["r"] * river_flows + ["g"] * gull_triggers
    positions: set[tuple] = set()
    for eggs in range(krill + 1):  # each krill egg is optional (P-23)
        for order in set(permutations(effects + ["k"] * eggs)):
            for after in _carry_out(state, turn, order, stop):
                positions.add(after.key())
    return positions


def _carry_out(state: ref.State, turn, order, stop):
    """Every turn that `order` (letters t, r, g, k) gives, one choice after another; a win ends it."""
    if not order or turn.won:
        yield turn
        return
    effect, rest = order[0], order[1:]
    if effect == "t":
        after = turn.copy()
        ref._turn_tent(state, after, state.tiles_of(ref.TENT)[0])
        yield from _carry_out(state, after, rest, stop)
    elif effect == "r":
        network = ref._river_network(state, stop)
        for priority in range(1 << ref.MAX_CONFLUENCE_CHOICES):
            for branches in range(1 << ref.MAX_BRANCH_CHOICES):
                after = turn.copy()
                used, contests = ref._flow(state, after, network, priority, branches)
                if branches < 1 << used and priority < 1 << contests:
                    yield from _carry_out(state, after, rest, stop)
    elif effect == "g":
        gull = ref.find_piece(turn.board, ref.SEAGULL)
        if gull is None:  # a river carried it off the board
            yield from _carry_out(state, turn, rest, stop)
            return
        empties = [s for s in range(state.size) if turn.board[s] is None]
        for target in empties or [None]:  # no empty space: it leaves the game
            after = turn.copy()
            after.board[gull] = None
            if target is not None:
                after.board[target] = ref.Piece(ref.SEAGULL)
            yield from _carry_out(state, after, rest, stop)
    else:
        for square in (s for s in range(state.size) if turn.board[s] is None):
            after = turn.copy()
            after.lay(state.to_move, square)
            yield from _carry_out(state, after, rest, stop)


def move_count(state: ref.State) -> int:
    """The number of moves of `state` (perft 1) with the effects of each exploration in every order."""
    if {ref.EMPEROR, ref.SEAL} & state.barrier_kinds or state.tiles_of(ref.BLAZING):
        raise ValueError("the emperor penguin, the seal and blazing tiles are not counted here")
    if ref.status(state, check_moves=False) != ref.ONGOING:
        return 0
    start = ref._Turn(state)
    count = 0
    for base in ref._base_actions(state, start):
        try:
            ways = list(ref._action_ways(state, start, base, None))
        except ref._Refused:
            continue
        for _, turn, entered, stop in ways:
            count += len(follow_up_positions(state, turn, entered, stop)) if base.action in ref.EXPLORATIONS else 1
    return count
