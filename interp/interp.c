/* interp/interp.c: the reference interpreter's engine: runs a func.func
 * op by op, calling the interpret hook each op's definition carries
 * (IrOpDef.interpret: dialects and targets register them). */
#include "interp/interp.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ frames */

/* One value's runtime state in a frame. */
typedef struct Slot {
	const IrValue *value;  /* NULL: empty */
	IrTensor *tensor;
	size_t remaining;      /* uses not yet executed */
} Slot;

/* The values of one block being run; `up` is the enclosing frame whose
 * values the block's ops may use. */
typedef struct Frame {
	struct Frame *up;
	Slot *slots;
	size_t cap, n;
	bool keep;             /* a multi-block region: blocks may run
	                          again, so values are rebound, not consumed */
} Frame;

struct IrInterp {
	IrOp *module;
	IrContext *ctx;
	IrInterpOptions opts;
	unsigned depth;
	Frame *top;            /* innermost frame being run */
};

static size_t
hash_ptr(const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x;
}

static Slot *
frame_find(Frame *f, const IrValue *v)
{
	size_t i;

	if (!f->cap)
		return NULL;
	for (i = hash_ptr(v) & (f->cap - 1); f->slots[i].value;
	    i = (i + 1) & (f->cap - 1))
		if (f->slots[i].value == v)
			return &f->slots[i];
	return NULL;
}

static void
frame_put(Frame *f, const IrValue *v, IrTensor *t);

static void
frame_grow(Frame *f)
{
	Slot *old = f->slots;
	size_t i, oldcap = f->cap;

	f->cap = f->cap ? f->cap * 2 : 64;
	f->slots = ir_xcalloc(f->cap, sizeof *f->slots);
	f->n = 0;
	for (i = 0; i < oldcap; i++) {
		if (old[i].value) {
			frame_put(f, old[i].value, old[i].tensor);
			frame_find(f, old[i].value)->remaining =
			    old[i].remaining;
		}
	}
	free(old);
}

/* Binds v to t (the frame takes the reference), replacing an earlier
 * binding of v (a block run again). A value's tensor is released after
 * its last use, except in frames that keep their values. */
static void
frame_put(Frame *f, const IrValue *v, IrTensor *t)
{
	size_t i;

	if ((f->n + 1) * 2 > f->cap)
		frame_grow(f);
	for (i = hash_ptr(v) & (f->cap - 1); f->slots[i].value &&
	    f->slots[i].value != v; i = (i + 1) & (f->cap - 1))
		;
	if (f->slots[i].value)
		ir_tensor_release(f->slots[i].tensor);
	else
		f->n++;
	f->slots[i] = (Slot){v, t, f->keep ? 0 : ir_value_num_uses(v)};
}

static void
frame_free(Frame *f)
{
	size_t i;

	for (i = 0; i < f->cap; i++)
		if (f->slots[i].value)
			ir_tensor_release(f->slots[i].tensor);
	free(f->slots);
}

/* The slot of v in the innermost frame that has it. */
static Slot *
lookup(IrInterp *it, const IrValue *v)
{
	Frame *f;
	Slot *s;

	for (f = it->top; f; f = f->up)
		if ((s = frame_find(f, v)))
			return s;
	return NULL;
}

/* One use of the value in s was executed: drop its tensor after the
 * last one (the slot stays, so a late lookup finds NULL, not garbage). */
static void
consume(Slot *s)
{
	if (s->remaining && !--s->remaining) {
		ir_tensor_release(s->tensor);
		s->tensor = NULL;
	}
}

/* ------------------------------------------------------------ driver */

IrInterp *
ir_interp_create(IrOp *module, const IrInterpOptions *opts)
{
	IrInterp *it = ir_xcalloc(1, sizeof *it);

	it->module = module;
	it->ctx = ir_op_context(module);
	if (opts)
		it->opts = *opts;
	if (!it->opts.max_depth)
		it->opts.max_depth = 256;
	if (!it->opts.max_memory)
		it->opts.max_memory = IR_INTERP_MAX_MEMORY;
	if (it->opts.single_rounding && it->opts.arith == IR_ARITH_TFLITE_MICRO)
		it->opts.arith = IR_ARITH_TFLITE;
	it->opts.single_rounding = it->opts.arith != IR_ARITH_TFLITE_MICRO;
	return it;
}

void
ir_interp_destroy(IrInterp *it)
{
	free(it);
}

IrContext *
ir_interp_context(const IrInterp *it)
{
	return it->ctx;
}

const IrInterpOptions *
ir_interp_options(const IrInterp *it)
{
	return &it->opts;
}

IrOp *
ir_interp_lookup(IrInterp *it, const char *name)
{
	IrOp *f = ir_symbol_lookup(it->module, ir_ident_cstr(it->ctx, name));

	return f && ir_op_is(f, "func.func") ? f : NULL;
}

/* Operand tensors of op, looked up and retained into `in`. */
static bool
gather(IrInterp *it, IrOp *op, IrTensor **in)
{
	unsigned i;
	Slot *s;

	for (i = 0; i < op->noperands; i++) {
		s = lookup(it, ir_op_operand(op, i));
		if (!s || !s->tensor) {
			ir_op_emit_error(op, "operand #%u has no value at run "
			    "time", i);
			return false;
		}
		in[i] = s->tensor;
	}
	return true;
}

/* After op ran: each operand use is consumed. */
static void
consume_operands(IrInterp *it, IrOp *op)
{
	unsigned i;
	Slot *s;

	for (i = 0; i < op->noperands; i++)
		if ((s = lookup(it, ir_op_operand(op, i))))
			consume(s);
}

static bool run_call(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out);

/* Checks a kernel's result against the op's declared result type. */
static bool
check_result(IrOp *op, unsigned i, IrTensor *t)
{
	const IrType *want = ir_op_result(op, i)->type;

	if (!t) {
		ir_op_emit_error(op, "reference kernel produced no result #%u",
		    i);
		return false;
	}
	if (t->type != want && (t->n != ir_type_num_elements(want) ||
	    t->elem_size != ir_tensor_elem_bytes(want->u.shaped.elem))) {
		ir_op_emit_error(op, "reference kernel produced a result of "
		    "the wrong shape");
		return false;
	}
	t->type = want;
	return true;
}

bool
ir_interp_check_size(const IrInterp *it, const IrLoc *loc,
    const IrType *type)
{
	int64_t bytes = ir_tensor_type_bytes(type);
	char *ts;

	if (bytes >= 0 && (uint64_t)bytes <= it->opts.max_memory)
		return true;
	ts = ir_type_str(type);
	if (bytes < 0)
		ir_emit_error(it->ctx, loc, "tensor of more than 2^63 bytes "
		    "(%s) exceeds the memory limit (%llu bytes, --max-memory)",
		    ts, (unsigned long long)it->opts.max_memory);
	else
		ir_emit_error(it->ctx, loc, "tensor of %lld bytes (%s) "
		    "exceeds the memory limit (%llu bytes, --max-memory)",
		    (long long)bytes, ts,
		    (unsigned long long)it->opts.max_memory);
	free(ts);
	return false;
}

/* Runs one op of the current frame (not a terminator). */
static bool
run_op(IrInterp *it, IrOp *op)
{
	IrTensor *in_small[8], *out_small[8];
	IrTensor **in = in_small, **out = out_small;
	IrInterpretFn fn = NULL;
	bool ok = false;
	unsigned i;

	if (op->noperands > 8)
		in = ir_xcalloc(op->noperands, sizeof *in);
	if (op->nresults > 8)
		out = ir_xcalloc(op->nresults, sizeof *out);
	memset(out, 0, sizeof *out * (op->nresults < 8 ? 8 : op->nresults));
	if (!gather(it, op, in))
		goto done;
	for (i = 0; i < op->nresults; i++) {
		if (!ir_tensor_type_ok(ir_op_result(op, i)->type)) {
			ir_op_emit_error(op, "result #%u is not a static tensor "
			    "or memref: npu-run needs static shapes", i);
			goto done;
		}
		if (!ir_interp_check_size(it, ir_op_loc(op),
		    ir_op_result(op, i)->type))
			goto done;
	}
	if (ir_op_is(op, "func.call")) {
		ok = run_call(it, op, in, out);
	} else if (!(fn = ir_interp_kernel(op))) {
		ir_op_emit_error(op, "has no reference kernel: npu-run cannot "
		    "interpret it");
	} else {
		ok = fn(it, op, in, out);
	}
	for (i = 0; ok && i < op->nresults; i++)
		ok = check_result(op, i, out[i]);
	for (i = 0; ok && it->opts.observe && i < op->nresults; i++)
		it->opts.observe(it->opts.observe_user, op, i, out[i]);
	for (i = 0; i < op->nresults; i++) {
		if (ok)
			frame_put(it->top, ir_op_result(op, i), out[i]);
		else
			ir_tensor_release(out[i]);
	}
	if (ok)
		consume_operands(it, op);
done:
	if (in != in_small)
		free(in);
	if (out != out_small)
		free(out);
	return ok;
}

/* Unused values would otherwise live until the frame ends. */
static void
drop_unused(IrInterp *it, IrOp *op)
{
	unsigned i;
	Slot *s;

	for (i = 0; i < op->nresults; i++) {
		s = frame_find(it->top, ir_op_result(op, i));
		if (s && !ir_value_has_uses(ir_op_result(op, i))) {
			ir_tensor_release(s->tensor);
			s->tensor = NULL;
		}
	}
}

static bool
run_terminator(IrInterp *it, IrOp *term, IrTensor **results, size_t n)
{
	unsigned i;
	Slot *s;

	if (term->noperands != n) {
		ir_op_emit_error(term, "returns %u values where %zu are "
		    "expected", term->noperands, n);
		return false;
	}
	for (i = 0; i < n; i++) {
		s = lookup(it, ir_op_operand(term, i));
		if (!s || !s->tensor) {
			ir_op_emit_error(term, "operand #%u has no value at "
			    "run time", i);
			while (i--)
				ir_tensor_release(results[i]);
			return false;
		}
		results[i] = ir_tensor_retain(s->tensor);
	}
	return true;
}

bool
ir_interp_run_block(IrInterp *it, IrBlock *block, IrTensor *const *args,
    size_t nargs, IrTensor **results, size_t nresults)
{
	Frame frame = {.up = it->top};
	IrOp *op, *term = ir_block_terminator(block);
	bool ok = true;
	size_t i;

	if (nargs != block->nargs) {
		IrOp *parent = ir_block_parent_op(block);
		ir_emit_error(it->ctx, parent ? ir_op_loc(parent) : NULL,
		    "block takes %u arguments, %zu given", block->nargs,
		    nargs);
		return false;
	}
	if (term && !ir_op_has_trait(term, IR_TRAIT_TERMINATOR))
		term = NULL;
	it->top = &frame;
	for (i = 0; i < nargs; i++)
		frame_put(&frame, block->args[i], ir_tensor_retain(args[i]));
	for (op = block->first; ok && op && op != term; op = op->next) {
		ok = run_op(it, op);
		if (ok)
			drop_unused(it, op);
	}
	if (ok && term)
		ok = run_terminator(it, term, results, nresults);
	else if (ok && nresults) {
		ir_emit_error(it->ctx, ir_block_parent_op(block) ?
		    ir_op_loc(ir_block_parent_op(block)) : NULL, "block has no "
		    "terminator to yield %zu results", nresults);
		ok = false;
	}
	it->top = frame.up;
	frame_free(&frame);
	return ok;
}

/* ------------------------------------------------------------ branches */

/* Branches taken in one function call before npu-run gives up on it
 * (an endless loop would otherwise never end). */
#define MAX_BRANCHES 16777216u

/* Is the condition of a cf.cond_br true? It is an i1 or a one-element
 * tensor<i1> (the only kind npu-run has values for). */
static bool
condition(IrInterp *it, IrOp *br, bool *taken)
{
	Slot *s = lookup(it, ir_op_operand(br, 0));

	if (!s || !s->tensor || s->tensor->n != 1) {
		ir_op_emit_error(br, "condition has no tensor<i1> value at "
		    "run time");
		return false;
	}
	*taken = ir_tensor_get_int(s->tensor, 0) != 0;
	return true;
}

/* Operands [first, first + n) of br passed to block `to`: all looked up
 * first (a branch may swap arguments), then bound to to's arguments. */
static bool
pass_args(IrInterp *it, IrOp *br, unsigned first, unsigned n, IrBlock *to)
{
	IrTensor *small[8], **t = small;
	unsigned i, got = 0;
	Slot *s;

	if (n > 8)
		t = ir_xcalloc(n, sizeof *t);
	for (; got < n; got++) {
		s = lookup(it, ir_op_operand(br, first + got));
		if (!s || !s->tensor) {
			ir_op_emit_error(br, "operand #%u has no value at run "
			    "time", first + got);
			break;
		}
		t[got] = ir_tensor_retain(s->tensor);
	}
	for (i = 0; i < got; i++) {
		if (got == n)
			frame_put(it->top, to->args[i], t[i]);
		else
			ir_tensor_release(t[i]);
	}
	if (t != small)
		free(t);
	return got == n;
}

/* Takes the branch that ends a block: *next is the successor, its
 * arguments bound. */
static bool
take_branch(IrInterp *it, IrOp *br, IrBlock **next)
{
	bool taken = true;
	unsigned first = 0, n = br->noperands, succ = 0;

	if (ir_op_is(br, "cf.cond_br")) {
		const IrAttr *seg = ir_op_attr(br, "operand_segment_sizes");
		int32_t sz[3];

		if (!condition(it, br, &taken))
			return false;
		for (int k = 0; k < 3; k++)
			memcpy(&sz[k], seg->u.dense.data +
			    (seg->u.dense.splat ? 0 : 4 * k), 4);
		succ = taken ? 0 : 1;
		first = taken ? 1 : 1 + (unsigned)sz[1];
		n = (unsigned)(taken ? sz[1] : sz[2]);
	}
	*next = ir_op_succs(br)[succ].block;
	return pass_args(it, br, first, n, *next);
}

/* Runs a function body of several blocks: from the entry, each block's
 * ops, then its cf.br / cf.cond_br to the next block, until a
 * func.return yields the results. */
static bool
run_cfg(IrInterp *it, IrBlock *entry, IrTensor *const *args, size_t nargs,
    IrTensor **results, size_t nresults)
{
	Frame frame = {.up = it->top, .keep = true};
	IrBlock *b = entry;
	IrOp *op, *term;
	bool ok = nargs == entry->nargs; /* checked by the caller */
	unsigned long steps = 0;
	size_t i;

	it->top = &frame;
	for (i = 0; ok && i < nargs; i++)
		frame_put(&frame, entry->args[i], ir_tensor_retain(args[i]));
	while (ok) {
		term = ir_block_terminator(b);
		for (op = b->first; ok && op && op != term; op = op->next)
			ok = run_op(it, op);
		if (!ok)
			break;
		if (!term || !term->nsuccs) {
			ok = term && run_terminator(it, term, results,
			    nresults);
			break;
		}
		if (!ir_op_is(term, "cf.br") && !ir_op_is(term, "cf.cond_br")) {
			ir_op_emit_error(term, "is a branch npu-run cannot "
			    "interpret");
			ok = false;
		} else if (++steps > MAX_BRANCHES) {
			ir_op_emit_error(term, "more than %u branches taken "
			    "in one call (endless loop?)", MAX_BRANCHES);
			ok = false;
		} else {
			ok = take_branch(it, term, &b);
		}
	}
	it->top = frame.up;
	frame_free(&frame);
	return ok;
}

/* Are a tensor and a declared function input type the same runtime
 * type? */
static bool
arg_matches(const IrTensor *t, const IrType *want)
{
	return t && (t->type == want || (t->n == ir_type_num_elements(want) &&
	    t->elem_size == ir_tensor_elem_bytes(want->u.shaped.elem) &&
	    t->type->u.shaped.rank == want->u.shaped.rank &&
	    !memcmp(t->type->u.shaped.dims, want->u.shaped.dims,
	    sizeof(int64_t) * (size_t)want->u.shaped.rank)));
}

static bool
check_signature(IrInterp *it, IrOp *func, IrTensor *const *args,
    size_t nargs, size_t nresults)
{
	const IrType *ft = ir_func_type(func);
	size_t i;

	if (!ir_func_entry(func)) {
		ir_op_emit_error(func, "is a declaration: nothing to run");
		return false;
	}
	if (nargs != ft->u.func.ninputs || nresults != ft->u.func.nresults) {
		ir_op_emit_error(func, "takes %zu inputs and returns %zu "
		    "results; called with %zu and %zu", ft->u.func.ninputs,
		    ft->u.func.nresults, nargs, nresults);
		return false;
	}
	for (i = 0; i < nargs; i++) {
		if (!ir_tensor_type_ok(ft->u.func.inputs[i])) {
			ir_op_emit_error(func, "input #%zu is not a static "
			    "tensor or memref", i);
			return false;
		}
		if (!arg_matches(args[i], ft->u.func.inputs[i])) {
			ir_op_emit_error(func, "input #%zu has the wrong type "
			    "or shape", i);
			return false;
		}
	}
	(void)it;
	return true;
}

bool
ir_interp_call(IrInterp *it, IrOp *func, IrTensor *const *args,
    size_t nargs, IrTensor **results, size_t nresults)
{
	Frame *saved = it->top;
	bool ok;

	if (!check_signature(it, func, args, nargs, nresults))
		return false;
	if (it->depth >= it->opts.max_depth) {
		ir_op_emit_error(func, "call depth exceeds %u (unbounded "
		    "recursion?)", it->opts.max_depth);
		return false;
	}
	it->depth++;
	it->top = NULL; /* a function sees only its own values */
	if (ir_func_entry(func)->next)
		ok = run_cfg(it, ir_func_entry(func), args, nargs, results,
		    nresults);
	else
		ok = ir_interp_run_block(it, ir_func_entry(func), args, nargs,
		    results, nresults);
	it->top = saved;
	it->depth--;
	return ok;
}

/* func.call: resolve the callee and run it in a fresh frame. */
static bool
run_call(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrAttr *callee = ir_op_attr(op, "callee");
	IrOp *f = callee ? ir_symbol_resolve(op, callee) : NULL;

	if (!f || !ir_op_is(f, "func.func")) {
		ir_op_emit_error(op, "callee is not a func.func of the module");
		return false;
	}
	return ir_interp_call(it, f, in, op->noperands, out, op->nresults);
}

/* ------------------------------------------------------------ kernels */

IrInterpretFn
ir_interp_kernel(const IrOp *op)
{
	const IrOpDef *def = op->name->def;
	return def ? def->interpret : NULL;
}

bool
ir_interp_copy_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (!ir_tensor_copy(in[1], in[0])) {
		ir_op_emit_error(op, "source and target shapes differ");
		return false;
	}
	return true;
}

bool
ir_interp_constant_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	out[0] = ir_tensor_from_dense(ir_op_result(op, 0)->type,
	    ir_op_attr(op, "value"));
	if (!out[0])
		ir_op_emit_error(op, "value does not fit the result type");
	return out[0] != NULL;
}
