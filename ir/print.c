/* ir/print.c: prints operations in mlir-opt-14's generic form (byte for
 * byte) or with the builtin sugar (module, func.func, return), numbering
 * values and blocks as mlir-opt does. */
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"
#include "ir/print.h"

/* ---------------------------------------------------------------- names */

/* Block numbers, keyed by pointer. Numbers come from IR order, so
 * output never depends on the pointers themselves. Values carry their
 * numbers themselves (see value_num). */
typedef struct {
	const void *key;
	uint32_t num;
	bool arg; /* an entry block argument: %argN */
} Name;

typedef struct {
	Name *slots;
	size_t cap, n; /* cap is a power of two */
} NameMap;

/* What a region is numbered from: the counters after its parent region
 * (MLIR's SSANameState carries them down, so sibling regions restart
 * from the same numbers). */
typedef struct {
	IrRegion *region;
	uint32_t next_value, next_arg;
} Frame;

/* The high bit of a value number: an entry block argument (%argN). */
#define NUM_ARG UINT32_C(0x80000000)

/* Most types of a signature the printer remembers. */
enum { SIG_MAX = 8 };

/* The text of the last generic signature printed, by its types: ops in
 * a row often have the same one. */
typedef struct {
	const IrType *types[SIG_MAX];
	unsigned nin, nout;       /* nin + nout == 0: none yet */
	char *text;
	size_t len, cap;
} SigMemo;

typedef struct {
	IrPrinter p;
	IrPrintFlags flags;
	NameMap names;        /* blocks */
	IrOp *top;            /* the op printed */
	IrBlock *block;       /* the block being printed, or NULL */
	SigMemo sig;
	IrOp **holders;       /* number_region's ops with regions */
	size_t nholders, holdercap;
	unsigned indent;
	uint32_t *scratch; /* predecessor numbers */
	size_t nscratch;
} OpPrinter;

/* Keys in one 64 KiB stretch of memory get consecutive slots (ops are
 * allocated, numbered and printed in about the same order, so lookups
 * then walk the table instead of missing the cache on each); the
 * stretches themselves are scattered by a mixing hash. */
static size_t
ptr_hash(const void *k)
{
	uint64_t x = (uint64_t)(uintptr_t)k;
	uint64_t h = x >> 16;
	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return (size_t)(h + ((x >> 4) & 0xfff));
}

static void name_put(NameMap *m, const void *key, uint32_t num, bool arg);

static void
names_grow(NameMap *m)
{
	Name *old = m->slots;
	size_t oldcap = m->cap;
	m->cap = oldcap ? oldcap * 2 : 256;
	m->slots = ir_xcalloc(m->cap, sizeof *m->slots);
	m->n = 0;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].key)
			name_put(m, old[i].key, old[i].num, old[i].arg);
	free(old);
}

static void
name_put(NameMap *m, const void *key, uint32_t num, bool arg)
{
	if ((m->n + 1) * 2 > m->cap)
		names_grow(m);
	size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
	while (m->slots[i].key && m->slots[i].key != key)
		i = (i + 1) & mask;
	if (!m->slots[i].key)
		m->n++;
	m->slots[i] = (Name){ key, num, arg };
}

static const Name *
name_get(const NameMap *m, const void *key)
{
	if (!m->cap)
		return NULL;
	size_t mask = m->cap - 1, i = ptr_hash(key) & mask;
	while (m->slots[i].key) {
		if (m->slots[i].key == key)
			return &m->slots[i];
		i = (i + 1) & mask;
	}
	return NULL;
}

/* Gives value v (a block argument, or an op's first result standing
 * for its group) number num in this printing. */
static void
value_num_set(IrValue *v, uint32_t num)
{
	v->print_num = num;
}

/* Was v numbered by this printing, which numbers every value defined
 * in the printed op or by it (number_all)? Others, defined outside it
 * (or in IR that is not attached), still hold the number an earlier
 * printing gave them. */
static bool
numbered(const OpPrinter *o, const IrValue *v)
{
	const IrBlock *b;
	if (v->kind == IR_VALUE_RESULT) {
		if (v->owner.op == o->top)
			return true;
		b = v->owner.op->parent;
	} else {
		b = v->owner.block;
	}
	if (!b)
		return false;
	/* Nearly all values are defined in the block being printed. */
	if (b == o->block)
		return true;
	while (b->parent && b->parent->parent) {
		const IrOp *op = b->parent->parent;
		if (op == o->top)
			return true;
		b = op->parent;
		if (!b)
			return false;
	}
	return false;
}

/* v's number (with NUM_ARG) in this printing; false when v was not
 * numbered by it. */
static bool
value_num(const OpPrinter *o, const IrValue *v, uint32_t *num)
{
	if (!numbered(o, v))
		return false;
	if (v->kind == IR_VALUE_RESULT)
		v = ir_op_results(v->owner.op);
	*num = v->print_num;
	return true;
}

/* Numbers one region's blocks, arguments and results; nested regions go
 * on the work stack with the counters reached at the end. */
static void
number_region(OpPrinter *o, Frame f, Frame **stack, size_t *n, size_t *cap)
{
	NameMap *m = &o->names;
	uint32_t block_id = 0;
	for (IrBlock *b = f.region->first; b; b = b->next) {
		bool entry = b == f.region->first;
		name_put(m, b, block_id++, false);
		for (unsigned i = 0; i < b->nargs; i++) {
			if (entry)
				value_num_set(b->args[i],
				    f.next_arg++ | NUM_ARG);
			else
				value_num_set(b->args[i], f.next_value++);
		}
		/* One walk: ops holding regions are noted on the way, as
		 * their regions start from the counters reached at the end. */
		uintptr_t pf = 0;
		for (IrOp *op = b->first; op; op = op->next) {
			ir_op_prefetch_following(&pf, op);
			if (op->nresults)
				value_num_set(ir_op_results(op),
				    f.next_value++);
			if (op->nregions) {
				if (o->nholders == o->holdercap) {
					o->holdercap = o->holdercap ?
					    o->holdercap * 2 : 16;
					o->holders = ir_xrealloc(o->holders,
					    o->holdercap * sizeof *o->holders);
				}
				o->holders[o->nholders++] = op;
			}
		}
	}
	for (size_t k = 0; k < o->nholders; k++) {
		IrOp *op = o->holders[k];
		for (unsigned i = 0; i < op->nregions; i++) {
			if (*n == *cap) {
				*cap = *cap ? *cap * 2 : 16;
				*stack = ir_xrealloc(*stack,
				    *cap * sizeof **stack);
			}
			(*stack)[(*n)++] = (Frame){ &ir_op_regions(op)[i],
			    f.next_value, f.next_arg };
		}
	}
	o->nholders = 0;
}

static void
number_all(OpPrinter *o, IrOp *top)
{
	Frame *stack = NULL;
	size_t n = 0, cap = 0;
	/* As mlir-opt: the top op's regions are queued before its results
	 * are numbered, so both start from %0. */
	for (unsigned i = top->nregions; i-- > 0;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			stack = ir_xrealloc(stack, cap * sizeof *stack);
		}
		stack[n++] = (Frame){ &ir_op_regions(top)[i], 0, 0 };
	}
	if (top->nresults)
		value_num_set(ir_op_results(top), 0);
	while (n)
		number_region(o, stack[--n], &stack, &n, &cap);
	free(stack);
}

/* ---------------------------------------------------------------- values */

static void
put_indent(OpPrinter *o)
{
	ir_pr_reserve(&o->p, o->indent);
	memset(o->p.buf + o->p.len, ' ', o->indent);
	o->p.len += o->indent;
}

static void
value_name(OpPrinter *o, const IrValue *v)
{
	uint32_t num;
	if (!value_num(o, v, &num)) {
		ir_pr_puts(&o->p, "<<UNKNOWN SSA VALUE>>");
		return;
	}
	bool arg = num & NUM_ARG;
	ir_pr_write(&o->p, arg ? "%arg" : "%", arg ? 4 : 1);
	ir_pr_uint(&o->p, num & ~NUM_ARG);
	if (v->kind == IR_VALUE_RESULT && v->owner.op->nresults > 1) {
		ir_pr_putc(&o->p, '#');
		ir_pr_uint(&o->p, v->index);
	}
}

static void
block_name(OpPrinter *o, const IrBlock *b)
{
	const Name *n = b ? name_get(&o->names, b) : NULL;
	if (!n) {
		ir_pr_puts(&o->p, "<<UNKNOWN BLOCK>>");
		return;
	}
	ir_pr_write(&o->p, "^bb", 3);
	ir_pr_uint(&o->p, n->num);
}

static void
trailing_loc(OpPrinter *o, const IrLoc *loc)
{
	if (!o->flags.debuginfo)
		return;
	ir_pr_write(&o->p, " loc(", 5);
	ir_pr_loc(&o->p, loc);
	ir_pr_putc(&o->p, ')');
}

/* ---------------------------------------------------------------- blocks */

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* `  // pred: ^bb0`, `  // 2 preds: ^bb0, ^bb0` (one per successor
 * slot, sorted by block number) or `  // no predecessors`, as mlir-opt
 * does. */
static void
pred_comment(OpPrinter *o, const IrBlock *b)
{
	size_t n = 0;
	for (const IrBlockRef *r = b->preds; r; r = r->next)
		n++;
	if (!n) {
		if (b->parent && b != b->parent->first)
			ir_pr_puts(&o->p, "  // no predecessors");
		return;
	}
	if (n == 1) {
		/* One successor slot; two slots of one block count twice. */
		ir_pr_write(&o->p, "  // pred: ", 11);
		block_name(o, b->preds->owner->parent);
		return;
	}
	if (n > o->nscratch) {
		o->nscratch = n * 2;
		o->scratch = ir_xrealloc(o->scratch,
		    o->nscratch * sizeof *o->scratch);
	}
	size_t k = 0;
	for (const IrBlockRef *r = b->preds; r; r = r->next) {
		const Name *nm = name_get(&o->names, r->owner->parent);
		o->scratch[k++] = nm ? nm->num : UINT32_MAX;
	}
	qsort(o->scratch, n, sizeof *o->scratch, cmp_u32);
	ir_pr_write(&o->p, "  // ", 5);
	ir_pr_uint(&o->p, n);
	ir_pr_write(&o->p, " preds: ", 8);
	for (size_t i = 0; i < n; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		ir_pr_write(&o->p, "^bb", 3);
		ir_pr_uint(&o->p, o->scratch[i]);
	}
}

static void print_op(OpPrinter *o, IrOp *op);

static void
block_header(OpPrinter *o, IrBlock *b)
{
	put_indent(o);
	block_name(o, b);
	if (b->nargs) {
		ir_pr_putc(&o->p, '(');
		for (unsigned i = 0; i < b->nargs; i++) {
			if (i)
				ir_pr_write(&o->p, ", ", 2);
			value_name(o, b->args[i]);
			ir_pr_write(&o->p, ": ", 2);
			ir_pr_type(&o->p, b->args[i]->type);
			trailing_loc(o, ir_value_loc(b->args[i]));
		}
		ir_pr_putc(&o->p, ')');
	}
	ir_pr_putc(&o->p, ':');
	pred_comment(o, b);
	ir_pr_putc(&o->p, '\n');
}

static void
print_block(OpPrinter *o, IrBlock *b, bool header)
{
	IrBlock *outer = o->block;
	o->block = b;
	if (header)
		block_header(o, b);
	o->indent += 2;
	uintptr_t pf = 0;
	for (IrOp *op = b->first; op; op = op->next) {
		ir_op_prefetch_following(&pf, op);
		print_op(o, op);
		ir_pr_putc(&o->p, '\n');
	}
	o->indent -= 2;
	o->block = outer;
}

/* `{`, the blocks, `}`. entry_args: show the entry block's label when it
 * has arguments; empty_block: also when it has no ops (generic form). */
static void
print_region(OpPrinter *o, IrRegion *r, bool entry_args, bool empty_block)
{
	ir_pr_write(&o->p, "{\n", 2);
	IrBlock *entry = r->first;
	if (entry) {
		bool header = (empty_block && !entry->first) ||
		    (entry_args && entry->nargs);
		print_block(o, entry, header);
		for (IrBlock *b = entry->next; b; b = b->next)
			print_block(o, b, true);
	}
	put_indent(o);
	ir_pr_putc(&o->p, '}');
}

/* ---------------------------------------------------------------- generic */

static void
value_list(OpPrinter *o, const IrOp *op)
{
	for (unsigned i = 0; i < op->noperands; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		if (op->operands[i].value)
			value_name(o, op->operands[i].value);
		else
			ir_pr_puts(&o->p, "<<NULL VALUE>>");
	}
}

static void op_signature_text(OpPrinter *o, const IrOp *op);

/* Is the signature of op the remembered one? Fills key with its types
 * (false when they do not fit). */
static bool
sig_lookup(const SigMemo *m, const IrOp *op, const IrType **key,
    bool *fits)
{
	unsigned n = op->noperands + op->nresults;
	*fits = n > 0 && n <= SIG_MAX;
	if (!*fits)
		return false;
	for (unsigned i = 0; i < op->noperands; i++) {
		const IrValue *v = op->operands[i].value;
		if (!v) {
			*fits = false;
			return false;
		}
		key[i] = v->type;
	}
	for (unsigned i = 0; i < op->nresults; i++)
		key[op->noperands + i] = ir_op_results(op)[i].type;
	return m->nin == op->noperands && m->nout == op->nresults &&
	    memcmp(m->types, key, n * sizeof *key) == 0;
}

static void
op_signature(OpPrinter *o, const IrOp *op)
{
	const IrType *key[SIG_MAX];
	SigMemo *m = &o->sig;
	bool fits;
	if (sig_lookup(m, op, key, &fits)) {
		ir_pr_write(&o->p, m->text, m->len);
		return;
	}
	size_t mark = o->p.len, flushes = o->p.flushes;
	op_signature_text(o, op);
	if (!fits || o->p.flushes != flushes)
		return;
	size_t len = o->p.len - mark;
	if (len > m->cap) {
		m->cap = len * 2;
		m->text = ir_xrealloc(m->text, m->cap);
	}
	memcpy(m->text, o->p.buf + mark, len);
	m->len = len;
	memcpy(m->types, key, (op->noperands + op->nresults) * sizeof *key);
	m->nin = op->noperands;
	m->nout = op->nresults;
}

static void
op_signature_text(OpPrinter *o, const IrOp *op)
{
	ir_pr_putc(&o->p, '(');
	for (unsigned i = 0; i < op->noperands; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		const IrValue *v = op->operands[i].value;
		ir_pr_type(&o->p, v ? v->type : NULL);
	}
	ir_pr_write(&o->p, ") -> ", 5);
	const IrValue *results = ir_op_results(op);
	bool bare = op->nresults == 1 &&
	    results[0].type->kind != IR_TYPE_FUNCTION;
	if (!bare)
		ir_pr_putc(&o->p, '(');
	for (unsigned i = 0; i < op->nresults; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		ir_pr_type(&o->p, results[i].type);
	}
	if (!bare)
		ir_pr_putc(&o->p, ')');
}

static void
print_generic(OpPrinter *o, IrOp *op)
{
	ir_pr_string(&o->p, op->name->name->str, op->name->name->len);
	ir_pr_putc(&o->p, '(');
	value_list(o, op);
	ir_pr_putc(&o->p, ')');
	if (op->nsuccs) {
		ir_pr_putc(&o->p, '[');
		for (unsigned i = 0; i < op->nsuccs; i++) {
			if (i)
				ir_pr_write(&o->p, ", ", 2);
			block_name(o, ir_op_succs(op)[i].block);
		}
		ir_pr_putc(&o->p, ']');
	}
	if (op->nregions) {
		ir_pr_write(&o->p, " (", 2);
		for (unsigned i = 0; i < op->nregions; i++) {
			if (i)
				ir_pr_write(&o->p, ", ", 2);
			print_region(o, &ir_op_regions(op)[i], true, true);
		}
		ir_pr_putc(&o->p, ')');
	}
	if (op->attrs && op->attrs->u.dict.n) {
		ir_pr_putc(&o->p, ' ');
		ir_pr_dict(&o->p, op->attrs, NULL, 0);
	}
	ir_pr_write(&o->p, " : ", 3);
	op_signature(o, op);
}

/* ---------------------------------------------------------------- sugar */

static bool
name_is(const IrOp *op, const char *s)
{
	const IrIdent *n = op->name->name;
	return strlen(s) == n->len && !memcmp(s, n->str, n->len);
}

static bool
plain(const IrOp *op)
{
	return !op->nresults && !op->noperands && !op->nsuccs;
}

static const IrAttr *
attr_of(const IrOp *op, const char *name, IrAttrKind kind)
{
	const IrAttr *a = op->attrs ? ir_dict_get(op->attrs, name) : NULL;
	return a && a->kind == kind ? a : NULL;
}

/* `module @name attributes {...} {` ... `}` when the op fits. */
static bool
sugar_module(OpPrinter *o, IrOp *op)
{
	static const char *const skip[] = { "sym_name" };
	if (!plain(op) || op->nregions != 1)
		return false;
	IrRegion *r = ir_op_regions(op);
	if (!r->first || r->first != r->last || r->first->nargs)
		return false;
	const IrAttr *name = attr_of(op, "sym_name", IR_ATTR_STRING);
	if (op->attrs && ir_dict_get(op->attrs, "sym_name") && !name)
		return false;
	if (op->attrs && ir_dict_get(op->attrs, "sym_visibility"))
		return false;
	ir_pr_write(&o->p, "module ", 7);
	if (name) {
		ir_pr_putc(&o->p, '@');
		ir_pr_ident(&o->p, name->u.string.data, name->u.string.len);
		ir_pr_putc(&o->p, ' ');
	}
	if (op->attrs && op->attrs->u.dict.n > (name ? 1u : 0u)) {
		ir_pr_write(&o->p, "attributes ", 11);
		ir_pr_dict(&o->p, op->attrs, skip, 1);
		ir_pr_putc(&o->p, ' ');
	}
	print_region(o, r, false, false);
	return true;
}

/* The dictionary at index i of an arg_attrs/res_attrs array, or NULL. */
static const IrAttr *
nth_dict(const IrAttr *arr, size_t i)
{
	if (!arr)
		return NULL;
	const IrAttr *d = arr->u.array.elems[i];
	return d->u.dict.n ? d : NULL;
}

static bool
dicts_ok(const IrAttr *arr, size_t n)
{
	if (!arr)
		return true;
	if (arr->u.array.n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (arr->u.array.elems[i]->kind != IR_ATTR_DICT)
			return false;
	return true;
}

static void
func_args(OpPrinter *o, IrOp *op, const IrType *ft, const IrAttr *aa)
{
	IrBlock *entry = ir_op_regions(op)->first;
	ir_pr_putc(&o->p, '(');
	for (size_t i = 0; i < ft->u.func.ninputs; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		if (entry) {
			value_name(o, entry->args[i]);
			ir_pr_write(&o->p, ": ", 2);
		}
		ir_pr_type(&o->p, ft->u.func.inputs[i]);
		const IrAttr *d = nth_dict(aa, i);
		if (d) {
			ir_pr_putc(&o->p, ' ');
			ir_pr_dict(&o->p, d, NULL, 0);
		}
		if (entry)
			trailing_loc(o, ir_value_loc(entry->args[i]));
	}
	ir_pr_putc(&o->p, ')');
}

static void
func_results(OpPrinter *o, const IrType *ft, const IrAttr *ra)
{
	size_t n = ft->u.func.nresults;
	if (!n)
		return;
	ir_pr_write(&o->p, " -> ", 4);
	bool paren = n > 1 || ft->u.func.results[0]->kind ==
	    IR_TYPE_FUNCTION || nth_dict(ra, 0);
	if (paren)
		ir_pr_putc(&o->p, '(');
	for (size_t i = 0; i < n; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		ir_pr_type(&o->p, ft->u.func.results[i]);
		const IrAttr *d = nth_dict(ra, i);
		if (d) {
			ir_pr_putc(&o->p, ' ');
			ir_pr_dict(&o->p, d, NULL, 0);
		}
	}
	if (paren)
		ir_pr_putc(&o->p, ')');
}

static bool
func_fits(const IrOp *op, const IrType **ft)
{
	if (!plain(op) || op->nregions != 1)
		return false;
	const IrAttr *name = attr_of(op, "sym_name", IR_ATTR_STRING);
	const IrAttr *type = attr_of(op, "function_type", IR_ATTR_TYPE);
	if (!name || !type || type->u.type.type->kind != IR_TYPE_FUNCTION)
		return false;
	*ft = type->u.type.type;
	const IrAttr *vis = op->attrs ? ir_dict_get(op->attrs,
	    "sym_visibility") : NULL;
	if (vis && vis->kind != IR_ATTR_STRING)
		return false;
	const IrAttr *aa = op->attrs ? ir_dict_get(op->attrs, "arg_attrs") :
	    NULL;
	const IrAttr *ra = op->attrs ? ir_dict_get(op->attrs, "res_attrs") :
	    NULL;
	if ((aa && aa->kind != IR_ATTR_ARRAY) ||
	    (ra && ra->kind != IR_ATTR_ARRAY) ||
	    !dicts_ok(aa, (*ft)->u.func.ninputs) ||
	    !dicts_ok(ra, (*ft)->u.func.nresults))
		return false;
	const IrBlock *entry = ir_op_regions(op)->first;
	if (!entry)
		return true;
	if (entry->nargs != (*ft)->u.func.ninputs || !entry->first)
		return false;
	for (unsigned i = 0; i < entry->nargs; i++)
		if (entry->args[i]->type != (*ft)->u.func.inputs[i])
			return false;
	return true;
}

/* `func.func private @f(%arg0: i32 {a}) -> (i32 {b}) attributes {...}
 * {` ... `}` when the op fits, else false (printed generic). */
static bool
sugar_func(OpPrinter *o, IrOp *op)
{
	static const char *const skip[] = { "sym_name", "function_type",
		"sym_visibility", "arg_attrs", "res_attrs" };
	const IrType *ft;
	if (!func_fits(op, &ft))
		return false;
	const IrAttr *name = ir_dict_get(op->attrs, "sym_name");
	const IrAttr *vis = ir_dict_get(op->attrs, "sym_visibility");
	ir_pr_write(&o->p, "func.func ", 10);
	if (vis) {
		ir_pr_write(&o->p, vis->u.string.data, vis->u.string.len);
		ir_pr_putc(&o->p, ' ');
	}
	ir_pr_putc(&o->p, '@');
	ir_pr_ident(&o->p, name->u.string.data, name->u.string.len);
	func_args(o, op, ft, ir_dict_get(op->attrs, "arg_attrs"));
	func_results(o, ft, ir_dict_get(op->attrs, "res_attrs"));
	size_t mark = o->p.len;
	ir_pr_write(&o->p, " attributes ", 12);
	if (!ir_pr_dict(&o->p, op->attrs, skip, 5))
		o->p.len = mark;
	if (ir_op_regions(op)->first) {
		ir_pr_putc(&o->p, ' ');
		print_region(o, ir_op_regions(op), false, false);
	}
	return true;
}

/* `return` or `return %0, %1 : i32, f32` inside a func.func. */
static bool
sugar_return(OpPrinter *o, IrOp *op)
{
	IrOp *parent = ir_op_parent_op(op);
	if (op->nresults || op->nsuccs || op->nregions ||
	    (op->attrs && op->attrs->u.dict.n) || !parent ||
	    !name_is(parent, "func.func"))
		return false;
	for (unsigned i = 0; i < op->noperands; i++)
		if (!op->operands[i].value)
			return false;
	ir_pr_write(&o->p, "return", 6);
	if (!op->noperands)
		return true;
	ir_pr_putc(&o->p, ' ');
	value_list(o, op);
	ir_pr_write(&o->p, " : ", 3);
	for (unsigned i = 0; i < op->noperands; i++) {
		if (i)
			ir_pr_write(&o->p, ", ", 2);
		ir_pr_type(&o->p, op->operands[i].value->type);
	}
	return true;
}

static bool
print_sugar(OpPrinter *o, IrOp *op)
{
	if (name_is(op, "builtin.module"))
		return sugar_module(o, op);
	if (name_is(op, "func.func"))
		return sugar_func(o, op);
	if (name_is(op, "func.return"))
		return sugar_return(o, op);
	return false;
}

/* ---------------------------------------------------------------- ops */

/* Whether the sugar printer might handle op; ops with results never
 * take it, so their `%0 = ` prefix is always printed first. */
static bool
may_sugar(const IrOp *op)
{
	return name_is(op, "builtin.module") || name_is(op, "func.func") ||
	    name_is(op, "func.return");
}

static void
print_op(OpPrinter *o, IrOp *op)
{
	put_indent(o);
	if (op->nresults) {
		uint32_t num;
		if (value_num(o, ir_op_results(op), &num)) {
			ir_pr_putc(&o->p, '%');
			ir_pr_uint(&o->p, num);
		} else {
			ir_pr_puts(&o->p, "<<UNKNOWN SSA VALUE>>");
		}
		if (op->nresults > 1) {
			ir_pr_putc(&o->p, ':');
			ir_pr_uint(&o->p, op->nresults);
		}
		ir_pr_write(&o->p, " = ", 3);
	}
	if (o->flags.generic || !may_sugar(op) || !print_sugar(o, op))
		print_generic(o, op);
	if (o->flags.debuginfo)
		trailing_loc(o, ir_op_loc(op));
}

void
ir_print_op(FILE *out, IrOp *op, const IrPrintFlags *flags)
{
	OpPrinter o;
	memset(&o, 0, sizeof o);
	ir_pr_init(&o.p, out);
	if (flags)
		o.flags = *flags;
	o.top = op;
	number_all(&o, op);
	print_op(&o, op);
	ir_pr_putc(&o.p, '\n');
	ir_pr_finish(&o.p);
	free(o.names.slots);
	free(o.scratch);
	free(o.sig.text);
	free(o.holders);
}
