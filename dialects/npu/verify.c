/* dialects/npu/verify.c: the npu ops' own verifier rules: storage types,
 * requantization parameters, zero points against quantized types,
 * activation clamps, and the npu.cpu region. */
#include <string.h>

#include "dialects/npu/npu.h"

#define DEF(op) ((op)->name->def)

/* Storage element type of a value (its quantized type's storage). */
static const IrType *
storage(const IrValue *v)
{
	const IrType *t = v->type;
	return dialect_storage_type(ir_type_is_shaped(t) ? t->u.shaped.elem :
	    t);
}

static bool
is_int(const IrType *t, unsigned width)
{
	return t->kind == IR_TYPE_INTEGER && t->u.integer.width == width;
}

static bool
storage_i8_i16(IrOp *op, const IrValue *v, const char *what)
{
	const IrType *s = storage(v);
	if (is_int(s, 8) || is_int(s, 16))
		return true;
	ir_op_emit_error(op, "%s must have i8 or i16 storage", what);
	return false;
}

/* Storage range of an integer element type (signless counts as signed,
 * a quantized type has its own clamp range). */
static void
storage_range(const IrValue *v, int64_t *lo, int64_t *hi)
{
	const IrType *t = v->type;
	const IrType *e = ir_type_is_shaped(t) ? t->u.shaped.elem : t;
	if (e->kind == IR_TYPE_QUANT) {
		*lo = e->u.quant.storage_min;
		*hi = e->u.quant.storage_max;
		return;
	}
	unsigned w = e->kind == IR_TYPE_INTEGER ? e->u.integer.width : 32;
	if (e->kind == IR_TYPE_INTEGER && e->u.integer.sign == IR_UNSIGNED) {
		*lo = 0;
		*hi = (int64_t)((1ull << w) - 1);
		return;
	}
	*lo = -(int64_t)(1ull << (w - 1));
	*hi = (int64_t)((1ull << (w - 1)) - 1);
}

/* act_min <= act_max, both inside the result's storage range. */
static bool
check_clamp(IrOp *op)
{
	int64_t lo, hi;
	storage_range(ir_op_results(op), &lo, &hi);
	int64_t amin = ir_op_attr(op, "act_min") ?
	    dialect_get_int(DEF(op), op->attrs, "act_min") : lo;
	int64_t amax = ir_op_attr(op, "act_max") ?
	    dialect_get_int(DEF(op), op->attrs, "act_max") : hi;
	if (amin < lo || amax > hi) {
		ir_op_emit_error(op, "activation clamp [%lld, %lld] exceeds "
		    "the output storage range [%lld, %lld]", (long long)amin,
		    (long long)amax, (long long)lo, (long long)hi);
		return false;
	}
	if (amin > amax) {
		ir_op_emit_error(op, "act_min (%lld) exceeds act_max (%lld)",
		    (long long)amin, (long long)amax);
		return false;
	}
	return true;
}

/* Zero point zp (attribute `attr`) must agree with v's type when that is
 * quantized per tensor. */
static bool
check_zp_value(IrOp *op, const IrValue *v, const char *attr, int64_t zp)
{
	const IrType *t = v->type;
	const IrType *e = ir_type_is_shaped(t) ? t->u.shaped.elem : t;
	if (e->kind != IR_TYPE_QUANT || e->u.quant.axis >= 0 ||
	    zp == e->u.quant.zero_points[0])
		return true;
	ir_op_emit_error(op, "attribute '%s' (%lld) does not match the "
	    "type's zero point (%lld)", attr, (long long)zp,
	    (long long)e->u.quant.zero_points[0]);
	return false;
}

static bool
check_zp(IrOp *op, const IrValue *v, const char *attr)
{
	return check_zp_value(op, v, attr, dialect_get_int(DEF(op), op->attrs,
	    attr));
}

/* input_zp[i] (0 when absent) against each input's type, output_zp
 * against the result's. */
static bool
check_input_zps(IrOp *op)
{
	int64_t zp[2] = { 0, 0 };
	dialect_get_ints(DEF(op), op->attrs, "input_zp", zp, 2);
	for (unsigned i = 0; i < op->noperands; i++)
		if (!check_zp_value(op, op->operands[i].value, "input_zp",
		    zp[i]))
			return false;
	return check_zp(op, ir_op_results(op), "output_zp");
}

/* i32 element n of a dense attribute (splat: element 0). */
static int32_t
dense_i32(const IrAttr *a, int64_t n)
{
	const uint8_t *p = a->u.dense.data + (a->u.dense.splat ? 0 : 4 * n);
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
	    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/* Are all n i32 elements of a in [lo, hi]? One pass without a branch
 * per element (the verifier reads every channel's multiplier and shift
 * after each pass); the message comes from the loop that finds the
 * first outside. */
static bool
i32_in_range(const IrAttr *a, int64_t n, int64_t lo, int64_t hi)
{
	int32_t mn = INT32_MAX, mx = INT32_MIN;
	if (a->u.dense.splat && n > 1)
		n = 1;
	for (int64_t i = 0; i < n; i++) {
		int32_t v = dense_i32(a, i);
		mn = v < mn ? v : mn;
		mx = v > mx ? v : mx;
	}
	return n <= 0 || (mn >= lo && mx <= hi);
}

/* multiplier/shift: i32 elements, one or one per output channel, values
 * in range. */
static bool
check_requant(IrOp *op, const char *name, int64_t channels, int64_t lo,
    int64_t hi)
{
	const IrAttr *a = ir_op_attr(op, name);
	const IrType *e = a->u.dense.type->u.shaped.elem;
	int64_t n = ir_type_num_elements(a->u.dense.type);
	if (!is_int(e, 32)) {
		ir_op_emit_error(op, "attribute '%s' must have i32 elements",
		    name);
		return false;
	}
	if (n != 1 && channels != IR_DYNAMIC && n != channels) {
		ir_op_emit_error(op, "attribute '%s' has %lld elements, "
		    "expected 1 or %lld (output channels)", name, (long long)n,
		    (long long)channels);
		return false;
	}
	if (i32_in_range(a, n, lo, hi))
		return true;
	for (int64_t i = 0; i < n; i++) {
		int32_t v = dense_i32(a, i);
		if (v < lo || v > hi) {
			ir_op_emit_error(op, "attribute '%s' element %lld "
			    "(%d) is outside [%lld, %lld]", name, (long long)i,
			    v, (long long)lo, (long long)hi);
			return false;
		}
	}
	return true;
}

static int64_t
out_channels(IrOp *op)
{
	const IrType *t = ir_op_results(op)->type;
	if (!ir_type_is_shaped(t) || t->u.shaped.rank < 1)
		return IR_DYNAMIC;
	return t->u.shaped.dims[t->u.shaped.rank - 1];
}

bool
npu_verify_mac(IrOp *op)
{
	if (!storage_i8_i16(op, op->operands[0].value, "input") ||
	    !storage_i8_i16(op, ir_op_results(op), "output"))
		return false;
	if (!is_int(storage(op->operands[1].value), 8)) {
		ir_op_emit_error(op, "weights must have i8 storage");
		return false;
	}
	bool wide = is_int(storage(op->operands[0].value), 16);
	const IrType *b = storage(op->operands[2].value);
	if (!is_int(b, 32) && !(wide && is_int(b, 64))) {
		ir_op_emit_error(op, "bias must have i32 storage (i64 allowed "
		    "for i16 input)");
		return false;
	}
	int64_t c = out_channels(op);
	return check_requant(op, "multiplier", c, 0, INT32_MAX) &&
	    check_requant(op, "shift", c, -31, 30) &&
	    check_zp(op, op->operands[0].value, "input_zp") &&
	    check_zp(op, op->operands[1].value, "weight_zp") &&
	    check_zp(op, ir_op_results(op), "output_zp") && check_clamp(op);
}

bool
npu_verify_pool(IrOp *op)
{
	return storage_i8_i16(op, op->operands[0].value, "input") &&
	    check_clamp(op);
}

/* Ops of npu.elementwise that take one input. */
static bool
is_unary(const char *kind)
{
	return !strcmp(kind, "abs") || !strcmp(kind, "leaky_relu");
}

static bool
check_per_input(IrOp *op, const char *name)
{
	int64_t v[4];
	int n = dialect_get_ints(DEF(op), op->attrs, name, v, 4);
	if (n < 0 || n == (int)op->noperands)
		return true;
	ir_op_emit_error(op, "attribute '%s' needs one entry per input (%u)",
	    name, op->noperands);
	return false;
}

bool
npu_verify_elementwise(IrOp *op)
{
	const char *kind = dialect_get_str(DEF(op), op->attrs, "op");
	unsigned want = is_unary(kind) ? 1 : 2;
	if (op->noperands != want) {
		ir_op_emit_error(op, "'%s' takes %u operand%s", kind, want,
		    want == 1 ? "" : "s");
		return false;
	}
	for (unsigned i = 0; i < op->noperands; i++)
		if (!storage_i8_i16(op, op->operands[i].value, "input"))
			return false;
	if (!check_per_input(op, "input_zp") ||
	    !check_per_input(op, "input_multiplier") ||
	    !check_per_input(op, "input_shift"))
		return false;
	if (!strcmp(kind, "leaky_relu") && (!ir_op_attr(op,
	    "alpha_multiplier") || !ir_op_attr(op, "alpha_shift"))) {
		ir_op_emit_error(op, "leaky_relu requires 'alpha_multiplier' "
		    "and 'alpha_shift'");
		return false;
	}
	return check_input_zps(op) && check_clamp(op);
}

bool
npu_verify_lut(IrOp *op)
{
	if (!is_int(storage(op->operands[0].value), 8)) {
		ir_op_emit_error(op, "input must have i8 storage");
		return false;
	}
	const IrAttr *t = ir_op_attr(op, "table");
	if (is_int(t->u.dense.type->u.shaped.elem, 8))
		return true;
	ir_op_emit_error(op, "attribute 'table' must have i8 elements");
	return false;
}

bool
npu_verify_same_elem(IrOp *op)
{
	return storage_i8_i16(op, op->operands[0].value, "input");
}

bool
npu_verify_concat(IrOp *op)
{
	const IrType *r = ir_op_results(op)->type;
	const IrType *e = ir_type_is_shaped(r) ? r->u.shaped.elem : r;
	for (unsigned i = 0; i < op->noperands; i++) {
		const IrType *t = op->operands[i].value->type;
		if (ir_type_is_shaped(t) && t->u.shaped.elem == e)
			continue;
		ir_op_emit_error(op, "operand #%u must have the result's "
		    "element type (one quantization for all)", i);
		return false;
	}
	return true;
}

bool
npu_verify_dma(IrOp *op)
{
	const IrType *s = op->operands[0].value->type;
	const IrType *d = op->operands[1].value->type;
	if (s->kind != IR_TYPE_MEMREF || d->kind != IR_TYPE_MEMREF) {
		ir_op_emit_error(op, "operands must be memrefs");
		return false;
	}
	if (s->u.shaped.elem != d->u.shaped.elem ||
	    s->u.shaped.rank != d->u.shaped.rank ||
	    (s->u.shaped.rank > 0 && memcmp(s->u.shaped.dims,
	    d->u.shaped.dims, (size_t)s->u.shaped.rank * sizeof(int64_t)))) {
		ir_op_emit_error(op, "source and target must have the same "
		    "shape and element type");
		return false;
	}
	return true;
}

/* The region's block arguments are the operands. */
static bool
check_cpu_args(IrOp *op, IrBlock *b)
{
	bool ok = b->nargs == op->noperands;
	for (unsigned i = 0; ok && i < b->nargs; i++)
		ok = b->args[i]->type == op->operands[i].value->type;
	if (!ok)
		ir_op_emit_error(op, "region arguments must match the operand "
		    "types");
	return ok;
}

bool
npu_verify_cpu(IrOp *op)
{
	IrBlock *b = ir_op_regions(op)->first;
	if (!b) {
		ir_op_emit_error(op, "region must not be empty");
		return false;
	}
	if (!check_cpu_args(op, b))
		return false;
	IrOp *y = b->last;
	if (!y || !ir_op_is(y, "npu.yield")) {
		ir_op_emit_error(op, "region must end with 'npu.yield'");
		return false;
	}
	bool ok = y->noperands == op->nresults;
	for (unsigned i = 0; ok && i < y->noperands; i++)
		ok = y->operands[i].value->type == ir_op_results(op)[i].type;
	if (!ok)
		ir_op_emit_error(op, "'npu.yield' operands must match the "
		    "result types");
	return ok;
}

bool
npu_verify_yield(IrOp *op)
{
	IrOp *p = ir_op_parent_op(op);
	if (p && ir_op_is(p, "npu.cpu"))
		return true;
	ir_op_emit_error(op, "expects parent op 'npu.cpu'");
	return false;
}

/* Input and result have one element type (one quantization). */
static bool
same_elem(IrOp *op)
{
	const IrType *a = op->operands[0].value->type;
	const IrType *r = ir_op_results(op)->type;
	if (ir_type_is_shaped(a) && ir_type_is_shaped(r) &&
	    a->u.shaped.elem == r->u.shaped.elem)
		return true;
	ir_op_emit_error(op, "input and result must have one element type");
	return false;
}

bool
npu_verify_reshape(IrOp *op)
{
	return same_elem(op);
}

bool
npu_verify_pad(IrOp *op)
{
	int64_t lo, hi;
	int64_t v = dialect_get_int(DEF(op), op->attrs, "pad_value");
	if (!storage_i8_i16(op, op->operands[0].value, "input") ||
	    !same_elem(op))
		return false;
	storage_range(ir_op_results(op), &lo, &hi);
	if (v >= lo && v <= hi)
		return true;
	ir_op_emit_error(op, "pad_value %lld is outside the storage range "
	    "[%lld, %lld]", (long long)v, (long long)lo, (long long)hi);
	return false;
}

/* Vela's fixed-point sequence (exp_table) is defined for 8-bit data
 * with i32 table entries, along the last axis. */
static bool
softmax_table_ok(IrOp *op)
{
	const IrAttr *t = ir_op_attr(op, "exp_table");
	const IrType *x = op->operands[0].value->type;
	int64_t axis = dialect_get_int(DEF(op), op->attrs, "axis");

	if (!t)
		return true;
	if (!is_int(t->u.dense.type->u.shaped.elem, 32)) {
		ir_op_emit_error(op, "attribute 'exp_table' must have i32 "
		    "elements");
		return false;
	}
	if (!is_int(storage(op->operands[0].value), 8) ||
	    !is_int(storage(ir_op_results(op)), 8)) {
		ir_op_emit_error(op, "exp_table needs 8-bit input and "
		    "result");
		return false;
	}
	if (x->u.shaped.rank > 0 && axis != -1 && axis !=
	    x->u.shaped.rank - 1) {
		ir_op_emit_error(op, "exp_table needs the last axis, not %lld",
		    (long long)axis);
		return false;
	}
	return true;
}

bool
npu_verify_softmax(IrOp *op)
{
	const IrType *r = ir_op_results(op)->type;
	if (!storage_i8_i16(op, op->operands[0].value, "input") ||
	    !storage_i8_i16(op, ir_op_results(op), "output"))
		return false;
	if (!ir_type_is_shaped(r) ||
	    r->u.shaped.elem->kind != IR_TYPE_QUANT ||
	    op->operands[0].value->type->u.shaped.elem->kind !=
	    IR_TYPE_QUANT) {
		ir_op_emit_error(op, "input and result must be quantized "
		    "tensors");
		return false;
	}
	return softmax_table_ok(op);
}

/* begin + size within the input, one entry per dimension. */
bool
npu_verify_slice(IrOp *op)
{
	const IrType *t = op->operands[0].value->type;
	int64_t b[DIALECT_MAX_RANK + 1], z[DIALECT_MAX_RANK + 1];
	int nb = dialect_get_ints(DEF(op), op->attrs, "begin", b,
	    DIALECT_MAX_RANK + 1);
	int nz = dialect_get_ints(DEF(op), op->attrs, "size", z,
	    DIALECT_MAX_RANK + 1);
	if (!same_elem(op))
		return false;
	if (!ir_type_is_shaped(t) || t->u.shaped.rank < 0 ||
	    nb != t->u.shaped.rank || nz != t->u.shaped.rank) {
		ir_op_emit_error(op, "begin and size need one entry per input "
		    "dimension");
		return false;
	}
	for (int i = 0; i < nb; i++) {
		int64_t d = t->u.shaped.dims[i];
		if (d != IR_DYNAMIC && (b[i] > d || z[i] > d - b[i])) {
			ir_op_emit_error(op, "the window of dimension %d, [%lld, "
			    "%lld), exceeds its size %lld", i, (long long)b[i],
			    (long long)(b[i] + z[i]), (long long)d);
			return false;
		}
	}
	return true;
}

/* axes distinct and in range; the result holds the input's elements
 * with the reduced dims 1 (kept) or dropped; the zero points match. */
bool
npu_verify_mean(IrOp *op)
{
	const IrValue *x = op->operands[0].value;
	const IrType *t = x->type, *r = ir_op_results(op)->type;
	int64_t ax[DIALECT_MAX_RANK + 1], kept[DIALECT_MAX_RANK] = {0};
	int na = dialect_get_ints(DEF(op), op->attrs, "axes", ax,
	    DIALECT_MAX_RANK + 1), i, k;
	bool red[DIALECT_MAX_RANK] = {false};

	if (!storage_i8_i16(op, x, "input") ||
	    !storage_i8_i16(op, ir_op_results(op), "output") ||
	    !check_zp(op, x, "input_zp") ||
	    !check_zp(op, ir_op_results(op), "output_zp"))
		return false;
	if (!ir_type_is_shaped(t) || t->u.shaped.rank < 1 ||
	    !ir_type_is_shaped(r) || r->u.shaped.rank < 0)
		return true;
	for (i = 0; i < na; i++) {
		int64_t a = ax[i] < 0 ? ax[i] + t->u.shaped.rank : ax[i];

		if (na > t->u.shaped.rank || a < 0 || a >= t->u.shaped.rank ||
		    red[a]) {
			ir_op_emit_error(op, "axes must be distinct dims in "
			    "[-%lld, %lld)", (long long)t->u.shaped.rank,
			    (long long)t->u.shaped.rank);
			return false;
		}
		red[a] = true;
	}
	/* The result's dims: the input's, reduced ones as 1 or absent. */
	for (i = 0, k = 0; i < t->u.shaped.rank; i++)
		if (!red[i] || r->u.shaped.rank == t->u.shaped.rank)
			kept[k++] = red[i] ? 1 : t->u.shaped.dims[i];
	if (k == r->u.shaped.rank) {
		for (i = 0; i < k && (kept[i] == r->u.shaped.dims[i] ||
		    kept[i] == IR_DYNAMIC || r->u.shaped.dims[i] ==
		    IR_DYNAMIC); i++)
			;
		if (i == k)
			return true;
	}
	ir_op_emit_error(op, "the result's shape must be the input's with "
	    "the reduced dims 1 or removed");
	return false;
}

/* perm is a permutation of the input's dims and the result has them in
 * that order, with the input's element type. */
bool
npu_verify_transpose(IrOp *op)
{
	const IrType *t = op->operands[0].value->type;
	const IrType *r = ir_op_results(op)->type;
	int64_t p[DIALECT_MAX_RANK + 1];
	int np = dialect_get_ints(DEF(op), op->attrs, "perm", p,
	    DIALECT_MAX_RANK + 1);
	bool seen[DIALECT_MAX_RANK] = {false};

	if (!same_elem(op))
		return false;
	if (!ir_type_is_shaped(t) || t->u.shaped.rank < 0 ||
	    !ir_type_is_shaped(r) || r->u.shaped.rank < 0)
		return true;
	for (int i = 0; i < np; i++) {
		if (np != t->u.shaped.rank || p[i] < 0 || p[i] >= np ||
		    seen[p[i]]) {
			ir_op_emit_error(op, "perm must be a permutation of "
			    "the input's %lld dims",
			    (long long)t->u.shaped.rank);
			return false;
		}
		seen[p[i]] = true;
	}
	if (np != t->u.shaped.rank || r->u.shaped.rank != np) {
		ir_op_emit_error(op, "perm must be a permutation of the "
		    "input's %lld dims", (long long)t->u.shaped.rank);
		return false;
	}
	for (int i = 0; i < np; i++)
		if (r->u.shaped.dims[i] != t->u.shaped.dims[p[i]]) {
			ir_op_emit_error(op, "result dim %d must be input dim "
			    "%lld", i, (long long)p[i]);
			return false;
		}
	return true;
}
