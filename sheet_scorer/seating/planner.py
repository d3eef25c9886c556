"""Plan the qualifying rounds' seating at once: the social golfer problem with seats, clubs and byes.

docs/rules.md §6 and §8. All functions here are pure (no I/O) and deterministic for a given seed:
generators seeded from the seed drive every choice, nothing follows the order of a set, and the
search is single-threaded and bounded by counted work, never by a clock, so two runs (or two
laptops) give the same seating.

The method, in four steps:

1. **Table sizes and byes.** Tables of 4 and as many of 3 as needed (n ≡ 1 mod 4 → three of 3,
   ≡ 2 → two, ≡ 3 → one); 5 players, or `Table Size` = 4, leave the remainder on a bye. Byes go to
   the lowest-ranked players who have not had one (by lot while there are no standings), at most
   one assigned bye per player while anyone else is still without one. Every later step keeps
   these sizes: the start is built with them (checked), and the search only swaps two players.
2. **Constructive start.** A fresh plan starts from a known design where one exists (designs.py:
   the affine plane of order 4 for 16 players, a 1-rotational design for 24 over 7 rounds, the
   Hermitian unital's resolvable (28, 4, 1) design for 28 over 9 rounds, each minus one point for
   15, 23 and 27, the stored optimum for 20 players over 7 rounds, and the fair plans stored for counts and
   rounds where a longer search once found fewer repeats than this one does); otherwise from a 4 × g grid
   (g = number of tables): in round r table j takes the cell (i, j + i·r) of every row i, in GF(4)
   for g = 4 and in Z_g otherwise (for g = 6 the 5 rounds stored in designs.GRID_6, since Z_6 gives 2),
   which repeats nobody for up to `_grid_bound(g)` rounds. With
   clubs, each club is packed into one grid row and every round takes one player of each row to
   every table, so club-mates never meet while the search swaps only within rows (when a club does
   not fit in a row, the greedy start below instead, which weighs clubs); the start without
   clubs is searched too (the budget left shared between them) and the cheaper plan kept, since
   keeping clubs apart in every round may cost repeats that outweigh the club pairs. Rounds beyond
   the construction, and every re-plan (rounds already played, drops, late entries, byes), are
   built greedily round by round: each player, in a seeded order, to the table where they meet the
   fewest people met before, the rounds played included, so a re-plan cannot rebuild the rounds
   played (its generator also differs: it mixes in the number of rounds played). A re-plan at
   tables of 4 also fixes first which seat each player takes in each planned round (the seats not
   yet taken in the event's block of 4 rounds, through a k-edge-colouring of players and seats) and
   seats one player of each seat at every table. The greedy rounds give the tables of 3 in turn (fewest so
   far, not the round before, longest since), which seats no more players at one in two rounds running than
   the sizes force; a fresh plan whose construction seats more is searched from the all-greedy start too (the
   budget shared), and the better kept in §6's order. With `--by standings` the start is the standings cut
   into consecutive tables.
3. **Tabu search over swaps** (Dotú & Van Hentenryck, "Scheduling social golfers locally",
   CPAIOR 2005). Plans rank by Σ (tables of 3 per player)² (FAIR each), then the players at a table of 3 in
   two rounds running (RUN each; §6 aim 2), then the rest of the cost, a sum over pairs: a pair that meets m > 1
   times (history included)
   costs REPEAT·(m−1) + SPREAD·(m−1)², so the number of repeated meetings is minimised first and
   then spread (a third meeting costs more than two second ones); a same-club pair at a table costs
   CLUB_FIRST in the event's round 1 (kept apart before anything else) and CLUB_LATER after (a
   repeat costs more than two club conflicts); with `--by standings` a pair costs RANK per place
   between their standings. Each step takes the best swap of a player in conflict
   with a player of another table in the same round whose move is not tabu (a player may not go
   back to a table it just left for a few steps, unless that beats the best plan found); after
   STALL steps without improvement the search restarts from the best plan with a few seeded random
   swaps. When the start has rows (clubs, or seats in a re-plan) the search first swaps only
   players of one row, then any two. It stops at a plan no plan can beat (the even share, the runs the sizes
   force, and the club-mates who must meet, plus the repeats counting forces: more meetings than pairs, or a player with more
   meetings than opponents), after PATIENCE·STALL steps without a better plan, or after `evaluations`
   swap evaluations (EVALUATIONS by default). The search keeps its best plan, and the start when the best is
   worse in §6's order (`quality`, which the weights only approximate), so a design or stored plan is kept.
4. **Seats afterwards**, with the tables fixed, block by block of 4 event rounds (rounds 1–4 first,
   then 5–8): in a block of tables of 4 only, a proper 4-edge-colouring of the bipartite
   player–table graph (König; built by alternating-path swaps): colour k is seat k, so every
   player takes a different seat in each round of the block, every seat once over rounds 1–4, and
   the event as evenly as it can be; in a block of 4 rounds with tables of 3, seat 4 first goes to one player
   of each table of 4 by a maximum matching (at most one each), then seats 1–3 by a 3-edge-colouring of the
   rest, so only the players the seat-4 places cannot reach take a seat twice. A re-plan keeps the seats fixed
   in step 2 when the search
   kept one player of each seat per table. Otherwise (tables of 3, or the search mixed the rows)
   each table starts with the permutation that best evens the seat counts so far (all 24 or 6
   tried), then a tabu search over swaps of two players' seats at one table minimises Σ (seat
   count)² within the block; at 3-player tables seat 4 does not exist. A re-plan within rounds 1–4 then anneals
   the rest of that block for the fewest players with a seat twice there (`_anneal_block`: seat swaps at a table,
   and swaps of players between tables of one size that cost no repeat nor club pair) in a second seating of the
   first attempt (up to ANNEALED players), and in a third also seats them by a SAT solver (`block_seats`: the
   fewest players with a seat twice there, down to those the tables of 4 cannot give seat 4), which the later
   repair then leaves as they are; each kept where no figure of the plan is worse and one is better. Continuing an event, a
   player whose seats stay uneven is swapped with a player of another table of that round when
   neither meets anyone again nor a club-mate, and both tables are seated anew, while that evens
   the seats (not with `--by standings`, whose tables are neighbours in the standings). If seats
   at tables of 4 are still uneven, steps 2–4 run again with the next of at most ATTEMPTS derived
   seeds, while the attempts together stay within one evaluation budget (swaps evaluated, plus
   SEAT_WORK per player seated), and the best plan is kept (fewest repeats, then club conflicts,
   then uneven seats). A smaller budget also shortens the seat search (one step per SEAT_STEP).
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from sheet_scorer.seating.block_seats import fewest_seats_twice
from sheet_scorer.seating.designs import GF4_MUL, GRID_6, best_plan, design

FAIR = 100_000  # per unit of Σ (tables of 3 per player)²: the share of tables of 3 first (§6 aim 2)
RUN = 20_000  # a player at a table of 3 in two rounds running: aim 2 too, above any swap's change in repeats
REPEAT = 1000
SPREAD = 50
CLUB_FIRST = 40  # a club pair at a table in the event's round 1; six of them (one swap's worth) < REPEAT
CLUB_LATER = 25
RANK = 10
STALL = 100
PATIENCE = 4  # the table search stops after PATIENCE·STALL steps without a better plan
STEPS = 2000  # steps of one table search run, at least (STEPS_EACH per player when more)
STEPS_EACH = 40
EVALUATIONS = 400_000  # swap evaluations per table search: the iteration bound (about a third of a second)
TENURE = 8
PASSES = 3  # passes of the seat repair over the planned rounds (continuing an event)
REPAIRS = 1500  # tables tried by the seat repair, at most
SEAT_WORK = 800  # what seating one player costs an attempt, in swap evaluations (for the shared budget)
BALANCE = 2000  # steps of the seat search, at most (fewer with a smaller evaluation budget: one per SEAT_STEP)
SEAT_STEP = 75
ATTEMPTS = 8  # table plans tried (seeded, bounded) while some player's seats are still uneven at tables of 4
SEATS = 4
ORDERED = 10  # up to this many planned rounds, their order is chosen to seat fewest at tables of 3 twice running
RELABELS = 40  # steps per player of the tabu search that relabels a fresh plan's players to keep clubs apart
ANNEAL = 8_000  # moves of the seat annealing of a re-plan within rounds 1-4, at the full seat budget
ANNEALED = 120  # up to this many players a re-plan within rounds 1-4 is also seated with the block annealed
ANNEAL_HEAT = 30.0  # its starting temperature, in units of seat-count excess
MOVE_TABLE = 0.3  # the share of the annealing's moves that swap players of two tables (else two seats at one)
UNEVEN = 100  # the annealing's weight of a player whose seats are uneven, against one unit of excess
PAIRED = 120  # up to this many players the search also tries paired swaps (a swap and its reverse in another round)


class SeatingError(ValueError):
    """The players cannot be seated as asked (too few players): `players` active, `least` needed for a table."""

    def __init__(self, message: str, players: int = 0, least: int = 3) -> None:
        super().__init__(message)
        self.players, self.least = players, least


@dataclass(frozen=True)
class SeatedRound:
    """One round's seating: each table's players in seat order (seat 1 first), and the byes."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    @property
    def players(self) -> set[str]:
        return {p for table in self.tables for p in table} | set(self.byes)


@dataclass(frozen=True)
class SeatingProblem:
    """What the optimiser is asked: who plays, how many rounds, and what happened before.

    `history` are the rounds already seated in this event (their seat order counts for balance,
    their tables for repeats); `ranking` the current standings, best first (empty before round 1);
    `clubs` maps a player to their club ('' or missing: none).
    """

    players: tuple[str, ...]
    rounds: int
    clubs: Mapping[str, str] = field(default_factory=dict)
    history: tuple[SeatedRound, ...] = ()
    ranking: tuple[str, ...] = ()
    fours_only: bool = False
    by_standings: bool = False
    seed: int = 0


def table_sizes(n: int, fours_only: bool = False) -> tuple[list[int], int]:
    """Table sizes for n players and the number of byes (docs/rules.md §6, §8)."""
    if fours_only:
        if n < 4:
            raise SeatingError(f"{n} active player(s): at least 4 are needed for a table of 4", n, 4)
        return [4] * (n // 4), n % 4
    if n < 3:
        raise SeatingError(f"{n} active player(s): at least 3 are needed for a table", n, 3)
    if n == 5:
        return [4], 1
    threes = (-n) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes, 0


def plan(problem: SeatingProblem, evaluations: int = EVALUATIONS) -> list[SeatedRound]:
    """Seat `problem.rounds` rounds at once: byes, tables (construction, tabu search), then seats.

    `evaluations` bounds the work (swap evaluations, see the docstring); a smaller budget gives a
    plan as legal (same table sizes, byes, determinism), only possibly with more repeats."""
    players = sorted(problem.players)
    sizes, bye_count = table_sizes(len(players), problem.fours_only)
    byes = choose_byes(problem, bye_count, random.Random(problem.seed))
    best: tuple[tuple[int, ...], list[SeatedRound]] | None = None
    spent = 0
    for attempt in range(ATTEMPTS):
        rng = random.Random(_mix(problem.seed, attempt, len(problem.history)))
        if problem.history or problem.by_standings:
            groups, work, seat_rows = _group(problem, players, sizes, byes, rng, evaluations)
            if not seat_rows and not any(byes) and not problem.by_standings:
                groups = _fewest_running(groups, problem.history[-1] if problem.history else None)
        else:
            groups, work, seat_rows = _fresh_groups(problem, players, sizes, byes, rng, evaluations)
        spent += work + SEAT_WORK * len(players)
        steps = min(BALANCE, evaluations // SEAT_STEP)
        state = rng.getstate()
        seated = _assign_seats(problem, groups, rng, steps, seat_rows)
        rounds = [SeatedRound(tables, tuple(round_byes)) for tables, round_byes in zip(seated, byes)]
        report = assess(rounds, problem.history, problem.clubs)
        ranked = quality(report)
        if not attempt and steps and _within_first_block(problem) and _first_block_uneven(problem, rounds):
            for solve in (False, True):  # annealed, then also seated by the solver: each kept if no figure is worse
                again = random.Random()
                again.setstate(state)  # the same seats up to the annealing
                annealed = _assign_seats(problem, groups, again, steps, seat_rows, anneal=True, solve=solve)
                other = [SeatedRound(tables, tuple(round_byes)) for tables, round_byes in zip(annealed, byes)]
                if _no_figure_worse(problem, other, rounds):
                    rounds, ranked = other, quality(assess(other, problem.history, problem.clubs))
        if best is None or ranked < best[0]:
            best = (ranked, rounds)
        if not report.unbalanced_players or 3 in sizes or not problem.history or spent > evaluations:
            break  # see the docstring, step 4: re-tries share one search budget
    assert best is not None  # ATTEMPTS ≥ 1
    return best[1]


def _fresh_groups(
    problem: SeatingProblem,
    players: list[str],
    sizes: list[int],
    byes: list[list[str]],
    rng: random.Random,
    evaluations: int,
) -> tuple[list[list[list[str]]], int, Rows]:
    """A fresh plan's tables: the plan without clubs with its players relabelled to keep clubs apart at no other
    cost, or, with clubs, the plan searched with them, whichever comes first in §6's order of aims."""
    groups, work, seat_rows = _group(replace(problem, clubs={}), players, sizes, byes, rng, evaluations)
    if not any(byes):
        groups = _fewest_running(groups, None)
    if not any(problem.clubs.get(p) for p in players):
        return groups, work, seat_rows
    work += _relabel_for_clubs(groups, problem.clubs, byes, evaluations // 4)
    together = assess([SeatedRound(tuple(map(tuple, rnd))) for rnd in groups], clubs=problem.clubs).club_conflicts
    if together <= bounds(problem).club_conflicts:
        return groups, work, seat_rows
    clubbed, more, rows = _group(problem, players, sizes, byes, rng, evaluations // 2)
    better = _table_aims(problem, clubbed) < _table_aims(problem, groups)
    return (clubbed, work + more, rows) if better else (groups, work + more, seat_rows)


def _fewest_running(groups: list[list[list[str]]], last: SeatedRound | None) -> list[list[list[str]]]:
    """The planned rounds in the order that seats fewest players at a table of 3 in two rounds running (after the
    last round played, `last`): reordering rounds changes no other figure before the seats, which come after.
    Exact, by dynamic programming over the subsets of rounds (at most 2^rounds · rounds² steps); the given order
    when no other is better."""
    small = [{p for t in rnd if len(t) == 3 for p in t} for rnd in groups]
    count = len(groups)
    if count < 2 or count > ORDERED or not any(small):
        return groups
    before = {p for t in last.tables if len(t) == 3 for p in t} if last else set()
    overlap = [[len(a & b) for b in small] for a in small]
    best: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
        (1 << r, r): (len(before & small[r]), (r,)) for r in range(count)
    }
    for mask in range(1, 1 << count):
        for r in range(count):
            if (mask, r) not in best:
                continue
            cost, order = best[(mask, r)]
            for nxt in range(count):
                if mask >> nxt & 1:
                    continue
                key = (mask | 1 << nxt, nxt)
                found = (cost + overlap[r][nxt], (*order, nxt))
                if key not in best or found < best[key]:
                    best[key] = found
    full = (1 << count) - 1
    cost, order = min(best[(full, r)] for r in range(count))
    given = len(before & small[0]) + sum(overlap[r][r + 1] for r in range(count - 1))
    return groups if given <= cost else [groups[r] for r in order]


def _relabel_for_clubs(
    groups: list[list[list[str]]], clubs: Mapping[str, str], byes: list[list[str]], evaluations: int
) -> int:
    """Club-mates apart at no other cost (§6 aim 5): a fresh plan's players swap places throughout (two players of
    the same byes exchange every seat they hold), which keeps every count of the other aims; a tabu search over such
    swaps keeps the plan with fewest club pairs (those in the event's round 1 weigh 2); in place, the work spent
    returned."""
    if not any(clubs.get(p) for rnd in groups for t in rnd for p in t):
        return 0
    where: dict[str, list[list[str]]] = {}
    for rnd in groups:
        for table in rnd:
            for p in table:
                where.setdefault(p, []).append(table)
    first = {p for table in groups[0] for p in table} if groups else set()
    out = {p: tuple(r for r, b in enumerate(byes) if p in b) for p in where}
    players, work = sorted(where), 0

    def cost(p: str, club: str, skip: str) -> int:
        """Club pairs that `club`'s player would make at p's tables (the event's round 1 counting twice)."""
        return sum(
            (2 if p in first and table is where[p][0] else 1)
            for table in where[p]
            for x in table
            if x not in (p, skip) and club and clubs.get(x) == club
        )

    rng, tabu = random.Random(len(players)), dict.fromkeys(players, -1)
    best_total, best_plan = None, [[list(t) for t in rnd] for rnd in groups]
    for step in range(RELABELS * len(players)):
        if work >= evaluations:
            break
        conflicted = [a for a in players if clubs.get(a) and cost(a, clubs[a], "")]
        total = sum(cost(a, clubs[a], "") for a in conflicted)
        if best_total is None or total < best_total:
            best_total, best_plan = total, [[list(t) for t in rnd] for rnd in groups]
        if not conflicted:
            break
        low, moves = None, []
        for a in conflicted:
            club_a = clubs[a]
            for b in players:
                club_b = clubs.get(b, "")
                if club_b == club_a or out[a] != out[b]:
                    continue
                work += SEATS * len(where[a])
                delta = cost(b, club_a, a) + cost(a, club_b, b) - cost(a, club_a, b) - cost(b, club_b, a)
                if (tabu[a] > step or tabu[b] > step) and total + delta >= best_total:
                    continue  # a pair just swapped does not swap back, unless that beats the best found
                if low is None or delta < low:
                    low, moves = delta, [(a, b)]
                elif delta == low:
                    moves.append((a, b))
        if not moves:  # every conflicted player just moved: wait for the tabu to pass
            continue
        a, b = rng.choice(moves)
        tabu[a] = tabu[b] = step + TENURE + rng.randrange(4)
        for table in {id(t): t for t in where[a] + where[b]}.values():
            table[:] = [b if x == a else a if x == b else x for x in table]
        where[a], where[b] = where[b], where[a]
    for rnd, kept in zip(groups, best_plan, strict=True):
        for table, members in zip(rnd, kept, strict=True):
            table[:] = members
    return work


def _mix(seed: int, attempt: int, played: int) -> int:
    """The generator seed of one attempt: the seed, the attempt and the rounds already played (a re-plan
    draws other choices than the plan it continues, though the seed and the players are almost the same)."""
    return seed + 1_000_003 * attempt + 7_919 * played


def choose_byes(problem: SeatingProblem, count: int, rng: random.Random) -> list[list[str]]:
    """Per planned round, `count` byes: lowest-ranked without a bye first; by lot without standings."""
    had = Counter(p for past in problem.history for p in past.byes)
    unranked = sorted(set(problem.players) - set(problem.ranking))
    rng.shuffle(unranked)  # no standings yet (round 1, late entries): by lot
    ranked = [p for p in problem.ranking if p in set(problem.players)]
    lowest_first = unranked + ranked[::-1]
    chosen: list[list[str]] = []
    for _ in range(problem.rounds):
        picked = sorted(lowest_first, key=lambda p: had[p])[:count]  # stable: fewest byes, then lowest
        had.update(picked)
        chosen.append(picked)
    return chosen


Rows = list[dict[str, int] | None]  # per planned round, each player's row (tables take one player of each row), or None


def _group(
    problem: SeatingProblem,
    players: list[str],
    sizes: list[int],
    byes: list[list[str]],
    rng: random.Random,
    evaluations: int,
) -> tuple[list[list[list[str]]], int, Rows]:
    """Who sits at which table in each planned round (constructive start, then tabu search), the swaps evaluated,
    and the seat each player was kept to per round when the start gave the seats (continuing an event), else []."""
    index = {p: i for i, p in enumerate(players)}
    found: tuple[tuple[int, ...], list[list[list[int]]], Rows] | None = None
    spent = 0
    starts = list(_starts(problem, players, sizes, byes, rng))
    for number, (start, rows, seat_rows) in enumerate(starts):
        if any(sorted(map(len, rnd)) != sorted(sizes) for rnd in start):  # never by construction; greedy is legal
            start, rows, seat_rows = _greedy(problem, players, sizes, byes, rng, []), [], False
        share = (evaluations - spent) // (len(starts) - number)  # the budget left, shared by the starts left
        first = [[[index[p] for p in t] for t in rnd] for rnd in start]
        search = _TableSearch(problem, players, index, [[list(t) for t in rnd] for rnd in first], rng, share)
        steps = max(STEPS, STEPS_EACH * len(players))
        if (
            rows
        ):  # first swap only players of one row, which keeps every table one player per row (clubs or seats apart)
            search.row = [[row[p] for p in players] if row else None for row in rows]
            search.reset(search.run(iterations=steps))
            search.row = None
        best = search.run(iterations=steps)
        spent += search.evaluations
        ranked: tuple[int, ...] = search.best
        if not problem.by_standings:  # by §6's order of aims, which the search's weights only approximate
            ranked = _table_aims(problem, _named(players, best))
            if _table_aims(problem, start) < ranked:  # a stored plan the search only made worse
                best, ranked = first, _table_aims(problem, start)
        if found is None or ranked < found[0]:
            found = (ranked, best, rows if seat_rows else [])
        if search.best <= search.least or spent >= evaluations:
            break
    assert found is not None
    return _named(players, found[1]), spent, found[2]


def _named(players: list[str], rounds: list[list[list[int]]]) -> list[list[list[str]]]:
    """Tables of player indices as tables of players."""
    return [[[players[i] for i in table] for table in rnd] for rnd in rounds]


def _table_aims(problem: SeatingProblem, groups: Sequence[Sequence[Sequence[str]]]) -> tuple[int, ...]:
    """`quality` of the planned tables after the rounds played, but the seats (which are given afterwards)."""
    aims = quality(assess([SeatedRound(tuple(map(tuple, rnd))) for rnd in groups], problem.history, problem.clubs))
    return aims[:4] + aims[6:]


Start = tuple[list[list[list[str]]], Rows, bool]


def _starts(
    problem: SeatingProblem, players: list[str], sizes: list[int], byes: list[list[str]], rng: random.Random
) -> Iterator[Start]:
    """The constructed first plans (module docstring, step 2), each with the rows it keeps apart (clubs packed into
    grid rows, or the seats players still need in the event's current block of 4 rounds) and whether the rows are
    seats. With clubs, the club construction first, then the one without clubs: a repeat costs more than a club
    pair, and where clubs cannot stay apart without repeats (16 players in 4 clubs of 4 over 5 rounds) the
    second wins."""
    if problem.by_standings:
        order = [p for p in problem.ranking if p in set(players)]
        late = [p for p in players if p not in set(order)]
        rng.shuffle(late)
        yield [_cut([p for p in order + late if p not in set(out)], sizes) for out in byes], [], False
        return
    if problem.history or any(byes):
        needed = _needed_seats(problem, players, sizes, byes, rng)
        yield _greedy(problem, players, sizes, byes, rng, [], needed), needed, True
        return
    g = len(sizes)
    if any(problem.clubs.get(p) for p in players) and g >= 3:
        grid, packed = _grid(players, problem.clubs, g, len(players), rng)
        constructed = _grid_rounds(grid, min(problem.rounds, _grid_bound(g)))
        constructed += [_transversal(grid, rng) for _ in range(problem.rounds - len(constructed))]
        rows = {p: i for i, row in enumerate(grid) for p in row if p is not None}
        if packed:
            yield constructed, [rows] * problem.rounds, False
        else:  # a club too large for a row: the greedy start, which weighs clubs at every table
            yield _greedy(problem, players, sizes, byes, rng, []), [], False
    plain = _plain_start(problem, players, sizes, byes, rng)
    yield plain, [], False
    if assess([SeatedRound(tuple(map(tuple, rnd))) for rnd in plain]).threes_running > bounds(problem).threes_running:
        yield _greedy(problem, players, sizes, byes, rng, []), [], False  # its tables of 3 in turn from round 1 on


def _plain_start(
    problem: SeatingProblem, players: list[str], sizes: list[int], byes: list[list[str]], rng: random.Random
) -> list[list[list[str]]]:
    """A fresh plan's start without regard to clubs: a stored design or plan, else the grid, then greedy rounds."""
    g = len(sizes)
    known = best_plan(len(players), problem.rounds) or design(len(players))
    if known:
        order = list(players)
        rng.shuffle(order)
        constructed = [[[order[p] for p in table] for table in rnd] for rnd in known[: problem.rounds]]
    elif g >= 4:
        constructed = _grid_rounds(_grid(players, {}, g, len(players), rng)[0], min(problem.rounds, _grid_bound(g)))
    else:
        constructed = []
    return constructed + _greedy(problem, players, sizes, byes[len(constructed) :], rng, constructed)


def _needed_seats(
    problem: SeatingProblem, players: list[str], sizes: list[int], byes: list[list[str]], rng: random.Random
) -> Rows:
    """Continuing an event at tables of 4 only, the seat each player takes in each planned round, block by block of
    4 event rounds: the seats not yet taken in the block (the seats taken least in the event first, for late
    entries), one player per seat and table, from a k-edge-colouring (König) of players and seat copies. Rounds
    where that fails (or with byes) get None, and their seats are searched afterwards (step 4)."""
    played, g = len(problem.history), len(sizes)
    if set(sizes) != {SEATS} or any(byes):
        return []
    counts = {p: [0] * SEATS for p in players}
    for past in problem.history:
        for table in past.tables:
            for s, p in enumerate(table):
                if p in counts:
                    counts[p][s] += 1
    rows: Rows = []
    while len(rows) < problem.rounds:
        first = played + len(rows)  # the event round (from 0) this block's planned rounds start at
        k = min(SEATS - first % SEATS, problem.rounds - len(rows))
        used: dict[str, set[int]] = {p: set() for p in players}
        for past in problem.history[first - first % SEATS :]:
            for table in past.tables:
                for s, p in enumerate(table):
                    if p in used:
                        used[p].add(s)
        block = _block_seats(
            players, {p: [s for s in range(SEATS) if s not in used[p]] for p in players}, counts, k, g, rng
        )
        if block is None:
            return rows + [None] * (problem.rounds - len(rows))
        for row in block:
            for p, s in row.items():
                counts[p][s] += 1
        rows.extend(block)
    return rows


def _block_seats(
    players: list[str], need: dict[str, list[int]], counts: dict[str, list[int]], k: int, g: int, rng: random.Random
) -> list[dict[str, int]] | None:
    """k rounds of seats: each player k different seats of `need`, each seat k·g times; None if the choice fails."""
    if any(len(need[p]) < k for p in players):
        return None  # a seat taken twice already in the block (seated by hand): no perfect block
    demand = Counter(s for p in players if len(need[p]) == k for s in need[p])
    flexible = [p for p in players if len(need[p]) > k]
    rng.shuffle(flexible)
    flexible.sort(key=lambda p: -(max(counts[p]) - min(counts[p])))  # stable: the most uneven choose first
    for p in flexible:  # late entries, and everyone at the start of a block: the seats the others leave free
        free = [s for s in need[p] if demand[s] < k * g]
        if len(free) < k:
            return None
        need[p] = sorted(free, key=lambda s: (counts[p][s], demand[s], s))[:k]
        demand.update(need[p])
    if any(demand[s] != k * g for s in range(SEATS)):
        return None
    taken = Counter[int]()
    chosen: list[tuple[str, int]] = []
    edges: list[tuple[object, object]] = []
    for p in players:
        for s in need[p]:
            chosen.append((p, s))
            edges.append((p, (s, taken[s] // k)))  # g copies of each seat, k players each: a k-regular graph
            taken[s] += 1
    rows: list[dict[str, int]] = [{} for _ in range(k)]
    for (p, s), c in zip(chosen, _edge_colouring(edges, k)):
        rows[c][p] = s
    return rows


def _grid_bound(g: int) -> int:
    """Rounds without a repeat from a 4 × g grid: 4 over GF(4) (g = 4; the rows would be a fifth, but they seat a
    club or a short last row together), 5 from the stored rounds for g = 6 (designs.GRID_6), else g / gcd(d, g)
    for the row differences d = 1, 2, 3 (Z_g)."""
    if g == 4:
        return 4
    if g == 6:
        return len(GRID_6)
    return min(g // math.gcd(d, g) for d in (1, 2, 3))


def _greedy(
    problem: SeatingProblem,
    players: list[str],
    sizes: list[int],
    byes: list[list[str]],
    rng: random.Random,
    before: list[list[list[str]]],
    rows: Sequence[dict[str, int] | None] = (),
) -> list[list[list[str]]]:
    """One round after another, each player in a seeded order to the table where they meet the fewest
    people met before (rounds played and `before` included: a re-plan cannot rebuild the rounds played),
    then club-mates; the tables of 3 go to those with the fewest tables of 3 so far, not at one the round before,
    longest since their last (aim 2 of §6: in a fresh plan the tables of 3 then pass round the players in turn, so
    no more sit at one in two rounds running than the sizes force). With rows for a round,
    row by row, and each table takes one player of each row."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    meet = [[0] * n for _ in range(n)]
    at_three, at_four, last, since = [0] * n, [0] * n, [False] * n, [-1] * n
    for number, earlier in enumerate((*(past.tables for past in problem.history), *before)):
        last = [False] * n
        for met in earlier:
            seated = [index[p] for p in met if p in index]
            for a, b in itertools.combinations(seated, 2):
                meet[a][b] += 1
                meet[b][a] += 1
            for a in seated:
                at_three[a] += len(met) == 3
                at_four[a] += len(met) == SEATS
                last[a] = len(met) == 3
                since[a] = number if len(met) == 3 else since[a]
    done = len(problem.history) + len(before)
    club = [problem.clubs.get(p, "") or "" for p in players]
    first = not problem.history and not before
    rounds = []
    for number, out in enumerate(byes):
        row = rows[number] if number < len(rows) else None
        playing = [index[p] for p in players if p not in set(out)]
        rng.shuffle(playing)
        playing.sort(key=lambda a: (at_three[a], last[a], since[a], -at_four[a]))  # stable: who sits at a table of 3
        threes = sum(1 for s in sizes if s != SEATS) * 3
        tables: list[list[int]] = [[] for _ in sizes]
        kinds = (
            (playing[:threes], [t for t, s in enumerate(sizes) if s != SEATS]),
            (playing[threes:], [t for t, s in enumerate(sizes) if s == SEATS]),
        )
        for group, choices in kinds:
            order = list(group)
            rng.shuffle(order)
            if row:
                order.sort(key=lambda a: row[players[a]])  # stable: row by row, each in seeded order
            weight = CLUB_FIRST if first else CLUB_LATER
            for a in order:
                best_cost, best_tables = None, []
                mine, own, mark = meet[a], club[a], row[players[a]] if row else None
                for t in choices:
                    table = tables[t]
                    if len(table) >= sizes[t] or (row and any(row[players[x]] == mark for x in table)):
                        continue
                    cost = 0
                    for x in table:
                        cost += _UP[mine[x]]
                        if own and club[x] == own:
                            cost += weight
                    key = (cost, len(table))
                    if best_cost is None or key < best_cost:
                        best_cost, best_tables = key, [t]
                    elif key == best_cost:
                        best_tables.append(t)
                tables[rng.choice(best_tables)].append(a)
        last = [False] * n
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
            for a in table:
                at_three[a] += len(table) == 3
                at_four[a] += len(table) == SEATS
                last[a] = len(table) == 3
                since[a] = done + number if len(table) == 3 else since[a]
        rounds.append([[players[a] for a in table] for table in tables])
        first = False
    return rounds


def _cut(order: list[str], sizes: list[int]) -> list[list[str]]:
    """Consecutive players into tables of the given sizes."""
    tables, at = [], 0
    for size in sizes:
        tables.append(order[at : at + size])
        at += size
    return tables


def _grid(
    players: list[str], clubs: Mapping[str, str], g: int, n: int, rng: random.Random
) -> tuple[list[list[str | None]], bool]:
    """A 4 × g grid of players, each club packed into one row where it fits (first fit decreasing); the last
    row's tail is empty (the tables of 3). True when every club is whole within one row (so one player per row
    and table keeps club-mates apart)."""
    capacity = [g, g, g, n - 3 * g]  # g ≥ 3 tables with at most three of 3 (g of 3 when n = 9)
    members: dict[str, list[str]] = {}
    for p in players:
        members.setdefault(clubs.get(p, "") or "", []).append(p)
    loose = members.pop("", [])
    rows: list[list[str]] = [[] for _ in range(SEATS)]
    packed = True
    for club in sorted(members, key=lambda c: (-len(members[c]), c)):
        group = members[club]
        rng.shuffle(group)
        fits = [i for i in range(SEATS) if capacity[i] - len(rows[i]) >= len(group)]
        if fits:
            rows[fits[0]].extend(group)
        else:
            packed = False
            loose.extend(group)
    rng.shuffle(loose)
    for i in range(SEATS):
        while len(rows[i]) < capacity[i]:
            rows[i].append(loose.pop())
    return [row + [None] * (g - len(row)) for row in rows], packed


def _grid_rounds(grid: list[list[str | None]], rounds: int) -> list[list[list[str]]]:
    """Round r, table j: cell (i, j + i·r) of each row i; GF(4) when g = 4, the stored rounds when g = 6, else Z_g
    (at most `_grid_bound` rounds)."""
    g = len(grid[0])
    planned = []
    for r in range(rounds):
        if g == 4:
            tables = [[grid[i][j ^ GF4_MUL[i][r % 4]] for i in range(SEATS)] for j in range(g)]
        elif g == 6:
            tables = [[grid[0][j], *(grid[i + 1][c] for i, c in enumerate(GRID_6[r][j]))] for j in range(g)]
        else:
            tables = [[grid[i][(j + i * r) % g] for i in range(SEATS)] for j in range(g)]
        planned.append([[p for p in t if p is not None] for t in tables])
    return planned


def _transversal(grid: list[list[str | None]], rng: random.Random) -> list[list[str]]:
    """A round taking one player of each row to every table (each row in a seeded order; the empty cells of the
    last row stay at the tables of 3 so the sizes are those of the grid)."""
    tables: list[list[str]] = [[] for _ in grid[0]]
    for row in grid:
        order = [p for p in row if p is not None]
        rng.shuffle(order)
        for j, p in enumerate(order):
            tables[j].append(p)
    return tables


def _pair_cost(meetings: int) -> int:
    """The cost of a pair that has met `meetings` times: repeats first, then their spread."""
    extra = meetings - 1
    return REPEAT * extra + SPREAD * extra * extra if extra > 0 else 0


_MOST = 64  # no pair meets this often in one event
_UP = [_pair_cost(m + 1) - _pair_cost(m) for m in range(_MOST)]  # cost change of one more meeting
_DOWN = [_pair_cost(m - 1) - _pair_cost(m) if m else 0 for m in range(_MOST)]  # … of one fewer


def _threes_before(problem: SeatingProblem, index: dict[str, int]) -> tuple[list[int], list[bool]]:
    """Per player (by index): tables of 3 in the rounds played, and whether the last round played was one."""
    threes, last = [0] * len(index), [False] * len(index)
    for r, past in enumerate(problem.history):
        for table in past.tables:
            for p in table:
                if p in index and len(table) == 3:
                    threes[index[p]] += 1
                    last[index[p]] = r == len(problem.history) - 1
    return threes, last


def _shared_threes(before: list[int], rounds: list[list[list[int]]]) -> list[int]:
    """Tables of 3 per player with the planned seats at them given one by one to a player with the fewest so far
    (at most one a round): the most even share there is, so its Σ² is a bound no plan beats."""
    counts, added = list(before), [0] * len(before)
    seats = sum(3 * sum(len(t) == 3 for t in rnd) for rnd in rounds)
    heap = [(c, i) for i, c in enumerate(counts)]
    heapq.heapify(heap)
    while seats and heap:
        c, i = heapq.heappop(heap)
        counts[i], added[i], seats = c + 1, added[i] + 1, seats - 1
        if added[i] < len(rounds):
            heapq.heappush(heap, (c + 1, i))
    return counts


def _fewest_runs(last: list[bool], rounds: list[list[list[int]]], n: int) -> int:
    """Players at a table of 3 in two rounds running that no plan avoids: more such seats in two rounds than players."""
    seats = [3 * sum(len(t) == 3 for t in rnd) for rnd in rounds]
    forced = max(0, seats[0] - (n - sum(last))) if seats else 0
    return forced + sum(max(0, a + b - n) for a, b in itertools.pairwise(seats))


class _TableSearch:
    """Tabu search over swaps of two players of one round (module docstring, step 3)."""

    def __init__(
        self,
        problem: SeatingProblem,
        players: list[str],
        index: dict[str, int],
        rounds: list[list[list[int]]],
        rng: random.Random,
        evaluations: int = EVALUATIONS,
    ) -> None:
        n = len(players)
        self.rng = rng
        self.budget = evaluations
        self.row: list[list[int] | None] | None = None  # when set, per round: only players of one row are swapped
        self.tenure = TENURE
        self.evaluations = 0
        self.best = (0, 0, 0)  # the best plan the last run found, by `key`
        self.rounds = rounds
        self.meet = [[0] * n for _ in range(n)]
        for past in problem.history:
            for played in past.tables:
                seated = [index[p] for p in played if p in index]
                for a, b in itertools.combinations(seated, 2):
                    self.meet[a][b] += 1
                    self.meet[b][a] += 1
        fewest = [sum(row) for row in self.meet]  # meetings each player will have had at least, history first
        for rnd in rounds:
            smallest = min(map(len, rnd)) - 1
            for table in rnd:
                self._count(table, +1)
                for a in table:
                    fewest[a] += smallest
        self.apart = self._standings_apart(problem, players)
        self.club_cost = [CLUB_FIRST if r == 0 and not problem.history else CLUB_LATER for r in range(len(rounds))]
        self.where = [{p: t for t, table in enumerate(rnd) for p in table} for rnd in rounds]
        self.club = [problem.clubs.get(p, "") or "" for p in players]
        self.small = [[len(table) == 3 for table in rnd] for rnd in rounds]  # tables of 3 (a swap keeps the sizes)
        self.history_threes, self.last_small = _threes_before(problem, index)
        self.threes = list(self.history_threes)
        for r, rnd in enumerate(rounds):
            for t, table in enumerate(rnd):
                if self.small[r][t]:
                    for a in table:
                        self.threes[a] += 1
        # A cost no plan can beat: club-mates who must meet, and (by standings) the start's own spread of
        # standings, which cuts the standings into consecutive tables and so is the closest grouping there is.
        self.floor = sum(self.club_cost[r] * self._fewest_club_pairs(rnd) for r, rnd in enumerate(rounds))
        # ... and the repeats no plan avoids (each costs at least REPEAT + SPREAD): more meetings than pairs, or
        # a player with more meetings than opponents (a swap may move a player between tables of 4 and of 3).
        meetings = sum(map(sum, self.meet)) // 2
        least = max(meetings - n * (n - 1) // 2, sum(max(0, m - (n - 1)) for m in fewest) // 2)
        self.floor += (REPEAT + SPREAD) * least
        if problem.by_standings:
            rank = {index[p]: i for i, p in enumerate(problem.ranking) if p in index}
            self.floor += sum(
                RANK * abs(rank.get(a, len(rank)) - rank.get(b, len(rank)))
                for rnd in rounds
                for table in rnd
                for a, b in itertools.combinations(table, 2)
            )

        self.squares = self.running = 0
        self.least = (
            sum(c * c for c in _shared_threes(self.history_threes, rounds)),
            _fewest_runs(self.last_small, rounds, n),
            self.floor,
        )

    def key(self, cost: int) -> tuple[int, int, int]:
        """A plan's place in §6's order of aims, from its weighted `cost`: tables of 3 shared out (Σ per player², then
        players at one in two rounds running), then the rest by weight (repeats, clubs, standings)."""
        return self.squares, self.running, cost - FAIR * self.squares - RUN * self.running

    @staticmethod
    def _standings_apart(problem: SeatingProblem, players: list[str]) -> list[list[int]] | None:
        """With `--by standings`, what sharing a table costs a pair: RANK per place between them."""
        if not problem.by_standings:
            return None
        rank = {p: i for i, p in enumerate(problem.ranking)}
        place = [rank.get(p, len(rank)) for p in players]
        return [[RANK * abs(place[a] - place[b]) for b in range(len(players))] for a in range(len(players))]

    def _fewest_club_pairs(self, rnd: list[list[int]]) -> int:
        """Club-mates who must share a table in this round however it is seated (a club larger than the tables)."""
        return _club_floor(Counter(self.club[p] for table in rnd for p in table if self.club[p]).values(), len(rnd))

    def _count(self, table: list[int], step: int) -> None:
        for a, b in itertools.combinations(table, 2):
            self.meet[a][b] += step
            self.meet[b][a] += step

    def _is_small(self, r: int, a: int) -> bool:
        """Whether player a sits at a table of 3 in planned round r (r = −1: the last round played)."""
        if r < 0:
            return self.last_small[a]
        t = self.where[r].get(a)  # None: a bye this round
        return t is not None and self.small[r][t]

    def _runs(self, r: int, a: int) -> int:
        """Rounds next to r in which a also sits at a table of 3."""
        return self._is_small(r - 1, a) + (r + 1 < len(self.rounds) and self._is_small(r + 1, a))

    def cost(self) -> int:
        """The plan's total cost (tables of 3 shared out, pairs meeting again, clubs together, standings apart)."""
        n = len(self.meet)
        self.squares = sum(c * c for c in self.threes)
        self.running = sum(
            self._is_small(r - 1, a) for r in range(len(self.rounds)) for a in range(n) if self._is_small(r, a)
        )
        total = FAIR * self.squares + RUN * self.running
        total += sum(_pair_cost(self.meet[a][b]) for a in range(n) for b in range(a + 1, n))
        club, apart = self.club, self.apart
        for r, rnd in enumerate(self.rounds):
            for a, b in (pair for table in rnd for pair in itertools.combinations(table, 2)):
                total += (self.club_cost[r] if club[a] and club[a] == club[b] else 0) + (apart[a][b] if apart else 0)
        return total

    def _conflicted(self, r: int) -> list[int]:
        """Players of round r who share a table with someone they meet again or with a club-mate, or sit at a table
        of 3 though they have had two more than someone else, or had one the round before or after."""
        club, found, threes = self.club, [], self.threes
        most = min(threes) + 1
        for t, table in enumerate(self.rounds[r]):
            small = self.small[r][t]
            for a in table:
                unfair = small and (threes[a] > most or self._runs(r, a))
                if unfair or any(b != a and (self.meet[a][b] > 1 or (club[a] and club[a] == club[b])) for b in table):
                    found.append(a)
        return found

    def _delta(self, r: int, a: int, b: int) -> int:
        """Cost change of swapping a and b (at different tables) in round r."""
        meet, up, down = self.meet, _UP, _DOWN
        home, away = self.rounds[r][self.where[r][a]], self.rounds[r][self.where[r][b]]
        meet_a, meet_b = meet[a], meet[b]
        delta = 0
        for x in home:
            if x != a:
                delta += down[meet_a[x]] + up[meet_b[x]]
        for y in away:
            if y != b:
                delta += down[meet_b[y]] + up[meet_a[y]]
        return delta + self._extra(r, a, b)

    def _extra(self, r: int, a: int, b: int) -> int:
        """The part of `_delta` that is not meetings: tables of 3 (their share and runs), clubs and standings; 0 when
        a and b sit at tables of one size, neither is in a club and the plan is not by standings."""
        club, apart = self.club, self.apart
        home, away = self.rounds[r][self.where[r][a]], self.rounds[r][self.where[r][b]]
        club_a, club_b = club[a], club[b]
        delta = 0
        small_a, small_b = self.small[r][self.where[r][a]], self.small[r][self.where[r][b]]
        if small_a != small_b:  # one moves to a table of 3, the other away from one
            to, off = (b, a) if small_a else (a, b)
            delta += FAIR * 2 * (self.threes[to] - self.threes[off] + 1) + RUN * (
                self._runs(r, to) - self._runs(r, off)
            )
        if club_a or club_b:
            together = sum(
                (club_b != "" and club_b == club[x]) - (club_a != "" and club_a == club[x]) for x in home if x != a
            )
            together += sum(
                (club_a != "" and club_a == club[y]) - (club_b != "" and club_b == club[y]) for y in away if y != b
            )
            delta += self.club_cost[r] * together
        if apart is not None:
            apart_a, apart_b = apart[a], apart[b]
            delta += sum(apart_b[x] - apart_a[x] for x in home if x != a) + sum(
                apart_a[y] - apart_b[y] for y in away if y != b
            )
        return delta

    def _swap(self, r: int, a: int, b: int) -> None:
        rnd, where = self.rounds[r], self.where[r]
        ta, tb = rnd[where[a]], rnd[where[b]]
        ta.remove(a)
        tb.remove(b)
        for x in ta:
            self.meet[a][x] -= 1
            self.meet[x][a] -= 1
            self.meet[b][x] += 1
            self.meet[x][b] += 1
        for y in tb:
            self.meet[b][y] -= 1
            self.meet[y][b] -= 1
            self.meet[a][y] += 1
            self.meet[y][a] += 1
        ta.append(b)
        tb.append(a)
        if self.small[r][where[a]] != self.small[r][where[b]]:
            to, off = (b, a) if self.small[r][where[a]] else (a, b)
            self.squares += 2 * (self.threes[to] - self.threes[off] + 1)
            self.running += self._runs(r, to) - self._runs(r, off)
            self.threes[to] += 1
            self.threes[off] -= 1
        where[a], where[b] = where[b], where[a]

    def share_threes(self) -> None:
        """Swap a player with the most tables of 3 with one with the fewest, in a round where only the first sits at
        one (the swap that costs least), while they differ by more than one: the share of aim 2 before the search."""
        for _ in range(len(self.threes) * len(self.rounds)):
            fewest, most = min(self.threes), max(self.threes)
            if most - fewest <= 1:
                return
            moves = [
                (self._delta(r, a, b), r, a, b)
                for a in (p for p, c in enumerate(self.threes) if c == most)
                for b in (p for p, c in enumerate(self.threes) if c == fewest)
                for r in range(len(self.rounds))
                if a in self.where[r] and b in self.where[r] and self._is_small(r, a) and not self._is_small(r, b)
            ]
            self.evaluations += len(moves) * 8
            if not moves:
                return
            _, r, a, b = min(moves)
            self._swap(r, a, b)

    def run(self, iterations: int) -> list[list[list[int]]]:
        """Search for at most `iterations` steps; the best plan found, tables as lists of player indices."""
        self.share_threes()
        current = self.cost()
        best, best_cost, best_plan = self.key(current), current, self._snapshot()
        tabu: dict[tuple[int, int, int], int] = {}
        stall = since_best = restarts = 0
        for step in range(iterations):
            if (
                best <= self.least
                or since_best > PATIENCE * STALL
                or self.evaluations >= self.budget
                or not self._has_work()
            ):
                break
            since_best += 1
            move = self._best_move(step, tabu, current, best_cost)
            if move is None or stall >= STALL:
                restarts += 1
                self._restart(best_plan, 2 + restarts % 6)
                current, stall = self.cost(), 0
                continue
            delta, r, a, b, r2 = move
            for rr in (r, r2) if r2 >= 0 else (r,):
                tabu[(rr, a, self.where[rr][a])] = step + self.tenure + self.rng.randrange(4)
                tabu[(rr, b, self.where[rr][b])] = step + self.tenure + self.rng.randrange(4)
                self._swap(rr, a, b)
            current += delta
            if self.key(current) < best:  # kept by aims: a plan fairer at tables of 3 beats any number of repeats
                best, best_cost, best_plan, stall, since_best = self.key(current), current, self._snapshot(), 0, 0
            else:
                stall += 1
        self.best = best
        return best_plan

    def _has_work(self) -> bool:
        """False when nothing can be improved by swaps (one table per round, or a single round with no pair costs)."""
        return any(len(rnd) > 1 for rnd in self.rounds)

    def _best_move(
        self, step: int, tabu: dict[tuple[int, int, int], int], current: int, best: int
    ) -> tuple[int, int, int, int, int] | None:
        """The best non-tabu move of a conflicted player (ties broken by the seeded generator): a swap with a player
        of another table of its round, or, between a table of 3 and one of 4, that swap and its reverse in another
        round (r2; −1 for none), which keeps both players' tables of 3 as they were while their rounds change."""
        candidates: list[tuple[int, int, int, int, int]] = []
        low = None
        pairs = len(self.meet) <= PAIRED
        meet, up, down, club = self.meet, _UP, _DOWN, self.club
        always = self.apart is not None  # by standings: every swap has a non-meeting part (`_extra`)
        for r, rnd in enumerate(self.rounds):
            conflicted = self._conflicted(r)
            if not conflicted:
                continue
            where, row, small = self.where[r], self.row[r] if self.row else None, self.small[r]
            leave = {p: sum(down[meet[p][x]] for x in table if x != p) for table in rnd for p in table}
            for a in conflicted:
                home, meet_a, leave_a = rnd[where[a]], meet[a], leave[a]
                small_a = small[where[a]]
                for t, table in enumerate(rnd):
                    if t == where[a]:
                        continue
                    self.evaluations += len(table)
                    join_a = sum(up[meet_a[y]] for y in table)
                    other_size = small[t] != small_a
                    for b in table:
                        if row is not None and row[b] != row[a]:
                            continue
                        meet_b = meet[b]  # `_delta` by parts: a leaves home and joins t, b the other way round
                        delta = leave_a + leave[b] + join_a - up[meet_a[b]]
                        for x in home:
                            if x != a:
                                delta += up[meet_b[x]]
                        if other_size or always or club[a] or club[b]:
                            delta += self._extra(r, a, b)
                        is_tabu = tabu.get((r, a, where[b]), -1) > step or tabu.get((r, b, where[a]), -1) > step
                        if not is_tabu or current + delta < best:
                            if low is None or delta < low:
                                low, candidates = delta, [(delta, r, a, b, -1)]
                            elif delta == low:
                                candidates.append((delta, r, a, b, -1))
                        if pairs and other_size and not is_tabu:
                            for move in self._paired(r, a, b):
                                if low is None or move[0] < low:
                                    low, candidates = move[0], [move]
                                elif move[0] == low:
                                    candidates.append(move)
        return self.rng.choice(candidates) if candidates else None

    def _paired(self, r: int, a: int, b: int) -> list[tuple[int, int, int, int, int]]:
        """The swap of a and b in round r followed by their swap back in each other round where they sit at tables
        of the other sizes, with the cost change of both (evaluated on the plan after the first)."""
        others = [
            r2
            for r2 in range(len(self.rounds))
            if r2 != r
            and a in self.where[r2]
            and b in self.where[r2]
            and self._is_small(r2, a) == self._is_small(r, b)
            and self._is_small(r2, b) == self._is_small(r, a)
        ]
        if not others:
            return []
        first = self._delta(r, a, b)
        self._swap(r, a, b)
        moves = [(first + self._delta(r2, a, b), r, a, b, r2) for r2 in others]
        self._swap(r, a, b)
        self.evaluations += 8 * len(others)
        return moves

    def reset(self, plan_: list[list[list[int]]]) -> None:
        """Continue from this plan (the best one found so far)."""
        self._restart(plan_, 0)

    def _snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in rnd] for rnd in self.rounds]

    def _restart(self, plan_: list[list[list[int]]], swaps: int) -> None:
        """Back to the best plan, perturbed by a few seeded random swaps (bounded, never a blind retry)."""
        for rnd in self.rounds:
            for table in rnd:
                self._count(table, -1)
        self.rounds[:] = [[list(t) for t in rnd] for rnd in plan_]
        for rnd in self.rounds:
            for table in rnd:
                self._count(table, +1)
        self.where = [{p: t for t, table in enumerate(rnd) for p in table} for rnd in self.rounds]
        self.threes = list(self.history_threes)
        for r, rnd in enumerate(self.rounds):
            for t, table in enumerate(rnd):
                if self.small[r][t]:
                    for a in table:
                        self.threes[a] += 1
        for _ in range(swaps):
            r = self.rng.randrange(len(self.rounds))
            rnd = self.rounds[r]
            if len(rnd) < 2:
                continue
            conflicted = self._conflicted(r)
            a = self.rng.choice(conflicted) if conflicted else self.rng.choice(self.rng.choice(rnd))
            row = self.row[r] if self.row else None
            others = [
                b
                for t, table in enumerate(rnd)
                if t != self.where[r][a]
                for b in table
                if row is None or row[b] == row[a]
            ]
            if others:
                self._swap(r, a, self.rng.choice(others))


def _assign_seats(
    problem: SeatingProblem,
    groups: list[list[list[str]]],
    rng: random.Random,
    steps: int = BALANCE,
    seat_rows: Sequence[dict[str, int] | None] = (),
    anneal: bool = False,
    solve: bool = False,
) -> list[tuple[tuple[str, ...], ...]]:
    """Seat order at every table so each player takes each starting seat as evenly as possible, over the
    event's rounds 1–4 first, then over each later block of 4 rounds (module docstring, step 4); with `anneal`, a
    re-plan within rounds 1–4 also anneals the rest of that block (`_anneal_block`)."""
    counts: dict[str, list[int]] = {p: [0] * SEATS for p in problem.players}
    sizes: dict[str, list[int]] = {p: [0, 0] for p in problem.players}  # games at tables of 4, of 3
    for past in problem.history:
        for played_table in past.tables:
            for s, p in enumerate(played_table):
                if p in counts:
                    counts[p][s] += 1
                    sizes[p][len(played_table) == 3] += 1
    played = len(problem.history)
    threes = any(len(t) == 3 for rnd in groups for t in rnd)
    pins = _event_seat_four(groups) if threes and not played and not problem.by_standings else {}
    seated: list[list[list[str]]] = []
    for start in range(len(groups)):
        if start and (played + start) % SEATS:
            continue
        block = groups[
            start : start + SEATS - (played + start) % SEATS
        ]  # the planned rounds of one block of 4 event rounds
        for rnd in block:
            for table in rnd:
                for p in table:
                    sizes[p][len(table) == 3] += 1
        kept = _seated_by_rows(
            block, [seat_rows[start + i] if start + i < len(seat_rows) else None for i in range(len(block))]
        )
        if kept is not None:
            ordered = kept
            for rnd in ordered:  # the seats the start gave and the search kept (continuing an event, tables of 4)
                for table in rnd:
                    _seat(table, counts)
        elif (played + start) % SEATS == 0 and all(len(t) == SEATS for rnd in block for t in rnd):
            ordered = _colour_seats(block)  # König: every player on a different seat in each round of the block
            for rnd in ordered:
                for table in rnd:
                    _seat(table, counts)
        elif (played + start) % SEATS == 0 and len(block) == SEATS:
            ordered = _colour_seats_with_threes(block, counts, pins)  # seat 4 by a matching, then König on seats 1-3
            for rnd in ordered:
                for table in rnd:
                    _seat(table, counts)
        else:
            ordered, pinned = [], set()
            for r, rnd in enumerate(block):
                tables = []
                for t, table in enumerate(sorted(rnd, key=sorted)):
                    if id(table) in pins:  # seat 4 as the event's matching gives it, the others as evenly as they go
                        holder = pins[id(table)]
                        best = [*_best_order([p for p in table if p != holder], counts), holder]
                        pinned.add((r, t))
                    else:
                        best = _best_order(table, counts)
                    _seat(best, counts)
                    tables.append(best)
                ordered.append(tables)
            bounds = {p: _seat_bound(*games) for p, games in sizes.items()}
            _balance_seats(ordered, counts, bounds, rng, steps, pinned)
            if anneal and start == 0:  # a re-plan within rounds 1-4 (`_within_first_block`)
                met = Counter(
                    frozenset(pair)
                    for rnd in (*(past.tables for past in problem.history), *groups[len(block) :], *ordered)
                    for table in rnd
                    for pair in itertools.combinations(table, 2)
                )
                _anneal_block(ordered, counts, bounds, rng, ANNEAL * steps // BALANCE, met, problem.clubs)
                if solve:
                    _search_block_seats(ordered, counts, problem.history)
        seated.extend(ordered)
    bounds = {p: _seat_bound(*games) for p, games in sizes.items()}
    later = seated[max(0, SEATS - played) :]  # seat 4 found after rounds 1-4 first, which keeps them seated once each
    _give_seat_four(later or seated, counts, bounds)
    if problem.history and not problem.by_standings and steps:  # by standings, the tables found keep their neighbours
        # the rest of rounds 1-4 as the solver seated it
        _regroup_for_seats(problem, seated, counts, bounds, steps, SEATS - played if solve else 0)
    return [tuple(tuple(t) for t in rnd) for rnd in seated]


def _give_seat_four(seated: list[list[list[str]]], counts: dict[str, list[int]], bounds: dict[str, int]) -> None:
    """Seat 4 for everyone who can have it (§6 aim 4): a player never on seat 4 takes it at one of their tables of 4
    from its holder, who takes it at another of theirs in turn, and so on (an augmenting path, as in a matching)
    to a holder who has had seat 4 more than once; kept only if no more players' seats are uneven, nor by more
    (in place)."""
    tables: dict[str, list[list[str]]] = {}
    for rnd in seated:
        for table in rnd:
            if len(table) == SEATS:
                for p in table:
                    tables.setdefault(p, []).append(table)

    def excess(players: set[str]) -> tuple[int, int]:
        """Players of `players` whose seats are less even than their games allow, and by how much in all."""
        over = [sum(c * c for c in counts[p]) - bounds[p] for p in players]
        return sum(o > 0 for o in over), sum(max(0, o) for o in over)

    for p in sorted(tables):
        if counts[p][SEATS - 1]:
            continue
        path = _seat_four_path(p, tables, counts)
        if path is None:
            continue
        involved = {p} | {table[SEATS - 1] for table in path}
        before = excess(involved)
        incoming, moves = p, []
        for table in path:
            holder = table[SEATS - 1]
            s = table.index(incoming)
            moves.append((table, list(table)))
            _unseat(table, counts)
            table[s], table[SEATS - 1] = holder, incoming
            table[: SEATS - 1] = _best_order(table[: SEATS - 1], counts)  # the others' seats as even as they go
            _seat(table, counts)
            incoming = holder
        after = excess(involved)
        if after[0] > before[0] or after[1] > before[1]:
            for table, previous in reversed(moves):
                _unseat(table, counts)
                table[:] = previous
                _seat(table, counts)


def _seat_four_path(
    start: str, tables: dict[str, list[list[str]]], counts: dict[str, list[int]], depth: int = 4
) -> list[list[str]] | None:
    """The tables of a shortest chain from `start` (never on seat 4) through seat-4 holders to one who has had it
    more than once, at most `depth` tables long (breadth first); None when there is none."""
    frontier: list[tuple[str, list[list[str]]]] = [(start, [])]
    seen = {start}
    for _ in range(depth):
        following = []
        for player, path in frontier:
            for table in tables.get(player, ()):
                holder = table[SEATS - 1]
                if holder == player or holder in seen or any(table is t for t in path):
                    continue
                if counts[holder][SEATS - 1] > 1:
                    return [*path, table]
                seen.add(holder)
                following.append((holder, [*path, table]))
        frontier = following
    return None


def _regroup_for_seats(
    problem: SeatingProblem,
    seated: list[list[list[str]]],
    counts: dict[str, list[int]],
    bounds: dict[str, int],
    steps: int = BALANCE,
    after: int = 0,
) -> None:
    """Continuing an event, the tables found may not let everyone take the seats they still need: swap such a
    player with one of another table of the same round when that makes no new meeting and no club conflict,
    and seat both tables anew, while that evens the seats (in place; PASSES passes, at most REPAIRS tables tried
    per 16 players, fewer with fewer seat `steps`)."""
    met: Counter[frozenset[str]] = Counter()
    for rnd in (*(past.tables for past in problem.history), *seated):
        for table in rnd:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    club, trials = problem.clubs, [REPAIRS * max(1, len(counts) // 16) * steps // BALANCE]
    for rnd in seated[after:] * PASSES:
        for a in sorted(p for p in counts if sum(c * c for c in counts[p]) > bounds[p]):
            if sum(c * c for c in counts[a]) <= bounds[a]:
                continue
            home = next((t for t in rnd if a in t), None)
            if home is None:
                continue
            for other in rnd:
                if other is home or len(other) != len(home):
                    continue
                if trials[0] <= 0:
                    return
                trials[0] -= 1
                if any(
                    _fits(a, b, home, other, met, club) and _reseat_pair(home, other, a, b, counts, met) for b in other
                ):
                    break


def _fits(
    a: str, b: str, home: list[str], other: list[str], met: Counter[frozenset[str]], club: Mapping[str, str]
) -> bool:
    """a may take b's place and b a's: neither meets anyone a second time nor sits with a club-mate."""

    def joins(p: str, table: list[str], leaving: str) -> bool:
        return not any(
            met[frozenset((p, x))] or (club.get(p) and club.get(p) == club.get(x)) for x in table if x != leaving
        )

    return joins(a, other, b) and joins(b, home, a)


def _reseat_pair(
    home: list[str], other: list[str], a: str, b: str, counts: dict[str, list[int]], met: Counter[frozenset[str]]
) -> bool:
    """Swap a and b and seat both tables anew; kept (True) only if Σ seat count² of their players falls."""

    def squares(players: list[str]) -> int:
        return sum(c * c for p in players for c in counts[p])

    involved, old = home + other, (list(home), list(other))
    before = squares(involved)
    _unseat(home, counts)
    _unseat(other, counts)
    for table, members in ((home, [b if p == a else p for p in old[0]]), (other, [a if p == b else p for p in old[1]])):
        table[:] = _best_order(members, counts)
        _seat(table, counts)
    if squares(involved) < before:
        for new, previous in ((home, old[0]), (other, old[1])):
            met.subtract(frozenset(pair) for pair in itertools.combinations(previous, 2))
            met.update(frozenset(pair) for pair in itertools.combinations(new, 2))
        return True
    for table, previous in ((home, old[0]), (other, old[1])):
        _unseat(table, counts)
        table[:] = previous
        _seat(table, counts)
    return False


def _seat(table: list[str], counts: dict[str, list[int]]) -> None:
    for s, p in enumerate(table):
        counts[p][s] += 1


def _unseat(table: list[str], counts: dict[str, list[int]]) -> None:
    for s, p in enumerate(table):
        counts[p][s] -= 1


def _seated_by_rows(
    block: list[list[list[str]]], rows: Sequence[dict[str, int] | None]
) -> list[list[list[str]]] | None:
    """The block's tables in seat order by each player's row (seat), when every table has one player per row; else None."""
    ordered = []
    for row, rnd in zip(rows, block):
        if row is None or any(len({row[p] for p in t}) != len(t) for t in rnd):
            return None
        ordered.append([sorted(t, key=row.__getitem__) for t in rnd])
    return ordered


def _colour_seats(block: list[list[list[str]]]) -> list[list[list[str]]]:
    """Seats for up to 4 rounds of tables of 4 in which nobody takes a seat twice: a proper 4-edge-colouring of
    the bipartite table–player graph (König); colour s is seat s."""
    places = [(r, t, p) for r, rnd in enumerate(block) for t, table in enumerate(rnd) for p in table]
    edges: list[tuple[object, object]] = [((r, t), p) for r, t, p in places]
    seated = [[[""] * SEATS for _ in rnd] for rnd in block]
    for (r, t, p), s in zip(places, _edge_colouring(edges, SEATS), strict=True):
        seated[r][t][s] = p
    return seated


def _event_seat_four(groups: list[list[list[str]]]) -> dict[int, str]:
    """Seat 4 over a fresh plan with tables of 3: a maximum matching of tables of 4 (by `id`) to players, at most one
    each, the tables of rounds 1-4 matched first (Kuhn's augmenting paths keep a matched table matched), so rounds
    1-4 give seat 4 to as many as they can and the later rounds to those they could not (§6 aim 4)."""
    holder: dict[int, str] = {}
    held: dict[str, list[str]] = {}

    def augment(table: list[str], seen: set[str]) -> bool:
        for p in sorted(table):
            if p in seen:
                continue
            seen.add(p)
            if p not in held or augment(held[p], seen):
                holder[id(table)], held[p] = p, table
                return True
        return False

    for rnd in groups:
        for table in rnd:
            if len(table) == SEATS:
                augment(table, set())
    return holder


def _colour_seats_with_threes(
    block: list[list[list[str]]], counts: dict[str, list[int]], pins: Mapping[int, str] | None = None
) -> list[list[list[str]]]:
    """Seats for a block of 4 rounds with tables of 3 (no seat 4 there): each table of 4 gives seat 4 to one of its
    players, at most one seat 4 each (a maximum matching, those with fewest seat 4s so far first), then seats
    1-3 by a proper 3-edge-colouring (König) of what is left, a player without seat 4 split into three games and
    one: so everyone on seat 4 takes each seat once, and no more players take a seat twice than the seat-4
    places force (players beyond the tables of 4 × 4)."""
    slots = [(r, t) for r, rnd in enumerate(block) for t, table in enumerate(rnd) if len(table) == SEATS]
    holder: dict[tuple[int, int], str] = {}
    held: dict[str, tuple[int, int]] = {}
    for r, t in slots:  # the event's matching first (seat 4 where the later rounds need it), when given
        p = (pins or {}).get(id(block[r][t]))
        if p is not None and p not in held:
            holder[(r, t)], held[p] = p, (r, t)

    def augment(slot: tuple[int, int], seen: set[str]) -> bool:
        """Kuhn's augmenting path from a table of 4 without a seat-4 holder."""
        players = sorted(block[slot[0]][slot[1]], key=lambda p: (counts[p][SEATS - 1], p))
        for p in players:
            if p in seen:
                continue
            seen.add(p)
            if p not in held or augment(held[p], seen):
                holder[slot], held[p] = p, slot
                return True
        return False

    for slot in slots:
        if slot not in holder:
            augment(slot, set())
    for r, t in slots:  # a table no matching reaches: a player who has seat 4 elsewhere takes it again
        holder.setdefault((r, t), block[r][t][0])
    edges: list[tuple[object, object]] = []
    places: list[tuple[int, int, str]] = []  # each edge's round, table and player
    games = Counter(p for rnd in block for table in rnd for p in table)
    seen_games: Counter[str] = Counter()
    for r, rnd in enumerate(block):
        for t, table in enumerate(rnd):
            for p in table:
                if holder.get((r, t)) == p:
                    continue
                seen_games[p] += 1
                split = p not in held and games[p] > SEATS - 1 and seen_games[p] == games[p]
                edges.append(((r, t), (p, split)))
                places.append((r, t, p))
    seated = [[[""] * len(table) for table in rnd] for rnd in block]
    for (r, t, p), s in zip(places, _edge_colouring(edges, SEATS - 1), strict=True):
        seated[r][t][s] = p
    for (r, t), p in holder.items():
        seated[r][t][SEATS - 1] = p
    return seated


def _edge_colouring(edges: list[tuple[object, object]], colours: int) -> list[int]:
    """A proper colouring of a simple bipartite graph (left, right) of largest degree ≤ `colours`, edge by edge:
    when no colour is free at both ends, swap two colours along an alternating path (a Kempe chain), which in
    a bipartite graph never returns to the edge's other end (König's edge-colouring theorem)."""
    at: dict[tuple[int, object], dict[int, object]] = {}  # (side, vertex) -> colour -> the vertex at the other end
    for u, v in edges:
        left, right = at.setdefault((0, u), {}), at.setdefault((1, v), {})
        a = min(c for c in range(colours) if c not in right)
        if a in left:
            b = min(c for c in range(colours) if c not in left)
            path, side, node, colour = [], 0, u, a
            while colour in at[(side, node)]:
                nxt = at[(side, node)][colour]
                path.append((side, node, nxt, colour))
                side, node, colour = 1 - side, nxt, b if colour == a else a
            for side_, x, y, c in path:
                del at[(side_, x)][c], at[(1 - side_, y)][c]
            for side_, x, y, c in path:
                other = b if c == a else a
                at[(side_, x)][other], at[(1 - side_, y)][other] = y, x
        left[a], right[a] = v, u
    return [next(c for c, w in at[(0, u)].items() if w == v) for u, v in edges]


_ORDERS = {m: tuple(itertools.permutations(range(m))) for m in range(1, SEATS + 1)}


def _best_order(table: Sequence[str], counts: dict[str, list[int]]) -> list[str]:
    """The seat order of these players whose seats they have taken least often so far (the first such order
    of the sorted players, as itertools.permutations gives them)."""
    players = sorted(table)
    rows = [counts[p] for p in players]
    if len(players) == SEATS:
        best = min(_ORDERS[SEATS], key=lambda q: rows[q[0]][0] + rows[q[1]][1] + rows[q[2]][2] + rows[q[3]][3])
    elif len(players) == 3:
        best = min(_ORDERS[3], key=lambda q: rows[q[0]][0] + rows[q[1]][1] + rows[q[2]][2])
    else:
        best = min(_ORDERS[len(players)], key=lambda q: sum(rows[i][s] for s, i in enumerate(q)))
    return [players[i] for i in best]


@functools.cache
def _seat_bound(games_at_four: int, games_at_three: int) -> int:
    """The smallest Σ count² for these games: as even as the seats allow (no seat 4 at a table of 3)."""
    games = games_at_four + games_at_three
    return min(fourth * fourth + _even(games - fourth, SEATS - 1) for fourth in range(games_at_four + 1))


def _club_floor(clubs: Iterable[int], tables: int) -> int:
    """The fewest same-club pairs at `tables` tables in one round, for clubs of these sizes (those playing): each
    club spread as evenly as it goes. Always reachable, whatever the sizes of the tables: deal the club players out
    club by club to the tables in turn, the tables of 4 first; each club gets its even spread, and a table gets a
    fourth player only once every table has three, so only tables of 4 do (§6 aim 5)."""
    return sum(_even(size, tables) - size for size in clubs) // 2


def _even(games: int, seats: int) -> int:
    """Σ count² of `games` spread as evenly as possible over `seats` seats."""
    q, rem = divmod(games, seats)
    return (seats - rem) * q * q + rem * (q + 1) * (q + 1)


def _balance_seats(
    seated: list[list[list[str]]],
    counts: dict[str, list[int]],
    bounds: dict[str, int],
    rng: random.Random,
    iterations: int = 2000,
    pinned: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
) -> None:
    """Tabu search over swaps of two seats at one table, minimising Σ seat count² (in place); at the `pinned`
    tables seat 4 stays whose it is."""
    where: dict[str, list[tuple[int, int]]] = {}
    for r, rnd in enumerate(seated):
        for t, table in enumerate(rnd):
            for p in table:
                where.setdefault(p, []).append((r, t))
    over = {p: sum(c * c for c in counts[p]) - bounds[p] for p in counts}
    unbalanced = {p for p, excess in over.items() if excess > 0}
    tabu: dict[tuple[int, int, str], int] = {}
    total = sum(over.values())
    best, since_best = total, 0
    for step in range(iterations):
        if not unbalanced or since_best > 4 * STALL:
            return
        low, moves = None, []
        for r, t in sorted({place for p in unbalanced for place in where[p]}):
            table = seated[r][t]
            for x, y in itertools.combinations(range(len(table) - ((r, t) in pinned)), 2):
                a, b = table[x], table[y]
                delta = 2 * (counts[a][y] - counts[a][x] + 1) + 2 * (counts[b][x] - counts[b][y] + 1)
                if (tabu.get((r, t, a), -1) > step or tabu.get((r, t, b), -1) > step) and delta >= 0:
                    continue
                if low is None or delta < low:
                    low, moves = delta, [(r, t, x, y)]
                elif delta == low:
                    moves.append((r, t, x, y))
        if low is None:
            return
        r, t, x, y = rng.choice(moves)
        table = seated[r][t]
        a, b = table[x], table[y]
        over[a] += 2 * (counts[a][y] - counts[a][x] + 1)
        over[b] += 2 * (counts[b][x] - counts[b][y] + 1)
        counts[a][x] -= 1
        counts[a][y] += 1
        counts[b][y] -= 1
        counts[b][x] += 1
        table[x], table[y] = b, a
        unbalanced = {p for p in unbalanced | {a, b} if over[p] > 0}
        tabu[(r, t, a)] = tabu[(r, t, b)] = step + 5 + rng.randrange(3)
        total += low
        best, since_best = (total, 0) if total < best else (best, since_best + 1)


def _anneal_block(
    seated: list[list[list[str]]],
    counts: dict[str, list[int]],
    bounds: dict[str, int],
    rng: random.Random,
    moves: int,
    met: Counter[frozenset[str]],
    clubs: Mapping[str, str],
) -> None:
    """Simulated annealing over swaps of two players' places in one round of `seated` (in place): two seats at one
    table, or two players of tables of one size when neither meets anyone at the other's table, in any round (`met`),
    nor a club-mate, so no aim before the seats gets worse; the fewest players whose seats are less even than their
    games allow (`bounds`), then the least excess in all. The best seating found is kept, and the search stops at the
    fewest that the seat-4 places allow."""
    tables = [table for rnd in seated for table in rnd]
    peers = [[other for other in rnd if len(other) == len(table)] for rnd in seated for table in rnd]
    players = sorted({p for table in tables for p in table})
    excess = {p: sum(c * c for c in counts[p]) - bounds[p] for p in players}
    least = _fewest_uneven(seated, counts, bounds)

    def weight(e: int) -> int:
        """An uneven player, and beyond one seat taken twice (excess 2) as if one more for each unit: a seat thrice
        in rounds 1-4 would leave the event's seats uneven whatever the later rounds give."""
        return UNEVEN * ((e > 0) + max(0, e - 2)) + e

    total = sum(weight(e) for e in excess.values())
    best, kept = total, [list(table) for table in tables]
    for step in range(moves):
        if best < UNEVEN * (least + 1):
            break
        heat = ANNEAL_HEAT * (1 - step / moves) + 0.05
        number = rng.randrange(len(tables))
        table = other = tables[number]
        x, y = rng.sample(range(len(table)), 2)
        if rng.random() < MOVE_TABLE:
            other = rng.choice(peers[number])
        a, b = table[x], other[y]
        if other is not table and not _no_worse(a, b, table, other, met, clubs):
            continue
        ca, cb = counts[a], counts[b]
        ea = excess[a] + 2 * (ca[y] - ca[x] + 1)
        eb = excess[b] + 2 * (cb[x] - cb[y] + 1)
        delta = weight(ea) + weight(eb) - weight(excess[a]) - weight(excess[b])
        if delta > 0 and rng.random() >= math.exp(-delta / heat):
            continue
        ca[x], ca[y], cb[y], cb[x] = ca[x] - 1, ca[y] + 1, cb[y] - 1, cb[x] + 1
        if other is not table:
            met.subtract(frozenset((a, p)) for p in table if p != a)
            met.subtract(frozenset((b, p)) for p in other if p != b)
            met.update(frozenset((b, p)) for p in table if p != a)
            met.update(frozenset((a, p)) for p in other if p != b)
        table[x], other[y] = b, a
        excess[a], excess[b] = ea, eb
        total += delta
        if total < best:
            best, kept = total, [list(t) for t in tables]
    for table, order in zip(tables, kept, strict=True):
        _unseat(table, counts)
        table[:] = order
        _seat(table, counts)


def _seat_four_matching(fours: list[list[str]], needing: set[str]) -> int:
    """The most tables of `fours` that can each give seat 4 to a different player of `needing` seated there."""
    holder: dict[str, int] = {}

    def augment(t: int, seen: set[str]) -> bool:
        for p in fours[t]:
            if p in needing and p not in seen:
                seen.add(p)
                if p not in holder or augment(holder[p], seen):
                    holder[p] = t
                    return True
        return False

    return sum(augment(t, set()) for t in range(len(fours)))


def _search_block_seats(
    ordered: list[list[list[str]]], counts: dict[str, list[int]], history: Sequence[SeatedRound]
) -> None:
    """The rest of rounds 1-4 in a re-plan seated again by a SAT solver (`block_seats`), in place and only when
    fewer players take a seat twice there; it stops at the players the tables of 4 cannot give seat 4."""
    tables = [table for rnd in ordered for table in rnd]
    taken, least = _block_needs(tables, history)
    games = Counter(p for table in tables for p in table)
    now = sum(len(taken[p]) + games[p] > len(taken[p] | {t.index(p) for t in tables if p in t}) for p in taken)
    found = fewest_seats_twice(tables, taken, least, now) if now > least else None
    for table, order in zip(tables, found, strict=True) if found else ():
        _unseat(table, counts)
        table[:] = order
        _seat(table, counts)


def _block_needs(tables: list[list[str]], history: Sequence[SeatedRound]) -> tuple[dict[str, set[int]], int]:
    """The seats each player of `tables` (the rest of rounds 1-4) took in the rounds played, and the fewest players
    who must take a seat twice there: those still without seat 4 beyond a maximum matching of the tables of 4 to
    them."""
    taken: dict[str, set[int]] = {p: set() for table in tables for p in table}
    for past in history:
        for table in past.tables:
            for s, p in enumerate(table):
                if p in taken:
                    taken[p].add(s)
    games = Counter(p for table in tables for p in table)
    needing = {p for p in taken if games[p] + len(taken[p]) == SEATS and SEATS - 1 not in taken[p]}
    return taken, len(needing) - _seat_four_matching([t for t in tables if len(t) == SEATS], needing)


def _within_first_block(problem: SeatingProblem) -> bool:
    """A re-plan after round 1, 2 or 3 of at most ANNEALED players, not by standings: its first planned rounds finish
    the event's rounds 1-4, and a second seating of them (annealed) is affordable."""
    return 0 < len(problem.history) < SEATS and not problem.by_standings and len(problem.players) <= ANNEALED


def _first_block_uneven(problem: SeatingProblem, rounds: list[SeatedRound]) -> int:
    """Players whose seats over the event's rounds 1-4 are less even than their games allow."""
    return len(assess(rounds[: SEATS - len(problem.history)], problem.history[:SEATS]).unbalanced_players)


def _no_figure_worse(problem: SeatingProblem, rounds: list[SeatedRound], than: list[SeatedRound]) -> bool:
    """Whether `rounds` is no worse than `than` in any figure of the seats or before them (repeats, players with a
    seat twice in rounds 1-4, uneven over the event, never on seat 4, club pairs), and better in one."""

    def figures(planned: list[SeatedRound]) -> tuple[int, ...]:
        report = assess(planned, problem.history, problem.clubs)
        return (
            *quality(report)[:4],
            _first_block_uneven(problem, planned),
            len(report.unbalanced_players),
            len(report.no_seat_four),
            report.club_conflicts,
        )

    new, old = figures(rounds), figures(than)
    return new != old and all(a <= b for a, b in zip(new, old, strict=True))


def _no_worse(
    a: str, b: str, home: list[str], other: list[str], met: Counter[frozenset[str]], club: Mapping[str, str]
) -> bool:
    """a may take b's place and b a's without more repeated meetings, a pair meeting a third time, or a club pair."""
    change = 0
    for p, leaving, joining, skip in ((a, home, other, b), (b, other, home, a)):
        mine = club.get(p)
        for x in leaving:
            if x != p:
                change -= met[frozenset((p, x))] > 1 or bool(mine and club.get(x) == mine) * 2
        for x in joining:
            if x != skip:
                if met[frozenset((p, x))] > 1:
                    return False
                change += met[frozenset((p, x))] > 0 or bool(mine and club.get(x) == mine) * 2
    return change <= 0


def _fewest_uneven(seated: list[list[list[str]]], counts: dict[str, list[int]], bounds: dict[str, int]) -> int:
    """A count no seating of these tables beats: players whose seat bound needs a seat 4 that the rounds before did not
    give, beyond the planned tables of 4 (one seat 4 each)."""
    planned = Counter(p for rnd in seated for table in rnd for p in table)
    four = Counter(p for rnd in seated for table in rnd if len(table) == SEATS for p in table)
    places = sum(len(table) == SEATS for rnd in seated for table in rnd)
    had = {
        p: counts[p][SEATS - 1] - sum(table[SEATS - 1] == p for rnd in seated for table in rnd if len(table) == SEATS)
        for p in planned
    }
    needing = [p for p in planned if not had[p] and bounds[p] == sum(counts[p]) and sum(counts[p]) == SEATS]
    stuck = sum(1 for p in needing if not four[p])
    return stuck + max(0, len(needing) - stuck - places)


@dataclass(frozen=True)
class SeatingBounds:
    """The best any plan of a problem could do on each figure of `SeatingReport` (§6: printed beside it): proven by
    counting, so a plan may not reach them all at once."""

    repeated_meetings: int  # … of a plan with the runs below (`_fewest_again`), else as `repeats_any_runs`
    threes: tuple[int, int]  # the fewest and most tables of 3 per player with the seats at them shared out evenly
    threes_running: int  # more seats at tables of 3 in two rounds running than players (the rounds played included)
    no_seat_four: int  # players with a game at a table of 4 and no seat 4 yet, beyond the seat-4 places left
    club_conflicts: int  # club-mates who must share a table, round by round (a club larger than the tables)
    repeats_any_runs: int = 0  # more meetings than pairs, a player with more than opponents, or `_fewest_again`
    uneven_seats: int = 0  # players out left uneven, and those never on seat 4 (above) with 4 games or more


def bounds(problem: SeatingProblem) -> SeatingBounds:
    """What no plan of `problem` beats, by counting (docs/rules.md §6, *the bounds*): the repeats for a plan at the
    counted runs (and without that aim), the share and runs of tables of 3, the seats, seat 4 and club conflicts."""
    players = sorted(problem.players)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    sizes, bye_count = table_sizes(n, problem.fours_only)
    shape = [[list(range(size)) for size in sizes]] * problem.rounds
    before, last = _threes_before(problem, index)
    shared = _shared_threes(before, shape)
    meetings, met = 0, [0] * n
    for past in problem.history:
        for table in past.tables:
            seated = [index[p] for p in table if p in index]
            meetings += len(seated) * (len(seated) - 1) // 2
            for a in seated:
                met[a] += len(seated) - 1
    meetings += problem.rounds * sum(s * (s - 1) // 2 for s in sizes)
    fewest = 0 if bye_count else problem.rounds * (min(sizes) - 1)  # a bye meets nobody: no per-player bound then
    repeats = max(meetings - n * (n - 1) // 2, sum(max(0, m + fewest - (n - 1)) for m in met) // 2)
    groups = _round_groups(problem, index, sizes, bye_count)
    byes = choose_byes(problem, bye_count, random.Random(problem.seed))  # the plan's own byes (`plan`)
    no_seat_four, uneven = _seat_bounds(problem, players, sizes, byes, max(shared, default=0))
    forced = sum(
        _club_floor(
            Counter(problem.clubs.get(p) for p in players if problem.clubs.get(p) and p not in out).values(), len(sizes)
        )
        for out in map(set, byes)
    )
    running = sum(
        len({p for t in a.tables if len(t) == 3 for p in t} & {p for t in b.tables if len(t) == 3 for p in t})
        for a, b in itertools.pairwise(problem.history)
    )
    return SeatingBounds(
        max(repeats, _fewest_again(problem, index, groups, True)),
        (min(shared, default=0), max(shared, default=0)),
        running + _fewest_runs(last, shape, n),
        no_seat_four,
        forced,
        max(repeats, _fewest_again(problem, index, groups, False)),
        uneven,
    )


def _seat_bounds(
    problem: SeatingProblem, players: list[str], sizes: list[int], byes: list[list[str]], high: int
) -> tuple[int, int]:
    """The players never on seat 4 and the players whose seats are uneven that no plan with the tables of 3 shared
    out (at most `high` each) avoids. Never on seat 4: the players who must have a game at a table of 4 (one played,
    more games than tables of 3 allowed, or no room at the tables of 3 and byes of a planned round) and have not
    started on seat 4, beyond the seat-4 places left. Each of them with 4 games or more is uneven too (one seat 4
    instead of a fourth game on seats 1–3 is more even), beside the players out whose rounds played left them
    uneven."""
    history, current = problem.history, set(players)
    had_four = {t[SEATS - 1] for past in history for t in past.tables if len(t) == SEATS}
    at_four = {p for past in history for t in past.tables if len(t) == SEATS for p in t}
    games = Counter(p for past in history for t in past.tables for p in t)
    games.update(p for out in byes for p in players if p not in out)
    free = current - had_four
    may_miss = {p for p in free if p not in at_four and games[p] <= high}  # each round at a table of 3 or a bye
    must = len(free) - min(len(may_miss), len(players) - SEATS * sizes.count(SEATS)) if SEATS in sizes else 0
    never = max(0, must - problem.rounds * sizes.count(SEATS)) if problem.rounds else 0
    uneven_out = len(set(assess(history).unbalanced_players) - current)
    return never, uneven_out + (never if all(games[p] >= SEATS for p in players) else 0)


Group = tuple[int, bool]  # a table (or a bye) of one round: its current players, and whether it is a table of 3
Tables = tuple[Group, ...]  # one round's
_NEVER = 1 << 30  # a cost no seating has: the players cannot be placed so


def _round_groups(problem: SeatingProblem, index: dict[str, int], sizes: list[int], byes: int) -> list[Tables]:
    """Every round's tables: the rounds played (their current players; a late entry or a player out alone), then the
    planned rounds (their sizes; a bye alone)."""
    rounds: list[Tables] = []
    for past in problem.history:
        groups = tuple(g for g in ((sum(p in index for p in t), len(t) == 3) for t in past.tables) if g[0])
        rounds.append(groups + ((1, False),) * (len(index) - sum(size for size, _ in groups)))
    return rounds + [tuple((size, size == 3) for size in sizes) + ((1, False),) * byes] * problem.rounds


def _pairs_in(players: int, groups: int) -> int:
    """The fewest pairs `players` players make at `groups` tables: spread as evenly as they go."""
    if not players:
        return 0
    return (_even(players, groups) - players) // 2 if groups else _NEVER


def _again_one_way(rows: Tables, cols: Tables, both: int) -> int:
    """A bound on the pairs at one table in both rounds: each table of the first round (`rows`) spreads its players
    as evenly as they go over the second round's tables of each kind, `both` of the first round's players at tables
    of 3 going to tables of 3 and the rest of those seats to players from tables of 4 (the second round's table
    sizes relaxed)."""
    small = sum(s for _, s in cols)
    kinds = (small, len(cols) - small)
    to_small = sum(size for size, s in cols if s)
    return _split_rows([size for size, s in rows if s], both, kinds) + _split_rows(
        [size for size, s in rows if not s], to_small - both, kinds
    )


def _split_rows(sizes: list[int], need: int, kinds: tuple[int, int]) -> int:
    """The fewest pairs of these tables' players meeting again when `need` of them go to the `kinds[0]` tables of 3
    and the rest to the `kinds[1]` others, each table's share spread evenly: separable and convex per table, so
    adding players one at a time where they cost least is exact."""

    def cost(k: int, size: int) -> int:
        return _pairs_in(k, kinds[0]) + _pairs_in(size - k, kinds[1])

    sent = [0 if kinds[1] else size for size in sizes]  # with no other tables, all to tables of 3
    high = [size if kinds[0] else 0 for size in sizes]
    need -= sum(sent)
    if need < 0 or need > sum(high) - sum(sent):
        return _NEVER
    total = sum(cost(k, size) for k, size in zip(sent, sizes))
    heap = [(cost(sent[i] + 1, size) - cost(sent[i], size), i) for i, size in enumerate(sizes) if sent[i] < high[i]]
    heapq.heapify(heap)
    for _ in range(need):
        step, i = heapq.heappop(heap)
        total, sent[i] = total + step, sent[i] + 1
        if sent[i] < high[i]:
            heapq.heappush(heap, (cost(sent[i] + 1, sizes[i]) - cost(sent[i], sizes[i]), i))
    return total


@functools.lru_cache(maxsize=4096)
def _again(first: Tables, second: Tables, both: range) -> int:
    """The fewest pairs at one table in two rounds with these tables, over the numbers in `both` of players at a table
    of 3 in the two (pigeonhole, both ways round); 0 when no number is possible. Cached: planned rounds repeat."""
    least = min((max(_again_one_way(first, second, x), _again_one_way(second, first, x)) for x in both), default=0)
    return 0 if least >= _NEVER else least


def _fewest_again(problem: SeatingProblem, index: dict[str, int], groups: list[Tables], runs_fewest: bool) -> int:
    """Repeats no plan avoids, by pigeonhole over the tables of the rounds (§6 aim 3's bound): the heavier of
    `_forest` and `_pools`. With `runs_fewest`, every two rounds running hold exactly the fewest players at a table
    of 3 in both (as every plan at the counted runs has, §6 aim 2), which ties the rounds' tables of 3 together."""
    n, played = len(index), len(problem.history)
    small = [{index[p] for t in past.tables if len(t) == 3 for p in t if p in index} for past in problem.history]
    seats = [sum(size for size, s in rnd if s) for rnd in groups]
    overlap = [
        len(small[r] & small[r + 1]) if r + 1 < played else max(0, seats[r] + seats[r + 1] - n) if runs_fewest else None
        for r in range(len(groups) - 1)
    ]
    both = _both_threes(seats, overlap, n)
    for i, j in itertools.combinations(range(played), 2):
        both[i][j] = both[j][i] = (len(small[i] & small[j]),) * 2
    return max(_forest(problem, index, groups, both), _pools(groups, both, n))


def _both_threes(seats: list[int], overlap: list[int | None], n: int) -> list[list[tuple[int, int]]]:
    """For every two rounds, the fewest and most players at a table of 3 in both: from the seats there, and from
    `overlap` (known for two rounds running, or None) carried round by round — of the players at a table of 3 in
    round i, those in j + 1 are, among those in j, at least the excess over round j's tables of 3 and over its
    other places."""
    count = len(seats)
    both = [[(0, 0)] * count for _ in range(count)]
    for i in range(count):
        low = high = seats[i]
        both[i][i] = (low, high)
        for j in range(i + 1, count):
            plain = (max(0, seats[i] + seats[j] - n), min(seats[i], seats[j]))
            o = overlap[j - 1]
            if o is None:
                low, high = plain
            else:
                middle, before = seats[j - 1], range(low, high + 1)
                low = min(max(0, y + o - middle) + max(0, seats[i] - y + seats[j] - o - (n - middle)) for y in before)
                high = max(min(y, o) + min(seats[i] - y, seats[j] - o) for y in before)
                low, high = max(low, plain[0]), min(high, plain[1])
            both[i][j] = both[j][i] = (low, high)
    return both


def _forest(
    problem: SeatingProblem, index: dict[str, int], groups: list[Tables], both: list[list[tuple[int, int]]]
) -> int:
    """A pair meeting in m rounds repeats m − 1 times, at least as often as it meets in two rounds joined by an edge
    of a forest over the rounds; so the pairs two rounds must share (`_again`, counted for two rounds played) summed
    over the heaviest spanning forest (Kruskal) are repeats no plan avoids."""
    played, edges = len(problem.history), []
    for i, j in itertools.combinations(range(len(groups)), 2):
        if j < played:
            met = Counter(
                frozenset(pair)
                for rnd in (i, j)
                for t in problem.history[rnd].tables
                for pair in itertools.combinations([p for p in t if p in index], 2)
            )
            weight = sum(m - 1 for m in met.values())
        else:
            low, high = both[i][j]
            weight = _again(groups[i], groups[j], range(low, high + 1))
        edges.append((weight, i, j))
    parent = list(range(len(groups)))

    def root(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    total = 0
    for weight, i, j in sorted(edges, reverse=True):
        if root(i) != root(j):
            parent[root(i)] = root(j)
            total += weight
    return total


def _pools(groups: list[Tables], both: list[list[tuple[int, int]]], n: int) -> int:
    """The players at a table of 3 in one round m, and the others: pairs within one of these two sets meet there
    in every round at least as often as `both` forces (a players of the set at round r's tables of 3 and the rest at
    its other tables, each part spread as evenly as the tables take), so the meetings beyond each set's pairs are
    repeats; the best round m counts."""
    best = 0
    for m, middle in enumerate(groups):
        inside = sum(size for size, s in middle if s)
        within = [0, 0]
        for r, rnd in enumerate(groups):
            threes = tuple(sorted(size for size, s in rnd if s))
            others = tuple(sorted(size for size, s in rnd if not s))
            low, high = both[m][r]
            there = sum(threes)
            within[0] += min(_fewest_pairs(a, threes) + _fewest_pairs(inside - a, others) for a in range(low, high + 1))
            within[1] += min(
                _fewest_pairs(there - a, threes) + _fewest_pairs(n - inside - there + a, others)
                for a in range(low, high + 1)
            )
        pairs = (inside * (inside - 1) // 2, (n - inside) * (n - inside - 1) // 2)
        best = max(best, sum(max(0, w - p) for w, p in zip(within, pairs) if w < _NEVER))
    return best


@functools.lru_cache(maxsize=4096)
def _fewest_pairs(players: int, tables: tuple[int, ...]) -> int:
    """The fewest pairs `players` players make at tables of these sizes (smallest first): filled as evenly as they
    take, the small ones full first."""
    if players > sum(tables):
        return _NEVER
    total = 0
    for i, size in enumerate(tables):
        rest = len(tables) - i
        if size * rest >= players:  # the rest take an even share each
            q, extra = divmod(players, rest)
            return total + (rest - extra) * q * (q - 1) // 2 + extra * q * (q + 1) // 2
        total, players = total + size * (size - 1) // 2, players - size
    return total


@dataclass(frozen=True)
class SeatingReport:
    """What the terminal tells the organiser about a seating (§6, in the order of its aims): tables of 3 per player
    and in two rounds running, repeats, seat balance, seat 4, clubs together."""

    repeated_meetings: int  # Σ over pairs of (meetings − 1), all rounds given
    most_meetings: int  # the most times any pair met
    unbalanced_players: tuple[str, ...]  # players whose starting seats are not as even as their games allow
    club_conflicts: int  # same-club pairs sharing a table, planned rounds only
    tables_of_three: bool = False  # some planned table has no seat 4, so some players cannot be perfectly even
    threes: tuple[int, int] = (0, 0)  # the fewest and the most tables of 3 a player of the planned rounds has had
    threes_running: int = 0  # times a player sits at a table of 3 in the round after one (history included)
    no_seat_four: tuple[str, ...] = ()  # players with a game at a table of 4 who never start on seat 4
    club_rounds: tuple[int, ...] = ()  # which planned rounds (0 = the first planned) seat club-mates together


def quality(report: SeatingReport) -> tuple[int, ...]:
    """Lower is better, in the order of §6's aims: tables of 3 shared out (spread over 1, then players at one in two
    rounds running), repeated meetings (then the most meetings of a pair), seats (uneven players, then players never
    on seat 4), club-mates apart."""
    low, high = report.threes
    return (
        max(0, high - low - 1),
        report.threes_running,
        report.repeated_meetings,
        report.most_meetings,
        len(report.unbalanced_players),
        len(report.no_seat_four),
        report.club_conflicts,
    )


def assess(
    rounds: Sequence[SeatedRound], history: Sequence[SeatedRound] = (), clubs: Mapping[str, str] | None = None
) -> SeatingReport:
    """Count, from the tables alone, what `SeatingReport` says of `rounds` (the rounds played, `history`, included)."""
    clubs = clubs or {}
    meetings: Counter[frozenset[str]] = Counter()
    seats: dict[str, list[int]] = {}
    games: dict[str, list[int]] = {}
    running, last = 0, set[str]()
    for rnd in (*history, *rounds):
        small = {p for table in rnd.tables if len(table) == 3 for p in table}
        running, last = running + len(small & last), small
        for table in rnd.tables:
            meetings.update(frozenset(pair) for pair in itertools.combinations(table, 2))
            for s, p in enumerate(table):
                seats.setdefault(p, [0] * SEATS)[s] += 1
                games.setdefault(p, [0, 0])[len(table) == 3] += 1
    together = [
        sum(
            1
            for table in rnd.tables
            for a, b in itertools.combinations(table, 2)
            if clubs.get(a) and clubs.get(a) == clubs.get(b)
        )
        for rnd in rounds
    ]
    unbalanced = tuple(sorted(p for p, c in seats.items() if sum(x * x for x in c) > _seat_bound(*games[p])))
    playing = {p for rnd in rounds for p in rnd.players} or set(games)
    per_player = [games.get(p, [0, 0])[1] for p in playing]
    never_last = tuple(sorted(p for p in playing if p in games and games[p][0] and not seats[p][SEATS - 1]))
    return SeatingReport(
        sum(m - 1 for m in meetings.values()),
        max(meetings.values(), default=0),
        unbalanced,
        sum(together),
        any(len(table) == 3 for rnd in rounds for table in rnd.tables),
        (min(per_player, default=0), max(per_player, default=0)),
        running,
        never_last,
        tuple(r for r, n in enumerate(together) if n),
    )
