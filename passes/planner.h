/* passes/planner.h: static memory planning of buffers with known live
 * ranges (offsets in one arena): heuristics, an exact solver, a checker.
 * Pure C over plain arrays, no IR: plan-memory, the Ethos-U scheduler's
 * SRAM budgets and the unit tests all call it the same way. */
#ifndef NPUIR_PLANNER_H
#define NPUIR_PLANNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One buffer: live over the half-open interval [start, end) of time
 * steps, size bytes, its offset a multiple of align. */
typedef struct PlannerBuffer {
	int64_t start, end;	/* live range, start < end */
	int64_t size;		/* bytes, > 0 */
	int64_t align;		/* power of two; 0 and 1 mean none */
	int64_t offset;		/* result: bytes from the arena start */
} PlannerBuffer;

typedef enum PlannerAlgorithm {
	PLANNER_GREEDY,		/* TFLite Micro's GreedyMemoryPlanner */
	PLANNER_BEST_FIT_SIZE,	/* Pisarchyk & Lee, greedy by size */
	PLANNER_BEST_FIT_BREADTH, /* Pisarchyk & Lee, greedy by breadth */
	PLANNER_HILL_CLIMB,	/* Vela's HillClimbAllocator search */
	PLANNER_EXACT,		/* branch and bound, proves optimality */
	PLANNER_AUTO,		/* the best of all within the limits */
	PLANNER_NUM_ALGORITHMS
} PlannerAlgorithm;

/* The option spelling of a (greedy, best-fit-size, ...). */
const char *planner_algorithm_name(PlannerAlgorithm a);
/* The algorithm spelled name; false when there is none. */
bool planner_algorithm_parse(const char *name, PlannerAlgorithm *a);

typedef struct PlannerOptions {
	PlannerAlgorithm algorithm;
	/* 0: minimise the arena. Else the exact solver stops at the first
	 * packing whose arena is at most capacity (the MiniMalloc task) and
	 * proves that none exists when it cannot find one. */
	int64_t capacity;
	double time_limit;	/* seconds for the exact search; 0: 10 s */
	int64_t node_limit;	/* search nodes; 0: no limit */
	unsigned iterations;	/* hill-climb iterations; 0: Vela's 500 */
} PlannerOptions;

typedef enum PlannerStatus {
	PLANNER_FOUND,		/* offsets set; arena <= capacity if any */
	PLANNER_INFEASIBLE,	/* proven: no packing fits the capacity */
	PLANNER_GAVE_UP,	/* a limit hit before any packing fitted */
} PlannerStatus;

typedef struct PlannerResult {
	PlannerStatus status;
	PlannerAlgorithm used;	/* the algorithm whose offsets were kept */
	int64_t arena;		/* max(offset + size), 0 without buffers */
	int64_t lower_bound;	/* max over time of the live bytes */
	bool optimal;		/* arena proven minimal */
	int64_t nodes;		/* exact-search nodes visited */
	double seconds;		/* wall time of the planning */
} PlannerResult;

/* Plans b[0..n): sets every offset (also when the result does not fit
 * the capacity, except on PLANNER_INFEASIBLE / GAVE_UP where offsets are
 * the best heuristic's). The input must be valid (planner_validate). */
void planner_plan(PlannerBuffer *b, size_t n, const PlannerOptions *o,
    PlannerResult *r);

/* Runs one heuristic (not EXACT/AUTO) and returns the arena size. */
int64_t planner_heuristic(PlannerBuffer *b, size_t n, PlannerAlgorithm a,
    unsigned iterations);

/* The exact search for a packing of arena <= capacity, seeded with the
 * arena ub of the offsets already in b (ub <= 0: none): FOUND (offsets
 * set), INFEASIBLE (proven) or GAVE_UP (deadline or nodes). deadline is
 * an absolute planner_now() time; *nodes counts up. */
PlannerStatus planner_exact(PlannerBuffer *b, size_t n, int64_t capacity,
    double deadline, int64_t node_limit, int64_t *nodes);

/* max over time of the sum of live sizes: no packing is smaller. */
int64_t planner_lower_bound(const PlannerBuffer *b, size_t n);
/* max(offset + size). */
int64_t planner_arena(const PlannerBuffer *b, size_t n);

/* Independent check of a plan: offsets aligned and >= 0, and no two
 * buffers live at the same time share a byte. On failure sets *i, *j
 * (j == i for a single bad buffer) and returns false. */
bool planner_check(const PlannerBuffer *b, size_t n, size_t *i, size_t *j);

/* Checks the input: start < end, size > 0, align a power of two. On
 * failure sets *bad and returns false. */
bool planner_validate(const PlannerBuffer *b, size_t n, size_t *bad);

/* Monotonic seconds. */
double planner_now(void);

#endif /* NPUIR_PLANNER_H */
