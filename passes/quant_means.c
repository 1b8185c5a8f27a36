/* passes/quant_means.c: the mean of each input channel of every
 * convolution and fully connected op over the calibration samples, for
 * quantize's bias correction (quant.input_mean). */
#include "passes/quant.h"

#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"

/* One MAC op's input. */
typedef struct Mean {
	IrOp *mac;
	int axis;            /* channel axis of the input */
	int64_t nch;
	double *sum;
	double count;        /* values added per channel */
	size_t next;         /* next Mean (index + 1) of the same value */
} Mean;

struct QMeans {
	IrPtrMap first;      /* input value -> first Mean index + 1 */
	Mean *m;
	size_t n;
};

/* The input's channel axis of a MAC op bias correction applies to, or
 * -1 (matmul has no bias to correct; transposed convolutions are left
 * alone). */
static int
input_axis(IrOp *op)
{
	const char *layout;
	const IrType *t;

	if (op->noperands < 2)
		return -1;
	t = ir_op_operand(op, 0)->type;
	if (!quant_is_f32(t) || t->u.shaped.rank < 1)
		return -1;
	if (ir_op_is(op, "graph.fully_connected"))
		return (int)t->u.shaped.rank - 1;
	if (!ir_op_is(op, "graph.conv2d") &&
	    !ir_op_is(op, "graph.depthwise_conv2d"))
		return -1;
	layout = dialect_get_str(op->name->def, op->attrs, "layout");
	return layout && !strcmp(layout, "NCHW") ? 1 :
	    (int)t->u.shaped.rank - 1;
}

QMeans *
qmeans_create(IrOp *func)
{
	QMeans *q = ir_xcalloc(1, sizeof *q);
	IrBlock *b = ir_func_entry(func);
	IrOp *op;
	size_t cap = 0;
	int axis;

	for (op = b->first; op; op = op->next) {
		IrValue *v;

		if ((axis = input_axis(op)) < 0)
			continue;
		v = ir_op_operand(op, 0);
		if (q->n == cap) {
			cap = cap ? 2 * cap : 32;
			q->m = ir_xrealloc(q->m, cap * sizeof *q->m);
		}
		q->m[q->n] = (Mean){op, axis, v->type->u.shaped.dims[axis],
		    NULL, 0, (size_t)(uintptr_t)ir_ptrmap_get(&q->first, v)};
		q->m[q->n].sum = ir_xcalloc((size_t)q->m[q->n].nch + 1,
		    sizeof(double));
		q->n++;
		ir_ptrmap_put(&q->first, v, (void *)(uintptr_t)q->n);
	}
	return q;
}

void
qmeans_add(QMeans *q, IrValue *v, const IrTensor *t)
{
	size_t k = (size_t)(uintptr_t)ir_ptrmap_get(&q->first, v);
	const float *f = t->data;
	int64_t inner, i, r;

	for (; k; k = q->m[k - 1].next) {
		Mean *m = &q->m[k - 1];

		if (m->nch < 1)
			continue;
		for (inner = 1, r = m->axis + 1; r < ir_tensor_rank(t); r++)
			inner *= ir_tensor_dims(t)[r];
		for (i = 0; i < t->n; i++)
			m->sum[i / inner % m->nch] += f[i];
		m->count += (double)t->n / (double)m->nch;
	}
}

void
qmeans_annotate(QMeans *q)
{
	size_t k;
	int64_t c;

	for (k = 0; k < q->n; k++) {
		Mean *m = &q->m[k];
		IrContext *ctx = ir_op_context(m->mac);
		float *v = ir_xmalloc((size_t)m->nch * sizeof *v + 1);
		const IrType *t = ir_type_tensor(ctx, 1, &m->nch,
		    ir_type_float(ctx, IR_F32), NULL);

		if (!m->count) {
			free(v);
			continue;
		}
		for (c = 0; c < m->nch; c++)
			v[c] = (float)(m->sum[c] / m->count);
		ir_op_set_attr(m->mac, QMEAN_ATTR, ir_attr_dense(ctx, t, false,
		    v, (size_t)m->nch * sizeof *v));
		free(v);
	}
}

void
qmeans_destroy(QMeans *q)
{
	size_t k;

	for (k = 0; k < q->n; k++)
		free(q->m[k].sum);
	free(q->m);
	ir_ptrmap_free(&q->first);
	free(q);
}
