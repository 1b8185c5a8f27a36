/* targets/ethos_u/schedule.h: ethos-u-schedule's striping and cascading
 * (schedule.c: the model and the search; schedule_ir.c: the pass and the
 * rewrite; schedule_sram.c: SRAM liveness of a striped program), and what
 * ethos-u-estimate needs to cost its result. */
#ifndef NPUIR_ETHOS_U_SCHEDULE_H
#define NPUIR_ETHOS_U_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "targets/ethos_u/layers.h"

/* An npu.slice or npu.concat that ethos-u-schedule made (attribute
 * `ethos_u.view`): rows of a stripe, no data moves. */
bool ethos_u_is_view(const IrOp *op);
/* A concat that assembles an op's output from its stripes
 * (`ethos_u.view = "output"`): its buffer is whole from the first stripe. */
bool ethos_u_is_output_view(const IrOp *op);
/* An op whose weights ethos-u-schedule streams (`ethos_u.weights =
 * "stream"`): no SRAM buffer, read where they live. */
bool ethos_u_streams_weights(const IrOp *op);
/* An op's `ethos_u.stripe = [op id, stripe index, stripes]`. */
bool ethos_u_stripe_of(const IrOp *op, int64_t st[3]);
/* Does any function of the module hold stripes, or a schedule? */
bool ethos_u_has_stripes(IrOp *module);
/* SRAM bytes of the map layer l writes (rows of it when rows > 0): its
 * OFM, or the whole of its value when the OFM is a part of it (a
 * resize's phases, a pad's fill and copy, a concatenation's inputs: the
 * op's first layer counts the whole, a later part nothing). The
 * estimate, its count by value and the search all count maps so. */
int64_t ethos_u_map_bytes(const EthosULayer *l, int64_t rows);
/* SRAM live while each layer runs, by value: every map from its
 * producer to its last reader (through reshapes and views), an output
 * view's stripes together from the first, a rolling buffer's stripes
 * as one ring of its rows (ethos_u.ring) from the first stripe to the
 * last read of any, function inputs from their
 * first to last reader, and buffered weights from an op's first stripe
 * to its last. Sets each layer's sram_usage. */
void ethos_u_sram_usage_values(const EthosUTarget *t, EthosULayers *ls);

/* ------------------------------------------------------------ the search */

/* Row geometry of one op along H, for striping. */
typedef struct SchedGeom {
	bool window;            /* a kernel along H (conv, depthwise, pool) */
	int64_t ke, stride, pt; /* dilated kernel height, stride, top pad */
	int64_t in_h, out_h;
	int64_t unit;           /* stripe heights are multiples of this (the
	                           op's OFM block height), 0 or 1: any */
} SchedGeom;

/* A half-open row range [lo, hi). */
typedef struct SchedRange {
	int64_t lo, hi;
} SchedRange;

/* The rows of op g's input that output rows r need, clamped to the input,
 * and the padding above and below that the clamp cut off. */
void ethos_u_sched_in_rows(const SchedGeom *g, SchedRange r, SchedRange *in,
    int64_t *pad_top, int64_t *pad_bottom);

/* The stripes of a cascade of n ops (g[0] first) whose last op's output
 * is cut into S stripes of equal height rounded up to its unit (the
 * last stripes may then be empty): prod[k * S + s] the rows op k writes
 * in stripe s (possibly empty), in[k * S + s] the input rows it reads,
 * pads the padding of those reads. Rows an op computed in an earlier
 * stripe are not computed again (a rolling buffer, as Vela's cascades
 * keep). */
void ethos_u_sched_cascade(const SchedGeom *g, int n, int S,
    SchedRange *prod, SchedRange *in, int64_t *pad_top, int64_t *pad_bottom);

/* The rows of op k's rolling buffer in a cascade (prod: its stripes;
 * next_prod, next_in: the next op's stripes and the rows they read),
 * or 0 when no window of the next op spans two of its stripes (no row
 * is kept: the stripes stay apart). Producer stripe s runs before
 * consumer stripe s, so the ring holds the most rows live at once, at
 * least each stripe. ethos-u-schedule marks the stripes with it
 * (`ethos_u.ring`), bufferize and ethos-u-codegen allocate it, and the
 * search and ethos-u-estimate count it. */
int64_t ethos_u_sched_ring(const SchedRange *prod,
    const SchedRange *next_prod, const SchedRange *next_in, int S);

/* One point of the search: peak SRAM bytes and cycles. */
typedef struct SchedPoint {
	int64_t peak;
	double cycles;
	double slack;           /* what its last layer leaves the next op's
	                           weight DMA (the estimate's slack) */
} SchedPoint;

/* A chosen cascade: ops [first, last] of the op list, stripes of the
 * last op's output (1: the op runs whole). */
typedef struct SchedCascade {
	int first, last, stripes;
	bool stream;            /* weights read where they live, no buffer */
	int64_t unit;           /* stripe heights a multiple of this */
} SchedCascade;

typedef struct SchedOp SchedOp;
typedef struct SchedConfig SchedConfig;

/* The problem: the function's ops in order and what the model knows. */
typedef struct SchedProblem {
	const EthosUTarget *t;
	EthosULayers ls;        /* the function's layers, placed */
	SchedOp *ops;
	int nops;
	int max_len;            /* longest cascade tried */
	bool size;              /* optimise=size: no weight buffers */
	/* the values live across ops: bytes in SRAM, first and last op */
	int nbufs;
	struct SchedBuf { int64_t bytes; int first, last, producer; } *bufs;
	/* block configurations by query shape (an open hash table) */
	SchedConfig *configs;
	size_t nconfigs, nconfig_slots;
	void *scratch;          /* the cascade evaluation's arrays */
	size_t scratch_size;
	/* statistics */
	int64_t evaluated, perf_queries;
} SchedProblem;

/* The result of a search. */
typedef struct SchedResult {
	SchedCascade *cascades; /* the plan, in op order */
	int ncascades;
	SchedPoint chosen, whole;       /* the plan's and the unstriped's */
	SchedPoint *pareto;     /* every non-dominated plan, peak ascending */
	int npareto;
	int worst_op;           /* budget impossible: the op, else -1 */
	int64_t worst_bytes;    /* ... and the least SRAM it needs */
} SchedResult;

/* Builds the problem for a function (entry block). False with a
 * diagnostic when an op cannot be modelled. */
bool ethos_u_sched_build(const EthosUTarget *t, IrOp *func, bool size,
    const char *weight_sizes, SchedProblem *p);
/* Searches the plans: budget 0 means none. performance: the fewest
 * cycles within the budget, then the least SRAM among plans no slower
 * than running every op whole; size: the least SRAM, then the fewest
 * cycles; max_cycles > 0: the least SRAM within that many cycles (the
 * above when none is). False when no plan fits the budget (r->worst_op
 * says where). */
bool ethos_u_sched_search(SchedProblem *p, int64_t budget,
    double max_cycles, bool size, SchedResult *r);
/* Every maximal run of chained ops (at most max_len) as one cascade of
 * `stripes` stripes (fewer when its last op has fewer rows); for tests
 * of the striping itself. */
void ethos_u_sched_force(SchedProblem *p, int stripes, SchedResult *r);
/* The op of the problem's op i. */
IrOp *ethos_u_sched_op(const SchedProblem *p, int i);
/* Geometry of the problem's op i. */
const SchedGeom *ethos_u_sched_geom(const SchedProblem *p, int i);
void ethos_u_sched_free(SchedProblem *p, SchedResult *r);

#endif /* NPUIR_ETHOS_U_SCHEDULE_H */
