/* ir/diag.c: diagnostics (emission, mlir-opt style rendering with the
 * source line and a caret) and the context's source buffers. */
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"

enum {
	TAB_STOP = 8,         /* as LLVM's SourceMgr expands tabs */
	MAX_LINE_SHOWN = 4096, /* longer source lines are not shown */
	CALL_STACK_LIMIT = 10, /* "called from" notes per diagnostic */
};

/* ---- sources */

/* Records source data[0..len) (NUL-terminated) under name. */
static const IrSource *
add_source(IrContext *ctx, const char *name, const char *data, size_t len,
    unsigned first_line)
{
	IrSource *s = ir_arena_alloc(&ctx->arena, sizeof *s,
	    _Alignof(IrSource));
	s->name = ir_ident_cstr(ctx, name ? name : "");
	s->data = data;
	s->len = len;
	s->first_line = first_line;
	if (ctx->nsources == ctx->srccap) {
		ctx->srccap = ctx->srccap ? ctx->srccap * 2 : 8;
		ctx->sources = ir_xrealloc(ctx->sources,
		    ctx->srccap * sizeof *ctx->sources);
		ctx->owned = ir_xrealloc(ctx->owned,
		    ctx->srccap * sizeof *ctx->owned);
	}
	ctx->owned[ctx->nsources] = NULL;
	ctx->sources[ctx->nsources++] = s;
	return s;
}

const IrSource *
ir_context_add_source(IrContext *ctx, const char *name, const char *data,
    size_t len, unsigned first_line)
{
	char *copy = ir_xmalloc(len + 1);
	if (len)
		memcpy(copy, data, len);
	copy[len] = 0;
	const IrSource *s = add_source(ctx, name, copy, len, first_line);
	ctx->owned[ctx->nsources - 1] = copy;
	return s;
}

const IrSource *
ir_context_borrow_source(IrContext *ctx, const char *name, const char *data,
    size_t len, unsigned first_line)
{
	return add_source(ctx, name, data, len, first_line);
}

const IrSource *
ir_context_adopt_source(IrContext *ctx, const char *name, char *data,
    size_t len, unsigned first_line)
{
	data[len] = 0;
	const IrSource *s = add_source(ctx, name, data, len, first_line);
	ctx->owned[ctx->nsources - 1] = data;
	return s;
}

const IrSource *
ir_context_find_source(const IrContext *ctx, const IrIdent *name)
{
	for (size_t i = ctx->nsources; i-- > 0;)
		if (ctx->sources[i]->name == name)
			return ctx->sources[i];
	return NULL;
}

void
ir_source_linecol(const IrSource *src, size_t off, unsigned *line,
    unsigned *col)
{
	if (off > src->len)
		off = src->len;
	unsigned l = src->first_line;
	size_t start = 0;
	for (size_t i = 0; i < off; i++) {
		if (src->data[i] == '\n') {
			l++;
			start = i + 1;
		}
	}
	*line = l;
	*col = (unsigned)(off - start) + 1;
}

/* ---- emission */

void
ir_context_set_diag_handler(IrContext *ctx, IrDiagHandler handler,
    void *user)
{
	ctx->handler = handler;
	ctx->handler_user = handler ? user : NULL;
}

unsigned
ir_context_error_count(const IrContext *ctx)
{
	return ctx->nerrors;
}

/* vsnprintf into a fresh heap buffer. */
static char *
format(const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return ir_xstrndup(fmt, strlen(fmt));
	char *s = ir_xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

void
ir_emitv(IrContext *ctx, IrSeverity sev, const IrLoc *loc, const char *fmt,
    va_list ap)
{
	char *msg = format(fmt, ap);
	IrDiagnostic d = { sev, loc ? loc : ir_loc_unknown(ctx), msg };
	if (sev == IR_SEV_ERROR)
		ctx->nerrors++;
	if (ctx->handler)
		ctx->handler(ctx, &d, ctx->handler_user);
	else
		ir_diag_print(ctx, stderr, &d);
	free(msg);
}

void
ir_emit(IrContext *ctx, IrSeverity sev, const IrLoc *loc, const char *fmt,
    ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_emitv(ctx, sev, loc, fmt, ap);
	va_end(ap);
}

void
ir_emit_error(IrContext *ctx, const IrLoc *loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_emitv(ctx, IR_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
}

void
ir_emit_note(IrContext *ctx, const IrLoc *loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_emitv(ctx, IR_SEV_NOTE, loc, fmt, ap);
	va_end(ap);
}

/* ---- rendering */

static const char *
severity_word(IrSeverity s)
{
	switch (s) {
	case IR_SEV_ERROR:
		return "error";
	case IR_SEV_WARNING:
		return "warning";
	case IR_SEV_NOTE:
		return "note";
	case IR_SEV_REMARK:
		return "remark";
	}
	return "error";
}

/* The text of line `line` (1-based within src) and its length, up to the
 * first '\n' or '\r' as LLVM's SourceMgr cuts it; NULL if absent. */
static const char *
source_line(const IrSource *src, unsigned line, size_t *len)
{
	if (line < src->first_line)
		return NULL;
	unsigned want = line - src->first_line;
	const char *p = src->data, *end = src->data + src->len;
	for (unsigned l = 0; l < want; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	const char *e = p;
	while (e < end && *e != '\n' && *e != '\r')
		e++;
	*len = (size_t)(e - p);
	return p;
}

/* Writes the line with tabs expanded to TAB_STOP columns. */
static void
print_expanded(FILE *out, const char *s, size_t len)
{
	size_t col = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\t') {
			fputc(s[i], out);
			col++;
			continue;
		}
		do {
			fputc(' ', out);
			col++;
		} while (col % TAB_STOP);
	}
	fputc('\n', out);
}

/* The caret under byte column col (0-based) of s, tabs expanded. */
static void
print_caret(FILE *out, const char *s, size_t col)
{
	size_t w = 0;
	for (size_t i = 0; i < col; i++)
		w = s[i] == '\t' ? (w / TAB_STOP + 1) * TAB_STOP : w + 1;
	for (size_t i = 0; i < w; i++)
		fputc(' ', out);
	fputs("^\n", out);
}

/* The source line and caret of a file location, when its source is
 * registered and the column lies within the line (mlir-opt shows nothing
 * otherwise). */
static void
print_source(IrContext *ctx, FILE *out, const IrLoc *f)
{
	const IrSource *src = ir_context_find_source(ctx, f->u.file.file);
	size_t len = 0;
	const char *s = src ? source_line(src, f->u.file.line, &len) : NULL;
	size_t col = f->u.file.col ? f->u.file.col - 1 : 0;
	if (!s || col > len || len > MAX_LINE_SHOWN)
		return;
	print_expanded(out, s, len);
	/* LLVM's SourceMgr cannot place a caret under non-ASCII text, so
	 * mlir-opt prints none then. */
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return;
	print_caret(out, s, col);
}

static void
print_one(IrContext *ctx, FILE *out, IrSeverity sev, const IrLoc *loc,
    const char *msg, bool show_source)
{
	const IrLoc *f = ir_loc_file_of(loc);
	const char *word = severity_word(sev);
	if (!f) {
		fprintf(out, "<unknown>:0: %s: ", word);
		if (loc->kind != IR_LOC_UNKNOWN) {
			ir_print_loc(out, loc);
			fputs(": ", out);
		}
		fprintf(out, "%s\n", msg);
		return;
	}
	fwrite(f->u.file.file->str, 1, f->u.file.file->len, out);
	fprintf(out, ":%u:%u: %s: %s\n", f->u.file.line, f->u.file.col, word,
	    msg);
	if (show_source)
		print_source(ctx, out, f);
}

/* The call site a location stands for (through names and fusions). */
static const IrLoc *
callsite_of(const IrLoc *loc)
{
	const IrLoc *c = NULL;
	switch (loc->kind) {
	case IR_LOC_CALLSITE:
		return loc;
	case IR_LOC_NAME:
		return loc->u.name.child ? callsite_of(loc->u.name.child) :
		    NULL;
	case IR_LOC_FUSED:
		for (size_t i = 0; i < loc->u.fused.n && !c; i++)
			c = callsite_of(loc->u.fused.locs[i]);
		return c;
	default:
		return NULL;
	}
}

/* As mlir-opt renders a diagnostic with its notes: a note at the same
 * location as the diagnostic (or note) printed just before it shows no
 * source line, and only errors, warnings and remarks at a call-site
 * location get the "called from" call stack. */
void
ir_diag_print(IrContext *ctx, FILE *out, const IrDiagnostic *diag)
{
	const IrLoc *loc = diag->loc ? diag->loc : ir_loc_unknown(ctx);
	bool note = diag->severity == IR_SEV_NOTE;
	print_one(ctx, out, diag->severity, loc, diag->message,
	    !note || loc != ctx->diag_prev_loc);
	ctx->diag_prev_loc = loc;
	const IrLoc *c = note ? NULL : callsite_of(loc);
	for (unsigned depth = 0; c && depth < CALL_STACK_LIMIT; depth++) {
		print_one(ctx, out, IR_SEV_NOTE, c->u.callsite.caller,
		    "called from", true);
		c = callsite_of(c->u.callsite.caller);
	}
}
