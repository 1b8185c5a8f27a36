/* passes/planner_exact.c: the exact memory planner: a depth-first search
 * over canonical packings with MiniMalloc's pruning (ASPLOS 2023): facts
 * from its paper and source, this code our own.
 *
 * A packing is canonical when the buffers, taken in the order the search
 * places them, have non-decreasing offsets and each sits at the lowest
 * offset its already-placed neighbours leave (its "minimum offset"); every
 * feasible problem has one, so an exhausted search proves there is none.
 * Time is cut into sections at every start and end. Each node places one
 * unplaced buffer at its minimum offset, then prunes when
 *  - a section's floor (the top of what sits in it, or the lowest
 *    minimum offset of its unplaced buffers, or the offset just placed:
 *    offsets only grow) plus its unplaced bytes exceeds the capacity;
 *  - the order is not canonical (offset, then a static preorder index);
 *  - the offset is at or above some unplaced buffer's minimum top: that
 *    buffer would fit in the gap below, a dominated choice.
 * When no unplaced buffer crosses a section boundary any more, the two
 * sides are independent and are solved one after the other. Three static
 * preorders are tried in turn with a node budget that doubles each round,
 * as MiniMalloc does. */
#include "passes/planner_impl.h"

#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

enum { OK, NOT_FOUND, ABORTED, TIMEOUT };

typedef struct Change {
	size_t idx;
	int64_t old;
} Change;

typedef struct LowChange {
	size_t idx;
	int64_t low, n;
} LowChange;

typedef struct Order {
	int64_t off;		/* the buffer's minimum offset */
	uint32_t pidx;		/* its place in the static preorder */
	uint32_t buf;
} Order;

#define VEC(T) struct { T *v; size_t n, cap; }
#define VEC_PUSH(vec, x) do { \
	if ((vec).n == (vec).cap) { \
		(vec).cap = (vec).cap ? 2 * (vec).cap : 256; \
		(vec).v = ir_xrealloc((vec).v, (vec).cap * sizeof *(vec).v); \
	} \
	(vec).v[(vec).n++] = (x); \
} while (0)

typedef struct Part {
	size_t *bufs, nbufs;
	size_t slo, shi;	/* sections [slo, shi) */
} Part;

typedef struct Exact {
	const PlannerBuffer *b;
	size_t n;
	PlannerSweep s;
	int64_t cap;
	int64_t *off;		/* current placement, -1: unplaced */
	int64_t *minoff;	/* lowest offset left by placed neighbours */
	int64_t *floor;		/* per section: top of the placed buffers */
	int64_t *low;		/* per section: lowest unplaced minoff */
	int64_t *nlow;		/* per section: unplaced buffers at low */
	uint64_t *stamp;	/* per section: placement that last logged it */
	uint64_t placement;	/* placements made so far (an id) */
	int64_t *total;		/* per section: unplaced bytes */
	int64_t *cuts;		/* per boundary k|k+1: unplaced crossing it */
	int64_t *sol;		/* the packing found */
	size_t *afflist;
	VEC(Change) minoff_log;
	VEC(Change) floor_log;
	VEC(LowChange) low_log;
	VEC(Order) orders;
	const char *heur;	/* preorder keys, as MiniMalloc's letters */
	int64_t budget;		/* nodes left in this round */
	int64_t nodes, node_limit;
	double deadline;
} Exact;

/* ---------------------------------------------------- preorder */

/* A buffer's preorder keys, in the heuristic's order. */
typedef struct Pre {
	int64_t key[3];
	size_t buf;
} Pre;

/* Larger first on each key, ties by buffer index. */
static int
cmp_pre(const void *a, const void *b)
{
	const Pre *x = a, *y = b;

	for (int k = 0; k < 3; k++)
		if (x->key[k] != y->key[k])
			return x->key[k] < y->key[k] ? 1 : -1;
	return (x->buf > y->buf) - (x->buf < y->buf);
}

static Pre *
preorder(Exact *e, const Part *p)
{
	Pre *pre = ir_xmalloc((p->nbufs + 1) * sizeof *pre);

	for (size_t k = 0; k < p->nbufs; k++) {
		size_t i = p->bufs[k];
		const PlannerBuffer *bb = &e->b[i];
		int64_t t = 0, w = bb->end - bb->start;
		for (size_t s = e->s.lo[i]; s < e->s.hi[i]; s++)
			if (e->total[s] > t)
				t = e->total[s];
		pre[k].buf = i;
		for (int j = 0; j < 3; j++) {
			char c = e->heur[j];
			pre[k].key[j] = c == 'W' ? w : c == 'A' ? bb->size * w
			    : t;
		}
	}
	qsort(pre, p->nbufs, sizeof *pre, cmp_pre);
	return pre;
}

/* ---------------------------------------------------- state updates */

/* Section s is about to change its low or count: log the old pair. */
static void
touch(Exact *e, size_t s)
{
	VEC_PUSH(e->low_log, ((LowChange){s, e->low[s], e->nlow[s]}));
}

/* A buffer at minimum offset m leaves section s's unplaced set or moves
 * up: when it was the last at the low, the section needs a rescan. */
static void
leave_low(Exact *e, size_t s, int64_t m, size_t *naff)
{
	if (m != e->low[s])
		return;
	/* One log entry per section and placement restores it. */
	if (e->stamp[s] != e->placement) {
		e->stamp[s] = e->placement;
		touch(e, s);
	}
	if (--e->nlow[s] == 0)
		e->afflist[(*naff)++] = s;
}

/* Raises the minimum offsets of buf's unplaced neighbours to its top. */
static void
raise_neighbours(Exact *e, size_t buf, size_t *naff)
{
	int64_t top = e->off[buf] + e->b[buf].size;

	for (size_t k = e->s.ovstart[buf]; k < e->s.ovstart[buf + 1]; k++) {
		size_t o = e->s.ov[k];
		int64_t old = e->minoff[o];
		if (e->off[o] >= 0 || old >= top)
			continue;
		VEC_PUSH(e->minoff_log, ((Change){o, old}));
		e->minoff[o] = planner_align_up(top, e->b[o].align);
		for (size_t s = e->s.lo[o]; s < e->s.hi[o]; s++)
			leave_low(e, s, old, naff);
	}
}

/* buf now sits in its sections: their floor is its top and it leaves
 * their unplaced sets. Then the sections that lost their last buffer at
 * the low find their new low (the lowest unplaced minimum offset, a
 * floor of its own: MiniMalloc's "unallocated floor"). */
static void
raise_floors(Exact *e, size_t buf, size_t naff)
{
	int64_t top = e->off[buf] + e->b[buf].size;

	for (size_t s = e->s.lo[buf]; s < e->s.hi[buf]; s++) {
		VEC_PUSH(e->floor_log, ((Change){s, e->floor[s]}));
		e->floor[s] = top;
		e->total[s] -= e->b[buf].size;
	}
	for (size_t k = 0; k < naff; k++) {
		size_t s = e->afflist[k];
		int64_t low = INT64_MAX;
		int64_t cnt = 0;
		for (size_t j = e->s.secstart[s]; j < e->s.secstart[s + 1];
		    j++) {
			size_t o = e->s.sec[j];
			if (e->off[o] >= 0 || e->minoff[o] > low)
				continue;
			cnt = e->minoff[o] == low ? cnt + 1 : 1;
			low = e->minoff[o];
		}
		e->low[s] = low;
		e->nlow[s] = cnt;
	}
}

static void
undo(Exact *e, size_t buf, const size_t *mark)
{
	while (e->low_log.n > mark[2]) {
		LowChange c = e->low_log.v[--e->low_log.n];
		e->low[c.idx] = c.low;
		e->nlow[c.idx] = c.n;
	}
	while (e->floor_log.n > mark[1]) {
		Change c = e->floor_log.v[--e->floor_log.n];
		e->floor[c.idx] = c.old;
	}
	while (e->minoff_log.n > mark[0]) {
		Change c = e->minoff_log.v[--e->minoff_log.n];
		e->minoff[c.idx] = c.old;
	}
	for (size_t s = e->s.lo[buf]; s < e->s.hi[buf]; s++)
		e->total[s] += e->b[buf].size;
	e->off[buf] = -1;
}

/* Can the unplaced bytes of every section still fit above its floor? */
static bool
feasible(const Exact *e, const Part *p, int64_t offset)
{
	for (size_t s = p->slo; s < p->shi; s++) {
		int64_t f = e->floor[s] > offset ? e->floor[s] : offset;
		if (e->low[s] != INT64_MAX && e->low[s] > f)
			f = e->low[s];
		if (f + e->total[s] > e->cap)
			return false;
	}
	return true;
}

/* ---------------------------------------------------- search */

static int search(Exact *e, const Part *p, const Pre *pre, size_t obase,
    size_t on, int64_t min_off, uint32_t min_pidx);
static int subsolve(Exact *e, const Part *p);

static int
cmp_order(const void *a, const void *b)
{
	const Order *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return (x->pidx > y->pidx) - (x->pidx < y->pidx);
}

/* The unplaced buffers of the parent's order, re-keyed by their minimum
 * offsets and sorted: pushed on e->orders; returns how many. */
static size_t
reorder(Exact *e, size_t obase, size_t on)
{
	size_t base = e->orders.n;

	for (size_t k = 0; k < on; k++) {
		Order o = e->orders.v[obase + k];
		if (e->off[o.buf] >= 0)
			continue;
		o.off = e->minoff[o.buf];
		VEC_PUSH(e->orders, o);
	}
	/* The parent's order was sorted and only raised buffers moved:
	 * insertion sort is near linear here. */
	Order *v = e->orders.v + base;
	size_t m = e->orders.n - base;
	for (size_t k = 1; k < m; k++) {
		Order x = v[k];
		size_t j = k;
		while (j > 0 && cmp_order(&v[j - 1], &x) > 0) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
	return m;
}

static int
tick(Exact *e)
{
	if (e->budget-- <= 0)
		return ABORTED;
	e->nodes++;
	if (e->node_limit > 0 && e->nodes >= e->node_limit)
		return TIMEOUT;
	if ((e->nodes & 1023) == 0 && planner_now() > e->deadline)
		return TIMEOUT;
	return OK;
}

/* Splits p at the boundaries that buf was the last unplaced buffer to
 * cross, and solves the pieces one by one; else searches on. */
static int
decompose(Exact *e, const Part *p, const Pre *pre, size_t obase, size_t on,
    size_t buf, uint32_t pidx)
{
	size_t lo = e->s.lo[buf], hi = e->s.hi[buf];
	size_t *cut = ir_xmalloc((hi - lo + 2) * sizeof *cut), nc = 0;
	int st = OK;

	e->sol[buf] = e->off[buf];
	cut[nc++] = p->slo;
	for (size_t k = lo; k + 1 < hi; k++)
		if (--e->cuts[k] == 0)
			cut[nc++] = k + 1;
	if (nc == 1) {
		st = search(e, p, pre, obase, on, e->off[buf], pidx);
	} else {
		cut[nc++] = p->shi;
		size_t *bufs = ir_xmalloc((p->nbufs + 1) * sizeof *bufs);
		for (size_t c = 1; c < nc && st == OK; c++) {
			Part sub = {bufs, 0, cut[c - 1], cut[c]};
			for (size_t k = 0; k < p->nbufs; k++) {
				size_t o = p->bufs[k];
				if (e->off[o] < 0 && e->s.lo[o] < sub.shi &&
				    sub.slo < e->s.hi[o])
					bufs[sub.nbufs++] = o;
			}
			if (sub.nbufs)
				st = subsolve(e, &sub);
		}
		free(bufs);
	}
	for (size_t k = lo; k + 1 < hi; k++)
		e->cuts[k]++;
	free(cut);
	return st;
}

static int
search(Exact *e, const Part *p, const Pre *pre, size_t obase, size_t on,
    int64_t min_off, uint32_t min_pidx)
{
	int st = tick(e);
	if (st != OK)
		return st;
	size_t base = e->orders.n, m = reorder(e, obase, on);
	if (m == 0) {
		for (size_t k = 0; k < p->nbufs; k++)
			e->sol[p->bufs[k]] = e->off[p->bufs[k]];
		return OK;
	}
	int64_t min_top = INT64_MAX;
	for (size_t k = 0; k < m; k++) {
		Order o = e->orders.v[base + k];
		if (o.off + e->b[o.buf].size < min_top)
			min_top = o.off + e->b[o.buf].size;
	}
	st = NOT_FOUND;
	for (size_t k = 0; k < m && st == NOT_FOUND; k++) {
		Order o = e->orders.v[base + k];
		if (o.off >= min_top)
			break;	/* sorted by offset: the rest are dominated */
		if (o.off < min_off || (o.off == min_off && o.pidx < min_pidx))
			continue;
		size_t mark[3] = {e->minoff_log.n, e->floor_log.n,
		    e->low_log.n}, naff = 0;
		e->off[o.buf] = o.off;
		e->placement++;
		for (size_t s = e->s.lo[o.buf]; s < e->s.hi[o.buf]; s++)
			leave_low(e, s, o.off, &naff);
		raise_neighbours(e, o.buf, &naff);
		raise_floors(e, o.buf, naff);
		if (feasible(e, p, o.off))
			st = decompose(e, p, pre, base, m, o.buf, o.pidx);
		undo(e, o.buf, mark);
	}
	e->orders.n = base;
	return st;
}

static int
subsolve(Exact *e, const Part *p)
{
	Pre *pre = preorder(e, p);
	size_t base = e->orders.n;

	for (size_t k = 0; k < p->nbufs; k++)
		VEC_PUSH(e->orders, ((Order){0, (uint32_t)k,
		    (uint32_t)pre[k].buf}));
	int st = search(e, p, pre, base, p->nbufs, 0, 0);
	e->orders.n = base;
	free(pre);
	return st;
}

/* ---------------------------------------------------- setup */

static void
exact_init(Exact *e, const PlannerBuffer *b, size_t n, int64_t cap)
{
	memset(e, 0, sizeof *e);
	e->b = b;
	e->n = n;
	e->cap = cap;
	planner_sweep_init(&e->s, b, n);
	size_t ns = e->s.nsec;
	e->off = ir_xmalloc((n + 1) * sizeof *e->off);
	e->minoff = ir_xcalloc(n + 1, sizeof *e->minoff);
	e->sol = ir_xmalloc((n + 1) * sizeof *e->sol);
	e->floor = ir_xcalloc(ns + 1, sizeof *e->floor);
	e->total = ir_xmalloc((ns + 1) * sizeof *e->total);
	e->low = ir_xcalloc(ns + 1, sizeof *e->low);
	e->cuts = ir_xcalloc(ns + 1, sizeof *e->cuts);
	e->nlow = ir_xcalloc(ns + 1, sizeof *e->nlow);
	e->stamp = ir_xcalloc(ns + 1, sizeof *e->stamp);
	/* A section loses its last low buffer at most once per node. */
	e->afflist = ir_xmalloc((ns + 1) * sizeof *e->afflist);
	memcpy(e->total, e->s.live, ns * sizeof *e->total);
	for (size_t k = 0; k < ns; k++) {
		e->nlow[k] = (int64_t)(e->s.secstart[k + 1] - e->s.secstart[k]);
		e->low[k] = e->nlow[k] ? 0 : INT64_MAX;
	}
	for (size_t i = 0; i < n; i++) {
		e->off[i] = -1;
		for (size_t k = e->s.lo[i]; k + 1 < e->s.hi[i]; k++)
			e->cuts[k]++;
	}
}

static void
exact_free(Exact *e)
{
	planner_sweep_free(&e->s);
	free(e->off);
	free(e->minoff);
	free(e->sol);
	free(e->floor);
	free(e->total);
	free(e->cuts);
	free(e->nlow);
	free(e->stamp);
	free(e->afflist);
	free(e->minoff_log.v);
	free(e->floor_log.v);
	free(e->low_log.v);
	free(e->low);
	free(e->orders.v);
}

/* The independent pieces at the start: runs of sections that no buffer
 * crosses between. */
static int
solve_all(Exact *e, size_t *bufs)
{
	size_t ns = e->s.nsec, start = 0;
	int st = OK;

	for (size_t k = 0; k < ns && st == OK; k++) {
		if (k + 1 < ns && e->cuts[k] > 0)
			continue;
		Part p = {bufs, 0, start, k + 1};
		for (size_t i = 0; i < e->n; i++)
			if (e->s.lo[i] < p.shi && p.slo < e->s.hi[i])
				bufs[p.nbufs++] = i;
		if (p.nbufs)
			st = subsolve(e, &p);
		start = k + 1;
	}
	return st;
}

PlannerStatus
planner_exact(PlannerBuffer *b, size_t n, int64_t capacity, double deadline,
    int64_t node_limit, int64_t *nodes)
{
	static const char *const heuristics[] = {"WAT", "TAW", "TWA"};
	Exact e;
	size_t *bufs = ir_xmalloc((n + 1) * sizeof *bufs);
	int st = ABORTED;

	exact_init(&e, b, n, capacity);
	e.deadline = deadline;
	e.node_limit = node_limit > 0 ? *nodes + node_limit : 0;
	e.nodes = *nodes;
	for (int64_t limit = (int64_t)n + 1; st == ABORTED; limit *= 2)
		for (size_t h = 0; h < 3 && (h == 0 || st == ABORTED); h++) {
			e.heur = heuristics[h];
			e.budget = limit;
			st = solve_all(&e, bufs);
		}
	*nodes = e.nodes;
	if (st == OK)
		for (size_t i = 0; i < n; i++)
			b[i].offset = e.sol[i];
	exact_free(&e);
	free(bufs);
	return st == OK ? PLANNER_FOUND : st == NOT_FOUND ? PLANNER_INFEASIBLE
	    : PLANNER_GAVE_UP;
}
