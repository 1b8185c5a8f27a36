/* bench/ethos_u_compile.c: times the Ethos-U compile of one .tflite in
 * one process: import, then graph-optimize, ethos-u-target,
 * ethos-u-legalize and ethos-u-estimate (the ethos-u-compile pipeline),
 * best of RUNS, and the peak RSS. Built and run by bench/ethos-u. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "dialects/dialect.h"
#include "import/import.h"
#include "ir/pass.h"
#include "passes/passes.h"
#include "targets/ethos_u/ethos_u.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* This process's CPU time: on a loaded machine the fair measure, as
 * other jobs preempting us inflate wall time but not CPU time. */
static double
cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One compile; *import_s and *passes_s get the two stages' times. */
static int
compile_once(const char *path, const char *pipeline, double *import_s,
    double *passes_s, bool timing)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	passes_register_all(ctx);
	ethos_u_register(ctx);
	double t0 = now();
	IrOp *module = import_tflite(ctx, path, NULL);
	double t1 = now();
	IrPmOptions o;
	ir_pm_options_default(&o);
	o.verify_each = false;
	o.timing = timing;
	IrPassManager *pm = ir_pm_create(ctx, &o);
	int ok = module && ir_pm_add_pipeline(pm, pipeline) &&
	    ir_pm_run(pm, module);
	double t2 = now();
	if (ok && timing)
		ir_pm_print_timing(pm, stdout);
	ir_pm_destroy(pm);
	if (module)
		ir_op_destroy(module);
	ir_context_destroy(ctx);
	*import_s = t1 - t0;
	*passes_s = t2 - t1;
	return ok;
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: ethos-u-compile MODEL.tflite PIPELINE "
		    "RUNS\n");
		return 2;
	}
	int runs = atoi(argv[3]);
	double best_i = 1e9, best_p = 1e9, best_t = 1e9, best_c = 1e9;
	for (int r = 0; r < runs; r++) {
		double i, p, c0 = cpu_now(), c;
		/* The last run also shows where the time went. */
		if (!compile_once(argv[1], argv[2], &i, &p, r == runs - 1))
			return 1;
		c = cpu_now() - c0;
		best_c = c < best_c ? c : best_c;
		best_i = i < best_i ? i : best_i;
		best_p = p < best_p ? p : best_p;
		best_t = i + p < best_t ? i + p : best_t;
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("import %.2f ms, passes %.2f ms, total %.2f ms, "
	    "cpu %.2f ms, peak RSS %.1f MiB\n", best_i * 1e3, best_p * 1e3,
	    best_t * 1e3, best_c * 1e3, (double)ru.ru_maxrss / 1024);
	return 0;
}
