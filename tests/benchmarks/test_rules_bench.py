"""Speed of the exact attack odds against a naive reference: simulating attacks.

Target (issue 4): <= 1 ms per attack's odds. The reference is the obvious way to get odds
without the maths - resolve 1,000 seeded attacks through the engine and count - measured in the
same run; each benchmark prints its median and the ratio. Run with ``--benchmark-enable``.
"""

import sys
from pathlib import Path
from typing import Any

from battlemap.rules.dice import RandomDice
from battlemap.rules.savage_pathfinder import AttackContext, RangeBand, attack_odds, resolve_attack

sys.path.insert(0, str(Path(__file__).parent.parent / "rules"))
from spf_people import goblin, hero

MEDIANS: dict[str, float] = {}
ATTACKER, DEFENDER, CONTEXT = hero(), hero("h2"), AttackContext(joker=True)


def _median(benchmark: Any) -> float:
    stats = benchmark.stats
    return float(stats.stats.median) if stats is not None else float("nan")


def _report(name: str, benchmark: Any) -> None:
    MEDIANS[name] = _median(benchmark)
    print(f"\n{name}: median {MEDIANS[name] * 1e3:.3f} ms")
    if {"exact odds", "simulate 1,000 attacks"} <= MEDIANS.keys():
        ratio = MEDIANS["simulate 1,000 attacks"] / MEDIANS["exact odds"]
        print(f"exact odds are {ratio:.0f}x faster than simulating 1,000 attacks")


def test_exact_attack_odds(benchmark: Any) -> None:
    odds = benchmark(attack_odds, ATTACKER, DEFENDER, "Longsword", CONTEXT)
    assert abs(sum(odds.wounds) - 1) < 1e-12
    _report("exact odds", benchmark)


def test_exact_odds_of_a_ranged_attack(benchmark: Any) -> None:
    context = AttackContext(range_band=RangeBand.LONG)
    odds = benchmark(attack_odds, ATTACKER, goblin(), "Shortbow", context)
    assert 0 < odds.hit < 1
    _report("exact odds (Shortbow, Long Range)", benchmark)


def _simulate(count: int) -> int:
    dice = RandomDice(seed=1)
    return sum(len(resolve_attack(ATTACKER, DEFENDER, "Longsword", CONTEXT, dice).events)
               for _ in range(count))


def test_reference_simulated_attacks(benchmark: Any) -> None:
    assert benchmark.pedantic(_simulate, args=(1000,), rounds=5, iterations=1) > 1000
    _report("simulate 1,000 attacks", benchmark)
