/* ir/pass.h: passes, the context's pass registry, textual pipelines, the
 * pass manager with its instrumentation, and pass plugins. */
#ifndef NPUIR_PASS_H
#define NPUIR_PASS_H

#include "ir/ir.h"

typedef struct IrPass IrPass;               /* a pass in a pipeline */
typedef struct IrPassManager IrPassManager;

/* ---------------------------------------------------------------- options */

typedef enum IrPassOptionKind {
	IR_OPT_INT,         /* int64: opt=-3 */
	IR_OPT_BOOL,        /* opt=true|false|1|0, or just `opt` */
	IR_OPT_STRING,      /* opt=text or opt="text with spaces" */
	IR_OPT_ENUM,        /* one of `choices` */
	IR_OPT_INT_LIST,    /* opt=1,2,3 */
	IR_OPT_STRING_LIST, /* opt=a,b */
} IrPassOptionKind;

/* A typed option of a pass, written `pass{name=value}` in a pipeline. */
typedef struct IrPassOption {
	const char *name;
	IrPassOptionKind kind;
	const char *def;              /* default, in option syntax; NULL:
	                                 0, false, "" or an empty list */
	const char *help;             /* one line */
	const char *const *choices;   /* IR_OPT_ENUM: NULL-terminated */
} IrPassOption;

/* A statistic counter of a pass, shown by --pass-statistics. */
typedef struct IrPassStatistic {
	const char *name;             /* "num-cse'd" */
	const char *help;
} IrPassStatistic;

/* ---------------------------------------------------------------- passes */

/* What a pass is. Definitions are static data (built in or in a plugin)
 * and must outlive every context they are registered in. */
typedef struct IrPassDef {
	const char *argument;         /* pipeline name: "cse" */
	const char *summary;          /* one line */
	const char *anchor;           /* op it runs on ("builtin.module",
	                                 "func.func"), NULL: any op */
	const IrPassOption *options;
	size_t noptions;
	const IrPassStatistic *stats;
	size_t nstats;
	/* Runs the pass on `op`. Returns false after reporting the failure
	 * through the diagnostic handler; the pipeline then stops. */
	bool (*run)(IrOp *op, IrPass *pass);
	const char *description;      /* what it does in detail (markdown,
	                                 for docs/passes.md), or NULL */
	/* A named pipeline: returns (malloc'd) the pipeline text this pass
	 * stands for, given its option values; the pipeline parser puts
	 * what the text says in the pass's place (run is then unused),
	 * so the printed pipeline shows the expansion. NULL: a plain pass. */
	char *(*expand)(const IrPass *pass);
} IrPassDef;

/* Registers a pass in the context's registry (def is not copied). Returns
 * false, with an error, when the argument is already taken. */
bool ir_register_pass(IrContext *ctx, const IrPassDef *def);
/* The pass with this pipeline name, or NULL. */
const IrPassDef *ir_lookup_pass(IrContext *ctx, const char *argument);
/* The i-th registered pass sorted by argument, NULL past the end. */
const IrPassDef *ir_registered_pass(IrContext *ctx, size_t i);

/* Inside run: the context, the definition, and the option values (the
 * default when the pipeline does not set them). Asking for an option the
 * definition does not declare, or with the wrong kind, is a bug
 * (ir_unreachable). */
IrContext *ir_pass_context(const IrPass *pass);
const IrPassDef *ir_pass_def(const IrPass *pass);
int64_t ir_pass_int(const IrPass *pass, const char *name);
bool ir_pass_bool(const IrPass *pass, const char *name);
/* IR_OPT_STRING and IR_OPT_ENUM; the string lives as long as the pass. */
const char *ir_pass_string(const IrPass *pass, const char *name);
/* IR_OPT_INT_LIST: *n items. */
const int64_t *ir_pass_int_list(const IrPass *pass, const char *name,
    size_t *n);
/* IR_OPT_STRING_LIST: *n items. */
const char *const *ir_pass_string_list(const IrPass *pass, const char *name,
    size_t *n);
/* Adds n to the statistic named `name` (declared in the definition). */
void ir_pass_stat_add(IrPass *pass, const char *name, uint64_t n);
/* Inside run: this run changed nothing but the attributes of the op the
 * pass runs on (no op nested in it, no value, no type). The pass manager
 * then verifies that op alone when the IR was verified whole just
 * before the pass (ir_verify_local). A pass that says so and changes
 * more leaves its changes unverified. */
void ir_pass_mark_attrs_only(IrPass *pass);

/* ---------------------------------------------------------------- pipelines */

/* What the pass manager does around each pass. Zero-initialised means no
 * instrumentation at all; ir_pm_options_default turns verify_each on. */
typedef struct IrPmOptions {
	bool verify_each;          /* verify after every pass */
	const char *print_before;  /* comma-separated pass names, or NULL */
	const char *print_after;
	bool print_before_all;
	bool print_after_all;
	bool print_after_change;   /* only when the pass changed the IR */
	bool print_module_scope;   /* dump the whole module, not only the
	                              op the pass ran on */
	bool timing;               /* collect the time of every pass */
	bool statistics;           /* collect statistics */
	IrPrintFlags print;        /* how IR dumps print */
	FILE *dump;                /* where IR dumps go (NULL: stderr) */
} IrPmOptions;

void ir_pm_options_default(IrPmOptions *o);

/* A pass manager whose top pipeline anchors on builtin.module. Options
 * are copied. Free with ir_pm_destroy. */
IrPassManager *ir_pm_create(IrContext *ctx, const IrPmOptions *opts);
void ir_pm_destroy(IrPassManager *pm);

/* Appends a textual pipeline to the top one, in MLIR's syntax:
 *   pipeline := element (',' element)*
 *   element  := op-name '(' pipeline? ')' | pass-name ('{' options '}')?
 *   options  := (name ('=' value)?)*  separated by blanks
 * `builtin.module(...)` as the only element is the top pipeline itself;
 * any other list is added to it. A pass anchored on another op than its
 * pipeline's is an error. `text` is registered as the source named
 * "<pass-pipeline>", so errors show it with a caret under the character.
 * Returns false after reporting the first error. */
bool ir_pm_add_pipeline(IrPassManager *pm, const char *text);
/* Appends one pass to the top pipeline, with its options in `pass{...}`
 * syntax (NULL: none), as the command-line flag --<argument>=<options>
 * does. A pass anchored on another op is nested implicitly (func.func
 * passes run on every function of the module). */
bool ir_pm_add_pass(IrPassManager *pm, const char *argument,
    const char *options);
/* The top pipeline in textual form (malloc'd; free it). */
char *ir_pm_pipeline_str(const IrPassManager *pm);

/* Runs the pipeline on `module` (a builtin.module). Stops at the first
 * failing pass or failed verification; returns false then. */
bool ir_pm_run(IrPassManager *pm, IrOp *module);

/* Adds a top-level row to the timing report (e.g. parse and print time
 * measured by the caller), before the passes when `before` is true. */
void ir_pm_add_timing(IrPassManager *pm, const char *name, double seconds,
    bool before);
/* Prints the --timing report (a tree of pipelines and passes with wall
 * time and percent of the total) to out. */
void ir_pm_print_timing(const IrPassManager *pm, FILE *out);
/* Prints the --pass-statistics report to out. */
void ir_pm_print_statistics(const IrPassManager *pm, FILE *out);

/* Prints the registry: "text" is --list-passes' help format, "markdown"
 * is docs/passes.md. False for another format. */
bool ir_print_pass_registry(IrContext *ctx, FILE *out, const char *format);

/* ---------------------------------------------------------------- plugins */

/* The version a plugin is built against; a plugin whose info carries
 * another version is refused. Raised whenever a public struct's layout
 * changes (2: IrOp without results/regions/succs pointers, IrValue
 * without loc, op locations read through ir_op_loc; 3: IrPassDef.expand,
 * named pipelines). */
#define IR_PASS_PLUGIN_API_VERSION 3

/* What a plugin's entry point returns. */
typedef struct IrPassPluginInfo {
	uint32_t api_version;      /* IR_PASS_PLUGIN_API_VERSION */
	const char *name;
	const char *version;       /* the plugin's own version string */
	/* Registers the plugin's passes (and patterns, dialects...) */
	void (*register_passes)(IrContext *ctx);
} IrPassPluginInfo;

/* The one symbol a plugin exports. */
#define IR_PASS_PLUGIN_ENTRY "npuir_pass_plugin_info"
typedef const IrPassPluginInfo *(*IrPassPluginEntry)(void);

/* Loads the shared object at `path`, checks its version and calls its
 * register_passes on ctx. The library stays loaded until the context is
 * destroyed. Returns false with an error when it cannot be loaded, has no
 * entry point or has another API version. */
bool ir_load_pass_plugin(IrContext *ctx, const char *path);

#endif /* NPUIR_PASS_H */
