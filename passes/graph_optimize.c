/* passes/graph_optimize.c: the graph optimizer's named pipeline: the
 * folding and fusion passes with canonicalize and cse, to a fixpoint. */
#include "passes/passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The passes repeated to a fixpoint, in the order one sweep runs them:
 * idioms first (before their pieces fuse elsewhere), then the folds
 * into weights, then activations (before fold-qdq, so a clamp fuses
 * into its producer before a quantize moves between them), then the
 * cleanups that expose the next round's patterns. */
static const char loop[] =
    "func.func(idioms,fold-batchnorm,fold-pad,fuse-bias,fold-mul,"
    "fuse-activations,fold-qdq,canonicalize,cse)";

static char *
graph_optimize_expand(const IrPass *pass)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		ir_unreachable("open_memstream failed");
	fprintf(f, "fixpoint{max-iterations=%lld pipeline=\"%s\"}",
	    (long long)ir_pass_int(pass, "max-iterations"), loop);
	fclose(f);
	return buf;
}

static const IrPassOption options[] = {
	{ "max-iterations", IR_OPT_INT, "8",
	  "rounds of the fixpoint loop at most", NULL },
};

const IrPassDef pass_graph_optimize = {
	.argument = "graph-optimize",
	.summary = "The graph optimizer: fold, fuse and clean up the graph "
	    "to a fixpoint",
	.anchor = "builtin.module",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.expand = graph_optimize_expand,
	.description =
	    "A named pipeline (`npu-opt --graph-optimize --print-pipeline`\n"
	    "prints what it expands to): the graph optimizer's passes with\n"
	    "`canonicalize` and `cse`, repeated by `fixpoint` until a round\n"
	    "changes nothing. docs/graph-optimizer.md describes the passes\n"
	    "and what they do to the shared models.",
};
