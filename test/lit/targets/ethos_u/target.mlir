// RUN: npu-opt --ethos-u-target='accel=ethos-u65-256 system=Ethos_U65_High_End memory-mode=Dedicated_Sram' %s | FileCheck %s --check-prefix=U65
// RUN: npu-opt --ethos-u-target %s | FileCheck %s --check-prefix=DEF
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-32 memory-mode=Sram_Only' %s | FileCheck %s --check-prefix=SRAM
// RUN: npu-opt --ethos-u-target='accel=ethos-u65-512 memory-mode=Dedicated_Sram_512KB' %s | FileCheck %s --check-prefix=U512
// RUN: npu-opt --ethos-u-target='accel=my-u55 system=Slow memory-mode=Shared_Sram config=%S/Inputs/user.ini' %s | FileCheck %s --check-prefix=USER

// The numbers of vela.ini's Ethos_U65_High_End with Dedicated_Sram.
// U65: module attributes {npu.target = {accel = "ethos-u65-256",
// U65-SAME: arena_area = "dram", arena_cache_size = 393216 : i64
// U65-SAME: axi0 = "sram", axi1 = "dram", axi_address_width = 40 : i64, axi_data_width = 128 : i64
// U65-SAME: cache_area = "sram", const_area = "dram", core_clock = 1.000000e+09 : f64, cores = 1 : i64
// U65-SAME: macs = 256 : i64
// U65-SAME: dram = {burst_length = 128 : i64, clock_scale = 2.343750e-01 : f64, read_latency = 500 : i64, write_latency = 250 : i64}
// U65-SAME: sram = {burst_length = 32 : i64, clock_scale = 1.000000e+00 : f64, read_latency = 32 : i64, write_latency = 32 : i64}
// U65-SAME: ofm_block_max = [32, 64, 128], ofm_ublock = [2, 2, 8]
// U65-SAME: shram_banks = 48 : i64, shram_granules = [8, 8, 8, 8, 16, 8, 16, 20], system = "Ethos_U65_High_End"

// Vela's defaults: an Ethos-U55-128 in a high-end embedded system.
// DEF: accel = "ethos-u55-128"
// DEF-SAME: arena_area = "sram", arena_cache_size = 4294967296 : i64
// DEF-SAME: axi1 = "off-chip-flash"
// DEF-SAME: const_area = "off-chip-flash", core_clock = 5.000000e+08 : f64
// DEF-SAME: ifm_ublock = [1, 2, 8], macs = 128 : i64
// DEF-SAME: memory_mode = "Shared_Sram"
// DEF-SAME: shram_banks = 24 : i64
// DEF-SAME: system = "Ethos_U55_High_End_Embedded"

// With everything in sram, constants are read as from an on-chip flash with SRAM's timing.
// SRAM: accel = "ethos-u55-32"
// SRAM-SAME: const_area = "on-chip-flash"
// SRAM-SAME: "on-chip-flash" = {burst_length = 32 : i64, clock_scale = 1.000000e+00 : f64, read_latency = 32 : i64, write_latency = 32 : i64}
// SRAM-SAME: ofm_ublock = [1, 1, 4]

// Two cores; the 512 KiB cache mode inherits Dedicated_Sram.
// U512: arena_area = "dram", arena_cache_size = 524288 : i64
// U512-SAME: cores = 2 : i64
// U512-SAME: system = "Ethos_U65_Client_Server"

// A user file adds an accelerator and a system that inherit built-ins.
// USER: accel = "my-u55"
// USER-SAME: core_clock = 1.000000e+08 : f64
// USER-SAME: macs = 256 : i64
// USER-SAME: "off-chip-flash" = {burst_length = 64 : i64, clock_scale = 1.250000e-01 : f64
// USER-SAME: system = "Slow"
module {
}
