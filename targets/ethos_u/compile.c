/* targets/ethos_u/compile.c: ethos-u-compile, the Ethos-U target's named
 * pipeline: graph optimization, the target, legalization, estimation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/ethos_u.h"

/* ` name="value"` when value is set (quoted: paths may hold blanks). */
static void
opt(FILE *f, const char *name, const char *value)
{
	if (value && *value)
		fprintf(f, " %s=\"%s\"", name, value);
}

static char *
compile_expand(const IrPass *pass)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		ir_unreachable("open_memstream failed");
	fputs("graph-optimize,ethos-u-target{", f);
	opt(f, "accel", ir_pass_string(pass, "accel"));
	opt(f, "system", ir_pass_string(pass, "system"));
	opt(f, "memory-mode", ir_pass_string(pass, "memory-mode"));
	opt(f, "config", ir_pass_string(pass, "config"));
	/* softmax=vela only when asked: the default expansion is
	 * unchanged. */
	if (!strcmp(ir_pass_string(pass, "softmax"), "vela"))
		fputs("},ethos-u-legalize{softmax=vela},ethos-u-estimate{", f);
	else
		fputs("},ethos-u-legalize,ethos-u-estimate{", f);
	opt(f, "optimise", ir_pass_string(pass, "optimise"));
	opt(f, "report", ir_pass_string(pass, "report"));
	opt(f, "summary", ir_pass_string(pass, "summary"));
	opt(f, "trace", ir_pass_string(pass, "trace"));
	fprintf(f, " table=%s}", ir_pass_bool(pass, "table") ? "true" :
	    "false");
	fclose(f);
	return buf;
}

static const char *const optimise_choices[] = { "performance", "size",
	NULL };

static const char *const softmax_choices[] = { "graph", "vela", NULL };

static const IrPassOption compile_options[] = {
	{ "accel", IR_OPT_STRING, "ethos-u55-128",
	  "accelerator (as ethos-u-target)", NULL },
	{ "system", IR_OPT_STRING, NULL, "system configuration", NULL },
	{ "memory-mode", IR_OPT_STRING, NULL, "memory mode", NULL },
	{ "config", IR_OPT_STRING, NULL, "a user INI file", NULL },
	{ "optimise", IR_OPT_ENUM, "performance",
	  "Vela's --optimise: performance or size", optimise_choices },
	{ "report", IR_OPT_STRING, NULL, "Vela's per-layer CSV", NULL },
	{ "summary", IR_OPT_STRING, NULL, "Vela's summary CSV", NULL },
	{ "trace", IR_OPT_STRING, NULL, "a Chrome trace of the layers", NULL },
	{ "table", IR_OPT_BOOL, "true", "the per-layer table on stderr",
	  NULL },
	{ "softmax", IR_OPT_ENUM, "graph",
	  "softmax arithmetic (as ethos-u-legalize): graph, or vela, which "
	  "ethos-u-codegen emits as Vela's 31 NPU operations", softmax_choices },
};

const IrPassDef pass_ethos_u_compile = {
	.argument = "ethos-u-compile",
	.summary = "Compile imported graph IR for an Arm Ethos-U and estimate "
	    "it (a named pipeline)",
	.anchor = "builtin.module",
	.options = compile_options,
	.noptions = sizeof compile_options / sizeof compile_options[0],
	.expand = compile_expand,
	.description =
	    "A named pipeline (`npu-opt --ethos-u-compile --print-pipeline`\n"
	    "prints its expansion): `graph-optimize`, `ethos-u-target` with\n"
	    "the accelerator, system and memory mode, `ethos-u-legalize`,\n"
	    "then `ethos-u-estimate` with the report files. Striping and\n"
	    "cascading (`ethos-u-schedule`) and command-stream emission\n"
	    "(`ethos-u-codegen`) are passes of their own that run after it.\n"
	    "See docs/targets/ethos-u.md.",
};
