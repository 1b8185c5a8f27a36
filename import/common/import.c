/* import/common/import.c: helpers shared by the model importers: the
 * mapped input file, bounds-checked reads, name locations, the list of
 * unsupported ops, graph op builders and the @main function. */
#define _DEFAULT_SOURCE /* madvise */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/import.h"

/* ------------------------------------------------------------ the file */

static const char *
base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

void
import_file_from_memory(IrContext *ctx, const char *name, const void *data,
    size_t size, ImportFile *f)
{
	memset(f, 0, sizeof(*f));
	f->ctx = ctx;
	f->path = name;
	f->name = ir_ident_cstr(ctx, base_name(name));
	f->data = data;
	f->size = size;
}

static bool
map_fd(ImportFile *f, int fd, const struct stat *st)
{
	if (!S_ISREG(st->st_mode)) {
		import_file_error(f, "not a regular file");
		return false;
	}
	if ((uint64_t)st->st_size > IMPORT_MAX_FILE) {
		import_file_error(f, "file too large (%lld bytes, the limit "
		    "is %llu)", (long long)st->st_size,
		    (unsigned long long)IMPORT_MAX_FILE);
		return false;
	}
	f->size = (size_t)st->st_size;
	if (f->size == 0)
		return true;
	void *p = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		import_file_error(f, "cannot map: %s", strerror(errno));
		return false;
	}
	f->map = p;
	f->data = p;
	return true;
}

bool
import_file_open(IrContext *ctx, const char *path, ImportFile *f)
{
	import_file_from_memory(ctx, path, NULL, 0, f);
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		ir_emit_error(ctx, ir_loc_unknown(ctx), "cannot open '%s': %s",
		    path, strerror(errno));
		return false;
	}
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && map_fd(f, fd, &st);
	close(fd);
	return ok;
}

void
import_file_close(ImportFile *f)
{
	if (f->map)
		munmap(f->map, f->size);
	f->map = NULL;
	f->data = NULL;
	f->size = 0;
}

IrOp *
import_path(IrContext *ctx, const char *path, const ImportOptions *opts,
    ImportFileFn import)
{
	ImportFile f;
	if (!import_file_open(ctx, path, &f))
		return NULL;
	if (f.map) {
		ir_context_adopt_mapping(ctx, f.map, f.size);
		f.lasting = true;
	}
	IrOp *module = import(ctx, &f, opts);
	if (f.lasting)
		import_file_drop(&f, f.data, f.size);
	else
		import_file_close(&f);
	return module;
}

void
import_file_drop(const ImportFile *f, const void *p, size_t n)
{
	if (!f->map || n == 0)
		return;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)p + page - 1) / page * page;
	uintptr_t hi = ((uintptr_t)p + n) / page * page;
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

bool
import_in_bounds(const ImportFile *f, uint64_t off, uint64_t len)
{
	return off <= f->size && len <= f->size - off;
}

bool
import_read_u8(const ImportFile *f, uint64_t off, uint8_t *out)
{
	if (!import_in_bounds(f, off, 1))
		return false;
	*out = f->data[off];
	return true;
}

bool
import_read_u16(const ImportFile *f, uint64_t off, uint16_t *out)
{
	if (!import_in_bounds(f, off, 2))
		return false;
	const uint8_t *p = f->data + off;
	*out = (uint16_t)(p[0] | p[1] << 8);
	return true;
}

bool
import_read_u32(const ImportFile *f, uint64_t off, uint32_t *out)
{
	if (!import_in_bounds(f, off, 4))
		return false;
	const uint8_t *p = f->data + off;
	*out = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
	return true;
}

bool
import_read_u64(const ImportFile *f, uint64_t off, uint64_t *out)
{
	uint32_t lo, hi;
	if (!import_read_u32(f, off, &lo) || !import_read_u32(f, off + 4, &hi))
		return false;
	*out = (uint64_t)hi << 32 | lo;
	return true;
}

void
import_file_error(const ImportFile *f, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	IrContext *ctx = f->ctx;
	ir_emit_error(ctx, ir_loc_file(ctx, ir_ident_cstr(ctx, f->path), 0, 0),
	    "%s", msg);
}

/* ------------------------------------------------------------ locations */

const IrLoc *
import_loc(const ImportFile *f, const char *name, size_t len)
{
	IrContext *ctx = f->ctx;
	const IrLoc *file = ir_loc_file(ctx, f->name, 0, 0);
	if (!name || len == 0)
		return file;
	return ir_loc_name(ctx, ir_ident_get(ctx, name, len), file);
}

/* ------------------------------------------------------------ unsupported */

void
import_unsupported_add(ImportUnsupportedList *l, const char *what,
    const IrLoc *loc)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->items = ir_xrealloc(l->items, l->cap * sizeof(*l->items));
	}
	l->items[l->n].what = ir_xstrndup(what, strlen(what));
	l->items[l->n].loc = loc;
	l->n++;
}

/* Appends "op 'X' (node 'n')" to a growing message. */
static void
append_item(FILE *m, const ImportUnsupported *u, bool first)
{
	fprintf(m, "%s'%s'", first ? "" : ", ", u->what);
	if (u->loc && u->loc->kind == IR_LOC_NAME) {
		const IrIdent *n = u->loc->u.name.name;
		fprintf(m, " (node '%.*s')", (int)n->len, n->str);
	}
}

bool
import_unsupported_report(const ImportFile *f,
    const ImportUnsupportedList *l)
{
	if (l->n == 0)
		return true;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		ir_unreachable("open_memstream failed");
	fprintf(m, "%zu unsupported op%s: ", l->n, l->n == 1 ? "" : "s");
	for (size_t i = 0; i < l->n; i++)
		append_item(m, &l->items[i], i == 0);
	fputs(" (--allow-unsupported imports them as graph.custom)", m);
	fclose(m);
	import_file_error(f, "%s", buf);
	free(buf);
	for (size_t i = 0; i < l->n; i++)
		ir_emit_note(f->ctx, l->items[i].loc, "unsupported op '%s'",
		    l->items[i].what);
	return false;
}

void
import_unsupported_free(ImportUnsupportedList *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i].what);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

/* ------------------------------------------------------------ building */

IrOp *
import_graph_op(IrBuilder *b, const IrLoc *loc, const char *name,
    size_t noperands, IrValue *const *operands, const IrAttr *attrs)
{
	const IrLoc *saved = b->loc;
	b->loc = loc;
	IrOp *op = dialect_create(b, name, noperands, operands, attrs, 1);
	b->loc = saved;
	return op;
}

/* A graph.constant of type `type`, its data in the dense attribute made
 * by copying it or (borrow) pointing at it. */
static IrValue *
constant(IrBuilder *b, const IrLoc *loc, const IrType *type,
    const void *data, size_t size, bool borrow)
{
	IrContext *ctx = b->ctx;
	const IrType *st = type;
	const IrType *elem = type->u.shaped.elem;
	if (elem->kind == IR_TYPE_QUANT)
		st = ir_type_tensor(ctx, type->u.shaped.rank,
		    type->u.shaped.dims, elem->u.quant.storage, NULL);
	int64_t n = ir_type_num_elements(type);
	bool splat = n > 1 && size == ir_dense_elem_size(st->u.shaped.elem);
	IrNamedAttr a = {
		ir_ident_cstr(ctx, "value"),
		borrow && !splat ? ir_attr_dense_borrow(ctx, st, data, size) :
		    ir_attr_dense(ctx, st, splat, data, size),
	};
	IrOpState s = {
		.name = ir_op_name_get(ctx, "graph.constant", 14),
		.loc = loc,
		.nresults = 1,
		.result_types = &type,
		.attrs = ir_attr_dict(ctx, 1, &a),
	};
	return ir_op_result(ir_builder_create(b, &s), 0);
}

IrValue *
import_constant(IrBuilder *b, const IrLoc *loc, const IrType *type,
    const void *data, size_t size)
{
	return constant(b, loc, type, data, size, false);
}

IrValue *
import_file_constant(const ImportFile *f, IrBuilder *b, const IrLoc *loc,
    const IrType *type, const void *data, size_t size)
{
	const uint8_t *p = data;
	bool inside = f->lasting && size && p >= f->data &&
	    (size_t)(p - f->data) <= f->size - size;
	return constant(b, loc, type, data, size, inside);
}

IrOp *
import_custom_op(IrBuilder *b, const IrLoc *loc, const char *opname,
    size_t noperands, IrValue *const *operands, size_t nresults,
    const IrType *const *result_types)
{
	IrContext *ctx = b->ctx;
	IrNamedAttr a = {
		ir_ident_cstr(ctx, "op"),
		ir_attr_string(ctx, opname, strlen(opname), NULL),
	};
	IrOpState s = {
		.name = ir_op_name_get(ctx, "graph.custom", 12),
		.loc = loc,
		.noperands = noperands,
		.operands = operands,
		.nresults = nresults,
		.result_types = result_types,
		.attrs = ir_attr_dict(ctx, 1, &a),
	};
	return ir_builder_create(b, &s);
}

void
import_attrs_init(ImportAttrs *a, IrContext *ctx)
{
	a->ctx = ctx;
	a->n = 0;
}

void
import_attrs_set(ImportAttrs *a, const char *name, const IrAttr *v)
{
	if (a->n == sizeof(a->e) / sizeof(a->e[0]))
		ir_unreachable("too many attributes for ImportAttrs");
	a->e[a->n].name = ir_ident_cstr(a->ctx, name);
	a->e[a->n].value = v;
	a->n++;
}

void
import_attrs_int(ImportAttrs *a, const char *name, int64_t v)
{
	import_attrs_set(a, name, ir_attr_int(a->ctx,
	    ir_type_int(a->ctx, 64, IR_SIGNLESS), v));
}

void
import_attrs_float(ImportAttrs *a, const char *name, double v)
{
	import_attrs_set(a, name, ir_attr_float(a->ctx,
	    ir_type_float(a->ctx, IR_F32), (double)(float)v));
}

void
import_attrs_bool(ImportAttrs *a, const char *name, bool v)
{
	import_attrs_set(a, name, ir_attr_bool(a->ctx, v));
}

void
import_attrs_str(ImportAttrs *a, const char *name, const char *s)
{
	import_attrs_set(a, name, ir_attr_string(a->ctx, s, strlen(s), NULL));
}

void
import_attrs_ints(ImportAttrs *a, const char *name, size_t n,
    const int64_t *v)
{
	const IrAttr *small[16];
	const IrAttr **e = n <= 16 ? small : ir_xmalloc(n * sizeof(*e));
	const IrType *i64 = ir_type_int(a->ctx, 64, IR_SIGNLESS);
	for (size_t i = 0; i < n; i++)
		e[i] = ir_attr_int(a->ctx, i64, v[i]);
	import_attrs_set(a, name, ir_attr_array(a->ctx, n, e));
	if (e != small)
		free(e);
}

void
import_attrs_type(ImportAttrs *a, const char *name, const IrType *t)
{
	import_attrs_set(a, name, ir_attr_type(a->ctx, t));
}

const IrAttr *
import_attrs_dict(ImportAttrs *a)
{
	return ir_attr_dict(a->ctx, a->n, a->e);
}

/* ------------------------------------------------------------ @main */

IrOp *
import_main_begin(IrContext *ctx, const IrLoc *loc, size_t ninputs,
    const IrType *const *inputs, IrOp **func)
{
	IrOp *module = ir_module_create(ctx, loc);
	const IrType *ft = ir_type_function(ctx, ninputs, inputs, 0, NULL);
	*func = ir_func_create(ctx, loc, "main", ft);
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_end(&b, ir_module_body(module));
	ir_builder_insert(&b, *func);
	return module;
}

void
import_main_finish(IrOp *func, const IrLoc *loc, size_t nresults,
    IrValue *const *results)
{
	IrContext *ctx = ir_op_context(func);
	IrBlock *entry = ir_func_entry(func);
	const IrType **in = ir_xmalloc((entry->nargs + 1) * sizeof(*in));
	const IrType **out = ir_xmalloc((nresults + 1) * sizeof(*out));
	for (unsigned i = 0; i < entry->nargs; i++)
		in[i] = entry->args[i]->type;
	for (size_t i = 0; i < nresults; i++)
		out[i] = results[i]->type;
	IrOpState s = {
		.name = ir_op_name_get(ctx, "func.return", 11),
		.loc = loc,
		.noperands = nresults,
		.operands = results,
	};
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_end(&b, entry);
	ir_builder_create(&b, &s);
	const IrType *ft = ir_type_function(ctx, entry->nargs, in, nresults,
	    out);
	ir_op_set_attr(func, "function_type", ir_attr_type(ctx, ft));
	free(in);
	free(out);
}
