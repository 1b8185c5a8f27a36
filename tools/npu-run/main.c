/* tools/npu-run/main.c: npu-run, the reference interpreter's driver:
 * parse and verify a module, run one function on .npy or seeded random
 * inputs, write and compare its results. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dialects/dialect.h"
#include "interp/interp.h"
#include "interp/npy.h"
#include "ir/ir.h"
#include "ir/input.h"
#include "ir/output.h"
#include "ir/suggest.h"
#include "targets/ethos_u/ethos_u.h"
#include "tools/npu-run/shapes.h"

/* Exit codes (DESIGN.md section 8). */
enum { EXIT_OK = 0, EXIT_USER = 1, EXIT_USAGE = 2 };

#define MAXFILES 64

/* What the command line asked for. */
typedef struct Options {
	const char *file;                 /* the module, "-" for stdin */
	const char *entry;                /* NULL: main, else the first */
	const char *inputs[MAXFILES];
	int ninputs;
	const char *outputs[MAXFILES];
	int noutputs;
	const char *compares[MAXFILES];
	int ncompares;
	bool seeded;
	uint64_t seed;
	double atol, rtol;
	bool print;                       /* --print: result values */
	long repeat;                      /* --repeat=N timed runs */
	IrInterpOptions interp;
	bool arith_given;                 /* --arith or --single-rounding */
	bool list_inputs;                 /* --list-inputs: the signature */
} Options;

static const char usage_text[] =
"usage: npu-run [options] file.mlir\n"
"\n"
"Interprets a function of the module: graph ops in f32 (quantized graph\n"
"ops through dequantize/quantize), npu ops in TFLite's integer\n"
"arithmetic, buffer ops over byte arrays.\n"
"\n"
"options:\n"
"  --entry=NAME       the function to run (default: main, else the first)\n"
"  --input=FILE.npy   one per function input, in order; dynamic dims\n"
"                     ('?') take the file's shape\n"
"  --list-inputs      print the function's inputs and results (types,\n"
"                     which dims are dynamic) and exit\n"
"  --seed=N           instead of --input: deterministic random inputs\n"
"                     (floats uniform in [-1, 1), integers over their\n"
"                     storage range, at most [-1000, 1000])\n"
"  --output=FILE.npy  one per result, in order; written atomically\n"
"  --compare=REF.npy  one per result: |out - ref| <= atol + rtol * |ref|\n"
"  --atol=X           absolute tolerance (default 1e-5)\n"
"  --rtol=X           relative tolerance (default 1e-5)\n"
"  --print            print every result's values\n"
"  --arith=MODE       whose integer arithmetic quantized ops reproduce:\n"
"                     tflite-micro (double rounding), tflite\n"
"                     (TFLITE_SINGLE_ROUNDING), xnnpack (TFLite's XNNPack\n"
"                     delegate: fp32 requantization, as LiteRT on CPU).\n"
"                     Default: the module's npuir.arith (imported models:\n"
"                     their runtime's, xnnpack), else tflite-micro\n"
"  --single-rounding  the same as --arith=tflite\n"
"  --max-memory=SIZE  the largest tensor to allocate, in bytes or with\n"
"                     K, M, G or T (default 4G); larger ones are an error\n"
"  --repeat=N         run N more times and report the time per inference\n"
"  --help, --version\n"
"\n"
"Exit status: 0 success, 1 invalid input or a failed comparison,\n"
"2 bad command line.\n";

static void IR_PRINTF(1, 2) IR_NORETURN
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "npu-run: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'npu-run --help'.\n");
	exit(EXIT_USAGE);
}

static void IR_PRINTF(1, 2)
user_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "npu-run: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static double
parse_double(const char *flag, const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (!*s || *end || errno || !(v >= 0) || isinf(v))
		usage_error("bad number for %s", flag);
	return v;
}

static uint64_t
parse_u64(const char *flag, const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-')
		usage_error("bad number for %s", flag);
	return v;
}

/* A byte count: digits with an optional K, M, G or T (powers of 1024). */
static uint64_t
parse_bytes(const char *flag, const char *s)
{
	static const char units[] = "KMGT";
	char *end;
	const char *u;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end && end[1] == '\0' && (u = strchr(units, *end)) != NULL) {
		shift = 10 * (int)(u - units + 1);
		end++;
	}
	if (end == s || *end || errno || *s == '-' || !v ||
	    v > (UINT64_MAX >> shift))
		usage_error("bad size for %s: '%s' (bytes, or a number with "
		    "K, M, G or T)", flag, s);
	return (uint64_t)v << shift;
}

/* Flags that take `=value`; then those that take none. */
static const char *const value_flags[] = { "entry", "input", "output",
    "compare", "seed", "atol", "rtol", "repeat", "arith", "max-memory" };
static const char *const plain_flags[] = { "help", "version", "print",
    "single-rounding", "list-inputs" };

/* A flag a[0..n) (arg as given) that is not one, or a value flag given
 * no value: a usage error worded as npu-opt and npu-translate word it,
 * with the nearest real flag. */
static void IR_NORETURN
unknown_flag(const char *arg, const char *a, size_t n)
{
	const char *names[sizeof value_flags / sizeof value_flags[0] +
	    sizeof plain_flags / sizeof plain_flags[0]];
	size_t nv = sizeof value_flags / sizeof value_flags[0], k = 0;
	for (size_t i = 0; i < nv; i++) {
		if (strlen(value_flags[i]) == n &&
		    !strncmp(a, value_flags[i], n))
			usage_error("option '%s' needs a value: --%s=VALUE",
			    arg, value_flags[i]);
		names[k++] = value_flags[i];
	}
	for (size_t i = 0; i < sizeof plain_flags / sizeof plain_flags[0];
	    i++)
		names[k++] = plain_flags[i];
	const char *s = ir_suggest(a, n, names, k);
	if (s)
		usage_error("unknown option '%s'; did you mean '--%s'?", arg,
		    s);
	usage_error("unknown option '%s'", arg);
}

static void
add_file(const char **list, int *n, const char *flag, const char *v)
{
	if (!*v)
		usage_error("%s needs a file name", flag);
	if (*n == MAXFILES)
		usage_error("too many %s flags", flag);
	list[(*n)++] = v;
}

/* The --arith mode named v. */
static IrArith
parse_arith(const char *v)
{
	if (!strcmp(v, "tflite-micro"))
		return IR_ARITH_TFLITE_MICRO;
	if (!strcmp(v, "tflite"))
		return IR_ARITH_TFLITE;
	if (!strcmp(v, "xnnpack"))
		return IR_ARITH_XNNPACK;
	usage_error("--arith must be tflite-micro, tflite or xnnpack, not "
	    "'%s'", v);
	return IR_ARITH_TFLITE_MICRO;
}

/* One "--name=value" or "--name" flag; single dashes work too. */
static void
parse_flag(Options *o, const char *arg)
{
	const char *a = arg + (arg[1] == '-' ? 2 : 1);
	const char *eq = strchr(a, '=');
	size_t n = eq ? (size_t)(eq - a) : strlen(a);
	const char *v = eq ? eq + 1 : NULL;

#define IS(name) (n == strlen(name) && !strncmp(a, name, n))
	if (IS("help")) {
		fputs(usage_text, stdout);
		exit(EXIT_OK);
	} else if (IS("version")) {
		printf("npu-run (npu-ir) %s\n", NPUIR_VERSION);
		exit(EXIT_OK);
	} else if (IS("print") && !v) {
		o->print = true;
	} else if (IS("list-inputs") && !v) {
		o->list_inputs = true;
	} else if (IS("single-rounding") && !v) {
		o->interp.arith = IR_ARITH_TFLITE;
		o->arith_given = true;
	} else if (!v) {
		unknown_flag(arg, a, n);
	} else if (IS("entry")) {
		o->entry = v;
	} else if (IS("input")) {
		add_file(o->inputs, &o->ninputs, "--input", v);
	} else if (IS("output")) {
		add_file(o->outputs, &o->noutputs, "--output", v);
	} else if (IS("compare")) {
		add_file(o->compares, &o->ncompares, "--compare", v);
	} else if (IS("seed")) {
		o->seeded = true;
		o->seed = parse_u64("--seed", v);
	} else if (IS("atol")) {
		o->atol = parse_double("--atol", v);
	} else if (IS("rtol")) {
		o->rtol = parse_double("--rtol", v);
	} else if (IS("repeat")) {
		o->repeat = (long)parse_u64("--repeat", v);
	} else if (IS("arith")) {
		o->interp.arith = parse_arith(v);
		o->arith_given = true;
	} else if (IS("max-memory")) {
		o->interp.max_memory = parse_bytes("--max-memory", v);
	} else {
		unknown_flag(arg, a, n);
	}
#undef IS
}

static void
parse_args(Options *o, int argc, char **argv)
{
	int i;

	o->atol = 1e-5;
	o->rtol = 1e-5;
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1]) {
			parse_flag(o, argv[i]);
		} else if (o->file) {
			usage_error("more than one input file: %s", argv[i]);
		} else {
			o->file = argv[i];
		}
	}
	if (!o->file)
		usage_error("no input file");
	if (o->list_inputs && (o->seeded || o->ninputs || o->noutputs ||
	    o->ncompares || o->repeat))
		usage_error("--list-inputs runs nothing: it takes no --input, "
		    "--seed, --output, --compare or --repeat");
	if (o->seeded && o->ninputs)
		usage_error("--seed and --input exclude each other");
}

/* ------------------------------------------------------------ the module */

static char *
read_source(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	char *buf = NULL, err[128];

	*len = 0;
	if (!f) {
		user_error("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (ir_input_kind_ok(fileno(f), f == stdin, err, sizeof err))
		buf = ir_input_read(f, IR_INPUT_MAX, len, err, sizeof err);
	if (!buf)
		user_error("cannot read '%s': %s", path, err);
	if (f != stdin)
		fclose(f);
	return buf;
}

/* The function to run: --entry, else @main, else the first func.func. */
static IrOp *
find_entry(IrInterp *it, IrOp *module, const char *name)
{
	IrBlock *body = ir_module_body(module);
	IrOp *op;

	if (name) {
		op = ir_interp_lookup(it, name);
		if (!op)
			user_error("no function @%s in the module", name);
		return op;
	}
	if ((op = ir_interp_lookup(it, "main")))
		return op;
	for (op = body ? body->first : NULL; op; op = op->next)
		if (ir_op_is(op, "func.func") && ir_func_entry(op))
			return op;
	user_error("the module has no function to run");
	return NULL;
}

/* ------------------------------------------------------------ .npy files */

/* The .npy dtype that holds elements of `elem` exactly, or -1. NumPy has
 * no bfloat16: bf16 travels as uint16 bit patterns (as ONNX stores it). */
static int
npy_dtype_of(const IrType *elem)
{
	bool uns;

	if (elem->kind == IR_TYPE_FLOAT)
		return elem->u.flt.kind == IR_F32 ? NPY_F32 :
		    elem->u.flt.kind == IR_F16 ? NPY_F16 :
		    elem->u.flt.kind == IR_F64 ? NPY_F64 :
		    elem->u.flt.kind == IR_BF16 ? NPY_U16 : -1;
	if (elem->kind == IR_TYPE_INDEX)
		return NPY_I64;
	if (elem->kind == IR_TYPE_QUANT) {
		uns = !elem->u.quant.is_signed;
		elem = elem->u.quant.storage;
	} else if (elem->kind == IR_TYPE_INTEGER) {
		uns = elem->u.integer.sign == IR_UNSIGNED ||
		    elem->u.integer.width == 1;
	} else {
		return -1;
	}
	switch (elem->u.integer.width) {
	case 1:
		return NPY_BOOL;
	case 8:
		return uns ? NPY_U8 : NPY_I8;
	case 16:
		return uns ? NPY_U16 : NPY_I16;
	case 32:
		return uns ? NPY_U32 : NPY_I32;
	case 64:
		return uns ? NPY_U64 : NPY_I64;
	default:
		return -1;
	}
}

static void
shape_str(char *buf, size_t cap, int ndim, const int64_t *dims)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf, cap, "(");
	for (i = 0; i < ndim && n < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? ", " : "",
		    (long long)dims[i]);
	if (n < cap)
		snprintf(buf + n, cap - n, "%s)", ndim == 1 ? "," : "");
}

/* Does a .npy array fit a static shaped type exactly? Reports if not. */
static bool
npy_fits(const char *path, const NpyArray *a, const IrType *type)
{
	int want = npy_dtype_of(type->u.shaped.elem);
	char *ts = ir_type_str(type), got[256], exp[256];
	bool ok = true;
	int i;

	if (want < 0) {
		user_error("'%s': no .npy dtype for the input type %s", path,
		    ts);
		ok = false;
	} else if ((int)a->dtype != want) {
		fprintf(stderr, "npu-run: error: '%s': dtype %s, but the input "
		    "type %s needs %s\n", path, npy_dtype_name(a->dtype), ts,
		    npy_dtype_name((NpyDtype)want));
		ok = false;
	} else {
		ok = a->ndim == type->u.shaped.rank;
		for (i = 0; ok && i < a->ndim; i++)
			ok = a->shape[i] == type->u.shaped.dims[i];
		if (!ok) {
			shape_str(got, sizeof got, a->ndim, a->shape);
			shape_str(exp, sizeof exp, (int)type->u.shaped.rank,
			    type->u.shaped.dims);
			fprintf(stderr, "npu-run: error: '%s': shape %s, but "
			    "the input type %s needs %s\n", path, got, ts, exp);
		}
	}
	free(ts);
	return ok;
}

/* The static type a .npy array gives a declared type with dynamic dims
 * (its static dims must match); NULL after reporting. */
static const IrType *
fix_shape(IrContext *ctx, const char *path, const NpyArray *a, size_t idx,
    const IrType *type)
{
	char *ts = ir_type_str(type), got[256];
	const IrType *fixed = NULL;
	int64_t rank = type->u.shaped.rank, i;

	shape_str(got, sizeof got, a->ndim, a->shape);
	if (rank >= 0 && a->ndim != rank) {
		user_error("'%s': shape %s has rank %d, but input #%zu has "
		    "type %s (rank %lld)", path, got, a->ndim, idx, ts,
		    (long long)rank);
		goto out;
	}
	for (i = 0; rank >= 0 && i < rank; i++)
		if (type->u.shaped.dims[i] != IR_DYNAMIC &&
		    type->u.shaped.dims[i] != a->shape[i]) {
			user_error("'%s': shape %s, but input #%zu has type "
			    "%s: dimension %lld must be %lld", path, got, idx,
			    ts, (long long)i,
			    (long long)type->u.shaped.dims[i]);
			goto out;
		}
	if (type->kind == IR_TYPE_TENSOR)
		fixed = ir_type_tensor(ctx, a->ndim, a->shape,
		    type->u.shaped.elem, type->u.shaped.encoding);
	else if (type->kind == IR_TYPE_MEMREF && !type->u.shaped.layout)
		fixed = ir_type_memref(ctx, a->ndim, a->shape,
		    type->u.shaped.elem, NULL, type->u.shaped.memspace);
	else
		user_error("input #%zu: a %s with dynamic dims cannot take "
		    "the shape of '%s'", idx, ts, path);
out:
	free(ts);
	return fixed;
}

/* Reads input #idx; *type (declared) becomes the static type it has. */
static IrTensor *
load_input(IrInterp *it, IrOp *func, const char *path, size_t idx,
    const IrType **type)
{
	NpyArray a;
	IrTensor *t = NULL;
	char err[256];

	if (!npy_read_file(path, &a, err, sizeof err)) {
		user_error("'%s': %s", path, err);
		return NULL;
	}
	if (run_type_dynamic(*type))
		*type = fix_shape(ir_op_context(func), path, &a, idx, *type);
	if (*type && ir_interp_check_size(it, ir_op_loc(func), *type) &&
	    npy_fits(path, &a, *type)) {
		t = ir_tensor_create(*type);
		memcpy(t->data, a.data, (size_t)a.n * npy_itemsize(a.dtype));
	}
	npy_free(&a);
	return t;
}

/* splitmix64: a small, well-mixed, deterministic generator. */
static uint64_t
splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static IrTensor *
random_input(const IrType *type, uint64_t *state)
{
	IrTensor *t = ir_tensor_create(type);
	const IrType *e = type->u.shaped.elem;
	int64_t lo = -1000, hi = 1000, i;
	unsigned w;

	if (e->kind == IR_TYPE_QUANT) {
		lo = e->u.quant.storage_min;
		hi = e->u.quant.storage_max;
	} else if (e->kind == IR_TYPE_INTEGER && (w = e->u.integer.width) <=
	    16) {
		bool uns = e->u.integer.sign == IR_UNSIGNED || w == 1;

		lo = uns ? 0 : -(1ll << (w - 1));
		hi = uns ? (1ll << w) - 1 : (1ll << (w - 1)) - 1;
	}
	for (i = 0; i < t->n; i++) {
		uint64_t r = splitmix64(state);

		if (e->kind == IR_TYPE_FLOAT)
			ir_tensor_set(t, i, (double)(r >> 40) /
			    (double)(1 << 23) - 1.0);
		else
			ir_tensor_set_int(t, i, lo + (int64_t)(r %
			    (uint64_t)(hi - lo + 1)));
	}
	return t;
}

/* Is t a type an input can have (after its dynamic dims are fixed)? */
static bool
input_type_ok(const IrType *t)
{
	return (t->kind == IR_TYPE_TENSOR || t->kind == IR_TYPE_MEMREF) &&
	    ir_tensor_elem_bytes(t->u.shaped.elem) &&
	    (run_type_dynamic(t) || ir_type_num_elements(t) >= 0);
}

/* The entry's inputs from --input files or --seed; a function with
 * dynamic dims is specialized to the inputs' shapes. */
static bool
make_inputs(const Options *o, IrInterp *it, IrOp *func, IrTensor **args)
{
	const IrType *ft = ir_func_type(func);
	size_t n = ft->u.func.ninputs, i;
	uint64_t state = o->seed;
	const IrType **types;
	bool dyn = false, ok = true;
	char buf[32];

	if (!o->seeded && (size_t)o->ninputs != n) {
		snprintf(buf, sizeof buf, "%zu", n);
		fprintf(stderr, "npu-run: error: @%s takes %s input%s; %d "
		    "given (one --input=FILE.npy each, or --seed=N)\n",
		    ir_symbol_name(func)->str, buf, n == 1 ? "" : "s",
		    o->ninputs);
		return false;
	}
	types = ir_xcalloc(n + 1, sizeof *types);
	for (i = 0; ok && i < n; i++) {
		const IrType *t = types[i] = ft->u.func.inputs[i];
		char *ts = ir_type_str(t);

		if (!input_type_ok(t)) {
			user_error("input #%zu: type %s is not a tensor or "
			    "memref npu-run can hold", i, ts);
			ok = false;
		} else if (run_type_dynamic(t) && o->seeded) {
			user_error("input #%zu has type %s, with dynamic dims: "
			    "--seed needs static shapes; give the input as "
			    "--input=FILE.npy (its shape fixes the dims)", i,
			    ts);
			ok = false;
		} else if (o->seeded) {
			ok = ir_interp_check_size(it, ir_op_loc(func), t) &&
			    (args[i] = random_input(t, &state)) != NULL;
		} else {
			dyn |= run_type_dynamic(t);
			ok = (args[i] = load_input(it, func, o->inputs[i], i,
			    &types[i])) != NULL;
		}
		free(ts);
	}
	if (ok && dyn)
		ok = run_specialize(ir_op_context(func), func, types);
	free(types);
	return ok;
}

/* A result as an array NumPy can hold. */
static NpyArray
to_npy(IrContext *ctx, IrTensor *t, IrTensor **conv)
{
	NpyArray a = {0};
	int dt = npy_dtype_of(t->type->u.shaped.elem);
	int i;

	*conv = NULL;
	if (dt < 0) {
		*conv = ir_tensor_to_f32(ctx, t);
		t = *conv;
		dt = NPY_F32;
	}
	a.dtype = (NpyDtype)dt;
	a.ndim = (int)t->type->u.shaped.rank;
	for (i = 0; i < a.ndim && i < NPY_MAX_DIMS; i++)
		a.shape[i] = t->type->u.shaped.dims[i];
	a.n = t->n;
	a.data = t->data;
	return a;
}

/* Opens the output for one result and writes its .npy image. */
static IrOutput *
write_one(const char *path, IrContext *ctx, IrTensor *t, char *err,
    size_t errlen)
{
	size_t len;
	IrTensor *conv;
	NpyArray a = to_npy(ctx, t, &conv);
	void *img = npy_encode(&a, &len);
	IrOutput *out = ir_output_open(path, false, err, errlen);

	ir_tensor_release(conv);
	if (out && fwrite(img, 1, len, ir_output_stream(out)) != len) {
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		ir_output_close(out, false, NULL, 0);
		out = NULL;
	}
	free(img);
	return out;
}

/* All outputs or none: every result goes to its temporary file first
 * (ir/output.h), and only when all are written are they committed. */
static bool
write_outputs(const Options *o, IrContext *ctx, IrTensor **res, size_t n)
{
	IrOutput *out[MAXFILES] = {0};
	int i, m = o->noutputs < (int)n ? o->noutputs : (int)n;
	bool ok = true;
	char err[512] = "";

	for (i = 0; ok && i < m; i++)
		ok = (out[i] = write_one(o->outputs[i], ctx, res[i], err,
		    sizeof err)) != NULL;
	for (i = 0; i < m; i++) {
		if (out[i] && !ir_output_close(out[i], ok, err, sizeof err))
			ok = false;
	}
	if (err[0])
		user_error("%s", err);
	return ok;
}

/* ------------------------------------------------------------ report */

static void
print_values(const IrTensor *t)
{
	const IrType *e = t->type->u.shaped.elem;
	int64_t i;

	printf(" = [");
	for (i = 0; i < t->n; i++) {
		if (e->kind == IR_TYPE_FLOAT)
			printf("%s%.6g", i ? ", " : "", ir_tensor_get(t, i));
		else
			printf("%s%lld", i ? ", " : "",
			    (long long)ir_tensor_get_int(t, i));
	}
	printf("]");
}

/* Compares result #idx with a reference file; prints the errors. */
static bool
is_bf16(const IrType *e)
{
	return e->kind == IR_TYPE_FLOAT && e->u.flt.kind == IR_BF16;
}


static int
compare(const Options *o, int idx, IrContext *ctx, IrTensor *res)
{
	const char *path = o->compares[idx];
	IrTensor *f = ir_tensor_to_f32(ctx, res), *conv;
	NpyArray ref, got = to_npy(ctx, res, &conv);
	double maxa = 0, maxr = 0;
	int64_t i, bad = 0;
	char err[256];
	int k, rc = EXIT_USER;
	bool same, storage, bf16 = is_bf16(res->type->u.shaped.elem);

	ir_tensor_release(conv);
	if (!npy_read_file(path, &ref, err, sizeof err)) {
		user_error("'%s': %s", path, err);
		ir_tensor_release(f);
		return rc;
	}
	same = ref.ndim == got.ndim;
	for (k = 0; same && k < ref.ndim; k++)
		same = ref.shape[k] == got.shape[k];
	if (!same) {
		fprintf(stderr, "npu-run: error: '%s': the reference's shape "
		    "differs from result #%d's\n", path, idx);
		goto out;
	}
	storage = res->type->u.shaped.elem->kind == IR_TYPE_QUANT &&
	    ref.dtype != NPY_F32 && ref.dtype != NPY_F16;
	for (i = 0; i < ref.n; i++) {
		double r, a, d;

		/* f64 and wide integer results compare exactly */
		a = res->type->u.shaped.elem->kind == IR_TYPE_QUANT ?
		    ((float *)f->data)[i] : ir_tensor_get(res, i);
		switch (ref.dtype) {
		case NPY_F32: r = ((float *)ref.data)[i]; break;
		case NPY_F16: r = ir_f16_to_f32(((uint16_t *)ref.data)[i]);
			break;
		case NPY_F64: r = ((double *)ref.data)[i]; break;
		case NPY_I8: r = ((int8_t *)ref.data)[i]; break;
		case NPY_U8: case NPY_BOOL: r = ((uint8_t *)ref.data)[i];
			break;
		case NPY_I16: r = ((int16_t *)ref.data)[i]; break;
		case NPY_U16: r = bf16 ? ir_bf16_to_f32(((uint16_t *)
			    ref.data)[i]) : ((uint16_t *)ref.data)[i];
			break;
		case NPY_I32: r = ((int32_t *)ref.data)[i]; break;
		case NPY_U32: r = ((uint32_t *)ref.data)[i]; break;
		case NPY_U64: r = (double)((uint64_t *)ref.data)[i]; break;
		default: r = (double)((int64_t *)ref.data)[i];
		}
		if (storage) /* integer reference of a quantized result */
			a = (double)ir_tensor_get_int(res, i);
		/* NaN matches NaN and an infinity itself (NumPy's
		 * assert_allclose) */
		if ((isnan(a) && isnan(r)) || (isinf(a) && a == r))
			continue;
		d = fabs(a - r);
		if (d > maxa || isnan(d))
			maxa = d;
		if (r != 0 && d / fabs(r) > maxr)
			maxr = d / fabs(r);
		if (!(d <= o->atol + o->rtol * fabs(r)))
			bad++;
	}
	printf("compare #%d with %s: max abs error %.3g, max rel error %.3g, "
	    "%lld of %lld outside tolerance: %s\n", idx, path, maxa, maxr,
	    (long long)bad, (long long)ref.n, bad ? "FAIL" : "ok");
	rc = bad ? EXIT_USER : EXIT_OK;
out:
	npy_free(&ref);
	ir_tensor_release(f);
	return rc;
}

static double
now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --repeat: best and mean wall time of N more runs, and the process CPU
 * time per run (what a loaded machine does not inflate). */
static bool
time_runs(const Options *o, IrInterp *it, IrOp *func, IrTensor **args,
    size_t nargs, size_t nres)
{
	IrTensor **res = ir_xcalloc(nres + 1, sizeof *res);
	double best = INFINITY, total = 0, t0, dt;
	double c0 = now(CLOCK_PROCESS_CPUTIME_ID);
	long r;
	size_t i;

	for (r = 0; r < o->repeat; r++) {
		t0 = now(CLOCK_MONOTONIC);
		if (!ir_interp_call(it, func, args, nargs, res, nres)) {
			free(res);
			return false;
		}
		dt = now(CLOCK_MONOTONIC) - t0;
		best = dt < best ? dt : best;
		total += dt;
		for (i = 0; i < nres; i++)
			ir_tensor_release(res[i]);
	}
	printf("time: %.3f ms per inference (best of %ld), mean %.3f ms, "
	    "cpu %.3f ms\n", best * 1e3, o->repeat,
	    total / (double)o->repeat * 1e3,
	    (now(CLOCK_PROCESS_CPUTIME_ID) - c0) / (double)o->repeat * 1e3);
	free(res);
	return true;
}

/* A strided memref result as a dense row-major tensor of its shape (the
 * type printed stays the function's); others are returned retained. */
static IrTensor *
densify(IrContext *ctx, IrTensor *t)
{
	const IrType *ty = t->type;
	IrTensor *d;

	if (ty->kind != IR_TYPE_MEMREF || !ty->u.shaped.layout)
		return ir_tensor_retain(t);
	d = ir_tensor_create(ir_type_tensor(ctx, ty->u.shaped.rank,
	    ty->u.shaped.dims, ty->u.shaped.elem, NULL));
	if (!d || !ir_tensor_copy(d, t)) {
		ir_tensor_release(d);
		return ir_tensor_retain(t);
	}
	return d;
}

static int
report(const Options *o, IrContext *ctx, IrOp *func, IrTensor **res,
    size_t n)
{
	const IrType *ft = ir_func_type(func);
	int rc = EXIT_OK, i;
	size_t k;

	for (k = 0; k < n; k++) {
		char *ts = ir_type_str(ft->u.func.results[k]);

		printf("result #%zu: %s", k, ts);
		if ((int)k < o->noutputs)
			printf(" -> %s", o->outputs[k]);
		if (o->print)
			print_values(res[k]);
		printf("\n");
		free(ts);
	}
	for (i = 0; i < o->ncompares && (size_t)i < n; i++)
		if (compare(o, i, ctx, res[i]) != EXIT_OK)
			rc = EXIT_USER;
	(void)func;
	return rc;
}

/* ------------------------------------------------------------ main */

/* Without --arith, the module's own npuir.arith (an importer records
 * the arithmetic of the runtime the model came from) picks the mode. */
static void
default_arith(Options *o, IrOp *module)
{
	const IrAttr *a = ir_op_attr(module, "npuir.arith");
	if (o->arith_given || !a || a->kind != IR_ATTR_STRING)
		return;
	if (!strcmp(a->u.string.data, "xnnpack"))
		o->interp.arith = IR_ARITH_XNNPACK;
	else if (!strcmp(a->u.string.data, "tflite"))
		o->interp.arith = IR_ARITH_TFLITE;
}

static int
run(const Options *o, IrContext *ctx, IrOp *module)
{
	IrInterp *it = ir_interp_create(module, &o->interp);
	IrTensor **args = NULL, **res = NULL;
	size_t nargs = 0, nres = 0, i;
	int rc = EXIT_USER;
	IrOp *func = find_entry(it, module, o->entry);

	if (!func)
		goto out;
	if (o->list_inputs) {
		run_list_inputs(stdout, func);
		rc = EXIT_OK;
		goto out;
	}
	nargs = ir_func_type(func)->u.func.ninputs;
	nres = ir_func_type(func)->u.func.nresults;
	args = ir_xcalloc(nargs + 1, sizeof *args);
	res = ir_xcalloc(nres + 1, sizeof *res);
	if ((size_t)o->noutputs > nres || (size_t)o->ncompares > nres) {
		fprintf(stderr, "npu-run: error: @%s has %zu result%s; more "
		    "--output or --compare files given\n",
		    ir_symbol_name(func)->str, nres, nres == 1 ? "" : "s");
		goto out;
	}
	if (!make_inputs(o, it, func, args))
		goto out;
	if (!ir_interp_call(it, func, args, nargs, res, nres)) {
		memset(res, 0, sizeof *res * nres);
		goto out;
	}
	if (o->repeat && !time_runs(o, it, func, args, nargs, nres))
		goto out;
	for (i = 0; i < nres; i++) {
		IrTensor *d = densify(ctx, res[i]);

		ir_tensor_release(res[i]);
		res[i] = d;
	}
	if (!write_outputs(o, ctx, res, nres))
		goto out;
	rc = report(o, ctx, func, res, nres);
out:
	for (i = 0; i < nargs; i++)
		ir_tensor_release(args[i]);
	for (i = 0; i < nres; i++)
		ir_tensor_release(res[i]);
	free(args);
	free(res);
	ir_interp_destroy(it);
	return rc;
}

int
main(int argc, char **argv)
{
	Options o = {0};
	IrContext *ctx;
	IrOp *module;
	size_t len;
	char *src;
	int rc = EXIT_USER;

	ir_output_check_stdout_at_exit("npu-run");
	parse_args(&o, argc, argv);
	src = read_source(o.file, &len);
	if (!src)
		return EXIT_USER;
	ctx = ir_context_create();
	dialects_register_all(ctx);
	ethosu_register_dialect(ctx);
	module = ir_parse_string(ctx, strcmp(o.file, "-") ? o.file : "<stdin>",
	    src, len);
	free(src);
	if (module && ir_verify(module)) {
		default_arith(&o, module);
		rc = run(&o, ctx, module);
	}
	if (module)
		ir_op_destroy(module);
	ir_context_destroy(ctx);
	return rc;
}
