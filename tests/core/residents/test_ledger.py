"""The ledger: what a resident holds per device, and the eviction order (least recently
used first, never one the model does not need gone, no more than needed)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from studio.core.residents.ledger import DeviceBytes, Holding, evictions, occupied

BUDGETS = {"gpu0": 8, "gpu1": 8, "host": 32}


def fits_by_bytes(
    residents: Sequence[Holding], need: dict[str, int]
) -> tuple[list[Sequence[Holding]], object]:
    """A byte judgement of fit (the planner's stand-in): the need beside the residents not
    gone stays within every budget. Returns the judgement and the calls it was asked."""
    asked: list[Sequence[Holding]] = []

    async def fits_without(gone: Sequence[Holding]) -> bool:
        asked.append(gone)
        held = occupied(h for h in residents if h not in gone)
        return all(held.get(k, 0) + v <= BUDGETS[k] for k, v in need.items())

    return asked, fits_without


def choose(
    residents: list[Holding], need: dict[str, int], at_least_one: bool = False
) -> list[str] | None:
    _, fits_without = fits_by_bytes(residents, need)
    gone = asyncio.run(evictions(residents, fits_without, at_least_one=at_least_one))  # type: ignore[arg-type]
    return None if gone is None else [h.name for h in gone]


def test_a_model_that_fits_beside_the_residents_evicts_nothing() -> None:
    residents = [Holding("a", {"gpu0": 4}), Holding("b", {"gpu1": 4})]
    assert choose(residents, {"gpu0": 3, "host": 2}) == []


def test_the_least_recently_used_of_those_in_the_way_goes() -> None:
    residents = [Holding("oldest", {"gpu0": 3}), Holding("middle", {"gpu0": 3})]
    assert choose(residents, {"gpu0": 4}) == ["oldest"]


def test_an_older_resident_not_in_the_way_stays() -> None:
    residents = [Holding("old-on-gpu1", {"gpu1": 6}), Holding("new-on-gpu0", {"gpu0": 6})]
    assert choose(residents, {"gpu0": 4}) == ["new-on-gpu0"]


def test_one_taken_early_that_a_later_larger_one_made_unnecessary_stays() -> None:
    residents = [Holding("small", {"gpu0": 1}), Holding("large", {"gpu0": 6})]
    assert choose(residents, {"gpu0": 6}) == ["large"]


def test_a_full_count_makes_one_go_even_when_bytes_would_not() -> None:
    residents = [Holding("a", {"host": 1}), Holding("b", {"host": 1})]
    assert choose(residents, {"host": 1}, at_least_one=True) == ["a"]
    assert choose([], {"host": 1}, at_least_one=True) is None


def test_not_enough_even_with_every_idle_resident_gone() -> None:
    assert choose([Holding("a", {"gpu0": 2})], {"gpu0": 9}) is None


def test_a_resident_holds_the_larger_of_its_plan_and_its_log() -> None:
    assert DeviceBytes("gpu0", "GPU 0", predicted=100, allocated=120).held == 120
    assert DeviceBytes("gpu0", "GPU 0", predicted=100, allocated=90).held == 100
    assert DeviceBytes("gpu0", "GPU 0", predicted=100).held == 100


sizes = st.dictionaries(st.sampled_from(sorted(BUDGETS)), st.integers(0, 8), max_size=3)


@given(st.lists(sizes, max_size=6), sizes, st.booleans())
def test_the_choice_makes_room_and_keeps_every_resident_it_can(
    held: list[dict[str, int]], need: dict[str, int], at_least_one: bool
) -> None:
    residents = [Holding(f"r{i}", size) for i, size in enumerate(held)]
    _, fits_without = fits_by_bytes(residents, need)

    def fits(gone: Sequence[Holding]) -> bool:
        return asyncio.run(fits_without(gone))  # type: ignore[operator, no-any-return]

    gone = asyncio.run(evictions(residents, fits_without, at_least_one=at_least_one))  # type: ignore[arg-type]
    if gone is None:
        assert not fits(residents) or (at_least_one and not residents)
        return
    assert fits(gone)
    assert not at_least_one or gone
    for resident in gone:
        rest = [r for r in gone if r is not resident]
        # Keeping any one of them back breaks the fit (or the count).
        assert not fits(rest) or (at_least_one and not rest)
