/* tools/npu-opt/main.c: npu-opt, the driver: parse, verify and print MLIR
 * text, with mlir-opt's flags. */
#define _DEFAULT_SOURCE 1 /* MAP_POPULATE */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "dialects/dialect.h"
#include "ir/ir.h"
#include "ir/input.h"
#include "ir/output.h"
#include "ir/pass.h"
#include "ir/suggest.h"
#include "passes/passes.h"
#include "targets/ethos_u/ethos_u.h"
#include "test/lib/test_ops.h"
#include "tools/npu-opt/verify_diag.h"

/* Whether the IR of the last chunk is freed before exit: always in
 * sanitizer builds, so leak checks still cover it; release builds leave
 * it to the kernel (freeing a million-op module op by op costs about a
 * tenth of a parse). */
#if defined(__SANITIZE_ADDRESS__)
#define FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FREE_AT_EXIT 1
#endif
#endif
#ifndef FREE_AT_EXIT
#define FREE_AT_EXIT 0
#endif

/* Exit codes (DESIGN.md section 8). */
enum { EXIT_OK = 0, EXIT_USER = 1, EXIT_USAGE = 2 };

/* One pipeline piece from the command line, in order: a
 * --pass-pipeline text, or a pass flag with its option text. */
typedef struct PassArg {
	const char *pipeline;   /* --pass-pipeline=..., or NULL */
	char *pass;             /* --<pass>[=<options>]: the pass name */
	const char *options;    /* its options, or NULL */
} PassArg;

/* The pass flags of the command line. */
typedef struct PassCli {
	PassArg *args;
	size_t nargs;
	const char **plugins;   /* --load-pass-plugin, in order */
	size_t nplugins;
	bool test_ops;          /* --register-test-ops */
	bool no_verify_each;
	bool timing;
	bool statistics;
	bool print_pipeline;    /* --print-pipeline */
	IrPmOptions pm;         /* print-ir-* flags */
	IrContext *registry;    /* knows every pass, for flags and --help */
} PassCli;

/* What the command line asked for. */
typedef struct Options {
	const char *input;      /* file name, or "-" for stdin */
	const char *output;     /* file name, or "-" for stdout */
	bool split;             /* --split-input-file */
	bool verify_diags;      /* --verify-diagnostics */
	bool allow_unregistered;
	bool local_scope;       /* accepted for mlir-opt; always the case */
	IrPrintFlags print;
	PassCli passes;
} Options;

/* The input, read whole. */
typedef struct Input {
	const char *name;       /* as diagnostics show it */
	char *data;
	size_t len;
	bool mapped;            /* data is a mapping of the file (NUL after
	                           it: the rest of its last page) */
} Input;

static const char usage_text[] =
"usage: npu-opt [options] [input-file|-]\n"
"\n"
"Parses MLIR text, verifies it and prints it back.\n"
"\n"
"options:\n"
"  -o FILE                      write output to FILE (default: stdout);\n"
"                               written atomically, never left partial\n"
"  --split-input-file           process each '// -----' chunk separately\n"
"  --verify-diagnostics         check diagnostics against\n"
"                               '// expected-error {{...}}' annotations\n"
"  --print-op-generic           print every op in the generic form\n"
"  --print-debuginfo            print locations (loc(...))\n"
"  --allow-unregistered-dialect accept ops of unregistered dialects\n"
"  --dump-dialect=NAME          print the markdown reference of dialect\n"
"                               NAME (graph, npu, buffer) and exit\n"
"\n"
"pass options:\n"
"  --pass-pipeline=PIPELINE     run a pipeline, e.g.\n"
"                               'builtin.module(func.func(cse),inline)'\n"
"  --<pass>[=OPTIONS]           run one pass (see below), options as in\n"
"                               a pipeline: --inline='max-ops=8'\n"
"  --list-passes[=text|markdown] list the passes and their options\n"
"  --load-pass-plugin=LIB.so    load passes from a plugin\n"
"  --print-pipeline             print the pipeline (named pipelines\n"
"                               expanded) and exit\n"
"  --no-verify-each             do not verify the IR after each pass\n"
"  --print-ir-before=P1,P2      print the IR before the named passes\n"
"  --print-ir-after=P1,P2       print the IR after the named passes\n"
"  --print-ir-before-all        print the IR before every pass\n"
"  --print-ir-after-all         print the IR after every pass\n"
"  --print-ir-after-change      print the IR after passes that change it\n"
"  --print-ir-module-scope      IR dumps show the whole module\n"
"  --timing                     report the time of every pass\n"
"  --pass-statistics            report the passes' statistics\n"
"  --register-test-ops          register the test dialect and test\n"
"                               passes (tests and benchmarks)\n"
"  --help                       show this help and exit\n"
"  --version                    show the version and exit\n"
"\n"
"Flags also work with one dash (-split-input-file) and under mlir-opt's\n"
"names (--mlir-print-op-generic, --mlir-print-debuginfo); npu-opt prints no\n"
"aliases, so --mlir-print-local-scope is accepted and changes nothing.\n"
"Exit status: 0 success, 1 invalid input, 2 bad command line.\n";

static void usage_error(const char *fmt, ...) IR_PRINTF(1, 2) IR_NORETURN;
static const char *suggest_pass(IrContext *registry, const char *name,
    size_t len);

/* Registers what every context of this run knows: passes, the test
 * dialect when asked, plugins. False when a plugin fails to load. */
static bool
register_all(const PassCli *pc, IrContext *ctx)
{
	passes_register_all(ctx);
	ethos_u_register(ctx);
	if (pc->test_ops)
		passes_register_test(ctx);
	for (size_t i = 0; i < pc->nplugins; i++)
		if (!ir_load_pass_plugin(ctx, pc->plugins[i]))
			return false;
	return true;
}

/* Flags that must act before the others: plugins and test passes add
 * pass flags. Builds the registry context. */
static void
prescan_pass_flags(PassCli *pc, int argc, char **argv)
{
	static const char plug[] = "load-pass-plugin";
	pc->plugins = ir_xcalloc((size_t)argc, sizeof *pc->plugins);
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		const char *a = argv[i];
		const char *name = a[0] != '-' ? "" : a[1] == '-' ? a + 2 :
		    a + 1;
		if (!strcmp(name, "register-test-ops"))
			pc->test_ops = true;
		else if (!strncmp(name, plug, sizeof plug - 1) &&
		    name[sizeof plug - 1] == '=')
			pc->plugins[pc->nplugins++] = name + sizeof plug;
		else if (!strcmp(name, plug) && i + 1 < argc)
			pc->plugins[pc->nplugins++] = argv[++i];
	}
	pc->registry = ir_context_create();
	if (!register_all(pc, pc->registry))
		exit(EXIT_USER);
}

static void
add_pass_arg(PassCli *pc, const char *pipeline, const char *pass,
    size_t len, const char *options)
{
	pc->args = ir_xrealloc(pc->args, (pc->nargs + 1) * sizeof *pc->args);
	pc->args[pc->nargs++] = (PassArg){ pipeline,
	    pass ? ir_xstrndup(pass, len) : NULL, options };
}

/* The value of `--name=value` or `--name value`; NULL when `a` is not
 * that flag. *used is the number of arguments taken. */
static const char *
flag_value(const char *name, const char *flag, int argc, char **argv,
    int i, int *used)
{
	size_t n = strlen(flag);
	if (strncmp(name, flag, n))
		return NULL;
	*used = 1;
	if (name[n] == '=')
		return name + n + 1;
	if (name[n])
		return NULL;
	if (i + 1 >= argc)
		usage_error("option '%s' needs a value", argv[i]);
	*used = 2;
	return argv[i + 1];
}

/* Handles the pass flags; returns the arguments used, 0 when `name` is
 * not one of them. */
static int
parse_pass_flag(PassCli *pc, const char *name, int argc, char **argv, int i)
{
	static const struct {
		const char *name;
		size_t off;
	} bools[] = {
		{ "no-verify-each", offsetof(PassCli, no_verify_each) },
		{ "timing", offsetof(PassCli, timing) },
		{ "mlir-timing", offsetof(PassCli, timing) },
		{ "pass-statistics", offsetof(PassCli, statistics) },
		{ "mlir-pass-statistics", offsetof(PassCli, statistics) },
		{ "print-ir-before-all",
		  offsetof(PassCli, pm.print_before_all) },
		{ "print-ir-after-all", offsetof(PassCli, pm.print_after_all) },
		{ "print-ir-after-change",
		  offsetof(PassCli, pm.print_after_change) },
		{ "print-ir-module-scope",
		  offsetof(PassCli, pm.print_module_scope) },
		{ "mlir-print-ir-module-scope",
		  offsetof(PassCli, pm.print_module_scope) },
		{ "register-test-ops", offsetof(PassCli, test_ops) },
		{ "print-pipeline", offsetof(PassCli, print_pipeline) },
	};
	for (size_t k = 0; k < sizeof bools / sizeof bools[0]; k++) {
		if (!strcmp(name, bools[k].name)) {
			*(bool *)((char *)pc + bools[k].off) = true;
			return 1;
		}
	}
	int used = 0;
	const char *v;
	if ((v = flag_value(name, "pass-pipeline", argc, argv, i, &used)))
		add_pass_arg(pc, v, NULL, 0, NULL);
	else if ((v = flag_value(name, "print-ir-before", argc, argv, i,
	    &used)))
		pc->pm.print_before = v;
	else if ((v = flag_value(name, "print-ir-after", argc, argv, i,
	    &used)))
		pc->pm.print_after = v;
	else
		flag_value(name, "load-pass-plugin", argc, argv, i, &used);
	if (used)
		return used;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	char *pass = ir_xstrndup(name, len);
	bool known = ir_lookup_pass(pc->registry, pass) != NULL;
	free(pass);
	if (!known)
		return 0;
	add_pass_arg(pc, NULL, name, len, eq ? eq + 1 : NULL);
	return 1;
}

/* Adds the command line's pipeline pieces to pm; false after reporting
 * an error. */
static bool
build_pipeline(const PassCli *pc, IrPassManager *pm)
{
	for (size_t i = 0; i < pc->nargs; i++) {
		const PassArg *a = &pc->args[i];
		bool ok = a->pipeline ? ir_pm_add_pipeline(pm, a->pipeline) :
		    ir_pm_add_pass(pm, a->pass, a->options);
		if (!ok)
			return false;
	}
	return true;
}

/* --print-ir-before/after=P1,P2 must name registered passes. */
static void
check_pass_list(PassCli *pc, const char *flag, const char *list)
{
	for (const char *p = list; p && *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char *name = ir_xstrndup(p, len);
		bool known = ir_lookup_pass(pc->registry, name) != NULL;
		free(name);
		if (!known) {
			const char *s = suggest_pass(pc->registry, p, len);
			fprintf(stderr, "npu-opt: unknown pass '%.*s' in --%s",
			    (int)len, p, flag);
			if (s)
				fprintf(stderr, "; did you mean '%s'?", s);
			fprintf(stderr, "\nTry 'npu-opt --list-passes'.\n");
			exit(EXIT_USAGE);
		}
		p = comma ? comma + 1 : p + len;
	}
}

/* Checks the pipeline once before reading the input: a bad pipeline is
 * a usage error. */
static void
check_pipeline(PassCli *pc)
{
	pc->pm.verify_each = !pc->no_verify_each;
	pc->pm.timing = pc->timing;
	pc->pm.statistics = pc->statistics;
	check_pass_list(pc, "print-ir-before", pc->pm.print_before);
	check_pass_list(pc, "print-ir-after", pc->pm.print_after);
	IrPassManager *pm = ir_pm_create(pc->registry, &pc->pm);
	bool ok = build_pipeline(pc, pm);
	if (ok && pc->print_pipeline) {
		/* Named pipelines show expanded: what would run. */
		char *text = ir_pm_pipeline_str(pm);
		puts(text);
		free(text);
		ir_pm_destroy(pm);
		exit(EXIT_OK);
	}
	ir_pm_destroy(pm);
	if (!ok)
		exit(EXIT_USAGE);
}

static double
seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs the command line's passes on module in ctx; prints the timing
 * and statistics reports to stderr. */
static bool
run_passes(const PassCli *pc, IrContext *ctx, IrOp *module,
    double parse_seconds, IrPassManager **pmp)
{
	IrPassManager *pm = ir_pm_create(ctx, &pc->pm);
	*pmp = pm;
	ir_pm_add_timing(pm, "parse+verify", parse_seconds, true);
	return build_pipeline(pc, pm) && ir_pm_run(pm, module);
}

static void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "npu-opt: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'npu-opt --help'.\n");
	exit(EXIT_USAGE);
}

/* Every flag but the passes', for did-you-mean. */
static const char *const flag_names[] = {
	"help", "list-passes", "version", "o", "dump-dialect",
	"split-input-file", "verify-diagnostics", "allow-unregistered-dialect",
	"print-op-generic", "mlir-print-op-generic", "print-debuginfo",
	"mlir-print-debuginfo", "mlir-print-local-scope", "no-verify-each",
	"timing", "mlir-timing", "pass-statistics", "mlir-pass-statistics",
	"print-ir-before-all", "print-ir-after-all", "print-ir-after-change",
	"print-ir-module-scope", "mlir-print-ir-module-scope",
	"register-test-ops", "pass-pipeline", "print-ir-before",
	"print-ir-after", "load-pass-plugin",
};

/* The registered pass nearest to name[0..len), or NULL. */
static const char *
suggest_pass(IrContext *registry, const char *name, size_t len)
{
	size_t n = 0;
	while (ir_registered_pass(registry, n))
		n++;
	const char **cands = ir_xcalloc(n + 1, sizeof *cands);
	for (size_t i = 0; i < n; i++)
		cands[i] = ir_registered_pass(registry, i)->argument;
	const char *s = ir_suggest(name, len, cands, n);
	free(cands);
	return s;
}

/* An unknown flag: a usage error, with the nearest flag or pass. */
static void IR_NORETURN
unknown_option(PassCli *pc, const char *arg, const char *name)
{
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const char *s = ir_suggest(name, len, flag_names,
	    sizeof flag_names / sizeof flag_names[0]);
	const char *p = suggest_pass(pc->registry, name, len);
	if (p && (!s || strlen(p) == len))
		s = p;
	if (s)
		usage_error("unknown option '%s'; did you mean '--%s'?", arg,
		    s);
	usage_error("unknown option '%s'", arg);
}

/* Boolean flags, by name without leading dashes. */
static bool *
flag_slot(Options *o, const char *name)
{
	static const struct {
		const char *name;
		size_t off;
	} flags[] = {
		{ "split-input-file", offsetof(Options, split) },
		{ "verify-diagnostics", offsetof(Options, verify_diags) },
		{ "allow-unregistered-dialect",
		  offsetof(Options, allow_unregistered) },
		{ "print-op-generic", offsetof(Options, print.generic) },
		{ "mlir-print-op-generic", offsetof(Options, print.generic) },
		{ "print-debuginfo", offsetof(Options, print.debuginfo) },
		{ "mlir-print-debuginfo", offsetof(Options, print.debuginfo) },
		{ "mlir-print-local-scope", offsetof(Options, local_scope) },
	};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcmp(name, flags[i].name))
			return (bool *)((char *)o + flags[i].off);
	return NULL;
}

/* Handles an argument starting with '-' (other than "-"); returns how many
 * arguments it used. */
static int
parse_flag(Options *o, int argc, char **argv, int i)
{
	const char *a = argv[i];
	const char *name = a[1] == '-' ? a + 2 : a + 1;
	if (!strcmp(name, "help") || !strcmp(name, "h")) {
		fputs(usage_text, stdout);
		fputc('\n', stdout);
		ir_print_pass_registry(o->passes.registry, stdout, "text");
		exit(EXIT_OK);
	}
	if (!strncmp(name, "list-passes", 11) &&
	    (!name[11] || name[11] == '=')) {
		if (!ir_print_pass_registry(o->passes.registry, stdout,
		    name[11] ? name + 12 : "text"))
			usage_error("unknown --list-passes format '%s' (text, "
			    "markdown)", name + 12);
		exit(EXIT_OK);
	}
	int used = parse_pass_flag(&o->passes, name, argc, argv, i);
	if (used)
		return used;
	if (!strcmp(name, "version")) {
		printf("npu-opt (npu-ir) %s\n", NPUIR_VERSION);
		exit(EXIT_OK);
	}
	if (!strcmp(name, "o")) {
		if (i + 1 >= argc)
			usage_error("option '%s' needs a file name", a);
		o->output = argv[i + 1];
		return 2;
	}
	if (!strncmp(name, "dump-dialect=", 13)) {
		const Dialect *d = dialects_lookup(name + 13);
		if (!d)
			usage_error("unknown dialect '%s'", name + 13);
		dialect_print_docs(stdout, d);
		exit(EXIT_OK);
	}
	if (!strncmp(name, "o=", 2)) {
		o->output = name + 2;
		return 1;
	}
	bool *slot = flag_slot(o, name);
	if (!slot)
		unknown_option(&o->passes, a, name);
	*slot = true;
	return 1;
}

static void
parse_args(Options *o, int argc, char **argv)
{
	bool only_files = false;
	prescan_pass_flags(&o->passes, argc, argv);
	for (int i = 1; i < argc;) {
		const char *a = argv[i];
		if (!only_files && !strcmp(a, "--")) {
			only_files = true;
			i++;
		} else if (!only_files && a[0] == '-' && a[1]) {
			i += parse_flag(o, argc, argv, i);
		} else {
			if (o->input)
				usage_error("more than one input file ('%s')",
				    a);
			o->input = a;
			i++;
		}
	}
	if (!o->input)
		o->input = "-";
	if (!o->output)
		o->output = "-";
	o->passes.pm.print = o->print;
	check_pipeline(&o->passes);
}

/* Reads all of f into a buffer with room for a NUL after the data
 * (sized from the file's size when it has one, so a big input is read
 * with no copy); false on a read error. */
static bool
read_all(FILE *f, Input *in)
{
	struct stat st;
	size_t cap = 1 << 16;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uintmax_t)st.st_size < SIZE_MAX / 2)
		cap = (size_t)st.st_size + 1;
	in->data = ir_xmalloc(cap);
	in->len = 0;
	for (;;) {
		if (in->len + 1 >= cap) {
			if (cap >= IR_INPUT_MAX) {
				errno = EFBIG; /* /dev/zero through a pipe */
				return false;
			}
			cap *= 2;
			in->data = ir_xrealloc(in->data, cap);
		}
		size_t n = fread(in->data + in->len, 1, cap - 1 - in->len, f);
		in->len += n;
		if (n == 0)
			return !ferror(f);
	}
}

/* Maps a regular file whose size is not a multiple of the page size, so
 * the rest of its last page (zeroes) ends the text with a NUL: no copy,
 * and no page to clear. False (nothing done) when it does not apply. */
static bool
map_file(FILE *f, Input *in)
{
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size <= 0 || page <= 0 || st.st_size % page == 0 ||
	    (uintmax_t)st.st_size >= SIZE_MAX / 2)
		return false;
	int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
	flags |= MAP_POPULATE;
#endif
	void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, flags, fileno(f),
	    0);
	if (p == MAP_FAILED)
		return false;
	in->data = p;
	in->len = (size_t)st.st_size;
	in->mapped = true;
	return true;
}

/* Releases the input's bytes. */
static void
input_free(Input *in)
{
	if (in->mapped)
		munmap(in->data, in->len);
	else
		free(in->data);
	in->data = NULL;
}

static bool
read_input(const char *path, Input *in)
{
	bool use_stdin = !strcmp(path, "-");
	in->name = use_stdin ? "<stdin>" : path;
	FILE *f = use_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "npu-opt: cannot open input file '%s': %s\n",
		    path, strerror(errno));
		return false;
	}
	char why[128];
	if (!ir_input_kind_ok(fileno(f), use_stdin, why, sizeof why)) {
		fprintf(stderr, "npu-opt: cannot read '%s': %s\n", path, why);
		fclose(f);
		return false;
	}
	if (!use_stdin && map_file(f, in)) {
		fclose(f);
		return true;
	}
	bool ok = read_all(f, in);
	if (!ok && errno == EFBIG)
		fprintf(stderr, "npu-opt: cannot read '%s': input is larger "
		    "than the %zu-byte limit\n", in->name, IR_INPUT_MAX);
	else if (!ok)
		fprintf(stderr, "npu-opt: cannot read '%s': %s\n", in->name,
		    strerror(errno));
	if (!use_stdin)
		fclose(f);
	return ok;
}

/* IR is text: a model file given by mistake (npu-opt model.tflite) is
 * named, with the command that reads it, instead of being parsed into
 * an error that prints binary bytes. An ONNX model begins with its
 * ir_version field (byte 0x08) and holds NULs. */
static bool
is_text(const Input *in)
{
	size_t n = in->len < 4096 ? in->len : 4096;
	const char *d = in->data;
	if (in->len >= 8 && !memcmp(d + 4, "TFL3", 4)) {
		fprintf(stderr, "npu-opt: '%s' looks like a TFLite model; use "
		    "npu-translate --import-tflite\n", in->name);
		return false;
	}
	/* Other binary input gets the parser's "unexpected NUL byte" at
	 * its line and column. */
	if (n == 0 || d[0] != 0x08 || !memchr(d, '\0', n))
		return true;
	fprintf(stderr, "npu-opt: '%s' looks like an ONNX model; use "
	    "npu-translate --import-onnx\n", in->name);
	return false;
}

/* Is [p, end) the line "// -----" (trailing blanks allowed)? */
static bool
is_split_marker(const char *p, const char *end)
{
	static const char marker[] = "// -----";
	size_t n = sizeof marker - 1;
	if ((size_t)(end - p) < n || memcmp(p, marker, n))
		return false;
	for (p += n; p < end; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r')
			return false;
	return true;
}

/* The output, opened when the first thing is printed: a run that fails
 * before (a parse error, a failing pass) or is killed while it works
 * never creates the temp file beside the output. */
typedef struct Sink {
	const char *path;
	bool buffered;
	IrOutput *out;
	char err[512];
} Sink;

/* The output stream, opened on first use; NULL (err set) when it
 * cannot be. */
static FILE *
sink_stream(Sink *s)
{
	if (!s->out && !s->err[0])
		s->out = ir_output_open(s->path, s->buffered, s->err,
		    sizeof s->err);
	return s->out ? ir_output_stream(s->out) : NULL;
}

/* Parses, verifies and prints one chunk into out. Returns true on
 * success (with --verify-diagnostics: when diagnostics matched). */
static bool
process_chunk(const Options *o, Input *in, const char *data,
    size_t len, unsigned first_line, Sink *out)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ethosu_register_dialect(ctx);
	ir_context_set_allow_unregistered(ctx, o->allow_unregistered);
	bool registered = register_all(&o->passes, ctx);
	const IrSource *src;
	if (o->split) {
		src = ir_context_add_source(ctx, in->name, data, len,
		    first_line);
	} else if (in->mapped) {
		/* The whole input, mapped: main unmaps it at the end. */
		src = ir_context_borrow_source(ctx, in->name, in->data, len,
		    first_line);
	} else {
		/* The whole input: the context takes the buffer. */
		src = ir_context_adopt_source(ctx, in->name, in->data, len,
		    first_line);
		in->data = NULL;
	}
	DiagVerifier *dv = o->verify_diags ? diag_verifier_create(ctx, src)
	    : NULL;
	double t0 = seconds_now();
	IrOp *module = registered ? ir_parse(ctx, src) : NULL;
	bool ok = module && ir_verify(module);
	IrPassManager *pm = NULL;
	if (ok && o->passes.nargs)
		ok = run_passes(&o->passes, ctx, module, seconds_now() - t0,
		    &pm);
	/* No blank line after the module: this matches mlir-opt-14 with
	 * --mlir-print-local-scope, the form we print (we emit no aliases). */
	FILE *f = ok ? sink_stream(out) : NULL;
	ok = ok && f;
	if (ok) {
		t0 = seconds_now();
		ir_print_op(f, module, &o->print);
		if (pm)
			ir_pm_add_timing(pm, "print", seconds_now() - t0,
			    false);
	}
	if (pm && o->passes.timing)
		ir_pm_print_timing(pm, stderr);
	if (pm && o->passes.statistics)
		ir_pm_print_statistics(pm, stderr);
	ir_pm_destroy(pm);
	if (dv)
		ok = diag_verifier_finish(dv);
	if (!FREE_AT_EXIT && !o->split) {
		/* The process ends after this chunk: the kernel frees the
		 * IR faster than freeing it object by object would. */
		return ok;
	}
	if (module)
		ir_op_destroy(module);
	ir_context_destroy(ctx);
	return ok;
}

/* Runs every chunk (the whole input without --split-input-file); outputs
 * are joined by "// -----" lines. */
static bool
process(const Options *o, Input *in, Sink *out)
{
	if (!o->split)
		return process_chunk(o, in, in->data, in->len, 1, out);
	bool ok = true;
	const char *p = in->data, *end = in->data + in->len;
	const char *chunk = p;
	unsigned line = 1, chunk_line = 1;
	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (is_split_marker(p, nl ? nl : end)) {
			ok = process_chunk(o, in, chunk, (size_t)(p - chunk),
			    chunk_line, out) && ok;
			FILE *f = sink_stream(out);
			if (!f)
				return false;
			fputs("// -----\n", f);
			chunk = nl ? nl + 1 : end;
			chunk_line = line + 1;
		}
		if (!nl)
			break;
		p = nl + 1;
		line++;
	}
	return process_chunk(o, in, chunk, (size_t)(end - chunk), chunk_line,
	    out) && ok;
}

/* Frees what parse_args allocated (the pass registry, pass arguments). */
static void
options_free(Options *o)
{
	for (size_t i = 0; i < o->passes.nargs; i++)
		free(o->passes.args[i].pass);
	free(o->passes.args);
	free(o->passes.plugins);
	ir_context_destroy(o->passes.registry);
}

int
main(int argc, char **argv)
{
	Options o = {0};
	ir_malloc_tune();
	ir_output_check_stdout_at_exit("npu-opt");
	parse_args(&o, argc, argv);
	Input in = {0};
	if (!read_input(o.input, &in) || !is_text(&in)) {
		input_free(&in);
		options_free(&o);
		return EXIT_USER;
	}
	/* Output is printed only after a chunk succeeded; it is buffered
	 * when a later failure (another chunk, an unmet expected-error)
	 * could still make the run fail. */
	Sink out = { .path = o.output, .buffered = o.split ||
	    o.verify_diags };
	bool ok = process(&o, &in, &out);
	/* A successful run that printed nothing (every chunk an expected
	 * error) still makes its (empty) output. */
	if (ok && !out.out)
		ok = sink_stream(&out) != NULL;
	if (out.out)
		ok = ir_output_close(out.out, ok, out.err, sizeof out.err);
	if (out.err[0])
		fprintf(stderr, "npu-opt: %s\n", out.err);
	input_free(&in);
	options_free(&o);
	return ok ? EXIT_OK : EXIT_USER;
}
