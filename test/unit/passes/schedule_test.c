/* test/unit/passes/schedule_test.c: sched_order on random small DAGs
 * against an independent brute force over every topological order, and
 * the greedy fallback never worse than the original order. */
#include <criterion/criterion.h>
#include <string.h>

#include "passes/schedule.h"

enum { MAXN = 9 };

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

typedef struct Dag {
	size_t n;
	int64_t out[MAXN];
	bool keep[MAXN];
	size_t predstart[MAXN + 1], pred[MAXN * MAXN];
	SchedGraph g;
} Dag;

/* Node i reads a few earlier nodes (so index order is topological). */
static void
random_dag(Dag *d, uint64_t *seed)
{
	size_t m = 0;
	d->n = 2 + rnd(seed) % (MAXN - 1);
	for (size_t i = 0; i < d->n; i++) {
		d->out[i] = 1 + (int64_t)(rnd(seed) % 20);
		d->keep[i] = i == d->n - 1;
		d->predstart[i] = m;
		for (size_t p = 0; p < i; p++)
			if (rnd(seed) % 3 == 0)
				d->pred[m++] = p;
	}
	d->predstart[d->n] = m;
	d->g = (SchedGraph){d->n, d->out, d->keep, d->predstart, d->pred};
}

/* The peak of an order by direct counting (not sched_peak's code): while
 * node o runs, every node already run that is kept or has a reader not
 * yet run is live, plus o. */
static int64_t
count_peak(const Dag *d, const size_t *order)
{
	int64_t peak = 0;
	bool done[MAXN] = {0};
	for (size_t k = 0; k < d->n; k++) {
		size_t o = order[k];
		int64_t live = d->out[o];
		for (size_t v = 0; v < d->n; v++) {
			if (!done[v])
				continue;
			bool open = d->keep[v];
			for (size_t u = 0; u < d->n && !open; u++) {
				if (done[u])
					continue;
				for (size_t j = d->predstart[u];
				    j < d->predstart[u + 1]; j++)
					open |= d->pred[j] == v;
			}
			live += open ? d->out[v] : 0;
		}
		done[o] = true;
		peak = live > peak ? live : peak;
	}
	return peak;
}

static bool
valid(const Dag *d, const size_t *order)
{
	bool done[MAXN] = {0};
	for (size_t k = 0; k < d->n; k++) {
		size_t o = order[k];
		if (o >= d->n || done[o])
			return false;
		for (size_t j = d->predstart[o]; j < d->predstart[o + 1]; j++)
			if (!done[d->pred[j]])
				return false;
		done[o] = true;
	}
	return true;
}

static int64_t
brute(const Dag *d, size_t *order, size_t k, bool *done, int64_t best)
{
	if (k == d->n) {
		int64_t p = count_peak(d, order);
		return p < best ? p : best;
	}
	for (size_t i = 0; i < d->n; i++) {
		if (done[i])
			continue;
		bool ok = true;
		for (size_t j = d->predstart[i]; j < d->predstart[i + 1]; j++)
			ok &= done[d->pred[j]];
		if (!ok)
			continue;
		done[i] = true;
		order[k] = i;
		best = brute(d, order, k + 1, done, best);
		done[i] = false;
	}
	return best;
}

Test(schedule, exact_matches_brute_force)
{
	uint64_t seed = 99;
	for (int t = 0; t < 300; t++) {
		Dag d;
		random_dag(&d, &seed);
		size_t order[MAXN], tmp[MAXN];
		bool done[MAXN] = {0}, exact;
		int64_t want = brute(&d, tmp, 0, done, INT64_MAX);
		int64_t got = sched_order(&d.g, 100000, order, &exact);
		cr_assert(exact);
		cr_assert(valid(&d, order), "dag %d: not a topological order",
		    t);
		cr_assert_eq(got, want, "dag %d: %lld, best %lld", t,
		    (long long)got, (long long)want);
		cr_assert_eq(count_peak(&d, order), got);
		cr_assert_eq(sched_peak(&d.g, order), got);
		cr_assert_leq(sched_lower_bound(&d.g), got);
	}
}

Test(schedule, greedy_fallback_valid_and_no_worse)
{
	uint64_t seed = 4242;
	for (int t = 0; t < 300; t++) {
		Dag d;
		random_dag(&d, &seed);
		size_t order[MAXN], orig[MAXN];
		bool exact;
		for (size_t i = 0; i < d.n; i++)
			orig[i] = i;
		/* max_states 0: no exact search. */
		int64_t got = sched_order(&d.g, 0, order, &exact);
		cr_assert_not(exact);
		cr_assert(valid(&d, order));
		cr_assert_eq(count_peak(&d, order), got);
		cr_assert_leq(got, count_peak(&d, orig));
	}
}
