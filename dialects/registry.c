/* dialects/registry.c: the built-in dialects, registered together. */
#include <string.h>

#include "dialects/buffer/buffer.h"
#include "dialects/graph/graph.h"
#include "dialects/npu/npu.h"

static const Dialect *const all_dialects[] = {
	&graph_dialect,
	&npu_dialect,
	&buffer_dialect,
};

#define NDIALECTS (sizeof all_dialects / sizeof all_dialects[0])

void
dialects_register_all(IrContext *ctx)
{
	for (size_t i = 0; i < NDIALECTS; i++)
		if (!dialect_register(ctx, all_dialects[i]))
			ir_unreachable("a dialect op is registered twice");
}

const Dialect *
dialects_lookup(const char *name)
{
	for (size_t i = 0; i < NDIALECTS; i++)
		if (!strcmp(all_dialects[i]->name, name))
			return all_dialects[i];
	return NULL;
}
