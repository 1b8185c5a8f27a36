/* test/unit/ir/diag_test.c: diagnostic emission, mlir-opt style
 * rendering (source line and caret) and source buffers. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

static IrContext *ctx;

static void
setup(void)
{
	ctx = ir_context_create();
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(diag, .init = setup, .fini = teardown);

/* What the capturing handler saw. */
typedef struct {
	int n;
	IrSeverity sev[8];
	const IrLoc *loc[8];
	char *msg[8];
} Captured;

static void
capture(IrContext *c, const IrDiagnostic *d, void *user)
{
	Captured *cap = user;
	(void)c;
	if (cap->n == 8)
		return;
	cap->sev[cap->n] = d->severity;
	cap->loc[cap->n] = d->loc;
	cap->msg[cap->n] = strdup(d->message);
	cap->n++;
}

static void
release(Captured *cap)
{
	for (int i = 0; i < cap->n; i++)
		free(cap->msg[i]);
}

/* Renders d with ir_diag_print into a malloc'd string. */
static char *
render(IrSeverity sev, const IrLoc *loc, const char *msg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	IrDiagnostic d = { sev, loc, msg };
	ir_diag_print(ctx, f, &d);
	fclose(f);
	return buf;
}

static void
expect_render(IrSeverity sev, const IrLoc *loc, const char *msg,
    const char *want)
{
	char *got = render(sev, loc, msg);
	cr_assert_str_eq(got, want);
	free(got);
}

static const IrLoc *
floc(const char *file, unsigned line, unsigned col)
{
	return ir_loc_file(ctx, ir_ident_cstr(ctx, file), line, col);
}

static void
add_source(const char *name, const char *text, unsigned first_line)
{
	ir_context_add_source(ctx, name, text, strlen(text), first_line);
}

Test(diag, handler_captures_and_counts)
{
	Captured cap = { 0 };
	ir_context_set_diag_handler(ctx, capture, &cap);
	const IrLoc *l = floc("x.mlir", 1, 2);
	ir_emit_error(ctx, l, "bad %s %d", "thing", 42);
	ir_emit_note(ctx, NULL, "see %s", "here");
	ir_emit(ctx, IR_SEV_WARNING, l, "careful");
	ir_emit(ctx, IR_SEV_ERROR, l, "%s", "again");
	cr_assert_eq(cap.n, 4);
	cr_assert_eq(cap.sev[0], IR_SEV_ERROR);
	cr_assert_str_eq(cap.msg[0], "bad thing 42");
	cr_assert_eq(cap.loc[0], l);
	cr_assert_eq(cap.sev[1], IR_SEV_NOTE);
	cr_assert_eq(cap.loc[1], ir_loc_unknown(ctx), "NULL loc: unknown");
	cr_assert_str_eq(cap.msg[1], "see here");
	cr_assert_eq(cap.sev[2], IR_SEV_WARNING);
	cr_assert_eq(ir_context_error_count(ctx), 2);
	release(&cap);
}

Test(diag, long_messages_are_not_cut)
{
	Captured cap = { 0 };
	ir_context_set_diag_handler(ctx, capture, &cap);
	char big[5000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = 0;
	ir_emit_error(ctx, NULL, "<%s>", big);
	cr_assert_eq(strlen(cap.msg[0]), sizeof big + 1);
	release(&cap);
}

Test(diag, caret_under_column)
{
	add_source("f.mlir", "module {\n  %0 = \"foo\"(\n}\n", 1);
	expect_render(IR_SEV_ERROR, floc("f.mlir", 2, 14), "expected ')'",
	    "f.mlir:2:14: error: expected ')'\n"
	    "  %0 = \"foo\"(\n"
	    "             ^\n");
	expect_render(IR_SEV_NOTE, floc("f.mlir", 1, 1), "here",
	    "f.mlir:1:1: note: here\n"
	    "module {\n"
	    "^\n");
}

Test(diag, severity_words)
{
	const IrLoc *l = floc("nosrc.mlir", 3, 7);
	expect_render(IR_SEV_ERROR, l, "m", "nosrc.mlir:3:7: error: m\n");
	expect_render(IR_SEV_WARNING, l, "m", "nosrc.mlir:3:7: warning: m\n");
	expect_render(IR_SEV_NOTE, l, "m", "nosrc.mlir:3:7: note: m\n");
	expect_render(IR_SEV_REMARK, l, "m", "nosrc.mlir:3:7: remark: m\n");
}

/* mlir-opt (LLVM's SourceMgr) expands tabs to 8 columns in the source
 * line and the caret line alike. */
Test(diag, tabs_expand_like_mlir_opt)
{
	add_source("t.mlir", "\t %0 = \"arith.constant\"()\n", 1);
	expect_render(IR_SEV_ERROR, floc("t.mlir", 1, 8), "m",
	    "t.mlir:1:8: error: m\n"
	    "         %0 = \"arith.constant\"()\n"
	    "              ^\n");
	add_source("t2.mlir", "ab\tc\n", 1);
	expect_render(IR_SEV_ERROR, floc("t2.mlir", 1, 4), "m",
	    "t2.mlir:1:4: error: m\n"
	    "ab      c\n"
	    "        ^\n");
}

Test(diag, column_or_line_out_of_range_shows_no_source)
{
	add_source("r.mlir", "abc\ndef", 1);
	expect_render(IR_SEV_ERROR, floc("r.mlir", 1, 4), "end",
	    "r.mlir:1:4: error: end\nabc\n   ^\n");
	expect_render(IR_SEV_ERROR, floc("r.mlir", 1, 5), "m",
	    "r.mlir:1:5: error: m\n");
	expect_render(IR_SEV_ERROR, floc("r.mlir", 3, 1), "m",
	    "r.mlir:3:1: error: m\n");
	expect_render(IR_SEV_ERROR, floc("r.mlir", 2, 3), "last line",
	    "r.mlir:2:3: error: last line\ndef\n  ^\n");
}

/* mlir-opt-14 prints no caret under a line with non-ASCII bytes. */
Test(diag, non_ascii_line_has_no_caret)
{
	add_source("u.mlir", "\"foo\"() {a = \"\xc3\xa9\"} )\n", 1);
	expect_render(IR_SEV_ERROR, floc("u.mlir", 1, 19), "m",
	    "u.mlir:1:19: error: m\n\"foo\"() {a = \"\xc3\xa9\"} )\n");
	add_source("c.mlir", "ab\x01" "c\n", 1);
	expect_render(IR_SEV_ERROR, floc("c.mlir", 1, 4), "m",
	    "c.mlir:1:4: error: m\nab\x01" "c\n   ^\n");
}

Test(diag, crlf_line_ends_are_cut)
{
	add_source("w.mlir", "ab\r\ncd\r\n", 1);
	expect_render(IR_SEV_ERROR, floc("w.mlir", 2, 2), "m",
	    "w.mlir:2:2: error: m\ncd\n ^\n");
}

Test(diag, split_input_first_line)
{
	add_source("s.mlir", "one\ntwo\n", 10);
	expect_render(IR_SEV_ERROR, floc("s.mlir", 11, 2), "m",
	    "s.mlir:11:2: error: m\ntwo\n ^\n");
	expect_render(IR_SEV_ERROR, floc("s.mlir", 9, 1), "m",
	    "s.mlir:9:1: error: m\n");
}

Test(diag, newest_source_wins)
{
	add_source("n.mlir", "old\n", 1);
	add_source("n.mlir", "new\n", 1);
	const IrSource *s = ir_context_find_source(ctx,
	    ir_ident_cstr(ctx, "n.mlir"));
	cr_assert_str_eq(s->data, "new\n");
	cr_assert_null(ir_context_find_source(ctx,
	    ir_ident_cstr(ctx, "other")));
	expect_render(IR_SEV_ERROR, floc("n.mlir", 1, 1), "m",
	    "n.mlir:1:1: error: m\nnew\n^\n");
}

Test(diag, sources_are_copied)
{
	char text[] = "abc";
	const IrSource *s = ir_context_add_source(ctx, "c.mlir", text, 3, 1);
	text[0] = 'z';
	cr_assert_str_eq(s->data, "abc");
	cr_assert_eq(s->len, 3);
	cr_assert_eq(s->data[3], 0);
	cr_assert_eq(s->name, ir_ident_cstr(ctx, "c.mlir"));
}

Test(diag, source_linecol)
{
	const IrSource *s = ir_context_add_source(ctx, "l.mlir", "ab\ncde\n\nx",
	    9, 5);
	unsigned line, col;
	ir_source_linecol(s, 0, &line, &col);
	cr_assert(line == 5 && col == 1);
	ir_source_linecol(s, 2, &line, &col);
	cr_assert(line == 5 && col == 3);
	ir_source_linecol(s, 3, &line, &col);
	cr_assert(line == 6 && col == 1);
	ir_source_linecol(s, 5, &line, &col);
	cr_assert(line == 6 && col == 3);
	ir_source_linecol(s, 7, &line, &col);
	cr_assert(line == 7 && col == 1);
	ir_source_linecol(s, 8, &line, &col);
	cr_assert(line == 8 && col == 1);
	ir_source_linecol(s, 9, &line, &col);
	cr_assert(line == 8 && col == 2, "end of buffer");
}

Test(diag, unknown_location)
{
	expect_render(IR_SEV_ERROR, ir_loc_unknown(ctx), "oops",
	    "<unknown>:0: error: oops\n");
	expect_render(IR_SEV_NOTE, NULL, "oops", "<unknown>:0: note: oops\n");
}

Test(diag, nested_file_location_is_used)
{
	add_source("n.mlir", "xyz\n", 1);
	const IrLoc *f = floc("n.mlir", 1, 2);
	const IrLoc *n = ir_loc_name(ctx, ir_ident_cstr(ctx, "v"), f);
	expect_render(IR_SEV_ERROR, n, "m", "n.mlir:1:2: error: m\nxyz\n ^\n");
	const IrLoc *two[] = { ir_loc_unknown(ctx), n };
	expect_render(IR_SEV_ERROR, ir_loc_fused(ctx, 2, two, NULL), "m",
	    "n.mlir:1:2: error: m\nxyz\n ^\n");
}

/* mlir-opt prints `<unknown>:0: error: loc(...): msg` when no file
 * location is inside; the location text comes from ir_print_loc. */
Test(diag, location_without_file)
{
	const IrLoc *n = ir_loc_name(ctx, ir_ident_cstr(ctx, "foo"), NULL);
	expect_render(IR_SEV_ERROR, n, "msg",
	    "<unknown>:0: error: loc(\"foo\"): msg\n");
	const IrLoc *cs = ir_loc_callsite(ctx, n, ir_loc_unknown(ctx));
	expect_render(IR_SEV_ERROR, cs, "m",
	    "<unknown>:0: error: loc(callsite(\"foo\" at unknown)): m\n"
	    "<unknown>:0: note: called from\n");
	/* Notes get no call stack. */
	expect_render(IR_SEV_NOTE, cs, "see",
	    "<unknown>:0: note: loc(callsite(\"foo\" at unknown)): see\n");
}

/* mlir-opt shows the source line of a note only when its location
 * differs from the one printed just before. */
Test(diag, note_at_same_location_has_no_source)
{
	add_source("v.mlir", "abc\ndef\n", 1);
	const IrLoc *l = floc("v.mlir", 1, 2);
	expect_render(IR_SEV_ERROR, l, "bad", "v.mlir:1:2: error: bad\n"
	    "abc\n ^\n");
	expect_render(IR_SEV_NOTE, l, "same", "v.mlir:1:2: note: same\n");
	expect_render(IR_SEV_NOTE, floc("v.mlir", 2, 1), "other",
	    "v.mlir:2:1: note: other\ndef\n^\n");
	expect_render(IR_SEV_ERROR, l, "again", "v.mlir:1:2: error: again\n"
	    "abc\n ^\n");
}

/* As mlir-opt: a call-site location adds "called from" notes. */
Test(diag, callsite_notes)
{
	const IrLoc *cs = ir_loc_callsite(ctx, floc("b", 3, 4),
	    floc("c", 5, 6));
	expect_render(IR_SEV_ERROR, cs, "m",
	    "b:3:4: error: m\nc:5:6: note: called from\n");
	const IrLoc *outer = ir_loc_callsite(ctx, cs, floc("d", 7, 8));
	expect_render(IR_SEV_ERROR, outer, "m",
	    "b:3:4: error: m\nd:7:8: note: called from\n");
}

static void
setup_redirect(void)
{
	/* Criterion runs the suite's .init (setup) before this one. */
	cr_redirect_stderr();
}

/* The default handler prints the mlir-opt rendering to stderr. */
Test(diag, handler_reset_to_default, .init = setup_redirect)
{
	Captured cap = { 0 };
	ir_context_set_diag_handler(ctx, capture, &cap);
	ir_context_set_diag_handler(ctx, NULL, NULL);
	add_source("e.mlir", "x = y\n", 1);
	ir_emit(ctx, IR_SEV_REMARK, NULL, "to %s", "stderr");
	ir_emit_error(ctx, floc("e.mlir", 1, 5), "bad y");
	fflush(stderr);
	cr_assert_eq(cap.n, 0);
	cr_assert_eq(ir_context_error_count(ctx), 1);
	cr_assert_stderr_eq_str("<unknown>:0: remark: to stderr\n"
	    "e.mlir:1:5: error: bad y\nx = y\n    ^\n");
}
