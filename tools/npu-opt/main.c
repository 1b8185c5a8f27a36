/* tools/npu-opt/main.c: npu-opt, the driver: parse, verify and print MLIR
 * text, with mlir-opt's flags. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "ir/ir.h"
#include "tools/npu-opt/output.h"
#include "tools/npu-opt/verify_diag.h"

/* Exit codes (DESIGN.md section 8). */
enum { EXIT_OK = 0, EXIT_USER = 1, EXIT_USAGE = 2 };

/* What the command line asked for. */
typedef struct Options {
	const char *input;      /* file name, or "-" for stdin */
	const char *output;     /* file name, or "-" for stdout */
	bool split;             /* --split-input-file */
	bool verify_diags;      /* --verify-diagnostics */
	bool allow_unregistered;
	bool local_scope;       /* accepted for mlir-opt; always the case */
	IrPrintFlags print;
} Options;

/* The input, read whole. */
typedef struct Input {
	const char *name;       /* as diagnostics show it */
	char *data;
	size_t len;
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
"  --dump-dialect=NAME           print the markdown reference of dialect\n"
"                               NAME (graph, npu, buffer) and exit\n"
"  --help                       show this help and exit\n"
"  --version                    show the version and exit\n"
"\n"
"Flags also work with one dash (-split-input-file) and under mlir-opt's\n"
"names (--mlir-print-op-generic, --mlir-print-debuginfo); npu-opt prints no\n"
"aliases, so --mlir-print-local-scope is accepted and changes nothing.\n"
"Exit status: 0 success, 1 invalid input, 2 bad command line.\n";

static void
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "npu-opt: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'npu-opt --help'.\n");
	exit(EXIT_USAGE);
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
		exit(EXIT_OK);
	}
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
		usage_error("unknown option '%s'", a);
	*slot = true;
	return 1;
}

static void
parse_args(Options *o, int argc, char **argv)
{
	bool only_files = false;
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
}

/* Reads all of f; false on a read error. */
static bool
read_all(FILE *f, Input *in)
{
	size_t cap = 1 << 16;
	in->data = ir_xmalloc(cap);
	in->len = 0;
	for (;;) {
		if (in->len == cap) {
			cap *= 2;
			in->data = ir_xrealloc(in->data, cap);
		}
		size_t n = fread(in->data + in->len, 1, cap - in->len, f);
		in->len += n;
		if (n == 0)
			return !ferror(f);
	}
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
	bool ok = read_all(f, in);
	if (!ok)
		fprintf(stderr, "npu-opt: cannot read '%s': %s\n", in->name,
		    strerror(errno));
	if (!use_stdin)
		fclose(f);
	return ok;
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

/* Parses, verifies and prints one chunk into out. Returns true on
 * success (with --verify-diagnostics: when diagnostics matched). */
static bool
process_chunk(const Options *o, Input *in, const char *data,
    size_t len, unsigned first_line, FILE *out)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_allow_unregistered(ctx, o->allow_unregistered);
	const IrSource *src = ir_context_add_source(ctx, in->name, data, len,
	    first_line);
	if (!o->split) {
		/* The context has its own copy: halve peak memory. */
		free(in->data);
		in->data = NULL;
	}
	DiagVerifier *dv = o->verify_diags ? diag_verifier_create(ctx, src)
	    : NULL;
	IrOp *module = ir_parse(ctx, src);
	bool ok = module && ir_verify(module);
	/* No blank line after the module: this matches mlir-opt-14 with
	 * --mlir-print-local-scope, the form we print (we emit no aliases). */
	if (ok)
		ir_print_op(out, module, &o->print);
	if (module)
		ir_op_destroy(module);
	if (dv)
		ok = diag_verifier_finish(dv);
	ir_context_destroy(ctx);
	return ok;
}

/* Runs every chunk (the whole input without --split-input-file); outputs
 * are joined by "// -----" lines. */
static bool
process(const Options *o, Input *in, FILE *out)
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
			fputs("// -----\n", out);
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

int
main(int argc, char **argv)
{
	Options o = {0};
	parse_args(&o, argc, argv);
	Input in = {0};
	if (!read_input(o.input, &in)) {
		free(in.data);
		return EXIT_USER;
	}
	/* Output is printed only after a chunk succeeded; it is buffered
	 * when a later failure (another chunk, an unmet expected-error)
	 * could still make the run fail. */
	Output *out = output_open(o.output, o.split || o.verify_diags);
	bool ok = out && process(&o, &in, output_stream(out));
	ok = out && output_close(out, ok);
	free(in.data);
	return ok ? EXIT_OK : EXIT_USER;
}
