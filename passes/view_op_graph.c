/* passes/view_op_graph.c: writes the IR as a Graphviz DOT graph, as
 * MLIR's pass of that name does: ops are nodes labelled with their name,
 * key attributes and result types, values are edges, each region a
 * cluster. The IR is left as it is. */
#include "passes/passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Dot {
	FILE *f;
	IrPass *pass;
	IrPtrMap ids;            /* op or block argument -> node id + 1 */
	size_t next;             /* next node id */
	size_t clusters;
	int64_t max_len;
} Dot;

/* Writes s escaped for a DOT record label, cut to max_len characters
 * (0: no limit) with "..." after a cut. */
static void
label_text(Dot *d, const char *s)
{
	size_t n = strlen(s);
	bool cut = d->max_len > 0 && n > (size_t)d->max_len;
	if (cut)
		n = (size_t)d->max_len;
	for (size_t i = 0; i < n; i++) {
		if (strchr("{}|<>\"\\", s[i]))
			fputc('\\', d->f);
		fputc(s[i] == '\n' ? ' ' : s[i], d->f);
	}
	if (cut)
		fputs("...", d->f);
}

static size_t
node_id(Dot *d, const void *key)
{
	size_t id = (size_t)(uintptr_t)ir_ptrmap_get(&d->ids, key);
	if (!id) {
		id = ++d->next;
		ir_ptrmap_put(&d->ids, key, (void *)(uintptr_t)id);
	}
	return id - 1;
}

static void
op_node(Dot *d, IrOp *op)
{
	fprintf(d->f, "    v%zu [label=\"{", node_id(d, op));
	label_text(d, ir_op_name_str(op));
	if (ir_pass_bool(d->pass, "print-attrs")) {
		const IrAttr *a = op->attrs;
		for (size_t i = 0; i < a->u.dict.n; i++) {
			const IrNamedAttr *e = &a->u.dict.entries[i];
			if (!strcmp(e->name->str, "value"))
				continue; /* weights: too long to show */
			char *v = ir_attr_str(e->value);
			fputc('|', d->f);
			label_text(d, e->name->str);
			fputs(": ", d->f);
			label_text(d, v);
			free(v);
		}
	}
	if (ir_pass_bool(d->pass, "print-result-types"))
		for (unsigned i = 0; i < op->nresults; i++) {
			char *t = ir_type_str(ir_op_result(op, i)->type);
			fputc('|', d->f);
			label_text(d, t);
			free(t);
		}
	fputs("}\"];\n", d->f);
}

/* The node that defines v. */
static size_t
def_node(Dot *d, IrValue *v)
{
	IrOp *def = ir_value_def_op(v);
	return node_id(d, def ? (const void *)def : (const void *)v);
}

static void emit_region(Dot *d, IrRegion *r, const char *label);

static void
emit_op(Dot *d, IrOp *op)
{
	op_node(d, op);
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		if (v)
			fprintf(d->f, "    v%zu -> v%zu;\n", def_node(d, v),
			    node_id(d, op));
	}
	for (unsigned r = 0; r < op->nregions; r++) {
		char label[256];
		const IrIdent *sym = ir_symbol_name(op);
		snprintf(label, sizeof label, "%s%s%s", ir_op_name_str(op),
		    sym ? " @" : "", sym ? sym->str : "");
		emit_region(d, ir_op_region(op, r), label);
	}
}

static void
emit_region(Dot *d, IrRegion *r, const char *label)
{
	fprintf(d->f, "  subgraph cluster_%zu {\n    label=\"", d->clusters++);
	label_text(d, label);
	fputs("\";\n", d->f);
	for (IrBlock *b = r->first; b; b = b->next) {
		for (unsigned i = 0; i < b->nargs; i++) {
			char *t = ir_type_str(b->args[i]->type);
			fprintf(d->f, "    v%zu [label=\"{arg%u|",
			    node_id(d, b->args[i]), i);
			label_text(d, t);
			fputs("}\" style=filled fillcolor=lightgrey];\n", d->f);
			free(t);
		}
		for (IrOp *op = b->first; op; op = op->next)
			emit_op(d, op);
	}
	fputs("  }\n", d->f);
}

static bool
view_op_graph_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	const char *path = ir_pass_string(pass, "output");
	char *tmp = NULL;
	Dot d = { .pass = pass, .max_len = ir_pass_int(pass, "max-label-len") };
	if (d.max_len < 0) {
		ir_emit_error(ctx, ir_op_loc(op), "view-op-graph: "
		    "max-label-len must be 0 (no limit) or positive, not %lld",
		    (long long)d.max_len);
		return false;
	}
	if (*path && strcmp(path, "-")) {
		size_t n = strlen(path) + 16;
		tmp = ir_xmalloc(n);
		snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
		d.f = fopen(tmp, "w");
		if (!d.f) {
			ir_emit_error(ctx, ir_op_loc(op), "view-op-graph: "
			    "cannot write '%s'", path);
			free(tmp);
			return false;
		}
	} else {
		d.f = *path ? stdout : stderr;
	}
	fputs("digraph G {\n  compound=true;\n  node [shape=record "
	    "fontname=\"monospace\" fontsize=10];\n", d.f);
	for (unsigned r = 0; r < op->nregions; r++)
		emit_region(&d, ir_op_region(op, r), ir_op_name_str(op));
	fputs("}\n", d.f);
	ir_ptrmap_free(&d.ids);
	bool ok = true;
	if (tmp) {
		ok = fclose(d.f) == 0 && rename(tmp, path) == 0;
		if (!ok) {
			remove(tmp);
			ir_emit_error(ctx, ir_op_loc(op), "view-op-graph: "
			    "cannot write '%s'", path);
		}
		free(tmp);
	} else {
		fflush(d.f);
	}
	return ok;
}

static const IrPassOption options[] = {
	{ "output", IR_OPT_STRING, NULL,
	  "file to write (atomically); '-': stdout; empty: stderr", NULL },
	{ "max-label-len", IR_OPT_INT, "40",
	  "cut label lines longer than this (0: no limit)", NULL },
	{ "print-attrs", IR_OPT_BOOL, "true",
	  "show attributes (but constants' values)", NULL },
	{ "print-result-types", IR_OPT_BOOL, "true", "show result types",
	  NULL },
};

const IrPassDef pass_view_op_graph = {
	.argument = "view-op-graph",
	.summary = "Write the IR as a Graphviz DOT graph",
	.anchor = NULL,
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.run = view_op_graph_run,
	.description =
	    "Like MLIR's `--view-op-graph`: every op is a record node with\n"
	    "its name, its attributes (`name: value`, constants' `value`\n"
	    "left out) and its result types; block arguments are grey nodes;\n"
	    "each use of a value is an edge from its definition to the user;\n"
	    "each region is a cluster labelled with its op (and symbol).\n"
	    "Node ids follow the IR's order, so the same IR gives the same\n"
	    "file. The IR is not changed, so the pass can sit anywhere in a\n"
	    "pipeline: `npu-opt --view-op-graph=output=before.dot\n"
	    "--graph-optimize --view-op-graph=output=after.dot`, then\n"
	    "`dot -Tsvg after.dot`.",
};
