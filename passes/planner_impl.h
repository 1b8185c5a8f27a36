/* passes/planner_impl.h: what planner.c and planner_exact.c share (time
 * sections and overlap lists); not for users of the planner. */
#ifndef NPUIR_PLANNER_IMPL_H
#define NPUIR_PLANNER_IMPL_H

#include "passes/planner.h"

/* Time cut at every distinct start and end: section s is
 * [cut[s], cut[s + 1]); buffer i covers sections [lo[i], hi[i]). The
 * buffers live in section s are sec[secstart[s] .. secstart[s + 1]),
 * the buffers whose lives overlap buffer i's are ov[ovstart[i] ..
 * ovstart[i + 1]). */
typedef struct PlannerSweep {
	size_t n, nsec;
	int64_t *cut;		/* nsec + 1 times */
	size_t *lo, *hi;	/* per buffer */
	size_t *secstart, *sec;	/* CSR: section -> live buffers */
	size_t *ovstart, *ov;	/* CSR: buffer -> overlapping buffers */
	int64_t *live;		/* per section: sum of live sizes */
} PlannerSweep;

void planner_sweep_init(PlannerSweep *s, const PlannerBuffer *b, size_t n);
void planner_sweep_free(PlannerSweep *s);

static inline int64_t
planner_align_up(int64_t x, int64_t a)
{
	return a > 1 ? (x + a - 1) & ~(a - 1) : x;
}

#endif /* NPUIR_PLANNER_IMPL_H */
