/* ir/plugin.c: loads pass plugins (shared objects exporting one entry
 * point) and checks their API version. */
#include <dlfcn.h>

#include "ir/internal.h"
#include "ir/pass.h"

bool
ir_load_pass_plugin(IrContext *ctx, const char *path)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		ir_emit_error(ctx, NULL, "cannot load pass plugin '%s': %s",
		    path, dlerror());
		return false;
	}
	/* POSIX's way from a data pointer to a function pointer. */
	IrPassPluginEntry entry;
	*(void **)&entry = dlsym(h, IR_PASS_PLUGIN_ENTRY);
	if (!entry) {
		ir_emit_error(ctx, NULL, "pass plugin '%s' has no '%s' entry "
		    "point", path, IR_PASS_PLUGIN_ENTRY);
		dlclose(h);
		return false;
	}
	const IrPassPluginInfo *info = entry();
	if (!info || info->api_version != IR_PASS_PLUGIN_API_VERSION) {
		ir_emit_error(ctx, NULL, "pass plugin '%s' was built for API "
		    "version %u, npu-ir has version %u", path,
		    info ? info->api_version : 0u, IR_PASS_PLUGIN_API_VERSION);
		dlclose(h);
		return false;
	}
	ir_pass_registry_add_plugin(ctx, h);
	if (info->register_passes)
		info->register_passes(ctx);
	return true;
}
