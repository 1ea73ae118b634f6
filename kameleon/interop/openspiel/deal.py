"""The deal as OpenSpiel chance nodes: a uniform choice among `deals` seeds, written as digits.

One chance node over 65,536 outcomes makes every sampler (OpenSpiel's `rl_environment`, MCTS)
read a 65,536-entry list at each new game, about 10 ms through pybind11. The same uniform
choice is made here digit by digit: `deal_outcomes` (the base, default 256) outcomes per node,
most significant digit first, so the default 65,536 deals take two nodes of 256 outcomes. When
`deals` is not a power of the base, each digit is weighted by the number of deals below it, so
every deal keeps probability exactly `1 / deals`. With `deals <= deal_outcomes` there is a single
node whose outcome is the deal number itself.

Each node's outcome list is built once and shared (only its probabilities depend on where
the node is, and there are at most three distinct lists per digit position).

>>> deal = Deal(deals=1000, base=32)
>>> deal.digits, deal.actions(999), deal.number(deal.actions(999))
(2, [31, 7], 999)
>>> [p for _, p in deal.outcomes(())][-2:] == [32 / 1000, 8 / 1000]
True
>>> len(deal.outcomes((31,)))  # deals 992 to 999
8
"""

from __future__ import annotations

import random


class Deal:
    """The chance nodes that choose a deal number in `range(deals)`, `base` outcomes at most per node."""

    __slots__ = ("_lists", "_weights", "base", "deals", "digits")

    def __init__(self, deals: int, base: int) -> None:
        if deals < 1:
            raise ValueError(f"parameter 'deals' must be at least 1, not {deals}")
        if base < 2:
            raise ValueError(f"parameter 'deal_outcomes' must be at least 2, not {base}")
        self.deals = deals
        self.base = base
        digits, span = 1, base
        while span < deals:
            digits, span = digits + 1, span * base
        self.digits = digits
        """How many chance nodes choose a deal."""
        self._weights = [base ** (digits - 1 - i) for i in range(digits)]
        """Deals below one value of each digit, when none is cut off by `deals`."""
        self._lists: dict[tuple[int, int, int], list[tuple[int, float]]] = {}

    @property
    def max_outcomes(self) -> int:
        return min(self.deals, self.base)

    def outcomes(self, chosen: tuple[int, ...]) -> list[tuple[int, float]]:
        """(digit, probability) of the next node, after the digits `chosen`. Shared: do not mutate."""
        at = len(chosen)
        weight = self._weights[at]
        low = self.number(chosen) * self.base * weight  # the first deal below this node
        left = min(self.deals - low, self.base * weight)  # deals below this node
        full, rest = divmod(left, weight)
        key = (at, full, rest)
        found = self._lists.get(key)
        if found is None:
            found = [(digit, weight / left) for digit in range(full)]
            if rest:
                found.append((full, rest / left))
            self._lists[key] = found
        return found

    def number(self, chosen: tuple[int, ...]) -> int:
        """The number the digits `chosen` write (the deal, once all are chosen)."""
        value = 0
        for digit in chosen:
            value = value * self.base + digit
        return value

    def legal(self, chosen: tuple[int, ...], digit: int) -> bool:
        return 0 <= digit < self.base and self.number((*chosen, digit)) * self._weights[len(chosen)] < self.deals

    def actions(self, deal: int) -> list[int]:
        """The chance actions, node by node, that choose `deal`."""
        if not 0 <= deal < self.deals:
            raise ValueError(f"deal {deal} does not exist: the deals are 0 to {self.deals - 1}")
        digits = []
        for _ in range(self.digits):
            deal, digit = divmod(deal, self.base)
            digits.append(digit)
        return digits[::-1]

    def sample(self, chosen: tuple[int, ...], rng: random.Random) -> list[int]:
        """Digits completing `chosen`, uniform among the deals that start with it."""
        weight = self._weights[len(chosen) - 1] if chosen else self.deals
        low = self.number(chosen) * weight if chosen else 0
        count = min(self.deals - low, weight)
        return self.actions(low + rng.randrange(count))[len(chosen) :]
