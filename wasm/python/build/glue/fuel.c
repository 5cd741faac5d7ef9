// The fuel counter's import, coderun.fuel_tick (wasm/build/ABI.md).
//
// wasm/build/instrument adds a countdown to every loop that calls
// fuel_tick, but only in a module that already imports it; it refuses
// one that does not. Until the guest's glue calls it for its own reasons,
// this export keeps the import in the module (as QuickJS-ng's glue does
// with the same export).
__attribute__((import_module("coderun"), import_name("fuel_tick"))) int coderun_fuel_tick(void);

__attribute__((export_name("coderun_fuel_probe"))) int coderun_fuel_probe(void) {
	return coderun_fuel_tick();
}
