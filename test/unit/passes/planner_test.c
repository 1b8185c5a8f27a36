/* test/unit/passes/planner_test.c: the memory planners on TFLite Micro's
 * planner test vectors (its greedy_memory_planner_test numbers), on
 * random perfect packings (optimum known by construction), and on random
 * small problems whose optimum an independent brute force finds; every
 * plan is judged by planner_check. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "passes/planner.h"

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* TFLite Micro's AddBuffer(size, first_time_used, last_time_used) takes
 * inclusive times; ours are half-open. */
static PlannerBuffer
tflm(int64_t size, int64_t first, int64_t last)
{
	return (PlannerBuffer){first, last + 1, size, 1, -1};
}

static void
assert_valid(const PlannerBuffer *b, size_t n)
{
	size_t i, j;
	cr_assert(planner_check(b, n, &i, &j), "buffers %zu and %zu overlap",
	    i, j);
}

static PlannerResult
plan(PlannerBuffer *b, size_t n, PlannerAlgorithm a, int64_t capacity)
{
	/* Bounded by nodes, not time: the same result on any machine. */
	PlannerOptions o = {.algorithm = a, .capacity = capacity,
	    .time_limit = 60, .node_limit = 20000};
	PlannerResult r;
	planner_plan(b, n, &o, &r);
	if (r.status == PLANNER_FOUND)
		assert_valid(b, n);
	return r;
}

Test(planner, tflm_basics)
{
	PlannerBuffer b[] = {tflm(10, 0, 1), tflm(20, 2, 3)};
	cr_assert_eq(planner_heuristic(b, 2, PLANNER_GREEDY, 0), 20);
	cr_assert_eq(b[0].offset, 0);
	cr_assert_eq(b[1].offset, 0);
	assert_valid(b, 2);
}

Test(planner, tflm_medium)
{
	PlannerBuffer b[] = {tflm(10, 0, 1), tflm(20, 1, 2), tflm(30, 2, 3),
	    tflm(40, 3, 4), tflm(50, 0, 1)};
	static const int64_t want[] = {50, 70, 40, 0, 0};
	cr_assert_eq(planner_heuristic(b, 5, PLANNER_GREEDY, 0), 90);
	for (int i = 0; i < 5; i++)
		cr_assert_eq(b[i].offset, want[i], "buffer %d at %lld", i,
		    (long long)b[i].offset);
	assert_valid(b, 5);
	/* Live bytes peak at 80 (times 1 and 3): exact reaches it. */
	PlannerResult r = plan(b, 5, PLANNER_AUTO, 0);
	cr_assert_eq(r.lower_bound, 80);
	cr_assert_eq(r.arena, 80);
	cr_assert(r.optimal);
}

Test(planner, tflm_overlap)
{
	PlannerBuffer b[] = {tflm(100, 0, 1), tflm(50, 2, 3), tflm(20, 1, 2)};
	cr_assert_eq(planner_heuristic(b, 3, PLANNER_GREEDY, 0), 120);
	assert_valid(b, 3);
	PlannerResult r = plan(b, 3, PLANNER_AUTO, 0);
	cr_assert_eq(r.arena, 120);
	cr_assert(r.optimal);
}

/* The buffers of TFLite Micro's person-detection test (250 KB
 * MobileNet): greedy must beat the sum 241,027, auto reaches the
 * lower bound. */
Test(planner, tflm_person_detection)
{
	static const int64_t v[][3] = {
		{9216, 0, 29}, {3, 28, 29}, {256, 27, 28}, {2304, 26, 27},
		{2304, 25, 26}, {2304, 24, 25}, {1152, 23, 24}, {4608, 22, 23},
		{4608, 21, 22}, {4608, 20, 21}, {4608, 19, 20}, {4608, 18, 19},
		{4608, 17, 18}, {4608, 16, 17}, {4608, 15, 16}, {4608, 14, 15},
		{4608, 13, 14}, {4608, 12, 13}, {2304, 11, 12}, {9216, 10, 11},
		{9216, 9, 10}, {9216, 8, 9}, {4608, 7, 8}, {18432, 6, 7},
		{18432, 5, 6}, {18432, 4, 5}, {9216, 3, 4}, {36864, 2, 3},
		{18432, 1, 2}, {18432, 0, 1},
	};
	enum { N = sizeof v / sizeof v[0] };
	PlannerBuffer b[N];
	for (int i = 0; i < N; i++)
		b[i] = tflm(v[i][0], v[i][1], v[i][2]);
	int64_t greedy = planner_heuristic(b, N, PLANNER_GREEDY, 0);
	assert_valid(b, N);
	cr_assert_lt(greedy, 241027);
	PlannerResult r = plan(b, N, PLANNER_AUTO, 0);
	cr_assert_leq(r.arena, greedy);
	cr_assert_eq(r.arena, r.lower_bound);
	cr_assert(r.optimal);
}

/* Cuts the rectangle [t0, t1) x [a0, a1) into pieces by random guillotine
 * cuts: the pieces pack perfectly into height a1 - a0. */
static void
slice(PlannerBuffer *b, size_t *n, size_t max, int64_t t0, int64_t t1,
    int64_t a0, int64_t a1, uint64_t *seed)
{
	bool can_t = t1 - t0 > 1, can_a = a1 - a0 > 8;
	if (*n + 2 > max || (!can_t && !can_a) || rnd(seed) % 4 == 0) {
		b[(*n)++] = (PlannerBuffer){t0, t1, a1 - a0, 1, -1};
		return;
	}
	if (can_t && (!can_a || rnd(seed) % 2)) {
		int64_t m = t0 + 1 + (int64_t)(rnd(seed) % (uint64_t)(t1 - t0 - 1));
		slice(b, n, max, t0, m, a0, a1, seed);
		slice(b, n, max, m, t1, a0, a1, seed);
	} else {
		int64_t m = a0 + 4 + (int64_t)(rnd(seed) % (uint64_t)(a1 - a0 - 7));
		slice(b, n, max, t0, t1, a0, m, seed);
		slice(b, n, max, t0, t1, m, a1, seed);
	}
}

Test(planner, perfect_packings)
{
	for (uint64_t s = 1; s <= 60; s++) {
		uint64_t seed = s * 0x9e3779b97f4a7c15ull;
		PlannerBuffer b[64];
		size_t n = 0;
		slice(b, &n, 40, 0, 20, 0, 1000, &seed);
		PlannerResult r = plan(b, n, PLANNER_EXACT, 0);
		cr_assert_eq(r.lower_bound, 1000);
		cr_assert_eq(r.arena, 1000, "seed %llu: %lld", (unsigned long
		    long)s, (long long)r.arena);
		cr_assert(r.optimal);
		for (int a = PLANNER_GREEDY; a <= PLANNER_HILL_CLIMB; a++) {
			cr_assert_geq(planner_heuristic(b, n,
			    (PlannerAlgorithm)a, 0), 1000);
			assert_valid(b, n);
		}
	}
}

/* The optimum by brute force: first fit over every order (some order
 * rebuilds any packing: take an optimal one's buffers by offset). */
static int64_t
brute(PlannerBuffer *b, size_t n, size_t *perm, size_t k, int64_t best)
{
	if (k == n) {
		int64_t top = 0;
		for (size_t x = 0; x < n; x++) {
			PlannerBuffer *p = &b[perm[x]];
			int64_t off = 0;
			for (bool moved = true; moved;) {
				moved = false;
				for (size_t y = 0; y < x; y++) {
					PlannerBuffer *q = &b[perm[y]];
					if (p->start < q->end && q->start <
					    p->end && off < q->offset + q->size
					    && q->offset < off + p->size) {
						off = q->offset + q->size;
						moved = true;
					}
				}
			}
			p->offset = off;
			if (off + p->size > top)
				top = off + p->size;
		}
		return top < best ? top : best;
	}
	for (size_t i = k; i < n; i++) {
		size_t t = perm[k];
		perm[k] = perm[i];
		perm[i] = t;
		best = brute(b, n, perm, k + 1, best);
		perm[i] = perm[k];
		perm[k] = t;
	}
	return best;
}

static size_t
random_problem(PlannerBuffer *b, uint64_t *seed, size_t max, int64_t align)
{
	size_t n = 1 + rnd(seed) % max;
	for (size_t i = 0; i < n; i++) {
		int64_t s = (int64_t)(rnd(seed) % 10);
		b[i] = (PlannerBuffer){s, s + 1 + (int64_t)(rnd(seed) % 6),
		    1 + (int64_t)(rnd(seed) % 50), align, -1};
	}
	return n;
}

Test(planner, exact_matches_brute_force)
{
	uint64_t seed = 12345;
	for (int t = 0; t < 150; t++) {
		PlannerBuffer b[7], c[7];
		size_t perm[7], n = random_problem(b, &seed, 7, 1);
		memcpy(c, b, sizeof b);
		for (size_t i = 0; i < n; i++)
			perm[i] = i;
		int64_t opt = brute(c, n, perm, 0, INT64_MAX);
		PlannerResult r = plan(b, n, PLANNER_EXACT, 0);
		cr_assert_eq(r.arena, opt, "problem %d: %lld, optimum %lld", t,
		    (long long)r.arena, (long long)opt);
		cr_assert(r.optimal);
		/* One byte less is proven impossible, the optimum fits. */
		PlannerStatus st = planner_exact(b, n, opt - 1,
		    planner_now() + 10, 0, &r.nodes);
		cr_assert_eq(st, PLANNER_INFEASIBLE, "problem %d", t);
		cr_assert_eq(plan(b, n, PLANNER_EXACT, opt).status,
		    PLANNER_FOUND);
	}
}

Test(planner, random_all_algorithms_valid)
{
	uint64_t seed = 777;
	for (int t = 0; t < 200; t++) {
		PlannerBuffer b[60];
		int64_t align = t % 3 == 0 ? 16 : 1;
		size_t n = random_problem(b, &seed, 60, align);
		int64_t lb = planner_lower_bound(b, n), best = INT64_MAX;
		for (int a = PLANNER_GREEDY; a <= PLANNER_HILL_CLIMB; a++) {
			int64_t arena = planner_heuristic(b, n,
			    (PlannerAlgorithm)a, 0);
			assert_valid(b, n);
			cr_assert_geq(arena, lb);
			if (arena < best)
				best = arena;
		}
		PlannerResult r = plan(b, n, PLANNER_AUTO, 0);
		cr_assert_leq(r.arena, best);
		cr_assert_geq(r.arena, lb);
		cr_assert_eq(r.arena, planner_arena(b, n));
	}
}

Test(planner, capacity_below_lower_bound)
{
	PlannerBuffer b[] = {tflm(100, 0, 1), tflm(50, 1, 2)};
	PlannerResult r = plan(b, 2, PLANNER_EXACT, 149);
	cr_assert_eq(r.status, PLANNER_INFEASIBLE);
	cr_assert_eq(r.lower_bound, 150);
}

Test(planner, checker_rejects)
{
	PlannerBuffer b[] = {{0, 2, 10, 1, 0}, {1, 3, 10, 1, 5},
	    {3, 4, 10, 8, 4}};
	size_t i, j;
	cr_assert_not(planner_check(b, 3, &i, &j));
	cr_assert(i == 2 && j == 2, "misaligned buffer 2 first");
	b[2].offset = 0;
	cr_assert_not(planner_check(b, 3, &i, &j));
	cr_assert(i == 0 && j == 1);
	b[1].offset = 10;
	cr_assert(planner_check(b, 3, &i, &j));
	/* Touching in time ([0, 2) and [2, 3)) is no overlap. */
	PlannerBuffer c[] = {{0, 2, 10, 1, 0}, {2, 3, 10, 1, 0}};
	cr_assert(planner_check(c, 2, &i, &j));
}

Test(planner, validate_and_names)
{
	PlannerBuffer b[] = {{0, 2, 10, 1, 0}, {2, 2, 10, 1, 0}};
	size_t bad;
	cr_assert_not(planner_validate(b, 2, &bad));
	cr_assert_eq(bad, 1);
	PlannerAlgorithm a;
	for (int k = 0; k < PLANNER_NUM_ALGORITHMS; k++) {
		cr_assert(planner_algorithm_parse(planner_algorithm_name(
		    (PlannerAlgorithm)k), &a));
		cr_assert_eq(a, (PlannerAlgorithm)k);
	}
	cr_assert_not(planner_algorithm_parse("fastest", &a));
}

/* 200 buffers, lives of 1-8 steps over 100, sizes 16-1024 bytes, aligned
 * to 16: auto reaches the lower bound and so proves its result optimal
 * (bench: 100 of 100 such problems, at most 0.23 s each). */
Test(planner, random_200_proven_optimal)
{
	uint64_t seed = 88172645463325252ull;
	for (int t = 0; t < 4; t++) {
		PlannerBuffer b[200];
		for (int i = 0; i < 200; i++) {
			int64_t s = (int64_t)(rnd(&seed) % 100);
			b[i] = (PlannerBuffer){s, s + 1 + (int64_t)(rnd(&seed) %
			    8), 16 * (1 + (int64_t)(rnd(&seed) % 64)), 16, -1};
		}
		int64_t greedy = planner_heuristic(b, 200, PLANNER_GREEDY, 0);
		PlannerOptions o = {.algorithm = PLANNER_AUTO, .time_limit = 60,
		    .node_limit = 500000};
		PlannerResult r;
		planner_plan(b, 200, &o, &r);
		assert_valid(b, 200);
		cr_assert(r.optimal, "problem %d: %lld, bound %lld", t,
		    (long long)r.arena, (long long)r.lower_bound);
		cr_assert_eq(r.arena, r.lower_bound);
		cr_assert_leq(r.arena, greedy);
	}
}
