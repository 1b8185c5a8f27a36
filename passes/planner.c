/* passes/planner.c: the memory planner's heuristics (TFLite Micro's
 * greedy, best fit by size and by breadth, Vela's hill climb), the lower
 * bound, the checker and the `auto` choice. */
#include "passes/planner_impl.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/ir.h"

static const char *const algorithm_names[PLANNER_NUM_ALGORITHMS] = {
	[PLANNER_GREEDY] = "greedy",
	[PLANNER_BEST_FIT_SIZE] = "best-fit-size",
	[PLANNER_BEST_FIT_BREADTH] = "best-fit-breadth",
	[PLANNER_HILL_CLIMB] = "hill-climb",
	[PLANNER_EXACT] = "exact",
	[PLANNER_AUTO] = "auto",
};

const char *
planner_algorithm_name(PlannerAlgorithm a)
{
	return a < PLANNER_NUM_ALGORITHMS ? algorithm_names[a] : "?";
}

bool
planner_algorithm_parse(const char *name, PlannerAlgorithm *a)
{
	for (int i = 0; i < PLANNER_NUM_ALGORITHMS; i++)
		if (!strcmp(name, algorithm_names[i])) {
			*a = (PlannerAlgorithm)i;
			return true;
		}
	return false;
}

double
planner_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------- sweep */

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Index of t in the sorted cut[0..n). */
static size_t
find_cut(const int64_t *cut, size_t n, int64_t t)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cut[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void
sweep_sections(PlannerSweep *s, const PlannerBuffer *b, size_t n)
{
	int64_t *t = ir_xmalloc((2 * n + 1) * sizeof *t);
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		t[m++] = b[i].start;
		t[m++] = b[i].end;
	}
	qsort(t, m, sizeof *t, cmp_i64);
	size_t k = 0;
	for (size_t i = 0; i < m; i++)
		if (k == 0 || t[k - 1] != t[i])
			t[k++] = t[i];
	s->cut = t;
	s->nsec = k ? k - 1 : 0;
	s->lo = ir_xmalloc((n + 1) * sizeof *s->lo);
	s->hi = ir_xmalloc((n + 1) * sizeof *s->hi);
	for (size_t i = 0; i < n; i++) {
		s->lo[i] = find_cut(t, k, b[i].start);
		s->hi[i] = find_cut(t, k, b[i].end);
	}
}

static void
sweep_members(PlannerSweep *s, const PlannerBuffer *b, size_t n)
{
	size_t ns = s->nsec, total = 0;

	s->secstart = ir_xcalloc(ns + 2, sizeof *s->secstart);
	s->live = ir_xcalloc(ns + 1, sizeof *s->live);
	for (size_t i = 0; i < n; i++)
		for (size_t k = s->lo[i]; k < s->hi[i]; k++) {
			s->secstart[k + 1]++;
			s->live[k] += b[i].size;
			total++;
		}
	for (size_t k = 0; k < ns; k++)
		s->secstart[k + 1] += s->secstart[k];
	s->sec = ir_xmalloc((total + 1) * sizeof *s->sec);
	size_t *fill = ir_xmalloc((ns + 1) * sizeof *fill);
	memcpy(fill, s->secstart, (ns + 1) * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		for (size_t k = s->lo[i]; k < s->hi[i]; k++)
			s->sec[fill[k]++] = i;
	free(fill);
}

static bool
lives_overlap(const PlannerBuffer *x, const PlannerBuffer *y)
{
	return x->start < y->end && y->start < x->end;
}

static void
sweep_overlaps(PlannerSweep *s, const PlannerBuffer *b, size_t n)
{
	size_t cap = n + 1, m = 0;

	s->ovstart = ir_xmalloc((n + 1) * sizeof *s->ovstart);
	s->ov = ir_xmalloc(cap * sizeof *s->ov);
	for (size_t i = 0; i < n; i++) {
		s->ovstart[i] = m;
		for (size_t j = 0; j < n; j++) {
			if (j == i || !lives_overlap(&b[i], &b[j]))
				continue;
			if (m == cap) {
				cap *= 2;
				s->ov = ir_xrealloc(s->ov, cap * sizeof *s->ov);
			}
			s->ov[m++] = j;
		}
	}
	s->ovstart[n] = m;
}

void
planner_sweep_init(PlannerSweep *s, const PlannerBuffer *b, size_t n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	sweep_sections(s, b, n);
	sweep_members(s, b, n);
	sweep_overlaps(s, b, n);
}

void
planner_sweep_free(PlannerSweep *s)
{
	free(s->cut);
	free(s->lo);
	free(s->hi);
	free(s->secstart);
	free(s->sec);
	free(s->ovstart);
	free(s->ov);
	free(s->live);
}

/* ---------------------------------------------------- bounds, checks */

int64_t
planner_lower_bound(const PlannerBuffer *b, size_t n)
{
	PlannerSweep s;
	int64_t best = 0;

	planner_sweep_init(&s, b, n);
	for (size_t k = 0; k < s.nsec; k++)
		if (s.live[k] > best)
			best = s.live[k];
	planner_sweep_free(&s);
	return best;
}

int64_t
planner_arena(const PlannerBuffer *b, size_t n)
{
	int64_t top = 0;

	for (size_t i = 0; i < n; i++)
		if (b[i].offset + b[i].size > top)
			top = b[i].offset + b[i].size;
	return top;
}

bool
planner_validate(const PlannerBuffer *b, size_t n, size_t *bad)
{
	for (size_t i = 0; i < n; i++) {
		int64_t a = b[i].align;
		if (b[i].start >= b[i].end || b[i].size <= 0 || a < 0 ||
		    (a & (a - 1)) != 0) {
			*bad = i;
			return false;
		}
	}
	return true;
}

/* The checker stands alone on purpose: it shares no code with the
 * planners it judges (it sorts by start time and compares neighbours). */
typedef struct ByStart {
	int64_t start;
	size_t i;
} ByStart;

static int
cmp_start(const void *a, const void *b)
{
	const ByStart *x = a, *y = b;
	if (x->start != y->start)
		return (x->start > y->start) - (x->start < y->start);
	return (x->i > y->i) - (x->i < y->i);
}

bool
planner_check(const PlannerBuffer *b, size_t n, size_t *bad_i,
    size_t *bad_j)
{
	for (size_t i = 0; i < n; i++) {
		int64_t a = b[i].align > 1 ? b[i].align : 1;
		if (b[i].offset < 0 || b[i].offset % a != 0) {
			*bad_i = *bad_j = i;
			return false;
		}
	}
	ByStart *ord = ir_xmalloc((n + 1) * sizeof *ord);
	for (size_t i = 0; i < n; i++)
		ord[i] = (ByStart){b[i].start, i};
	qsort(ord, n, sizeof *ord, cmp_start);
	bool ok = true;
	for (size_t x = 0; x < n && ok; x++) {
		const PlannerBuffer *p = &b[ord[x].i];
		for (size_t y = x + 1; y < n && ok; y++) {
			const PlannerBuffer *q = &b[ord[y].i];
			if (q->start >= p->end)
				break;
			if (p->offset < q->offset + q->size &&
			    q->offset < p->offset + p->size) {
				size_t u = ord[x].i, v = ord[y].i;
				*bad_i = u < v ? u : v;
				*bad_j = u < v ? v : u;
				ok = false;
			}
		}
	}
	free(ord);
	return ok;
}

/* ---------------------------------------------------- placing */

/* The buffers placed so far, kept sorted by offset, so that the ones
 * live beside a new buffer come out in address order. */
typedef struct Placed {
	size_t *idx;
	size_t n;
} Placed;

static void
placed_add(Placed *p, const PlannerBuffer *b, size_t i)
{
	size_t k = p->n;
	while (k > 0 && b[p->idx[k - 1]].offset > b[i].offset) {
		p->idx[k] = p->idx[k - 1];
		k--;
	}
	p->idx[k] = i;
	p->n++;
}

/* The lowest offset where b[i] fits (first fit, as TFLite Micro and
 * Vela place). */
static int64_t
first_fit(const Placed *p, const PlannerBuffer *b, size_t i)
{
	int64_t a = b[i].align, cand = 0;

	for (size_t k = 0; k < p->n; k++) {
		const PlannerBuffer *q = &b[p->idx[k]];
		if (!lives_overlap(q, &b[i]) || q->offset + q->size <= cand)
			continue;
		if (cand + b[i].size <= q->offset)
			break;
		cand = planner_align_up(q->offset + q->size, a);
	}
	return cand;
}

/* The start of the smallest gap between live neighbours that holds
 * b[i], or the top of them all when none does (Pisarchyk & Lee). */
static int64_t
best_fit(const Placed *p, const PlannerBuffer *b, size_t i)
{
	int64_t a = b[i].align, cur = 0, best = -1, best_gap = 0;

	for (size_t k = 0; k < p->n; k++) {
		const PlannerBuffer *q = &b[p->idx[k]];
		if (!lives_overlap(q, &b[i]))
			continue;
		int64_t gap = q->offset - cur;
		if (gap >= b[i].size && (best < 0 || gap < best_gap)) {
			best = cur;
			best_gap = gap;
		}
		int64_t top = planner_align_up(q->offset + q->size, a);
		if (top > cur)
			cur = top;
	}
	return best >= 0 ? best : cur;
}

/* Sorting by a key, larger first, ties by index (a stable order). */
typedef struct KeyIdx {
	int64_t key;
	size_t i;
} KeyIdx;

static int
cmp_key_desc(const void *a, const void *b)
{
	const KeyIdx *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	return (x->i > y->i) - (x->i < y->i);
}

static void
sort_desc(size_t *idx, size_t n, const int64_t *key)
{
	KeyIdx *k = ir_xmalloc((n + 1) * sizeof *k);
	for (size_t j = 0; j < n; j++)
		k[j] = (KeyIdx){key[idx[j]], idx[j]};
	qsort(k, n, sizeof *k, cmp_key_desc);
	for (size_t j = 0; j < n; j++)
		idx[j] = k[j].i;
	free(k);
}

/* Places in order ord[0..n) with fit; returns the arena. */
static int64_t
place_in_order(PlannerBuffer *b, size_t n, const size_t *ord,
    int64_t (*fit)(const Placed *, const PlannerBuffer *, size_t))
{
	Placed p = {ir_xmalloc((n + 1) * sizeof *p.idx), 0};

	for (size_t k = 0; k < n; k++) {
		b[ord[k]].offset = fit(&p, b, ord[k]);
		placed_add(&p, b, ord[k]);
	}
	free(p.idx);
	return planner_arena(b, n);
}

static int64_t *
size_keys(const PlannerBuffer *b, size_t n)
{
	int64_t *key = ir_xmalloc((n + 1) * sizeof *key);
	for (size_t i = 0; i < n; i++)
		key[i] = b[i].size;
	return key;
}

/* TFLite Micro's GreedyMemoryPlanner: by size, largest first (a stable
 * sort, as its ReverseSortInPlace), each at its lowest fitting offset. */
static int64_t
plan_greedy(PlannerBuffer *b, size_t n, bool best)
{
	size_t *ord = ir_xmalloc((n + 1) * sizeof *ord);
	int64_t *key = size_keys(b, n);

	for (size_t i = 0; i < n; i++)
		ord[i] = i;
	sort_desc(ord, n, key);
	int64_t arena = place_in_order(b, n, ord, best ? best_fit : first_fit);
	free(key);
	free(ord);
	return arena;
}

/* Greedy by breadth: time steps by their live bytes, largest first;
 * within one, its unplaced buffers by size, each into the best gap. */
static int64_t
plan_breadth(PlannerBuffer *b, size_t n)
{
	PlannerSweep s;
	planner_sweep_init(&s, b, n);
	size_t *steps = ir_xmalloc((s.nsec + 1) * sizeof *steps);
	size_t *ord = ir_xmalloc((n + 1) * sizeof *ord), m = 0;
	size_t *tmp = ir_xmalloc((n + 1) * sizeof *tmp);
	bool *done = ir_xcalloc(n + 1, sizeof *done);
	int64_t *key = size_keys(b, n);

	for (size_t k = 0; k < s.nsec; k++)
		steps[k] = k;
	sort_desc(steps, s.nsec, s.live);
	for (size_t k = 0; k < s.nsec; k++) {
		size_t sec = steps[k], t = 0;
		for (size_t j = s.secstart[sec]; j < s.secstart[sec + 1]; j++)
			if (!done[s.sec[j]])
				tmp[t++] = s.sec[j];
		sort_desc(tmp, t, key);
		for (size_t j = 0; j < t; j++) {
			done[tmp[j]] = true;
			ord[m++] = tmp[j];
		}
	}
	int64_t arena = place_in_order(b, n, ord, best_fit);
	free(key);
	free(done);
	free(tmp);
	free(ord);
	free(steps);
	planner_sweep_free(&s);
	return arena;
}

/* ---------------------------------------------------- hill climb */

/* Vela's HillClimbAllocator: an initial order by urgency (the largest
 * live bytes over the buffer's life), then repeatedly swap two of the
 * buffers that decided where the top buffer went and keep the order when
 * the arena does not grow. Vela uses Python's random seeded with 1; this
 * uses its own xorshift, so the runs differ in detail. */
typedef struct Climb {
	PlannerBuffer *b;
	size_t n;
	PlannerSweep s;
	int64_t *urgency;
	size_t *pred;		/* the buffer whose top is this one's offset */
	size_t *turn;		/* position in the order */
	bool *done;		/* placed in this round */
	Placed placed;		/* by offset */
	uint64_t rng;
} Climb;

#define NO_PRED ((size_t)-1)

static uint64_t
climb_rand(Climb *c, uint64_t bound)
{
	c->rng ^= c->rng << 13;
	c->rng ^= c->rng >> 7;
	c->rng ^= c->rng << 17;
	return bound ? c->rng % bound : 0;
}

/* Vela's allocate_lr: the lowest offset past every placed neighbour in
 * the way, remembering which one set it (the predecessor). */
static void
climb_place(Climb *c, size_t i)
{
	PlannerBuffer *b = c->b;
	int64_t cand = 0;

	c->pred[i] = NO_PRED;
	for (size_t k = 0; k < c->placed.n; k++) {
		const PlannerBuffer *q = &b[c->placed.idx[k]];
		if (!lives_overlap(q, &b[i]) || q->offset + q->size <= cand)
			continue;
		if (cand + b[i].size <= q->offset)
			break;
		cand = planner_align_up(q->offset + q->size, b[i].align);
		c->pred[i] = c->placed.idx[k];
	}
	b[i].offset = cand;
	c->done[i] = true;
	placed_add(&c->placed, b, i);
}

/* Places in order; stops early once the arena passes limit. */
static int64_t
climb_allocate(Climb *c, const size_t *ord, int64_t limit)
{
	int64_t top = 0;

	memset(c->done, 0, c->n * sizeof *c->done);
	c->placed.n = 0;
	for (size_t k = 0; k < c->n; k++) {
		size_t i = ord[k];
		climb_place(c, i);
		c->turn[i] = k;
		if (c->b[i].offset + c->b[i].size > top)
			top = c->b[i].offset + c->b[i].size;
		if (top > limit)
			break;
	}
	return top;
}

static void
add_turns(Climb *c, size_t i, bool *seen, size_t *list, size_t *m)
{
	for (; i != NO_PRED; i = c->pred[i]) {
		if (!c->done[i] || seen[c->turn[i]])
			continue;
		seen[c->turn[i]] = true;
		list[(*m)++] = c->turn[i];
	}
}

/* Swaps two of the turns that decided the top buffer's place. */
static void
climb_perturb(Climb *c, size_t *ord, bool *seen, size_t *list)
{
	size_t top = 0, m = 0, nn = 0;

	for (size_t i = 1; i < c->n; i++)
		if (c->b[i].offset + c->b[i].size >
		    c->b[top].offset + c->b[top].size)
			top = i;
	memset(seen, 0, c->n * sizeof *seen);
	add_turns(c, top, seen, list, &m);
	for (size_t k = c->s.ovstart[top]; k < c->s.ovstart[top + 1]; k++)
		add_turns(c, c->s.ov[k], seen, list, &m);
	if (m < 2)
		return;
	/* Turns of buffers that are not the top's neighbours caused gaps:
	 * Vela picks one of them 30% of the time. */
	size_t *far = list + m;
	for (size_t k = 0; k < m; k++)
		if (!lives_overlap(&c->b[ord[list[k]]], &c->b[top]))
			far[nn++] = list[k];
	size_t x = climb_rand(c, 100) < 30 && nn ? far[climb_rand(c, nn)]
	    : list[climb_rand(c, m)];
	size_t y = list[climb_rand(c, m - 1)];
	if (x == y)
		y = list[m - 1];
	size_t t = ord[x];
	ord[x] = ord[y];
	ord[y] = t;
}

/* Vela's initial order: urgency, then longer lives, earlier starts,
 * larger sizes, lower index. */
typedef struct Urgency {
	int64_t urgency, length, start, size;
	size_t i;
} Urgency;

static int
cmp_urgency(const void *a, const void *b)
{
	const Urgency *x = a, *y = b;
	if (x->urgency != y->urgency)
		return x->urgency < y->urgency ? 1 : -1;
	if (x->length != y->length)
		return x->length < y->length ? 1 : -1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	return (x->i > y->i) - (x->i < y->i);
}

static void
climb_init(Climb *c, PlannerBuffer *b, size_t n, size_t *ord)
{
	c->b = b;
	c->n = n;
	planner_sweep_init(&c->s, b, n);
	c->urgency = ir_xcalloc(n + 1, sizeof *c->urgency);
	c->pred = ir_xmalloc((n + 1) * sizeof *c->pred);
	c->turn = ir_xmalloc((n + 1) * sizeof *c->turn);
	c->done = ir_xcalloc(n + 1, sizeof *c->done);
	c->placed = (Placed){ir_xmalloc((n + 1) * sizeof *c->placed.idx), 0};
	c->rng = 0x9e3779b97f4a7c15ull;
	for (size_t i = 0; i < n; i++)
		for (size_t k = c->s.lo[i]; k < c->s.hi[i]; k++)
			if (c->s.live[k] > c->urgency[i])
				c->urgency[i] = c->s.live[k];
	Urgency *u = ir_xmalloc((n + 1) * sizeof *u);
	for (size_t i = 0; i < n; i++)
		u[i] = (Urgency){c->urgency[i], b[i].end - b[i].start,
		    b[i].start, b[i].size, i};
	qsort(u, n, sizeof *u, cmp_urgency);
	for (size_t i = 0; i < n; i++)
		ord[i] = u[i].i;
	free(u);
}

static void
climb_free(Climb *c)
{
	planner_sweep_free(&c->s);
	free(c->urgency);
	free(c->pred);
	free(c->turn);
	free(c->done);
	free(c->placed.idx);
}

static int64_t
plan_hill_climb(PlannerBuffer *b, size_t n, unsigned iterations)
{
	Climb c;
	size_t *ord = ir_xmalloc((n + 1) * sizeof *ord);
	size_t *best = ir_xmalloc((n + 1) * sizeof *best);
	bool *seen = ir_xmalloc((n + 1) * sizeof *seen);
	size_t *list = ir_xmalloc((2 * n + 1) * sizeof *list);

	climb_init(&c, b, n, ord);
	int64_t lb = 0;
	for (size_t k = 0; k < c.s.nsec; k++)
		if (c.s.live[k] > lb)
			lb = c.s.live[k];
	int64_t best_arena = climb_allocate(&c, ord, INT64_MAX);
	memcpy(best, ord, n * sizeof *ord);
	for (unsigned it = 0; it < iterations && best_arena > lb; it++) {
		climb_perturb(&c, ord, seen, list);
		int64_t a = climb_allocate(&c, ord, best_arena);
		if (a <= best_arena) {
			best_arena = a;
			memcpy(best, ord, n * sizeof *ord);
		} else {
			memcpy(ord, best, n * sizeof *ord);
		}
	}
	/* The last allocation may have stopped early or been worse. */
	climb_allocate(&c, best, INT64_MAX);
	climb_free(&c);
	free(list);
	free(seen);
	free(best);
	free(ord);
	return planner_arena(b, n);
}

/* ---------------------------------------------------- dispatch */

int64_t
planner_heuristic(PlannerBuffer *b, size_t n, PlannerAlgorithm a,
    unsigned iterations)
{
	if (n == 0)
		return 0;
	switch (a) {
	case PLANNER_GREEDY:
		return plan_greedy(b, n, false);
	case PLANNER_BEST_FIT_SIZE:
		return plan_greedy(b, n, true);
	case PLANNER_BEST_FIT_BREADTH:
		return plan_breadth(b, n);
	case PLANNER_HILL_CLIMB:
		return plan_hill_climb(b, n, iterations ? iterations : 500);
	default:
		ir_unreachable("not a heuristic");
	}
}

static void
save_offsets(int64_t *dst, const PlannerBuffer *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = b[i].offset;
}

static void
load_offsets(PlannerBuffer *b, size_t n, const int64_t *src)
{
	for (size_t i = 0; i < n; i++)
		b[i].offset = src[i];
}

/* Every heuristic, keeping the smallest arena (ties: the first). */
static int64_t
best_heuristic(PlannerBuffer *b, size_t n, unsigned iterations,
    PlannerAlgorithm *used)
{
	int64_t *keep = ir_xmalloc((n + 1) * sizeof *keep), best = -1;

	for (int a = PLANNER_GREEDY; a <= PLANNER_HILL_CLIMB; a++) {
		int64_t arena = planner_heuristic(b, n, (PlannerAlgorithm)a,
		    iterations);
		if (best < 0 || arena < best) {
			best = arena;
			*used = (PlannerAlgorithm)a;
			save_offsets(keep, b, n);
		}
	}
	load_offsets(b, n, keep);
	free(keep);
	return best;
}

/* Narrows [lo, arena] by exact searches at smaller capacities: a packing
 * found lowers the top, a proof of none raises the bottom. */
static void
minimise(PlannerBuffer *b, size_t n, double deadline, int64_t node_limit,
    PlannerResult *r)
{
	int64_t lo = r->lower_bound;
	int64_t *keep = ir_xmalloc((n + 1) * sizeof *keep);

	while (lo < r->arena) {
		int64_t cap = lo + (r->arena - 1 - lo) / 2;
		save_offsets(keep, b, n);
		PlannerStatus st = planner_exact(b, n, cap, deadline,
		    node_limit, &r->nodes);
		if (st == PLANNER_FOUND) {
			r->arena = planner_arena(b, n);
			r->used = PLANNER_EXACT;
			continue;
		}
		load_offsets(b, n, keep);
		if (st == PLANNER_GAVE_UP)
			break;
		lo = cap + 1;
	}
	r->optimal = lo >= r->arena;
	free(keep);
}

static void
plan_exact_capacity(PlannerBuffer *b, size_t n, const PlannerOptions *o,
    double deadline, PlannerResult *r)
{
	if (r->arena <= o->capacity) {
		r->optimal = r->arena == r->lower_bound;
		return;
	}
	if (r->lower_bound > o->capacity) {
		r->status = PLANNER_INFEASIBLE;
		return;
	}
	PlannerStatus st = planner_exact(b, n, o->capacity, deadline,
	    o->node_limit, &r->nodes);
	r->status = st;
	if (st == PLANNER_FOUND) {
		r->arena = planner_arena(b, n);
		r->used = PLANNER_EXACT;
		r->optimal = r->arena == r->lower_bound;
	}
}

void
planner_plan(PlannerBuffer *b, size_t n, const PlannerOptions *o,
    PlannerResult *r)
{
	double t0 = planner_now();
	double limit = o->time_limit > 0 ? o->time_limit : 10.0;
	PlannerAlgorithm a = o->algorithm;

	memset(r, 0, sizeof *r);
	r->lower_bound = planner_lower_bound(b, n);
	if (a == PLANNER_EXACT || a == PLANNER_AUTO) {
		r->arena = best_heuristic(b, n, o->iterations, &r->used);
		if (o->capacity > 0)
			plan_exact_capacity(b, n, o, t0 + limit, r);
		else
			minimise(b, n, t0 + limit, o->node_limit, r);
	} else {
		r->arena = planner_heuristic(b, n, a, o->iterations);
		r->used = a;
		r->optimal = r->arena == r->lower_bound;
	}
	if (r->status == PLANNER_FOUND && o->capacity > 0 &&
	    r->arena > o->capacity)
		r->status = PLANNER_GAVE_UP;
	r->seconds = planner_now() - t0;
}
