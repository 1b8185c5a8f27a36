/* A shared object that is no pass plugin (no entry point). */
int plugin_noentry_dummy(void);
int plugin_noentry_dummy(void) { return 0; }
