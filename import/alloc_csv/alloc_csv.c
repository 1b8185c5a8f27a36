/* import/alloc_csv/alloc_csv.c: MiniMalloc's allocation CSV in and out:
 * each row a buffer live over [lower, upper) needing size bytes; out, the
 * offset plan-memory gave it. */
#include "import/alloc_csv/alloc_csv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dialects/dialect.h"
#include "ir/input.h"

/* The reader's place in the file. */
typedef struct Csv {
	IrContext *ctx;
	const IrIdent *file;
	const char *p, *end;
	unsigned line;
	const char *bol;	/* beginning of the current line */
	bool offset_column;
} Csv;

static bool
csv_error(Csv *c, const char *at, const char *fmt, const char *what)
{
	const IrLoc *loc = ir_loc_file(c->ctx, c->file, c->line,
	    (unsigned)(at - c->bol) + 1);
	ir_emit(c->ctx, IR_SEV_ERROR, loc, fmt, what);
	return false;
}

/* The next field (column what, followed by column next; NULL: the
 * last): up to a comma or the end of the line. */
static bool
field(Csv *c, const char **s, size_t *n, const char *what, const char *next)
{
	bool last = next == NULL;
	const char *q = c->p;
	while (q < c->end && *q != ',' && *q != '\n' && *q != '\r')
		q++;
	*s = c->p;
	*n = (size_t)(q - c->p);
	bool at_eol = q == c->end || *q != ',';
	if (last != at_eol)
		return csv_error(c, q, last ? "expected the end of the row "
		    "after %s" : "missing column '%s'", last ? what : next);
	c->p = q < c->end && *q == ',' ? q + 1 : q;
	return true;
}

static bool
int_field(Csv *c, int64_t *v, int64_t min, const char *what,
    const char *next)
{
	const char *s;
	size_t n;
	if (!field(c, &s, &n, what, next))
		return false;
	char buf[32];
	char *e;
	if (n == 0 || n >= sizeof buf)
		return csv_error(c, s, "bad integer in column '%s'", what);
	memcpy(buf, s, n);
	buf[n] = 0;
	errno = 0;
	long long x = strtoll(buf, &e, 10);
	if (*e || errno)
		return csv_error(c, s, "bad integer in column '%s'", what);
	if (x < min)
		return csv_error(c, s, min ? "column '%s' must be positive" :
		    "column '%s' must not be negative", what);
	*v = x;
	return true;
}

static void
next_line(Csv *c)
{
	while (c->p < c->end && *c->p != '\n')
		c->p++;
	if (c->p < c->end)
		c->p++;
	c->line++;
	c->bol = c->p;
}

static bool
header(Csv *c)
{
	static const char h4[] = "id,lower,upper,size";
	size_t n = 0;
	while (c->p + n < c->end && c->p[n] != '\n' && c->p[n] != '\r')
		n++;
	if (n == sizeof h4 - 1 + 7 && !strncmp(c->p, h4, sizeof h4 - 1) &&
	    !strncmp(c->p + sizeof h4 - 1, ",offset", 7))
		c->offset_column = true;
	else if (n != sizeof h4 - 1 || strncmp(c->p, h4, n))
		return csv_error(c, c->p, "expected the header '%s'",
		    "id,lower,upper,size");
	next_line(c);
	return true;
}

static const IrAttr *
i64(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static IrNamedAttr
named(IrContext *ctx, const char *name, const IrAttr *v)
{
	return (IrNamedAttr){ir_ident_get(ctx, name, strlen(name)), v};
}

/* One row -> one buffer.alloc at bl's insertion point. */
static bool
row(Csv *c, IrBuilder *bl, IrPtrMap *seen)
{
	const char *id, *row_start = c->p;
	size_t idn;
	int64_t lo, hi, size, off;
	if (!field(c, &id, &idn, "id", "lower"))
		return false;
	if (idn == 0)
		return csv_error(c, id, "empty %s", "id");
	if (!int_field(c, &lo, 0, "lower", "upper") ||
	    !int_field(c, &hi, 0, "upper", "size") ||
	    !int_field(c, &size, 1, "size", c->offset_column ? "offset" :
	    NULL) || (c->offset_column && !int_field(c, &off, 0, "offset",
	    NULL)))
		return false;
	if (lo >= hi)
		return csv_error(c, row_start, "buffer '%s': lower must be "
		    "below upper (the live range is [lower, upper))",
		    ir_ident_get(c->ctx, id, idn)->str);
	const IrIdent *name = ir_ident_get(c->ctx, id, idn);
	if (ir_ptrmap_get(seen, name))
		return csv_error(c, id, "duplicate id '%s'", name->str);
	ir_ptrmap_put(seen, name, (void *)name);
	IrContext *ctx = c->ctx;
	IrNamedAttr e[] = {
		named(ctx, "alignment", i64(ctx, 1)),
		named(ctx, "live_end", i64(ctx, hi)),
		named(ctx, "live_start", i64(ctx, lo)),
		named(ctx, "name", ir_attr_string(ctx, id, idn, NULL)),
		named(ctx, "size", i64(ctx, size)),
	};
	bl->loc = ir_loc_file(ctx, c->file, c->line, 1);
	return dialect_create(bl, "buffer.alloc", 0, NULL, ir_attr_dict(ctx,
	    sizeof e / sizeof e[0], e), 1) != NULL;
}

static bool
read_rows(Csv *c, IrOp *func)
{
	IrBuilder bl;
	IrPtrMap seen = {0};
	bool ok = header(c);
	ir_builder_init(&bl, c->ctx);
	ir_builder_set_end(&bl, ir_func_entry(func));
	while (ok && c->p < c->end) {
		if (*c->p == '\n' || *c->p == '\r') {	/* blank line */
			next_line(c);
			continue;
		}
		ok = row(c, &bl, &seen);
		while (ok && c->p < c->end && *c->p == '\r')
			c->p++;
		if (ok)
			next_line(c);
	}
	ir_ptrmap_free(&seen);
	IrOpState ret = {.name = ir_op_name_get(c->ctx, "func.return", 11),
	    .loc = ir_loc_file(c->ctx, c->file, c->line, 1)};
	if (ok)
		ir_builder_create(&bl, &ret);
	return ok;
}

/* The whole file, through ir/input.h: a regular file or pipe ("-":
 * stdin), at most IR_INPUT_MAX bytes, so /dev/zero or a directory is an
 * error, not a read that grows without end. */
static char *
slurp(IrContext *ctx, const char *path, size_t *n)
{
	bool use_stdin = !strcmp(path, "-");
	FILE *f = use_stdin ? stdin : fopen(path, "rb");
	const IrLoc *loc = ir_loc_file(ctx, ir_ident_get(ctx, path,
	    strlen(path)), 0, 0);
	char why[160] = "", *buf = NULL;
	*n = 0;
	if (!f) {
		ir_emit(ctx, IR_SEV_ERROR, loc, "cannot open: %s",
		    strerror(errno));
		return NULL;
	}
	if (ir_input_kind_ok(fileno(f), use_stdin, why, sizeof why))
		buf = ir_input_read(f, IR_INPUT_MAX, n, why, sizeof why);
	if (!use_stdin)
		fclose(f);
	if (!buf)
		ir_emit(ctx, IR_SEV_ERROR, loc, "cannot read: %s", why);
	return buf;
}

IrOp *
alloc_csv_import(IrContext *ctx, const char *path)
{
	size_t n;
	char *data = slurp(ctx, path, &n);
	if (!data)
		return NULL;
	const IrSource *src = ir_context_adopt_source(ctx, path, data, n, 1);
	Csv c = {ctx, src->name, src->data, src->data + n, 1, src->data,
	    false};
	const IrLoc *loc = ir_loc_file(ctx, src->name, 1, 1);
	IrOp *module = ir_module_create(ctx, loc);
	IrOp *func = ir_func_create(ctx, loc, "main",
	    ir_type_function(ctx, 0, NULL, 0, NULL));
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_end(&b, ir_module_body(module));
	ir_builder_insert(&b, func);
	if (read_rows(&c, func) && ir_verify(module))
		return module;
	ir_op_destroy(module);
	return NULL;
}

/* ------------------------------------------------------------ export */

static int64_t
attr_i(const IrOp *op, const char *name)
{
	const IrAttr *a = ir_op_attr(op, name);
	return a ? a->u.integer.value : -1;
}

/* The CSV rows of func's planned buffers to f; false after reporting. */
static bool
print_rows(IrContext *ctx, IrOp *func, FILE *f)
{
	bool any = false;
	fputs("id,lower,upper,size,offset\n", f);
	for (IrOp *o = ir_func_entry(func)->first; o; o = o->next) {
		if (ir_op_is(o, "buffer.alloc")) {
			ir_op_emit_error(o, "not planned: run plan-memory "
			    "before --export-alloc-csv");
			return false;
		}
		IrOp *base = ir_op_is(o, "buffer.view") ?
		    ir_value_def_op(o->operands[0].value) : NULL;
		if (!base || !ir_op_is(base, "buffer.arena"))
			continue;
		const IrAttr *nm = ir_op_attr(o, "name");
		int64_t lo = attr_i(o, "live_start"), hi = attr_i(o, "live_end");
		const IrType *t = ir_op_result(o, 0)->type;
		if (!nm || lo < 0 || hi < 0 || t->u.shaped.rank != 1) {
			ir_op_emit_error(o, "a planned buffer for the CSV needs "
			    "name, live_start, live_end and a 1-D byte shape");
			return false;
		}
		fprintf(f, "%s,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64
		    "\n", nm->u.string.data, lo, hi, t->u.shaped.dims[0],
		    attr_i(o, "offset") < 0 ? 0 : attr_i(o, "offset"));
		any = true;
	}
	(void)ctx;
	if (!any)
		ir_op_emit_error(func, "no planned buffers (views of a "
		    "buffer.arena) to export");
	return any;
}

static IrOp *
first_func(IrOp *module)
{
	for (IrOp *o = ir_module_body(module)->first; o; o = o->next)
		if (ir_op_is(o, "func.func") && ir_func_entry(o))
			return o;
	return NULL;
}

bool
alloc_csv_export(IrContext *ctx, IrOp *module, const char *path)
{
	IrOp *func = first_func(module);
	if (!func) {
		ir_op_emit_error(module, "no function to export");
		return false;
	}
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	bool ok = print_rows(ctx, func, m);
	fclose(m);
	if (ok && !strcmp(path, "-")) {
		ok = fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0;
	} else if (ok) {
		size_t n = strlen(path);
		char *tmp = ir_xmalloc(n + 16);
		memcpy(tmp, path, n);
		memcpy(tmp + n, ".tmp.XXXXXX", 12);
		int fd = mkstemp(tmp);
		FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
		if (f) {
			mode_t mask = umask(0);
			umask(mask);
			fchmod(fd, 0666 & ~mask);
			ok = fwrite(text, 1, len, f) == len;
			ok = fclose(f) == 0 && ok;
			ok = ok && rename(tmp, path) == 0;
		} else {
			ok = false;
			if (fd >= 0)
				close(fd);
		}
		if (!ok) {
			ir_emit(ctx, IR_SEV_ERROR, ir_loc_unknown(ctx),
			    "cannot write '%s': %s", path, strerror(errno));
			unlink(tmp);
		}
		free(tmp);
	}
	free(text);
	return ok;
}
