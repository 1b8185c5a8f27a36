/* tools/npu-translate/main.c: npu-translate, model import: a .tflite or
 * .onnx file in, graph-dialect MLIR text out (or, with --pass-pipeline
 * and --emit, the whole flow to a command stream in one process). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dialects/dialect.h"
#include "import/alloc_csv/alloc_csv.h"
#include "import/import.h"
#include "ir/ir.h"
#include "ir/input.h"
#include "ir/output.h"
#include "ir/pass.h"
#include "ir/suggest.h"
#include "passes/passes.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/package.h"

/* Exit codes (DESIGN.md section 8). */
enum { EXIT_OK = 0, EXIT_USER = 1, EXIT_USAGE = 2 };

#define MAX_SHAPES 32
#define MAX_RANK 16

typedef enum Format { FMT_NONE, FMT_TFLITE, FMT_ONNX, FMT_DECODE_ETHOSU,
    FMT_ALLOC_CSV, FMT_EXPORT_ALLOC_CSV, FMT_EMIT_ETHOSU, FMT_EMIT_RAW,
    FMT_EMIT_HEADER } Format;

/* What the command line asked for. */
typedef struct Options {
	Format format;
	const char *input;
	const char *output;          /* "-" for stdout */
	bool allow_unsupported;
	bool summary;                /* --summary */
	Format emit;                 /* --emit=... (FMT_NONE: print MLIR) */
	const char *pipeline;        /* --pass-pipeline=..., or NULL */
	bool timing;                 /* --timing */
	bool no_verify_each;         /* --no-verify-each */
	IrPrintFlags print;
	size_t nshapes;
	ImportShape shapes[MAX_SHAPES];
	int64_t dims[MAX_SHAPES][MAX_RANK];
} Options;

static const char usage_text[] =
"usage: npu-translate (--import-tflite | --import-onnx) [options] FILE\n"
"       npu-translate --decode=ethos-u [-o FILE] FILE\n"
"       npu-translate --emit=ethos-u|ethos-u-raw|c-header -o OUT FILE.mlir\n"
"       npu-translate --import-tflite FILE.tflite --pass-pipeline=P\n"
"                     [--emit=ethos-u|ethos-u-raw|c-header] -o OUT\n"
"\n"
"Imports a model into graph-dialect MLIR: one func.func @main whose\n"
"arguments and results are the model's inputs and outputs, in order.\n"
"\n"
"options:\n"
"  --import-tflite              FILE is a TFLite flatbuffer\n"
"  --import-onnx                FILE is an ONNX protobuf\n"
"  --decode=ethos-u             list the Ethos-U command streams of FILE\n"
"                               (a .tflite with ethos-u operators, a\n"
"                               COP1 driver payload or a raw stream)\n"
"  --emit=ethos-u               FILE is MLIR with ethos_u.stream ops: write\n"
"                               a Vela-compatible .tflite\n"
"  --emit=ethos-u-raw           write OUT.cmd (the bare command stream),\n"
"                               OUT.flash and OUT.sizes (one stream)\n"
"  --emit=c-header              write one self-contained C header\n"
"                               (with --import-*: from the imported\n"
"                               model, after --pass-pipeline, with no\n"
"                               MLIR text in between)\n"
"  --pass-pipeline=PIPELINE     run passes on the imported (or read)\n"
"                               module before printing or emitting,\n"
"                               e.g. 'builtin.module(ethos-u-compile{\n"
"                               accel=ethos-u65-256},ethos-u-codegen)'\n"
"  --timing                     print the time of each step to stderr\n"
"  --no-verify-each             do not verify the IR after each pass\n"
"  --import-alloc-csv           FILE is an allocation CSV (id,lower,upper,\n"
"                               size): a function of buffer.alloc ops\n"
"  --export-alloc-csv           FILE is planned MLIR: write its buffers as\n"
"                               CSV with an offset column\n"
"  -o FILE                      write output to FILE (default: stdout);\n"
"                               written atomically, never left partial\n"
"  --input-shape=NAME:1x3x224x224\n"
"                               fix the shape of input NAME (repeatable)\n"
"  --allow-unsupported          import unsupported ops as graph.custom\n"
"  --summary                    print the op counts and the time taken\n"
"                               to stderr\n"
"  --print-op-generic           print every op in the generic form\n"
"  --print-debuginfo            print locations (loc(...))\n"
"  --help                       show this help and exit\n"
"  --version                    show the version and exit\n"
"Exit status: 0 success, 1 invalid model, 2 bad command line.\n";

static void IR_PRINTF(1, 2) IR_NORETURN
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("npu-translate: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'npu-translate --help'.\n", stderr);
	exit(EXIT_USAGE);
}

/* "name:1x3x224x224" into the next shape slot. */
static void
parse_shape(Options *o, const char *arg)
{
	const char *colon = strrchr(arg, ':');
	if (!colon || colon == arg || !colon[1])
		usage_error("--input-shape wants NAME:D0xD1x..., not '%s'",
		    arg);
	if (o->nshapes == MAX_SHAPES)
		usage_error("too many --input-shape options (at '%s')", arg);
	ImportShape *s = &o->shapes[o->nshapes];
	int64_t *dims = o->dims[o->nshapes];
	const char *p = colon + 1;
	size_t rank = 0;
	for (;;) {
		char *end;
		errno = 0;
		long long d = strtoll(p, &end, 10);
		if (end == p || errno || d <= 0 || d > INT32_MAX ||
		    rank == MAX_RANK)
			usage_error("bad dimension in --input-shape '%s' "
			    "(positive integers, at most 16)", arg);
		dims[rank++] = d;
		if (!*end)
			break;
		if (*end != 'x')
			usage_error("bad --input-shape '%s'", arg);
		p = end + 1;
	}
	s->name = ir_xstrndup(arg, (size_t)(colon - arg));
	s->rank = rank;
	s->dims = dims;
	o->nshapes++;
}

/* An unknown option: a usage error, with the nearest real one. */
static void IR_NORETURN
unknown_option(const char *a)
{
	static const char *const names[] = { "--help", "--version",
	    "--import-tflite", "--import-onnx", "--allow-unsupported",
	    "--summary", "--print-op-generic", "--print-debuginfo",
	    "--input-shape", "-o", "--pass-pipeline", "--timing",
	    "--no-verify-each", "--decode=ethos-u", "--emit=ethos-u",
	    "--emit=ethos-u-raw", "--emit=c-header" };
	const char *eq = strchr(a, '=');
	const char *s = ir_suggest(a, eq ? (size_t)(eq - a) : strlen(a),
	    names, sizeof names / sizeof names[0]);
	if (s)
		usage_error("unknown option '%s'; did you mean '%s'?", a, s);
	usage_error("unknown option '%s'", a);
}

static void
set_format(Options *o, Format f, const char *a)
{
	if (o->format != FMT_NONE && o->format != f)
		usage_error("'%s' conflicts with the other --import-* option",
		    a);
	o->format = f;
}

/* --emit=...: a target for the imported or read module. */
static void
set_emit(Options *o, Format f, const char *a)
{
	if (o->emit != FMT_NONE && o->emit != f)
		usage_error("'%s' conflicts with the other --emit option", a);
	o->emit = f;
}

/* Returns the number of arguments used (1 or 2). */
static int
parse_option(Options *o, const char *a, const char *next)
{
	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		fputs(usage_text, stdout);
		exit(EXIT_OK);
	}
	if (!strcmp(a, "--version")) {
		printf("npu-translate (npu-ir) %s\n", NPUIR_VERSION);
		exit(EXIT_OK);
	}
	if (!strcmp(a, "--import-tflite"))
		set_format(o, FMT_TFLITE, a);
	else if (!strcmp(a, "--import-onnx"))
		set_format(o, FMT_ONNX, a);
	else if (!strcmp(a, "--decode=ethos-u"))
		set_format(o, FMT_DECODE_ETHOSU, a);
	else if (!strcmp(a, "--emit=ethos-u"))
		set_emit(o, FMT_EMIT_ETHOSU, a);
	else if (!strcmp(a, "--emit=ethos-u-raw"))
		set_emit(o, FMT_EMIT_RAW, a);
	else if (!strcmp(a, "--emit=c-header"))
		set_emit(o, FMT_EMIT_HEADER, a);
	else if (!strncmp(a, "--emit=", 7))
		usage_error("unknown target in '%s' (ethos-u, ethos-u-raw or "
		    "c-header)", a);
	else if (!strncmp(a, "--pass-pipeline=", 16))
		o->pipeline = a + 16;
	else if (!strcmp(a, "--pass-pipeline")) {
		if (!next || next[0] == '-')
			usage_error("option '%s' needs a pipeline", a);
		o->pipeline = next;
		return 2;
	} else if (!strcmp(a, "--timing"))
		o->timing = true;
	else if (!strcmp(a, "--no-verify-each"))
		o->no_verify_each = true;
	else if (!strcmp(a, "--import-alloc-csv"))
		set_format(o, FMT_ALLOC_CSV, a);
	else if (!strcmp(a, "--export-alloc-csv"))
		set_format(o, FMT_EXPORT_ALLOC_CSV, a);
	else if (!strcmp(a, "--allow-unsupported"))
		o->allow_unsupported = true;
	else if (!strcmp(a, "--summary"))
		o->summary = true;
	else if (!strcmp(a, "--print-op-generic"))
		o->print.generic = true;
	else if (!strcmp(a, "--print-debuginfo"))
		o->print.debuginfo = true;
	else if (!strncmp(a, "--input-shape=", 14))
		parse_shape(o, a + 14);
	else if (!strcmp(a, "-o")) {
		if (!next)
			usage_error("option '%s' needs a file name", a);
		o->output = next;
		return 2;
	} else if (!strncmp(a, "-o", 2) && a[2])
		o->output = a + 2;
	else
		unknown_option(a);
	return 1;
}

static void
parse_args(Options *o, int argc, char **argv)
{
	o->output = "-";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-' && a[1]) {
			i += parse_option(o, a, i + 1 < argc ? argv[i + 1] :
			    NULL) - 1;
			continue;
		}
		if (o->input)
			usage_error("more than one input file ('%s')", a);
		o->input = a;
	}
	/* --emit alone reads MLIR (the emit-only form). */
	if (o->format == FMT_NONE && o->emit != FMT_NONE)
		o->format = o->emit;
	if (o->format == FMT_DECODE_ETHOSU ||
	    o->format == FMT_EXPORT_ALLOC_CSV) {
		if (o->emit != FMT_NONE || o->pipeline)
			usage_error("--decode=ethos-u and --export-alloc-csv "
			    "take no --emit or --pass-pipeline");
	}
	if (o->format == FMT_NONE)
		usage_error("say --import-tflite or --import-onnx "
		    "(or --import-alloc-csv, --export-alloc-csv, "
		    "--decode=ethos-u, --emit=...)");
	if (!o->input)
		usage_error("no input file");
}

/* What write_output writes: a module, or text already made. */
typedef struct Output {
	IrOp *module;
	const IrPrintFlags *flags;
	const char *text;
	size_t len;
} Output;

static void
emit(FILE *f, const Output *o)
{
	if (o->module)
		ir_print_op(f, o->module, o->flags);
	else
		fwrite(o->text, 1, o->len, f);
}

/* Writes o to path atomically (ir/output.h). */
static bool
write_output(const char *path, const Output *o)
{
	char err[512] = "";
	IrOutput *out = ir_output_open(path, false, err, sizeof err);
	if (out) {
		emit(ir_output_stream(out), o);
		if (ir_output_close(out, true, err, sizeof err))
			return true;
	}
	fprintf(stderr, "npu-translate: %s\n", err);
	return false;
}

/* Diagnostics at an importer's name location read
 * "model.tflite:node_name: error: msg", about a whole file
 * "path/model.tflite: error: msg"; others print as usual. */
static void
diag_handler(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	const IrLoc *l = d->loc;
	static const char *const words[] = { "error", "warning", "note",
	    "remark" };
	(void)user;
	if (l->kind == IR_LOC_FILE && l->u.file.line == 0) {
		fprintf(stderr, "%.*s: %s: %s\n", (int)l->u.file.file->len,
		    l->u.file.file->str, words[d->severity], d->message);
		return;
	}
	if (l->kind != IR_LOC_NAME || !l->u.name.child ||
	    l->u.name.child->kind != IR_LOC_FILE ||
	    l->u.name.child->u.file.line != 0) {
		ir_diag_print(ctx, stderr, d);
		return;
	}
	const IrIdent *f = l->u.name.child->u.file.file, *n = l->u.name.name;
	fprintf(stderr, "%.*s:%.*s: %s: %s\n", (int)f->len, f->str,
	    (int)n->len, n->str, words[d->severity], d->message);
}

/* Op counts for --summary, in first-seen order. */
typedef struct Counts {
	size_t n, total;
	const char *names[256];
	size_t counts[256];
} Counts;

static IrWalkResult
count_op(IrOp *op, void *user)
{
	Counts *c = user;
	const char *name = ir_op_name_str(op);
	if (!strcmp(name, "builtin.module") || !strcmp(name, "func.func") ||
	    !strcmp(name, "func.return"))
		return IR_WALK_ADVANCE;
	c->total++;
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->names[i], name)) {
			c->counts[i]++;
			return IR_WALK_ADVANCE;
		}
	if (c->n < 256) {
		c->names[c->n] = name;
		c->counts[c->n++] = 1;
	}
	return IR_WALK_ADVANCE;
}

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* "model.tflite: 115 ops: 56 graph.constant, 27 graph.relu6, ..." and
 * the times, most frequent ops first. */
static void
print_summary(const char *path, IrOp *module, double t_import,
    double t_print)
{
	static Counts c;
	memset(&c, 0, sizeof(c));
	ir_op_walk(module, IR_WALK_PRE, count_op, &c);
	const char *b = strrchr(path, '/');
	fprintf(stderr, "%s: %zu ops:", b ? b + 1 : path, c.total);
	for (size_t k = 0; k < c.n; k++) {
		size_t best = k;
		for (size_t i = k + 1; i < c.n; i++)
			if (c.counts[i] > c.counts[best] ||
			    (c.counts[i] == c.counts[best] &&
			    strcmp(c.names[i], c.names[best]) < 0))
				best = i;
		const char *tn = c.names[k];
		size_t tc = c.counts[k];
		c.names[k] = c.names[best];
		c.counts[k] = c.counts[best];
		c.names[best] = tn;
		c.counts[best] = tc;
		fprintf(stderr, "%s %zu %s", k ? "," : "", c.counts[k],
		    c.names[k]);
	}
	fprintf(stderr, "\nimport + verify %.1f ms, print %.1f ms\n",
	    t_import, t_print);
}

/* --decode=ethos-u: the listing is made in memory, written only when
 * the whole input decoded. */
static bool
decode_ethosu(IrContext *ctx, const Options *o)
{
	ImportFile f;
	if (!import_file_open(ctx, o->input, &f))
		return false;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	bool ok = m && ethosu_decode_file(&f, m);
	if (m)
		ok = fclose(m) == 0 && ok;
	Output out = { .text = text, .len = len };
	ok = ok && write_output(o->output, &out);
	free(text);
	import_file_close(&f);
	return ok;
}

/* Reads, parses and verifies an MLIR input (ir/input.h limits); NULL
 * after an error. */
static IrOp *
read_module(IrContext *ctx, const char *path)
{
	bool in_stdin = !strcmp(path, "-");
	FILE *f = in_stdin ? stdin : fopen(path, "rb");
	char err[256] = "";
	size_t len = 0;
	char *text = NULL;
	if (f && ir_input_kind_ok(fileno(f), in_stdin, err, sizeof err))
		text = ir_input_read(f, IR_INPUT_MAX, &len, err, sizeof err);
	else if (!f)
		snprintf(err, sizeof err, "%s", strerror(errno));
	if (f && !in_stdin)
		fclose(f);
	if (!text) {
		fprintf(stderr, "npu-translate: cannot read '%s': %s\n", path,
		    err);
		return NULL;
	}
	const IrSource *src = ir_context_adopt_source(ctx, path, text, len, 1);
	IrOp *module = ir_parse(ctx, src);
	if (module && !ir_verify(module)) {
		ir_op_destroy(module);
		return NULL;
	}
	return module;
}

/* The C identifier a header's names start with: the output's base name
 * without its suffix, other characters as '_' ("model" for stdout). */
static void
header_prefix(const char *path, char *buf, size_t n)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	if (!strcmp(path, "-") || !*b)
		b = "model";
	size_t k = 0;
	if (isdigit((unsigned char)*b))
		buf[k++] = '_';
	for (; *b && *b != '.' && k + 1 < n; b++)
		buf[k++] = isalnum((unsigned char)*b) ? *b : '_';
	buf[k] = 0;
}

/* --emit=ethos-u-raw: OUT.cmd, OUT.flash and OUT.sizes, each written
 * atomically; when one fails, those already written are removed, so a
 * failed run leaves none of the three. */
static bool
write_raw(const char *out, const EthosuPackage *p)
{
	static const char *const sfx[] = { ".cmd", ".flash", ".sizes" };
	char path[3][4096], err[512] = "";
	int done = 0;
	bool ok = strcmp(out, "-") != 0;
	if (!ok)
		snprintf(err, sizeof err, "--emit=ethos-u-raw needs -o PREFIX "
		    "(it writes three files)");
	for (int i = 0; ok && i < 3; i++) {
		snprintf(path[i], sizeof path[i], "%s%s", out, sfx[i]);
		IrOutput *o = ir_output_open(path[i], false, err, sizeof err);
		if (!o) {
			ok = false;
			break;
		}
		FILE *f = ir_output_stream(o);
		if (i == 0)
			fwrite(p->stream, 1, p->nstream, f);
		else if (i == 1)
			fwrite(p->flash ? p->flash : (const uint8_t *)"", 1,
			    p->nflash, f);
		else
			ethosu_package_print_sizes(f, p);
		ok = ir_output_close(o, true, err, sizeof err);
		done += ok;
	}
	if (ok)
		return true;
	while (done-- > 0)
		remove(path[done]);
	fprintf(stderr, "npu-translate: %s\n", err);
	return false;
}

/* --emit=ethos-u: the model streamed into the output file (atomically,
 * ir/output.h), its blobs straight from the module's attributes. */
static bool
write_tflite(const char *path, EthosuTflite *t, size_t *len)
{
	char err[512] = "";
	IrOutput *out = ir_output_open(path, false, err, sizeof err);
	if (out) {
		/* a failed write sets the stream's error flag, which the
		 * close reports (and then removes the temporary file) */
		ethosu_tflite_write(t, ir_output_stream(out), len);
		if (ir_output_close(out, true, err, sizeof err))
			return true;
	}
	fprintf(stderr, "npu-translate: %s\n", err);
	return false;
}

/* --emit=ethos-u, ethos-u-raw, c-header of a module with ethos_u.stream
 * ops; everything is made in memory and written only when complete. */
static bool
emit_module(IrOp *module, const Options *o)
{
	bool ok = false;
	EthosuPackage p;
	if (o->emit == FMT_EMIT_ETHOSU) {
		size_t len = 0;
		EthosuTflite *t = ethosu_tflite_create(module);
		ok = t && write_tflite(o->output, t, &len);
		if (ok && o->summary)
			ethosu_package_print_summary(stderr, module,
			    o->output, len);
		ethosu_tflite_destroy(t);
	} else if (ethosu_package_get(module, &p)) {
		if (o->emit == FMT_EMIT_RAW) {
			ok = write_raw(o->output, &p);
		} else {
			char prefix[128], *text = NULL;
			size_t len = 0;
			header_prefix(o->output, prefix, sizeof prefix);
			FILE *m = open_memstream(&text, &len);
			if (m) {
				ethosu_package_print_header(m, &p, prefix);
				ok = fclose(m) == 0;
			}
			Output out = { .text = text, .len = len };
			ok = ok && write_output(o->output, &out);
			free(text);
		}
		ethosu_package_free(&p);
	}
	return ok;
}

/* The pass manager of --pass-pipeline (with --timing's report), built
 * before the input is read: a bad pipeline is a usage error (exit 2). */
static IrPassManager *
make_pipeline(IrContext *ctx, const Options *o)
{
	IrPmOptions po;
	ir_pm_options_default(&po);
	po.verify_each = !o->no_verify_each;
	po.timing = o->timing;
	IrPassManager *pm = ir_pm_create(ctx, &po);
	if (o->pipeline && !ir_pm_add_pipeline(pm, o->pipeline)) {
		ir_pm_destroy(pm);
		ir_context_destroy(ctx);
		exit(EXIT_USAGE);
	}
	return pm;
}

static double
seconds_since(double t0_ms)
{
	return (now_ms() - t0_ms) / 1e3;
}

/* Import (or read), --pass-pipeline, then print or --emit: the whole
 * flow in one process, the module never printed in between. */
static bool
run_flow(IrContext *ctx, const Options *o, const ImportOptions *io)
{
	IrPassManager *pm = make_pipeline(ctx, o);
	double t0 = now_ms();
	IrOp *module = o->format == FMT_ALLOC_CSV ?
	    alloc_csv_import(ctx, o->input) : o->format == FMT_TFLITE ?
	    import_tflite(ctx, o->input, io) : o->format == FMT_ONNX ?
	    import_onnx(ctx, o->input, io) : read_module(ctx, o->input);
	double t_import = now_ms() - t0;
	ir_pm_add_timing(pm, o->format == FMT_TFLITE ||
	    o->format == FMT_ONNX ? "import" : "read", t_import / 1e3, true);
	bool ok = module && (!o->pipeline || ir_pm_run(pm, module));
	double t1 = now_ms();
	if (ok && o->emit != FMT_NONE) {
		ok = emit_module(module, o);
	} else if (ok) {
		Output out = { .module = module, .flags = &o->print };
		ok = write_output(o->output, &out);
		if (ok && o->summary && o->emit == FMT_NONE)
			print_summary(o->input, module, t_import,
			    now_ms() - t1);
	}
	ir_pm_add_timing(pm, o->emit != FMT_NONE ? "emit" : "print",
	    seconds_since(t1), false);
	if (o->timing)
		ir_pm_print_timing(pm, stderr);
	ir_pm_destroy(pm);
	if (module)
		ir_op_destroy(module);
	return ok;
}

/* --export-alloc-csv: MLIR in (parsed and verified), CSV out. */
static int
export_alloc_csv(IrContext *ctx, const Options *o)
{
	/* through ir/input.h: regular files and pipes only, at most
	 * IR_INPUT_MAX bytes, "-" for stdin */
	bool use_stdin = !strcmp(o->input, "-");
	FILE *f = use_stdin ? stdin : fopen(o->input, "rb");
	char *text = NULL, why[160] = "";
	size_t len = 0;
	if (!f) {
		fprintf(stderr, "npu-translate: cannot open '%s': %s\n",
		    o->input, strerror(errno));
		ir_context_destroy(ctx);
		return EXIT_USER;
	}
	if (ir_input_kind_ok(fileno(f), use_stdin, why, sizeof why))
		text = ir_input_read(f, IR_INPUT_MAX, &len, why, sizeof why);
	if (!use_stdin)
		fclose(f);
	if (!text) {
		fprintf(stderr, "npu-translate: cannot read '%s': %s\n",
		    o->input, why);
		ir_context_destroy(ctx);
		return EXIT_USER;
	}
	const IrSource *src = ir_context_adopt_source(ctx, use_stdin ?
	    "<stdin>" : o->input, text, len, 1);
	IrOp *module = ir_parse(ctx, src);
	bool ok = module && ir_verify(module) &&
	    alloc_csv_export(ctx, module, o->output);
	if (module)
		ir_op_destroy(module);
	ir_context_destroy(ctx);
	return ok ? EXIT_OK : EXIT_USER;
}

/* Is the input plainly the other format (a .tflite given to --import-onnx,
 * an ONNX model to --import-tflite)? Then says which flag to use. A
 * FlatBuffer TFLite model carries "TFL3" at byte 4; an ONNX ModelProto
 * starts with its ir_version field (tag 0x08). */
static bool
wrong_format(const Options *o)
{
	unsigned char h[8] = {0};
	/* only model formats: peeking would eat the start of a pipe */
	if (o->format != FMT_ONNX && o->format != FMT_TFLITE)
		return false;
	FILE *f = fopen(o->input, "rb");
	size_t n = f ? fread(h, 1, sizeof h, f) : 0;
	if (f)
		fclose(f);
	bool tflite = n == 8 && !memcmp(h + 4, "TFL3", 4);
	if (o->format == FMT_ONNX && tflite) {
		fprintf(stderr, "npu-translate: '%s' is a TFLite model (TFL3 "
		    "identifier), not ONNX; use --import-tflite\n", o->input);
		return true;
	}
	if (o->format == FMT_TFLITE && n == 8 && !tflite && h[0] == 0x08) {
		fprintf(stderr, "npu-translate: '%s' is not a TFLite model (no "
		    "TFL3 identifier) and looks like an ONNX model; use "
		    "--import-onnx\n", o->input);
		return true;
	}
	return false;
}

int
main(int argc, char **argv)
{
	static Options o;
	ir_malloc_tune();
	ir_output_check_stdout_at_exit("npu-translate");
	parse_args(&o, argc, argv);
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ethosu_register_dialect(ctx);
	ir_context_set_diag_handler(ctx, diag_handler, NULL);
	/* Passes only where a pipeline or a target can use them. */
	if (o.pipeline || o.emit != FMT_NONE) {
		passes_register_all(ctx);
		ethos_u_register(ctx);
	}
	if (o.format == FMT_DECODE_ETHOSU) {
		bool ok = decode_ethosu(ctx, &o);
		ir_context_destroy(ctx);
		return ok ? EXIT_OK : EXIT_USER;
	}
	if (o.allow_unsupported)
		ir_context_set_allow_unregistered(ctx, true);
	ImportOptions io = {
		.allow_unsupported = o.allow_unsupported,
		.nshapes = o.nshapes,
		.shapes = o.shapes,
	};
	if (wrong_format(&o)) {
		ir_context_destroy(ctx);
		return EXIT_USER;
	}
	if (o.format == FMT_EXPORT_ALLOC_CSV)
		return export_alloc_csv(ctx, &o);
	bool ok = run_flow(ctx, &o, &io);
	ir_context_destroy(ctx);
	for (size_t i = 0; i < o.nshapes; i++)
		free((char *)o.shapes[i].name);
	return ok ? EXIT_OK : EXIT_USER;
}
