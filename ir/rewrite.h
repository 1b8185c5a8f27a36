/* ir/rewrite.h: rewrite patterns, the rewriter they change the IR
 * through, constant materializers, and the greedy driver that applies
 * patterns and fold hooks to a fixpoint. */
#ifndef NPUIR_REWRITE_H
#define NPUIR_REWRITE_H

#include "ir/ir.h"

typedef struct IrRewriter IrRewriter;

/* Matches `op` and, when it matches, rewrites it through `rw` and returns
 * true. Returns false without touching the IR when it does not match. */
typedef bool (*IrPatternFn)(IrOp *op, IrRewriter *rw, const void *data);

/* A pattern: the op name it roots at (NULL: any op), a benefit (higher
 * is tried first) and the function. Copied into the set. */
typedef struct IrPattern {
	const char *name;        /* for debugging and statistics */
	const char *root;        /* "graph.transpose", NULL: any op */
	unsigned benefit;
	IrPatternFn fn;
	const void *data;        /* passed to fn */
} IrPattern;

/* IrPatternSet is declared in ir/ir.h (op canonicalize hooks fill one). */
IrPatternSet *ir_pattern_set_create(IrContext *ctx);
void ir_pattern_set_destroy(IrPatternSet *set);
void ir_pattern_set_add(IrPatternSet *set, const IrPattern *p);
size_t ir_pattern_set_size(const IrPatternSet *set);
/* Adds the canonicalize patterns of every registered op, then those of
 * every ir_register_canonical_patterns callback. */
void ir_pattern_set_add_canonical(IrPatternSet *set);

/* Adds patterns to a set being built. */
typedef void (*IrPatternsFn)(IrContext *ctx, IrPatternSet *set);
/* Registers canonicalization patterns that do not come from an op's own
 * canonicalize hook (patterns across dialects, or a plugin's for ops it
 * does not define): fn runs whenever a canonical set is built.
 * Registering the same fn twice is a no-op. */
void ir_register_canonical_patterns(IrContext *ctx, IrPatternsFn fn);

/* ---------------------------------------------------------------- rewriter */

/* The context, and the builder whose insertion point new ops go to (by
 * default right before the op being rewritten). */
IrContext *ir_rewriter_context(IrRewriter *rw);
IrBuilder *ir_rewriter_builder(IrRewriter *rw);
/* Creates an op at the insertion point (st->loc NULL: the location of
 * the op being rewritten) and queues it for the driver. */
IrOp *ir_rewriter_create(IrRewriter *rw, const IrOpState *st);
/* Replaces every result i of op with values[i], then erases op. */
void ir_rewriter_replace_op(IrRewriter *rw, IrOp *op,
    IrValue *const *values);
/* Replaces every use of `from` with `to` (users are requeued). */
void ir_rewriter_replace_uses(IrRewriter *rw, IrValue *from, IrValue *to);
/* Erases op (its results must be unused) and everything nested in it;
 * the ops defining its operands are requeued (they may be dead now). */
void ir_rewriter_erase_op(IrRewriter *rw, IrOp *op);
/* Tells the driver that op was changed in place (attributes, operands):
 * op and its users are requeued. */
void ir_rewriter_modified(IrRewriter *rw, IrOp *op);
/* ir_op_set_operand + ir_rewriter_modified. */
void ir_rewriter_set_operand(IrRewriter *rw, IrOp *op, unsigned i,
    IrValue *v);
/* ir_op_set_attr + ir_rewriter_modified. */
void ir_rewriter_set_attr(IrRewriter *rw, IrOp *op, const char *name,
    const IrAttr *value);

/* ---------------------------------------------------------------- constants */

/* Creates an op of its dialect holding `value` with result type `type`
 * at the builder's insertion point and returns it, or returns NULL when
 * the dialect cannot hold that constant. */
typedef IrOp *(*IrMaterializeFn)(IrBuilder *b, const IrAttr *value,
    const IrType *type, const IrLoc *loc);

/* Registers the constant materializer of `dialect` ("graph"): folded
 * results of that dialect's ops become constants through it. A later
 * registration for the same dialect replaces the earlier one. */
void ir_register_constant_materializer(IrContext *ctx, const char *dialect,
    IrMaterializeFn fn);
IrMaterializeFn ir_lookup_constant_materializer(IrContext *ctx,
    const IrIdent *dialect);

/* The constant value of v: v is the single result of a pure op with no
 * operands whose fold hook returns an attribute. NULL otherwise. */
const IrAttr *ir_value_constant(IrValue *v);
/* Is op trivially dead: registered, pure (and so is every op nested in
 * it), no result used, not a terminator? */
bool ir_op_is_trivially_dead(const IrOp *op);

/* ---------------------------------------------------------------- driver */

typedef struct IrGreedyConfig {
	int max_iterations;      /* sweeps over the IR; <= 0: 10 */
	/* rewrites allowed in one sweep before giving up, <= 0: 8 per op
	 * plus 1024 */
	long max_rewrites;
	bool fold;               /* apply fold hooks */
	bool erase_dead;         /* erase trivially dead ops */
} IrGreedyConfig;

typedef struct IrGreedyStats {
	uint64_t folds;          /* ops replaced by folding */
	uint64_t rewrites;       /* patterns applied */
	uint64_t erased;         /* dead ops erased */
	int iterations;          /* sweeps done */
} IrGreedyStats;

void ir_greedy_config_default(IrGreedyConfig *c);

/* Applies `set` (may be NULL), folding and dead-op erasure to every op
 * nested in root's regions until nothing changes. With folding on,
 * constants (ops whose value ir_value_constant knows) are kept once per
 * dialect, value and type at the front of the entry block of the nearest
 * region isolated from above (or root's), as MLIR's folder does. Returns true when it
 * converged; otherwise reports "... did not converge ..." at root and
 * returns false. stats (optional) is filled either way. */
bool ir_apply_patterns_greedily(IrOp *root, const IrPatternSet *set,
    const IrGreedyConfig *config, IrGreedyStats *stats);

#endif /* NPUIR_REWRITE_H */
