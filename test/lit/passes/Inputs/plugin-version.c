/* A pass plugin built for a future API version: npu-opt refuses it. */
#include "ir/pass.h"

const IrPassPluginInfo *npuir_pass_plugin_info(void);

const IrPassPluginInfo *
npuir_pass_plugin_info(void)
{
	static const IrPassPluginInfo info = { .api_version = 99,
		.name = "future", .version = "9" };
	return &info;
}
