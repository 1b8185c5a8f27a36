/* test/unit/targets/ethos_u_schedule_test.c: ethos-u-schedule's stripe
 * geometry against the definition of a window op, on random cascades:
 * every output row of every op is made exactly once, before the stripe
 * that reads it, from input rows that exist, with the padding the
 * whole op has there. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/schedule.h"

/* xorshift, so runs do not depend on the C library's rand. */
static uint64_t rng = 88172645463325252ull;

static int64_t
pick(int64_t lo, int64_t hi)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

/* A random chain: each op's input height is the output height of the
 * op before; out_h follows TFLite's "same" or "valid" rule or explicit
 * padding. */
static int
random_chain(SchedGeom *g, int max_ops)
{
	int n = (int)pick(1, max_ops);
	int64_t h = pick(1, 60);
	for (int k = 0; k < n; k++) {
		SchedGeom *x = &g[k];
		memset(x, 0, sizeof *x);
		x->in_h = h;
		x->window = pick(0, 4) > 0;
		if (!x->window) {
			x->out_h = h;
		} else {
			int64_t kh = pick(1, 5), dil = pick(1, 2);
			x->ke = (kh - 1) * dil + 1;
			x->stride = pick(1, 3);
			if (x->ke > h + 4)
				x->ke = 1;
			int64_t total = pick(0, x->ke - 1);
			x->pt = pick(0, total);
			int64_t out = (h + total - x->ke) / x->stride + 1;
			if (out < 1) {
				x->pt = 0;
				x->ke = 1;
				out = (h - 1) / x->stride + 1;
			}
			x->out_h = out;
		}
		h = x->out_h;
	}
	return n;
}

Test(ethos_u_schedule, in_rows_by_definition)
{
	for (int iter = 0; iter < 2000; iter++) {
		SchedGeom g[1];
		random_chain(g, 1);
		if (!g->window)
			continue;
		int64_t a = pick(0, g->out_h - 1), b = pick(a + 1, g->out_h);
		SchedRange in;
		int64_t pt, pb;
		ethos_u_sched_in_rows(g, (SchedRange){ a, b }, &in, &pt, &pb);
		/* Every input row an output row of [a, b) reads (and only
		 * those), less the rows outside the input: the padding. */
		int64_t lo = a * g->stride - g->pt;
		int64_t hi = (b - 1) * g->stride - g->pt + g->ke;
		cr_assert_eq(in.lo, lo < 0 ? 0 : lo);
		cr_assert_eq(in.hi, hi > g->in_h ? g->in_h : hi);
		cr_assert_eq(pt, in.lo - lo);
		cr_assert_eq(pb, hi - in.hi);
		/* The stripe op's output height with that padding: b - a. */
		cr_assert_eq((in.hi - in.lo + pt + pb - g->ke) / g->stride + 1,
		    b - a, "in %ld..%ld pad %ld/%ld k %ld s %ld", (long)in.lo,
		    (long)in.hi, (long)pt, (long)pb, (long)g->ke,
		    (long)g->stride);
	}
}

Test(ethos_u_schedule, cascades_make_each_row_once_before_use)
{
	for (int iter = 0; iter < 3000; iter++) {
		SchedGeom g[6];
		int n = random_chain(g, 6);
		int S = (int)pick(1, 12);
		g[n - 1].unit = pick(0, 1) ? pick(1, 8) : 0;
		size_t cells = (size_t)n * (size_t)S;
		SchedRange *prod = calloc(cells, sizeof *prod);
		SchedRange *in = calloc(cells, sizeof *in);
		int64_t *pads = calloc(2 * cells, sizeof *pads);
		ethos_u_sched_cascade(g, n, S, prod, in, pads, pads + cells);
		/* The last op's stripes cover its output in order. */
		int64_t at = 0;
		for (int s = 0; s < S; s++) {
			SchedRange r = prod[(n - 1) * S + s];
			if (r.lo >= r.hi)
				continue;
			cr_assert_eq(r.lo, at);
			at = r.hi;
		}
		cr_assert_eq(at, g[n - 1].out_h);
		for (int k = 0; k < n; k++) {
			int64_t done = 0;
			for (int s = 0; s < S; s++) {
				size_t i = (size_t)k * (size_t)S + (size_t)s;
				SchedRange r = prod[i];
				if (r.lo >= r.hi)
					continue;
				/* Rows in order, none twice. */
				cr_assert_eq(r.lo, done);
				done = r.hi;
				SchedRange want;
				int64_t pt, pb;
				ethos_u_sched_in_rows(&g[k], r, &want, &pt,
				    &pb);
				cr_assert_eq(in[i].lo, want.lo);
				cr_assert_eq(in[i].hi, want.hi);
				cr_assert_eq(pads[i], pt);
				cr_assert_eq(pads[cells + i], pb);
				if (k == 0)
					continue;
				/* What it reads, the op before made by now. */
				int64_t made = 0;
				for (int t = 0; t <= s; t++) {
					SchedRange p = prod[(size_t)(k - 1) *
					    (size_t)S + (size_t)t];
					if (p.hi > made)
						made = p.hi;
				}
				cr_assert_leq(in[i].hi, made, "op %d stripe %d",
				    k, s);
			}
		}
		free(prod);
		free(in);
		free(pads);
	}
}

Test(ethos_u_schedule, stripes_round_to_the_unit)
{
	SchedGeom g = { false, 0, 0, 0, 48, 48, 16 };
	SchedRange prod[5], in[5];
	int64_t pads[10];
	/* ceil(48 / 5) = 10 rows, rounded up to 16: three stripes, two
	 * empty. */
	ethos_u_sched_cascade(&g, 1, 5, prod, in, pads, pads + 5);
	cr_assert_eq(prod[0].lo, 0);
	cr_assert_eq(prod[0].hi, 16);
	cr_assert_eq(prod[1].hi, 32);
	cr_assert_eq(prod[2].hi, 48);
	cr_assert_eq(prod[3].lo, prod[3].hi);
	cr_assert_eq(prod[4].lo, prod[4].hi);
}

/* Does a ring of `rows` hold what each stripe writes and each window
 * reads, producer stripe s running before consumer stripe s? A write
 * of rows [lo, hi) keeps only the last `rows` rows written. */
static bool
ring_holds(const SchedRange *prod, const SchedRange *next_prod,
    const SchedRange *next_in, int S, int64_t rows)
{
	int64_t hi = 0;
	for (int s = 0; s < S; s++) {
		if (prod[s].lo < prod[s].hi) {
			if (prod[s].hi - prod[s].lo > rows)
				return false;
			hi = prod[s].hi > hi ? prod[s].hi : hi;
		}
		if (next_prod[s].lo < next_prod[s].hi && next_in[s].lo <
		    next_in[s].hi && (next_in[s].lo < hi - rows ||
		    next_in[s].hi > hi))
			return false;
	}
	return true;
}

/* The ring's height by its definition, on random cascades: zero exactly
 * when no window of the next op reads rows of two stripes; else the
 * least height that holds every stripe and every window when it is read
 * (one row fewer loses a row still to be read), which is what bufferize
 * allocates and the search and ethos-u-estimate count. */
Test(ethos_u_schedule, ring_is_the_least_height_that_holds_the_windows)
{
	int rings = 0;
	for (int iter = 0; iter < 3000; iter++) {
		SchedGeom g[6];
		int n = random_chain(g, 6);
		int S = (int)pick(1, 12);
		size_t cells = (size_t)n * (size_t)S;
		SchedRange *prod = calloc(cells, sizeof *prod);
		SchedRange *in = calloc(cells, sizeof *in);
		int64_t *pads = calloc(2 * cells, sizeof *pads);
		ethos_u_sched_cascade(g, n, S, prod, in, pads, pads + cells);
		for (int k = 0; k + 1 < n; k++) {
			const SchedRange *p = prod + (size_t)k * (size_t)S;
			const SchedRange *np = p + S, *ni = in + (size_t)(k +
			    1) * (size_t)S;
			bool spans = false;
			for (int s = 0; s < S; s++) {
				int pieces = 0;
				for (int t = 0; t < S; t++)
					pieces += np[s].lo < np[s].hi &&
					    ni[s].lo < ni[s].hi && p[t].lo <
					    p[t].hi && p[t].hi > ni[s].lo &&
					    p[t].lo < ni[s].hi;
				spans |= pieces > 1;
			}
			int64_t rows = ethos_u_sched_ring(p, np, ni, S);
			cr_assert_eq(rows > 0, spans, "op %d of %d, %d stripes",
			    k, n, S);
			if (!rows)
				continue;
			rings++;
			cr_assert(ring_holds(p, np, ni, S, rows));
			cr_assert(rows == 1 || !ring_holds(p, np, ni, S,
			    rows - 1), "op %d: %lld rows, fewer hold", k,
			    (long long)rows);
		}
		free(prod);
		free(in);
		free(pads);
	}
	cr_assert_gt(rings, 100);
}
