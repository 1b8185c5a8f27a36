/* passes/quant_mixed.c: mixed precision: the most sensitive layers are
 * raised to int16 until the output SQNR on sample inputs meets a target. */
#include "passes/quant.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sort of layers by sensitivity: the lowest SQNR (the layer that
 * hurts most when quantized alone) first, then by position. */
typedef struct Rank {
	double db;
	size_t i;
} Rank;

static int
cmp_rank(const void *a, const void *b)
{
	const Rank *x = a, *y = b;

	if (x->db != y->db)
		return x->db < y->db ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Sets prec to raise the first k ranked layers to `to` (int16 or
 * float). */
static void
raise_top(IrPtrMap *prec, IrOp **layers, const Rank *r, size_t m, size_t k,
    QPrec to)
{
	size_t i;

	for (i = 0; i < m; i++)
		ir_ptrmap_put(prec, layers[r[i].i], (void *)(uintptr_t)(i < k ?
		    to : QPREC_INT8));
}

typedef struct Mixed {
	IrOp *func;
	QConfig cfg;
	const QSamples *s;
	const QRef *ref;
	IrOp **layers;
	Rank *rank;
	size_t m;
	IrPtrMap prec;
	QPrec to;
} Mixed;

static bool
sqnr_at(Mixed *x, size_t k, double *db)
{
	raise_top(&x->prec, x->layers, x->rank, x->m, k, x->to);
	return qeval(x->func, &x->cfg, x->s, x->ref, NULL, 0, db, NULL);
}

/* The smallest k whose SQNR meets target (the SQNR grows with k, near
 * enough: a binary search), or m when even all layers in int16 miss. */
static bool
search(Mixed *x, double target, size_t *k, double *db)
{
	size_t lo = 0, hi = x->m, mid;
	double d, dhi;

	if (!sqnr_at(x, 0, db))
		return false;
	if (*db >= target) {
		*k = 0;
		return true;
	}
	if (!sqnr_at(x, x->m, &dhi))
		return false;
	while (dhi >= target && hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (!sqnr_at(x, mid, &d))
			return false;
		if (d >= target) {
			hi = mid;
			dhi = d;
		} else {
			lo = mid;
		}
	}
	*k = hi;
	*db = dhi;
	return true;
}

static void
report(Mixed *x, size_t k, double db, double target)
{
	int64_t all = 0, wide = 0, macs;
	size_t i;

	for (i = 0; i < x->m; i++) {
		macs = quant_macs(x->layers[x->rank[i].i]);
		all += macs;
		wide += i < k ? macs : 0;
	}
	fprintf(stderr, "quantize: mixed precision: %zu of %zu layers in "
	    "%s, %.1f%% of %lld MACs (int8 %.1f%%); output SQNR %.2f dB "
	    "on %zu samples (target %.2f dB%s)\n", k, x->m,
	    x->to == QPREC_FLOAT ? "float" : x->to == QPREC_INT16W ?
	    "int16x16" : "int16",
	    all ? 100.0 * (double)wide / (double)all : 0.0, (long long)all,
	    all ? 100.0 * (double)(all - wide) / (double)all : 100.0, db,
	    x->s->n, target, db >= target ? "" : ", not reached");
}

long
quant_mixed(IrOp *func, const QConfig *cfg, const char *target_s,
    const char *dir)
{
	IrContext *ctx = ir_op_context(func);
	Mixed x = {.func = func, .cfg = *cfg,
	    .to = cfg->raise == QPREC_FLOAT || cfg->raise == QPREC_INT16W ?
	    cfg->raise : QPREC_INT16};
	QSamples s = {0};
	QRef ref = {0};
	double target, db = 0, *sens = NULL;
	char *end;
	size_t i, k = 0;
	long n = -1;
	bool ok;

	if (!target_s || !*target_s)
		return quant_rewrite(func, cfg);
	target = strtod(target_s, &end);
	if (end == target_s || *end || !isfinite(target)) {
		ir_emit_error(ctx, NULL, "quantize: target-sqnr '%s' is not a "
		    "number of dB", target_s);
		return -1;
	}
	if (!dir || !*dir || cfg->def != QPREC_INT8) {
		ir_emit_error(ctx, NULL, "quantize: target-sqnr needs "
		    "mode=int8 and the samples to measure on (inputs=DIR)");
		return -1;
	}
	ok = qsamples_open(ctx, dir, &s) && qref_build(func, &s, &ref);
	x.s = &s;
	x.ref = &ref;
	x.m = ok ? quant_layers(func, &x.layers) : 0;
	sens = ir_xcalloc(x.m + 1, sizeof *sens);
	x.rank = ir_xcalloc(x.m + 1, sizeof *x.rank);
	ok = ok && quant_sensitivity(func, QPREC_INT8, cfg->per_channel, &s,
	    &ref, x.layers, x.m, sens);
	for (i = 0; ok && i < x.m; i++)
		x.rank[i] = (Rank){sens[i], i};
	if (ok)
		qsort(x.rank, x.m, sizeof *x.rank, cmp_rank);
	x.cfg.prec = &x.prec;
	ok = ok && search(&x, target, &k, &db);
	if (ok) {
		raise_top(&x.prec, x.layers, x.rank, x.m, k, x.to);
		report(&x, k, db, target);
		n = quant_rewrite(func, &x.cfg);
		/* every layer raised to float is a float model, not a model
		 * with nothing to quantize */
		if (n == 0 && k > 0 && x.to == QPREC_FLOAT) {
			ir_emit(ctx, IR_SEV_WARNING, ir_op_loc(func),
			    "quantize: every layer stays float to meet the "
			    "target");
			n = (long)k;
		}
	}
	ir_ptrmap_free(&x.prec);
	free(x.layers);
	free(x.rank);
	free(sens);
	qref_free(&ref);
	qsamples_free(&s);
	return n;
}
