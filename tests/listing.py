"""The coin rules re-derived from the paper's listing, for the tests only.

``listing_turn`` follows "Simulate Game With Coin Strategies" line by line
(with a fixed flip result instead of a random one), on a 101-entry board
list as the listing has it.
"""

from __future__ import annotations


def board_list(board) -> list[int]:
    out = [0] * (board.size + 2)
    for a, b in board.jumps:
        out[a] = b
    return out


def listing_turn(board, start: int, roll: int, flip_res: int) -> int:
    """One turn of the listing: flip_res is -1, 0 or +1 (the strategy's answer)."""
    n = board.size
    lst = board_list(board)
    pos = start + roll
    if pos > n + 1:
        pos -= roll
        flip_res = 0
    else:
        pos += flip_res
    if pos > n:
        pos = pos - (flip_res + roll)
    if lst[pos] != 0:
        pos = lst[pos]
    return pos


def listing_strategy(k: int, board, pos: int) -> bool:
    """Whether the listing's strategy k (3..6, or 0/2) flips at landing ``pos`` (deterministic ones)."""
    n = board.size
    lst = board_list(board) + [0]
    if pos == n:
        return False
    if k == 0:
        return False
    if k == 2:
        return True
    if pos > n:
        return True
    if k == 3:
        return not (lst[pos] > pos)
    if k == 4:
        return lst[pos] < pos and lst[pos] != 0
    if k == 5:
        if lst[pos] < pos and lst[pos] != 0:
            return True
        if lst[pos] > pos:
            return False
        return lst[pos - 1] > pos or lst[pos + 1] > pos
    if k == 6:
        if lst[pos] < pos and lst[pos] != 0:
            return True
        if lst[pos] > pos:
            return False
        if lst[pos - 1] < pos and lst[pos - 1] != 0:
            return False
        if lst[pos + 1] < pos and lst[pos + 1] != 0:
            return False
        return True
    raise ValueError(k)
