/* dialects/dialect.c: registration, the generic attribute and quantized
 * type checks, attribute getters, inference helpers and docs of the
 * table-driven dialects. */
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"

/* ---------------------------------------------------------------- registry */

bool
dialect_register(IrContext *ctx, const Dialect *d)
{
	/* op_specs' binary search needs the specs in op order. */
	for (size_t i = 1; i < d->nattrs; i++)
		if (d->attrs[i].op < d->attrs[i - 1].op)
			ir_unreachable("a dialect's attribute specs are not in "
			    "op order (ops.def: ATTR rows after their OP row)");
	bool ok = true;
	for (size_t i = 0; i < d->nops; i++)
		ok &= ir_register_op(ctx, &d->ops[i].def);
	if (d->materialize)
		ir_register_constant_materializer(ctx, d->name, d->materialize);
	if (d->canonical)
		ir_register_canonical_patterns(ctx, d->canonical);
	return ok;
}

const DialectOpInfo *
dialect_op_info(const IrOp *op)
{
	const IrOpDef *def = op->name->def;
	if (!def || def->verify != dialect_verify_op)
		return NULL;
	return def->dialect_data;
}

/* ---------------------------------------------------------------- specs */

static const DialectOpInfo *
info_of(const IrOpDef *def)
{
	return def && def->verify == dialect_verify_op ? def->dialect_data :
	    NULL;
}

/* The specs of info's op: a dialect's table lists them in op order
 * (ops.def puts each op's ATTR rows after its OP row; dialect_register
 * checks), so they are found by binary search, not by a walk of every
 * op's specs at each verification and attribute read. */
static const DialectAttrSpec *
op_specs(const DialectOpInfo *info, size_t *n)
{
	const Dialect *d = info->dialect;
	size_t lo = 0, hi = d->nattrs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->attrs[mid].op < info->id)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t end = lo;
	while (end < d->nattrs && d->attrs[end].op == info->id)
		end++;
	*n = end - lo;
	return d->attrs + lo;
}

const DialectAttrSpec *
dialect_attr_spec(const IrOpDef *def, const char *name)
{
	const DialectOpInfo *info = info_of(def);
	if (!info)
		return NULL;
	size_t n;
	const DialectAttrSpec *s = op_specs(info, &n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s[i].name, name))
			return &s[i];
	return NULL;
}

static bool
is_int_attr(const IrAttr *a)
{
	return a && a->kind == IR_ATTR_INTEGER &&
	    !(a->u.integer.type->kind == IR_TYPE_INTEGER &&
	    a->u.integer.type->u.integer.width == 1);
}

static bool
is_bool_attr(const IrAttr *a)
{
	return a && a->kind == IR_ATTR_INTEGER &&
	    a->u.integer.type->kind == IR_TYPE_INTEGER &&
	    a->u.integer.type->u.integer.width == 1;
}

static bool
is_num_attr(const IrAttr *a)
{
	return is_int_attr(a) || (a && a->kind == IR_ATTR_FLOAT);
}

static double
num_value(const IrAttr *a)
{
	return a->kind == IR_ATTR_FLOAT ? a->u.flt.value :
	    (double)a->u.integer.value;
}

/* Is s one of the '|'-separated words of list? */
static bool
allowed_word(const char *list, const char *s, size_t len)
{
	for (const char *p = list; *p;) {
		const char *e = strchr(p, '|');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == len && !memcmp(p, s, n))
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

/* "one of: a, b, c" from "a|b|c", into buf. */
static const char *
allowed_text(const char *list, char *buf, size_t size)
{
	size_t j = 0;
	for (const char *p = list; *p && j + 3 < size; p++) {
		if (*p == '|') {
			buf[j++] = ',';
			buf[j++] = ' ';
		} else {
			buf[j++] = *p;
		}
	}
	buf[j] = 0;
	return buf;
}

/* Where an error goes: the op's name and location (an op being verified
 * or being built). */
typedef struct Where {
	IrContext *ctx;
	const IrLoc *loc;
	const char *name;
} Where;

/* Reports "'name' op <msg>" at w->loc, as ir_op_emit_error does. */
static void where_error(const Where *w, const char *fmt, ...)
    IR_PRINTF(2, 3);

static void
where_error(const Where *w, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ir_emit_error(w->ctx, w->loc, "'%s' op %s", w->name, msg);
}

static bool
range_error(const Where *op, const DialectAttrSpec *s, const char *what,
    double v)
{
	if (v >= s->min && v <= s->max)
		where_error(op, "attribute '%s' %s must fit in 32 bits",
		    s->name, what);
	else if (isinf(s->max))
		where_error(op, "attribute '%s' %s must be >= %g", s->name,
		    what, s->min);
	else if (isinf(s->min))
		where_error(op, "attribute '%s' %s must be <= %g", s->name,
		    what, s->max);
	else
		where_error(op, "attribute '%s' %s must be in [%g, %g]",
		    s->name, what, s->min, s->max);
	return false;
}

/* Within the spec's range; integers also within 32 bits. */
static bool
in_range(const DialectAttrSpec *s, double v)
{
	bool is_int = s->kind == DIALECT_ATTR_INT ||
	    s->kind == DIALECT_ATTR_INTS;
	if (is_int && (v < INT32_MIN || v > INT32_MAX))
		return false;
	return v >= s->min && v <= s->max;
}

static const char *
kind_text(DialectAttrKind k)
{
	switch (k) {
	case DIALECT_ATTR_INT: return "an integer";
	case DIALECT_ATTR_FLOAT: return "a float";
	case DIALECT_ATTR_BOOL: return "a bool";
	case DIALECT_ATTR_STR: return "a string";
	case DIALECT_ATTR_INTS: return "an array of integers";
	case DIALECT_ATTR_FLOATS: return "an array of floats";
	case DIALECT_ATTR_DENSE: return "a dense elements";
	case DIALECT_ATTR_TYPE: return "a type";
	case DIALECT_ATTR_PAD: return "\"same\", \"valid\" or an array of 4 "
	    "integers";
	}
	return "?";
}

static bool
kind_error(const Where *op, const DialectAttrSpec *s)
{
	where_error(op, "attribute '%s' must be %s attribute", s->name,
	    kind_text(s->kind));
	return false;
}

/* Arrays: element kinds, count and range. */
static bool
check_array(const Where *op, const DialectAttrSpec *s, const IrAttr *a)
{
	if (a->kind != IR_ATTR_ARRAY)
		return kind_error(op, s);
	for (size_t i = 0; i < a->u.array.n; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (s->kind == DIALECT_ATTR_INTS ? !is_int_attr(e) :
		    !is_num_attr(e))
			return kind_error(op, s);
	}
	if (s->count && a->u.array.n != (size_t)s->count) {
		where_error(op, "attribute '%s' must have %d elements",
		    s->name, s->count);
		return false;
	}
	for (size_t i = 0; i < a->u.array.n; i++)
		if (!in_range(s, num_value(a->u.array.elems[i])))
			return range_error(op, s, "elements",
			    num_value(a->u.array.elems[i]));
	return true;
}

static bool
check_str(const Where *op, const DialectAttrSpec *s, const IrAttr *a)
{
	if (a->kind != IR_ATTR_STRING)
		return kind_error(op, s);
	if (s->allowed && !allowed_word(s->allowed, a->u.string.data,
	    a->u.string.len)) {
		char buf[256];
		where_error(op, "attribute '%s' must be one of: %s",
		    s->name, allowed_text(s->allowed, buf, sizeof buf));
		return false;
	}
	return true;
}

static bool
check_pad(const Where *op, const DialectAttrSpec *s, const IrAttr *a)
{
	if (a->kind == IR_ATTR_STRING) {
		if (allowed_word("same|valid", a->u.string.data,
		    a->u.string.len))
			return true;
		return kind_error(op, s);
	}
	if (a->kind != IR_ATTR_ARRAY || a->u.array.n != 4)
		return kind_error(op, s);
	for (size_t i = 0; i < 4; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (!is_int_attr(e))
			return kind_error(op, s);
		if (e->u.integer.value < 0 ||
		    e->u.integer.value > DIALECT_MAX_DIM) {
			where_error(op, "attribute '%s' elements must be "
			    "in [0, %d]", s->name, DIALECT_MAX_DIM);
			return false;
		}
	}
	return true;
}

static bool
check_attr(const Where *op, const DialectAttrSpec *s, const IrAttr *a)
{
	switch (s->kind) {
	case DIALECT_ATTR_INT:
		if (!is_int_attr(a))
			return kind_error(op, s);
		return in_range(s, (double)a->u.integer.value) ||
		    range_error(op, s, "value", (double)a->u.integer.value);
	case DIALECT_ATTR_FLOAT:
		if (!is_num_attr(a))
			return kind_error(op, s);
		return in_range(s, num_value(a)) ||
		    range_error(op, s, "value", num_value(a));
	case DIALECT_ATTR_BOOL:
		return is_bool_attr(a) || kind_error(op, s);
	case DIALECT_ATTR_STR:
		return check_str(op, s, a);
	case DIALECT_ATTR_INTS:
	case DIALECT_ATTR_FLOATS:
		return check_array(op, s, a);
	case DIALECT_ATTR_DENSE:
		if (a->kind != IR_ATTR_DENSE)
			return kind_error(op, s);
		if (s->count && ir_type_num_elements(a->u.dense.type) !=
		    s->count) {
			where_error(op, "attribute '%s' must have %d "
			    "elements", s->name, s->count);
			return false;
		}
		return true;
	case DIALECT_ATTR_TYPE:
		return a->kind == IR_ATTR_TYPE || kind_error(op, s);
	case DIALECT_ATTR_PAD:
		return check_pad(op, s, a);
	}
	return true;
}

/* Every spec of op's table entry against its attribute dictionary
 * (attrs may be NULL: empty). */
static bool
check_attrs(const Where *op, const DialectOpInfo *info, const IrAttr *attrs)
{
	size_t n;
	const DialectAttrSpec *specs = op_specs(info, &n);
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const DialectAttrSpec *s = &specs[i];
		const IrAttr *a = attrs ? ir_dict_get(attrs, s->name) : NULL;
		if (!a && s->required) {
			where_error(op, "requires attribute '%s'",
			    s->name);
			ok = false;
		} else if (a) {
			ok &= check_attr(op, s, a);
		}
	}
	return ok;
}

/* ---------------------------------------------------------------- getters */

static const IrAttr *
lookup(const IrOpDef *def, const IrAttr *attrs, const char *name,
    const DialectAttrSpec **spec)
{
	*spec = dialect_attr_spec(def, name);
	return attrs ? ir_dict_get(attrs, name) : NULL;
}

bool
dialect_has_attr(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	const DialectAttrSpec *s;
	return lookup(def, attrs, name, &s) || (s && s->def);
}

int64_t
dialect_get_int(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && a->kind == IR_ATTR_INTEGER)
		return a->u.integer.value;
	if (a && a->kind == IR_ATTR_FLOAT)
		return (int64_t)a->u.flt.value;
	return s && s->def ? strtoll(s->def, NULL, 10) : 0;
}

double
dialect_get_float(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && is_num_attr(a))
		return num_value(a);
	return s && s->def ? strtod(s->def, NULL) : 0.0;
}

bool
dialect_get_bool(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && a->kind == IR_ATTR_INTEGER)
		return a->u.integer.value != 0;
	return s && s->def && !strcmp(s->def, "true");
}

const char *
dialect_get_str(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && a->kind == IR_ATTR_STRING)
		return a->u.string.data;
	return s && s->def ? s->def : "";
}

/* Parses "[1, 2, 3]" into out. */
static int
parse_ints(const char *text, int64_t *out, int max)
{
	int n = 0;
	const char *p = text;
	while (*p) {
		if ((*p >= '0' && *p <= '9') || *p == '-') {
			char *end;
			int64_t v = strtoll(p, &end, 10);
			if (n < max)
				out[n] = v;
			n++;
			p = end;
		} else {
			p++;
		}
	}
	return n;
}

int
dialect_get_ints(const IrOpDef *def, const IrAttr *attrs, const char *name,
    int64_t *out, int max)
{
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && a->kind == IR_ATTR_ARRAY) {
		for (size_t i = 0; i < a->u.array.n && (int)i < max; i++) {
			const IrAttr *e = a->u.array.elems[i];
			out[i] = e->kind == IR_ATTR_INTEGER ?
			    e->u.integer.value : (int64_t)num_value(e);
		}
		return (int)a->u.array.n;
	}
	return s && s->def ? parse_ints(s->def, out, max) : -1;
}

DialectPad
dialect_get_pad(const IrOpDef *def, const IrAttr *attrs, const char *name)
{
	DialectPad pad = { DIALECT_PAD_VALID, 0, 0, 0, 0 };
	const DialectAttrSpec *s;
	const IrAttr *a = lookup(def, attrs, name, &s);
	if (a && a->kind == IR_ATTR_ARRAY && a->u.array.n == 4) {
		int64_t v[4];
		dialect_get_ints(def, attrs, name, v, 4);
		pad.kind = DIALECT_PAD_EXPLICIT;
		pad.top = v[0];
		pad.bottom = v[1];
		pad.left = v[2];
		pad.right = v[3];
		return pad;
	}
	const char *str = a && a->kind == IR_ATTR_STRING ? a->u.string.data :
	    s && s->def ? s->def : "valid";
	if (!strcmp(str, "same"))
		pad.kind = DIALECT_PAD_SAME;
	return pad;
}

int64_t
dialect_window_out(int64_t in, int64_t k, int64_t stride, int64_t dilation,
    DialectPadKind kind, int64_t before, int64_t after)
{
	if (in == IR_DYNAMIC)
		return IR_DYNAMIC;
	int64_t eff = dilation * (k - 1) + 1;
	switch (kind) {
	case DIALECT_PAD_SAME:
		return (in + stride - 1) / stride;
	case DIALECT_PAD_VALID:
		if (in < eff)
			return 0;
		return (in - eff + stride) / stride;
	case DIALECT_PAD_EXPLICIT:
		if (in + before + after < eff)
			return 0;
		return (in + before + after - eff) / stride + 1;
	}
	return 0;
}

int64_t
dialect_same_pad_before(int64_t in, int64_t k, int64_t stride,
    int64_t dilation)
{
	int64_t eff = dilation * (k - 1) + 1;
	int64_t out = (in + stride - 1) / stride;
	int64_t total = (out - 1) * stride + eff - in;
	return total > 0 ? total / 2 : 0;
}

/* ---------------------------------------------------------------- inference */

bool
dialect_infer_none(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	(void)ctx;
	(void)st;
	(void)results;
	return nresults == 0;
}

bool
dialect_infer_error(IrContext *ctx, const IrOpState *st, const char *fmt,
    ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_emit_op_errorv(ctx, st->loc ? st->loc : ir_loc_unknown(ctx),
	    st->name->name->str, fmt, ap);
	va_end(ap);
	return false;
}

const IrType *
dialect_operand_type(const IrOpState *st, size_t i)
{
	return i < st->noperands && st->operands[i] ? st->operands[i]->type :
	    NULL;
}

const IrType *
dialect_ranked(IrContext *ctx, const IrOpState *st, size_t i, int64_t rank)
{
	const IrType *t = dialect_operand_type(st, i);
	if (!t || t->kind != IR_TYPE_TENSOR || t->u.shaped.rank < 0) {
		dialect_infer_error(ctx, st, "operand #%zu must be a ranked "
		    "tensor", i);
		return NULL;
	}
	if (rank >= 0 && t->u.shaped.rank != rank) {
		dialect_infer_error(ctx, st, "operand #%zu must have rank "
		    "%lld, but has rank %lld", i, (long long)rank,
		    (long long)t->u.shaped.rank);
		return NULL;
	}
	if (t->u.shaped.rank > DIALECT_MAX_RANK) {
		dialect_infer_error(ctx, st, "operand #%zu has rank %lld, more "
		    "than the supported %d", i, (long long)t->u.shaped.rank,
		    DIALECT_MAX_RANK);
		return NULL;
	}
	for (int64_t d = 0; d < t->u.shaped.rank; d++)
		if (t->u.shaped.dims[d] > DIALECT_MAX_DIM) {
			dialect_infer_error(ctx, st, "operand #%zu has a "
			    "dimension larger than %d", i, DIALECT_MAX_DIM);
			return NULL;
		}
	return t;
}

bool
dialect_mul(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

const IrType *
dialect_tensor(IrContext *ctx, int64_t rank, const int64_t *dims,
    const IrType *elem)
{
	return ir_type_tensor(ctx, rank, dims, elem, NULL);
}

bool
dialect_broadcast(const IrType *a, const IrType *b, int64_t *out,
    int64_t *rank)
{
	int64_t ra = a->u.shaped.rank, rb = b->u.shaped.rank;
	int64_t r = ra > rb ? ra : rb;
	for (int64_t i = 0; i < r; i++) {
		int64_t da = i < r - ra ? 1 : a->u.shaped.dims[i - (r - ra)];
		int64_t db = i < r - rb ? 1 : b->u.shaped.dims[i - (r - rb)];
		if (da == 1)
			out[i] = db;
		else if (db == 1)
			out[i] = da;
		else if (da == IR_DYNAMIC || db == IR_DYNAMIC)
			out[i] = da == IR_DYNAMIC ? db : da;
		else if (da == db)
			out[i] = da;
		else
			return false;
	}
	*rank = r;
	return true;
}

int64_t
dialect_norm_axis(int64_t axis, int64_t rank)
{
	if (axis < -rank || axis >= rank)
		return -1;
	return axis < 0 ? axis + rank : axis;
}

const IrType *
dialect_storage_type(const IrType *t)
{
	return t && t->kind == IR_TYPE_QUANT ? t->u.quant.storage : t;
}

static bool
elems_compatible(const IrType *a, const IrType *b)
{
	if (a == b)
		return true;
	if (a->kind == IR_TYPE_QUANT && b->kind == IR_TYPE_QUANT)
		return a->u.quant.storage == b->u.quant.storage &&
		    a->u.quant.is_signed == b->u.quant.is_signed;
	return a->kind == IR_TYPE_INTEGER && b->kind == IR_TYPE_QUANT &&
	    b->u.quant.storage == a;
}

bool
dialect_type_compatible(const IrType *inf, const IrType *decl)
{
	if (inf == decl)
		return true;
	if (!ir_type_is_shaped(inf) || inf->kind != decl->kind)
		return false;
	if (inf->u.shaped.rank != decl->u.shaped.rank ||
	    inf->u.shaped.layout != decl->u.shaped.layout ||
	    inf->u.shaped.memspace != decl->u.shaped.memspace)
		return false;
	for (int64_t i = 0; i < inf->u.shaped.rank; i++) {
		int64_t a = inf->u.shaped.dims[i], b = decl->u.shaped.dims[i];
		if (a != b && a != IR_DYNAMIC && b != IR_DYNAMIC)
			return false;
	}
	return elems_compatible(inf->u.shaped.elem, decl->u.shaped.elem);
}

bool
dialect_check_quant(IrOp *op, const IrType *t, const char *what)
{
	if (!t || !ir_type_is_shaped(t) || t->u.shaped.elem->kind !=
	    IR_TYPE_QUANT)
		return true;
	const IrType *q = t->u.shaped.elem;
	/* Scales and zero points were checked once, when q was uniqued. */
	for (size_t i = 0; !q->u.quant.in_range && i < q->u.quant.nscales;
	    i++) {
		if (!(q->u.quant.scales[i] > 0)) {
			ir_op_emit_error(op, "%s has a non-positive "
			    "quantization scale", what);
			return false;
		}
		int64_t zp = q->u.quant.zero_points[i];
		if (zp < q->u.quant.storage_min ||
		    zp > q->u.quant.storage_max) {
			ir_op_emit_error(op, "%s has zero point %lld outside "
			    "the storage range [%lld, %lld]", what,
			    (long long)zp, (long long)q->u.quant.storage_min,
			    (long long)q->u.quant.storage_max);
			return false;
		}
	}
	if (q->u.quant.axis < 0)
		return true;
	int64_t rank = t->u.shaped.rank;
	if (rank >= 0 && q->u.quant.axis >= rank) {
		ir_op_emit_error(op, "%s has quantization axis %d but rank "
		    "%lld", what, (int)q->u.quant.axis, (long long)rank);
		return false;
	}
	int64_t dim = rank >= 0 ? t->u.shaped.dims[q->u.quant.axis] :
	    IR_DYNAMIC;
	if (dim != IR_DYNAMIC && (int64_t)q->u.quant.nscales != dim) {
		ir_op_emit_error(op, "%s has %zu quantization scales for a "
		    "dimension of size %lld", what, q->u.quant.nscales,
		    (long long)dim);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- verify */

/* Would dialect_check_quant report t? The verifier asks for every
 * operand and result: the message (its "operand #i") is made only for
 * a type that fails. */
static bool
quant_bad(const IrType *t)
{
	if (!t || !ir_type_is_shaped(t) || t->u.shaped.elem->kind !=
	    IR_TYPE_QUANT)
		return false;
	const IrType *q = t->u.shaped.elem;
	int64_t rank = t->u.shaped.rank;
	if (!q->u.quant.in_range)
		return true;
	if (q->u.quant.axis < 0 || rank < 0)
		return false;
	if (q->u.quant.axis >= rank)
		return true;
	int64_t dim = t->u.shaped.dims[q->u.quant.axis];
	return dim != IR_DYNAMIC && (int64_t)q->u.quant.nscales != dim;
}

static bool
check_quant_types(IrOp *op)
{
	char what[32];
	for (unsigned i = 0; i < op->noperands; i++) {
		if (!op->operands[i].value ||
		    !quant_bad(op->operands[i].value->type))
			continue;
		snprintf(what, sizeof what, "operand #%u", i);
		if (!dialect_check_quant(op, op->operands[i].value->type, what))
			return false;
	}
	for (unsigned i = 0; i < op->nresults; i++) {
		if (!quant_bad(ir_op_results(op)[i].type))
			continue;
		snprintf(what, sizeof what, "result #%u", i);
		if (!dialect_check_quant(op, ir_op_results(op)[i].type, what))
			return false;
	}
	return true;
}

/* Re-infers op's result types and compares them with the declared ones. */
static bool
check_inferred(IrOp *op, const IrOpDef *def)
{
	IrContext *ctx = ir_op_context(op);
	/* Most ops have a few operands and results: no allocation for
	 * them at each verification. */
	enum { FEW = 8 };
	IrValue *vbuf[FEW] = { 0 };
	const IrType *tbuf[FEW] = { 0 };
	IrValue **vals = op->noperands < FEW ? vbuf :
	    ir_xcalloc(op->noperands + 1, sizeof *vals);
	for (unsigned i = 0; i < op->noperands; i++)
		vals[i] = op->operands[i].value;
	IrOpState st = {
		.name = op->name, .loc = ir_op_loc(op),
		.noperands = op->noperands,
		.operands = vals, .attrs = op->attrs,
		.nregions = op->nregions,
	};
	const IrType **types = op->nresults < FEW ? tbuf :
	    ir_xcalloc(op->nresults + 1, sizeof *types);
	bool ok = def->infer_types(ctx, &st, op->nresults, types);
	for (unsigned i = 0; ok && i < op->nresults; i++) {
		if (dialect_type_compatible(types[i],
		    ir_op_results(op)[i].type))
			continue;
		char *a = ir_type_str(types[i]);
		char *b = ir_type_str(ir_op_results(op)[i].type);
		ir_op_emit_error(op, "inferred type '%s' does not match "
		    "result type '%s'", a, b);
		free(a);
		free(b);
		ok = false;
	}
	if (types != tbuf)
		free(types);
	if (vals != vbuf)
		free(vals);
	return ok;
}

bool
dialect_verify_op(IrOp *op)
{
	const DialectOpInfo *info = op->name->def->dialect_data;
	Where w = { ir_op_context(op), ir_op_loc(op), ir_op_name_str(op) };
	if (!check_attrs(&w, info, op->attrs) || !check_quant_types(op))
		return false;
	if (info->verify && !info->verify(op))
		return false;
	if (info->def.infer_types)
		return check_inferred(op, &info->def);
	return true;
}

/* ---------------------------------------------------------------- builder */

IrOp *
dialect_create(IrBuilder *b, const char *name, size_t noperands,
    IrValue *const *operands, const IrAttr *attrs, size_t nresults)
{
	IrContext *ctx = b->ctx;
	const IrOpName *on = ir_op_name_get(ctx, name, strlen(name));
	const IrOpDef *def = on->def;
	const IrLoc *loc = b->loc ? b->loc : ir_loc_unknown(ctx);
	if (!def || !def->infer_types) {
		ir_emit_error(ctx, loc, "cannot infer the result types of "
		    "'%s'", name);
		return NULL;
	}
	if (def->nresults != IR_VARIADIC)
		nresults = (size_t)def->nresults;
	IrOpState st = {
		.name = on, .loc = loc, .noperands = noperands,
		.operands = operands, .attrs = attrs,
		.nregions = def->nregions > 0 ? (size_t)def->nregions : 0,
	};
	const IrType **types = ir_xcalloc(nresults + 1, sizeof *types);
	IrOp *op = NULL;
	Where w = { ctx, loc, name };
	if (def->verify == dialect_verify_op && !check_attrs(&w,
	    def->dialect_data, attrs)) {
		free(types);
		return NULL;
	}
	if (def->infer_types(ctx, &st, nresults, types)) {
		st.nresults = nresults;
		st.result_types = types;
		op = ir_builder_create(b, &st);
	}
	free(types);
	return op;
}

/* ---------------------------------------------------------------- docs */

static const struct {
	unsigned bit;
	const char *name;
} trait_names[] = {
	{ IR_TRAIT_PURE, "pure" },
	{ IR_TRAIT_COMMUTATIVE, "commutative" },
	{ IR_TRAIT_ELEMENTWISE, "elementwise" },
	{ IR_TRAIT_SAME_SHAPE, "same-operands-and-result-shape" },
	{ IR_TRAIT_SAME_TYPE, "same-operands-and-result-type" },
	{ IR_TRAIT_TERMINATOR, "terminator" },
	{ IR_TRAIT_ISOLATED, "isolated-from-above" },
	{ IR_TRAIT_NO_TERMINATOR, "no-terminator" },
	{ IR_TRAIT_SINGLE_BLOCK, "single-block" },
	{ IR_TRAIT_RETURN_LIKE, "return-like" },
};

static const char *
attr_kind_doc(DialectAttrKind k)
{
	switch (k) {
	case DIALECT_ATTR_INT: return "integer";
	case DIALECT_ATTR_FLOAT: return "float";
	case DIALECT_ATTR_BOOL: return "bool";
	case DIALECT_ATTR_STR: return "string";
	case DIALECT_ATTR_INTS: return "integer array";
	case DIALECT_ATTR_FLOATS: return "float array";
	case DIALECT_ATTR_DENSE: return "dense elements";
	case DIALECT_ATTR_TYPE: return "type";
	case DIALECT_ATTR_PAD: return "padding";
	}
	return "?";
}

static void
print_count(FILE *out, int min, int max)
{
	if (max == IR_VARIADIC)
		fprintf(out, "%d or more", min);
	else if (min == max)
		fprintf(out, "%d", min);
	else
		fprintf(out, "%d to %d", min, max);
}

static void
print_traits(FILE *out, unsigned traits)
{
	bool any = false;
	for (size_t i = 0; i < sizeof trait_names / sizeof trait_names[0];
	    i++)
		if (traits & trait_names[i].bit) {
			fprintf(out, "%s%s", any ? ", " : "",
			    trait_names[i].name);
			any = true;
		}
	if (!any)
		fputs("none", out);
}

static void
print_range(FILE *out, const DialectAttrSpec *s)
{
	if (s->allowed) {
		char buf[256];
		fprintf(out, "%s", allowed_text(s->allowed, buf, sizeof buf));
		return;
	}
	if (s->count)
		fprintf(out, "%d elements", s->count);
	if (!isinf(s->min) || !isinf(s->max)) {
		fprintf(out, "%s", s->count ? ", " : "");
		if (isinf(s->max))
			fprintf(out, ">= %g", s->min);
		else if (isinf(s->min))
			fprintf(out, "<= %g", s->max);
		else
			fprintf(out, "[%g, %g]", s->min, s->max);
	}
}

static void
print_attr_rows(FILE *out, const Dialect *d, unsigned id)
{
	bool header = false;
	for (size_t i = 0; i < d->nattrs; i++) {
		const DialectAttrSpec *s = &d->attrs[i];
		if (s->op != id)
			continue;
		if (!header) {
			fputs("\n| Attribute | Kind | Default | Range | "
			    "Description |\n|---|---|---|---|---|\n", out);
			header = true;
		}
		fprintf(out, "| `%s` | %s | ", s->name, attr_kind_doc(s->kind));
		if (s->required)
			fputs("required", out);
		else if (!s->def)
			fputs("optional", out);
		else if (s->kind == DIALECT_ATTR_STR ||
		    (s->kind == DIALECT_ATTR_PAD && s->def[0] != '['))
			fprintf(out, "`\"%s\"`", s->def);
		else
			fprintf(out, "`%s`", s->def);
		fputs(" | ", out);
		print_range(out, s);
		fprintf(out, " | %s |\n", s->doc);
	}
}

static void
print_op_doc(FILE *out, const DialectOpInfo *info)
{
	const IrOpDef *def = &info->def;
	fprintf(out, "\n### `%s`\n\n%s\n\n", def->name, def->summary);
	fputs("| | |\n|---|---|\n| Operands | ", out);
	print_count(out, def->min_operands, def->max_operands);
	fprintf(out, "%s%s |\n| Results | ", info->operands[0] ? ": " : "",
	    info->operands);
	if (def->nresults == IR_VARIADIC)
		fputs("variadic", out);
	else
		fprintf(out, "%d", def->nresults);
	fprintf(out, "%s%s |\n", info->results[0] ? ": " : "", info->results);
	if (def->nregions)
		fprintf(out, "| Regions | %d |\n", def->nregions);
	fputs("| Traits | ", out);
	print_traits(out, def->traits);
	fprintf(out, " |\n| Result types | %s |\n", def->infer_types ?
	    "inferred" : "given");
	print_attr_rows(out, info->dialect, info->id);
}

void
dialect_print_docs(FILE *out, const Dialect *d)
{
	fprintf(out, "<!-- Generated by `npu-opt --dump-dialect=%s`; do not "
	    "edit. -->\n# The `%s` dialect\n\n%s\n\n## Operations\n\n", d->name,
	    d->name, d->doc);
	for (size_t i = 0; i < d->nops; i++)
		fprintf(out, "%s`%s`", i ? ", " : "", d->ops[i].def.name);
	fputs("\n", out);
	for (size_t i = 0; i < d->nops; i++)
		print_op_doc(out, &d->ops[i]);
}
