/* passes/quant_round.c: weight rounding that minimizes each layer's
 * output error on sample inputs (GPTQ), instead of rounding to nearest. */
#include "passes/quant.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "dialects/graph/graph.h"
#include "interp/qmath.h"

/* Rounding each weight to nearest makes each weight's error small, but a
 * layer's output error is sum_i (w_i - q_i) x_i, and its inputs are
 * correlated: neighbouring pixels of a photograph are nearly equal, so a
 * first-layer filter whose weights sum to about 0 (an edge detector)
 * gives a small output on smooth regions while the sum of its rounding
 * errors does not vanish. The expected squared output error of one
 * output channel is e^T H e, H = E[x x^T] over the layer's input
 * vectors (the receptive field of one output). GPTQ (Frantar et al.,
 * "GPTQ: accurate post-training quantization for generative pre-trained
 * transformers", 2022, after Optimal Brain Quantization) rounds the
 * weights one at a time and moves each error onto the weights not yet
 * rounded, as H says, so that the output error stays least. */

enum { R_FC, R_CONV, R_DW };

/* One MAC op's statistics: nset matrices of k x k (upper triangle). */
typedef struct Hess {
	IrOp *mac;
	int kind;
	int64_t k, nset, dm;
	double *h;
	double count;
	size_t next;         /* next Hess (index + 1) of the same input */
} Hess;

struct QRound {
	IrPtrMap first;      /* input value -> first Hess index + 1 */
	IrPtrMap byop;       /* MAC op -> Hess index + 1 */
	Hess *h;
	size_t n;
};

/* Input vectors one sample adds to each matrix, at most: their cost is
 * k * k each. */
#define QROUND_BUDGET 20000000.0
/* The largest input vector handled (a k x k matrix of doubles). */
#define QROUND_MAXK 2048

static int
round_kind(IrOp *op)
{
	const char *l;
	const IrType *w;

	if (op->noperands < 2 || !quant_is_f32(ir_op_operand(op, 0)->type))
		return -1;
	w = ir_op_operand(op, 1)->type;
	if (!quant_is_f32(w) || ir_type_num_elements(w) < 0)
		return -1;
	if (ir_op_is(op, "graph.fully_connected"))
		return w->u.shaped.rank == 2 ? R_FC : -1;
	if (!ir_op_is(op, "graph.conv2d") &&
	    !ir_op_is(op, "graph.depthwise_conv2d"))
		return -1;
	l = dialect_get_str(op->name->def, op->attrs, "layout");
	if ((l && !strcmp(l, "NCHW")) || w->u.shaped.rank != 4 ||
	    ir_op_operand(op, 0)->type->u.shaped.rank != 4)
		return -1;
	if (ir_op_is(op, "graph.depthwise_conv2d"))
		return R_DW;
	return dialect_get_int(op->name->def, op->attrs, "groups") > 1 ? -1 :
	    R_CONV;
}

static void
add_op(QRound *r, IrOp *op, int kind, size_t *cap)
{
	const int64_t *d = ir_op_operand(op, 1)->type->u.shaped.dims;
	IrValue *v = ir_op_operand(op, 0);
	Hess h = {.mac = op, .kind = kind, .nset = 1, .dm = 1};
	int64_t cin = v->type->u.shaped.dims[3];

	if (kind == R_FC) {
		h.k = d[1];
	} else if (kind == R_CONV) {
		h.k = d[1] * d[2] * d[3];
	} else {
		h.k = d[1] * d[2];
		h.nset = cin;
		h.dm = cin > 0 && d[3] % cin == 0 ? d[3] / cin : 0;
		if (h.dm < 1)
			return;
	}
	if (h.k < 1 || h.k > QROUND_MAXK)
		return;
	if (r->n == *cap) {
		*cap = *cap ? 2 * *cap : 32;
		r->h = ir_xrealloc(r->h, *cap * sizeof *r->h);
	}
	h.h = ir_xcalloc((size_t)(h.nset * h.k * h.k), sizeof *h.h);
	h.next = (size_t)(uintptr_t)ir_ptrmap_get(&r->first, v);
	r->h[r->n++] = h;
	ir_ptrmap_put(&r->first, v, (void *)(uintptr_t)r->n);
	ir_ptrmap_put(&r->byop, op, (void *)(uintptr_t)r->n);
}

/* h += x x^T (upper triangle). */
static void
rank1(double *h, const double *x, int64_t k)
{
	int64_t i, j;

	for (i = 0; i < k; i++) {
		double xi = x[i], *row = h + i * k;

		if (xi == 0)
			continue;
		for (j = i; j < k; j++)
			row[j] += xi * x[j];
	}
}

/* The input vectors of a convolution: each output position's window
 * (ky, kx, channel order, as OHWI weights; zeros in the padding), every
 * step-th position. */
static void
add_windows(Hess *h, const IrTensor *t)
{
	IrOp *op = h->mac;
	const float *f = t->data;
	const int64_t *wd = ir_op_operand(op, 1)->type->u.shaped.dims;
	const int64_t *od = ir_op_result(op, 0)->type->u.shaped.dims;
	int64_t s[2] = {1, 1}, dl[2] = {1, 1}, pos, total, step, n, oy, ox;
	int64_t ky, kx, c, iy, ix, per = h->k;
	double *x = ir_xmalloc((size_t)h->k * sizeof *x);
	QWindow g;

	dialect_get_ints(op->name->def, op->attrs, "strides", s, 2);
	dialect_get_ints(op->name->def, op->attrs, "dilations", dl, 2);
	graph_window_geometry(op, ir_tensor_dims(t), od, false, wd[1], wd[2],
	    s, dl, &g);
	total = g.n * g.oh * g.ow;
	step = (int64_t)ceil((double)total * (double)per * (double)per *
	    (h->kind == R_DW ? (double)h->nset : 1) / QROUND_BUDGET);
	step = step < 1 ? 1 : step;
	for (pos = 0; pos < total; pos += step) {
		n = pos / (g.oh * g.ow);
		oy = pos / g.ow % g.oh;
		ox = pos % g.ow;
		for (c = 0; c < (h->kind == R_DW ? h->nset : 1); c++) {
			for (ky = 0; ky < g.kh; ky++) {
				for (kx = 0; kx < g.kw; kx++) {
					iy = oy * g.sh + ky * g.dh - g.pt;
					ix = ox * g.sw + kx * g.dw - g.pl;
					bool in = iy >= 0 && iy < g.h && ix >= 0 &&
					    ix < g.w;
					const float *px = f + ((n * g.h + iy) *
					    g.w + ix) * g.c;
					int64_t ic;

					if (h->kind == R_DW) {
						x[ky * g.kw + kx] = in ?
						    px[c] : 0;
						continue;
					}
					for (ic = 0; ic < g.c; ic++)
						x[(ky * g.kw + kx) * g.c + ic] =
						    in ? px[ic] : 0;
				}
			}
			rank1(h->h + c * h->k * h->k, x, h->k);
		}
		h->count++;
	}
	free(x);
}

static void
add_rows(Hess *h, const IrTensor *t)
{
	const float *f = t->data;
	int64_t rows = t->n / h->k, r, i, step;
	double *x = ir_xmalloc((size_t)h->k * sizeof *x);

	step = (int64_t)ceil((double)rows * (double)h->k * (double)h->k /
	    QROUND_BUDGET);
	step = step < 1 ? 1 : step;
	for (r = 0; r < rows; r += step) {
		for (i = 0; i < h->k; i++)
			x[i] = f[r * h->k + i];
		rank1(h->h, x, h->k);
		h->count++;
	}
	free(x);
}

/* v took the value t (f32) on one sample. */
static void
round_add(QRound *r, IrValue *v, const IrTensor *t)
{
	size_t k = (size_t)(uintptr_t)ir_ptrmap_get(&r->first, v);

	for (; k; k = r->h[k - 1].next) {
		Hess *h = &r->h[k - 1];

		if (h->kind == R_FC)
			add_rows(h, t);
		else
			add_windows(h, t);
	}
}

static void
observe(void *user, IrOp *op, unsigned result, const IrTensor *t)
{
	QRound *r = user;
	IrValue *v = ir_op_result(op, result);
	IrTensor *f;

	if (!ir_ptrmap_get(&r->first, v))
		return;
	f = ir_tensor_to_f32(ir_op_context(op), (IrTensor *)t);
	round_add(r, v, f);
	ir_tensor_release(f);
}

QRound *
qround_collect(IrOp *func, const QSamples *s)
{
	IrContext *ctx = ir_op_context(func);
	QRound *r = ir_xcalloc(1, sizeof *r);
	IrInterpOptions o = {.observe = observe, .observe_user = r};
	IrInterp *it;
	IrBlock *b = ir_func_entry(func);
	const IrType *ft = ir_func_type(func);
	size_t na = ft->u.func.ninputs, nr = ft->u.func.nresults, i, k;
	IrTensor **args = ir_xcalloc(na + 1, sizeof *args);
	IrTensor **res = ir_xcalloc(nr + 1, sizeof *res);
	size_t cap = 0;
	bool ok = true;
	IrOp *op;
	int kind;

	for (op = b->first; op; op = op->next)
		if ((kind = round_kind(op)) >= 0)
			add_op(r, op, kind, &cap);
	it = ir_interp_create(ir_op_parent_op(func), &o);
	for (i = 0; ok && i < s->n; i++) {
		ok = qsamples_load(ctx, s, i, func, args);
		for (k = 0; ok && k < na; k++)
			round_add(r, b->args[k], args[k]);
		ok = ok && ir_interp_call(it, func, args, na, res, nr);
		for (k = 0; k < na; k++)
			if (args[k])
				ir_tensor_release(args[k]);
		for (k = 0; ok && k < nr; k++)
			ir_tensor_release(res[k]);
		memset(args, 0, (na + 1) * sizeof *args);
	}
	ir_interp_destroy(it);
	free(args);
	free(res);
	if (!ok) {
		qround_destroy(r);
		return NULL;
	}
	return r;
}

void
qround_destroy(QRound *r)
{
	size_t k;

	if (!r)
		return;
	for (k = 0; k < r->n; k++)
		free(r->h[k].h);
	free(r->h);
	ir_ptrmap_free(&r->first);
	ir_ptrmap_free(&r->byop);
	free(r);
}

/* ------------------------------------------------------------ GPTQ */

/* Lower Cholesky factor of the symmetric a (k x k, full) in place;
 * false when a is not positive definite. */
static bool
cholesky(double *a, int64_t k)
{
	int64_t i, j, p;

	for (j = 0; j < k; j++) {
		double d = a[j * k + j];

		for (p = 0; p < j; p++)
			d -= a[j * k + p] * a[j * k + p];
		if (!(d > 0))
			return false;
		d = sqrt(d);
		a[j * k + j] = d;
		for (i = j + 1; i < k; i++) {
			double v = a[i * k + j];

			for (p = 0; p < j; p++)
				v -= a[i * k + p] * a[j * k + p];
			a[i * k + j] = v / d;
		}
		for (i = 0; i < j; i++)
			a[i * k + j] = 0;
	}
	return true;
}

/* u gets the upper factor U of inverse(h) = U^T U, from h's upper
 * triangle (count vectors), damped by 1% of its mean diagonal as GPTQ
 * does; an input never seen (zero diagonal) gets a unit one. */
static bool
inverse_factor(const double *hu, int64_t k, double *u)
{
	double *a = ir_xmalloc((size_t)(k * k) * sizeof *a);
	double *li = ir_xcalloc((size_t)(k * k), sizeof *li);
	double mean = 0, damp;
	int64_t i, j, p;
	bool ok;

	for (i = 0; i < k; i++)
		mean += hu[i * k + i] / (double)k;
	damp = mean > 0 ? 0.01 * mean : 1;
	for (i = 0; i < k; i++) {
		for (j = i; j < k; j++)
			a[i * k + j] = a[j * k + i] = hu[i * k + j];
		a[i * k + i] += hu[i * k + i] > 0 ? damp : 1;
	}
	ok = cholesky(a, k);
	/* li = inverse(L), lower triangular */
	for (j = 0; ok && j < k; j++) {
		li[j * k + j] = 1 / a[j * k + j];
		for (i = j + 1; i < k; i++) {
			double v = 0;

			for (p = j; p < i; p++)
				v -= a[i * k + p] * li[p * k + j];
			li[i * k + j] = v / a[i * k + i];
		}
	}
	/* inverse(h) = li^T li */
	for (i = 0; ok && i < k; i++) {
		for (j = i; j < k; j++) {
			double v = 0;

			for (p = j; p < k; p++)
				v += li[p * k + i] * li[p * k + j];
			a[i * k + j] = a[j * k + i] = v;
		}
	}
	ok = ok && cholesky(a, k);
	for (i = 0; ok && i < k; i++)
		for (j = 0; j < k; j++)
			u[i * k + j] = j >= i ? a[j * k + i] : 0;
	free(a);
	free(li);
	return ok;
}

/* Rounds one weight vector w (k values, scale sc) in order: each
 * rounding error, over U's diagonal, moves onto the later weights. */
static void
gptq_vector(double *w, int64_t k, double sc, const double *u,
    int64_t *q)
{
	int64_t i, j;

	for (i = 0; i < k; i++) {
		double r = sc > 0 ? round(w[i] / sc) : 0, e;

		r = r < -127 ? -127 : r > 127 ? 127 : r;
		q[i] = (int64_t)r;
		e = (w[i] - r * sc) / u[i * k + i];
		for (j = i + 1; j < k; j++)
			w[j] -= e * u[i * k + j];
	}
}

static float
weight_at(const IrAttr *a, int64_t i)
{
	float f;

	memcpy(&f, a->u.dense.data + (a->u.dense.splat ? 0 : i * 4), 4);
	return f;
}

bool
qround_weights(const QRound *r, IrOp *op, const IrAttr *wv,
    const double *scales, bool per_channel, int64_t *ints)
{
	size_t idx = r ? (size_t)(uintptr_t)ir_ptrmap_get(&r->byop, op) : 0;
	const Hess *h = idx ? &r->h[idx - 1] : NULL;
	const int64_t *d = ir_op_operand(op, 1)->type->u.shaped.dims;
	int64_t oc, c, set, i, k, nout, n;
	double *u, *w;
	int64_t *q, *out;
	bool ok = true;

	if (!h || !h->count)
		return false;
	n = ir_type_num_elements(ir_op_operand(op, 1)->type);
	out = ir_xmalloc((size_t)n * sizeof *out);
	memcpy(out, ints, (size_t)n * sizeof *out);
	k = h->k;
	nout = h->kind == R_DW ? d[3] : d[0];
	u = ir_xmalloc((size_t)(k * k) * sizeof *u);
	w = ir_xmalloc((size_t)k * sizeof *w);
	q = ir_xmalloc((size_t)k * sizeof *q);
	for (set = 0; ok && set < h->nset; set++) {
		if (!(ok = inverse_factor(h->h + set * k * k, k, u)))
			break;
		for (oc = 0; oc < nout; oc++) {
			if (h->kind == R_DW && oc / h->dm != set)
				continue;
			c = per_channel ? oc : 0;
			for (i = 0; i < k; i++)
				w[i] = weight_at(wv, h->kind == R_DW ?
				    i * nout + oc : oc * k + i);
			gptq_vector(w, k, scales[c], u, q);
			for (i = 0; i < k; i++)
				out[h->kind == R_DW ? i * nout + oc :
				    oc * k + i] = q[i];
		}
	}
	if (ok)
		memcpy(ints, out, (size_t)n * sizeof *out);
	free(out);
	free(u);
	free(w);
	free(q);
	return ok;
}
