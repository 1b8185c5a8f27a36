/* passes/quant_eval.c: measures a quantization: output and per-layer SQNR
 * of a quantized copy of a function against the float function. */
#include "passes/quant.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every op of root in walk order. */
typedef struct OpList {
	IrOp **ops;
	size_t n, cap;
} OpList;

static IrWalkResult
list_op(IrOp *op, void *user)
{
	OpList *l = user;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->ops = ir_xrealloc(l->ops, l->cap * sizeof *l->ops);
	}
	l->ops[l->n++] = op;
	return IR_WALK_ADVANCE;
}

/* Runs func on sample i; results as new f32 tensors in out. */
static bool
run_one(IrInterp *it, IrOp *func, const QSamples *s, size_t i,
    IrTensor **out)
{
	IrContext *ctx = ir_op_context(func);
	const IrType *ft = ir_func_type(func);
	size_t na = ft->u.func.ninputs, nr = ft->u.func.nresults, k;
	IrTensor **args = ir_xcalloc(na + 1, sizeof *args);
	IrTensor **res = ir_xcalloc(nr + 1, sizeof *res);
	bool ok = qsamples_load(ctx, s, i, func, args);

	ok = ok && ir_interp_call(it, func, args, na, res, nr);
	for (k = 0; k < na; k++)
		if (args[k])
			ir_tensor_release(args[k]);
	for (k = 0; ok && k < nr; k++) {
		out[k] = ir_tensor_to_f32(ctx, res[k]);
		ir_tensor_release(res[k]);
	}
	free(args);
	free(res);
	return ok;
}

bool
qref_build(IrOp *func, const QSamples *s, QRef *ref)
{
	IrInterp *it = ir_interp_create(ir_op_parent_op(func), NULL);
	size_t i;
	bool ok = true;

	ref->nsamples = s->n;
	ref->nout = ir_func_type(func)->u.func.nresults;
	ref->outs = ir_xcalloc(s->n * ref->nout + 1, sizeof *ref->outs);
	for (i = 0; ok && i < s->n; i++)
		ok = run_one(it, func, s, i, ref->outs + i * ref->nout);
	ir_interp_destroy(it);
	if (!ok)
		qref_free(ref);
	return ok;
}

void
qref_free(QRef *ref)
{
	size_t i;

	for (i = 0; ref->outs && i < ref->nsamples * ref->nout; i++)
		if (ref->outs[i])
			ir_tensor_release(ref->outs[i]);
	free(ref->outs);
	memset(ref, 0, sizeof *ref);
}

double
qsqnr_db(double signal, double noise)
{
	if (noise == 0)
		return INFINITY;
	return 10 * log10(signal / noise);
}

/* Adds the energies of ref and ref - got (same element count). */
static void
accumulate(const IrTensor *ref, const IrTensor *got, double *sig,
    double *noise)
{
	const float *r = ref->data, *g = got->data;
	int64_t i;

	for (i = 0; i < ref->n && i < got->n; i++) {
		*sig += (double)r[i] * r[i];
		*noise += ((double)r[i] - g[i]) * ((double)r[i] - g[i]);
	}
}

/* ------------------------------------------------------------ layers */

/* What the observers need while per-layer SQNRs are measured. */
typedef struct Layers {
	IrContext *ctx;
	IrPtrMap index;     /* op (float or quantized copy) -> layer + 1 */
	IrTensor **floats;  /* float result 0 of each layer, this sample */
	double *sig, *noise;
} Layers;

static void
keep_float(void *user, IrOp *op, unsigned result, const IrTensor *t)
{
	Layers *l = user;
	uintptr_t k = (uintptr_t)ir_ptrmap_get(&l->index, op);

	if (!k || result)
		return;
	if (l->floats[k - 1])
		ir_tensor_release(l->floats[k - 1]);
	l->floats[k - 1] = ir_tensor_to_f32(l->ctx, (IrTensor *)t);
}

static void
compare_layer(void *user, IrOp *op, unsigned result, const IrTensor *t)
{
	Layers *l = user;
	uintptr_t k = (uintptr_t)ir_ptrmap_get(&l->index, op);
	IrTensor *f;

	if (!k || result || !l->floats[k - 1])
		return;
	f = ir_tensor_to_f32(l->ctx, (IrTensor *)t);
	accumulate(l->floats[k - 1], f, &l->sig[k - 1], &l->noise[k - 1]);
	ir_tensor_release(f);
}

/* ------------------------------------------------------------ evaluation */

/* Runs the quantized copy over the samples, comparing outputs with ref
 * and, when lay is given, each layer with the float function's. */
static bool
measure(IrOp *func, IrOp *qfunc, const QSamples *s, const QRef *ref,
    Layers *lay, double *out_db)
{
	IrInterpOptions fo = {.observe = keep_float, .observe_user = lay};
	IrInterpOptions qo = {.observe = compare_layer, .observe_user = lay};
	IrInterp *fi = lay ? ir_interp_create(ir_op_parent_op(func), &fo) :
	    NULL;
	IrInterp *qi = ir_interp_create(ir_op_parent_op(qfunc),
	    lay ? &qo : NULL);
	double *sig = ir_xcalloc(ref->nout + 1, sizeof *sig);
	double *noise = ir_xcalloc(ref->nout + 1, sizeof *noise);
	IrTensor **got = ir_xcalloc(ref->nout + 1, sizeof *got);
	size_t i, o;
	bool ok = true;

	for (i = 0; ok && i < s->n; i++) {
		IrTensor **scratch = ir_xcalloc(ref->nout + 1,
		    sizeof *scratch);

		if (fi)
			ok = run_one(fi, func, s, i, scratch);
		for (o = 0; fi && ok && o < ref->nout; o++)
			ir_tensor_release(scratch[o]);
		free(scratch);
		ok = ok && run_one(qi, qfunc, s, i, got);
		for (o = 0; ok && o < ref->nout; o++) {
			accumulate(ref->outs[i * ref->nout + o], got[o],
			    &sig[o], &noise[o]);
			ir_tensor_release(got[o]);
		}
	}
	*out_db = INFINITY;
	for (o = 0; o < ref->nout; o++) {
		double db = qsqnr_db(sig[o], noise[o]);

		*out_db = db < *out_db ? db : *out_db;
	}
	if (fi)
		ir_interp_destroy(fi);
	ir_interp_destroy(qi);
	free(sig);
	free(noise);
	free(got);
	return ok;
}

bool
qeval(IrOp *func, const QConfig *cfg, const QSamples *s, const QRef *ref,
    IrOp *const *layers, size_t m, double *out_db, double *layer_db)
{
	IrContext *ctx = ir_op_context(func);
	IrOp *module = ir_op_parent_op(func), *copy = ir_op_clone(ctx, module);
	OpList a = {0}, b = {0};
	IrPtrMap map = {0}, prec = {0}, orig = {0};
	QConfig c = *cfg;
	Layers lay = {.ctx = ctx};
	IrOp *qfunc = NULL;
	size_t i;
	bool ok;

	ir_op_walk(module, IR_WALK_PRE, list_op, &a);
	ir_op_walk(copy, IR_WALK_PRE, list_op, &b);
	for (i = 0; i < a.n; i++) {
		uintptr_t p = cfg->prec ?
		    (uintptr_t)ir_ptrmap_get(cfg->prec, a.ops[i]) : 0;

		ir_ptrmap_put(&map, a.ops[i], b.ops[i]);
		ir_ptrmap_put(&orig, b.ops[i], a.ops[i]);
		if (p)
			ir_ptrmap_put(&prec, b.ops[i], (void *)p);
		if (a.ops[i] == func)
			qfunc = b.ops[i];
	}
	c.prec = &prec;
	c.orig = &orig;
	c.quiet = true;
	for (i = 0; layer_db && i < m; i++) {
		ir_ptrmap_put(&lay.index, layers[i],
		    (void *)(uintptr_t)(i + 1));
		ir_ptrmap_put(&lay.index, ir_ptrmap_get(&map, layers[i]),
		    (void *)(uintptr_t)(i + 1));
	}
	lay.floats = ir_xcalloc(m + 1, sizeof *lay.floats);
	lay.sig = ir_xcalloc(m + 1, sizeof *lay.sig);
	lay.noise = ir_xcalloc(m + 1, sizeof *lay.noise);
	ok = quant_rewrite(qfunc, &c) >= 0;
	ok = ok && measure(func, qfunc, s, ref, layer_db ? &lay : NULL,
	    out_db);
	for (i = 0; layer_db && i < m; i++)
		layer_db[i] = qsqnr_db(lay.sig[i], lay.noise[i]);
	for (i = 0; i < m; i++)
		if (lay.floats[i])
			ir_tensor_release(lay.floats[i]);
	free(lay.floats);
	free(lay.sig);
	free(lay.noise);
	ir_ptrmap_free(&lay.index);
	ir_ptrmap_free(&map);
	ir_ptrmap_free(&prec);
	ir_ptrmap_free(&orig);
	free(a.ops);
	free(b.ops);
	ir_op_destroy(copy);
	return ok;
}

/* ------------------------------------------------------------ layers */

size_t
quant_layers(IrOp *func, IrOp ***layers)
{
	IrBlock *b = ir_func_entry(func);
	size_t n = 0;
	IrOp *op;

	*layers = ir_xmalloc((ir_block_num_ops(b) + 1) * sizeof **layers);
	for (op = b->first; op; op = op->next)
		if (quant_is_layer(op) && op->nresults &&
		    quant_is_f32(ir_op_result(op, 0)->type))
			(*layers)[n++] = op;
	return n;
}

bool
quant_sensitivity(IrOp *func, QPrec p, bool per_channel, const QSamples *s,
    const QRef *ref, IrOp *const *layers, size_t m, double *db)
{
	IrPtrMap prec = {0};
	QConfig c = {.def = QPREC_FLOAT, .per_channel = per_channel,
	    .prec = &prec};
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < m; i++) {
		ir_ptrmap_put(&prec, layers[i], (void *)(uintptr_t)p);
		ok = qeval(func, &c, s, ref, NULL, 0, &db[i], NULL);
		ir_ptrmap_put(&prec, layers[i], (void *)(uintptr_t)QPREC_FLOAT);
	}
	ir_ptrmap_free(&prec);
	return ok;
}
