// ethos-u-estimate on hello_world_int8's three fully connected layers
// (1 -> 16 -> 16 -> 1, ReLU fused into the first two), given the encoded
// weight sizes Vela's allocation log lists (208, 480, 64 bytes). Every
// CSV row and the summary must be Vela 3.10's own
// (../shared/vela/hello_world_int8/a-*/*.csv and b-*/*.csv), except
// arena_cache_size, the passes counts, the memory used in flash and the
// split of flash reads between weights and biases (Vela: 422 weights).
// RUN: rm -f %t.csv %t-b.csv %t.json %t-sum.csv
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-128' --ethos-u-estimate='report=%t.csv summary=%t-sum.csv trace=%t.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// RUN: FileCheck %s --check-prefix=SUM < %t-sum.csv
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// RUN: npu-opt --ethos-u-target='accel=ethos-u65-256 system=Ethos_U65_High_End memory-mode=Dedicated_Sram' --ethos-u-estimate='report=%t-b.csv table=false' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=CSVB < %t-b.csv

// TABLE: Ethos-U estimate for hello (ethos-u55-128, Ethos_U55_High_End_Embedded, Shared_Sram)
// TABLE-NEXT: TFLite_operator      NNG Operator         SRAM Usage  Peak%  Op Cycles Network%        NPU    SRAM AC    DRAM AC OnFlash AC OffFlash AC  MAC Count Network%  Util% Name
// TABLE-NEXT: -------------------- -------------------- ---------- ------
// TABLE-NEXT: FULLY_CONNECTED      FullyConnected               32 100.00        208    27.66        106          2          0          0         208         16     5.56   0.06 dense
// TABLE-NEXT: FULLY_CONNECTED      FullyConnected               32 100.00        480    63.83        107          4          0          0         480        256    88.89   0.42 dense_1
// TABLE-NEXT: FULLY_CONNECTED      FullyConnected               32 100.00         64     8.51         59          2          0          0          64         16     5.56   0.20 StatefulPartitionedCall:0
// TABLE: Total                                   752 cycles/batch

// CSV: TFLite_operator,NNG Operator,SRAM Usage,Peak%,Op Cycles,Network%,NPU,SRAM AC,DRAM AC,OnFlash AC,OffFlash AC,MAC Count,Network%,Util%,Name
// CSV-NEXT: FULLY_CONNECTED,FullyConnected,32,100.0,208.0,27.659574468085108,106.0,2.5,0.0,0.0,208.0,16,5.555555555555555,0.06009615384615385,dense
// CSV-NEXT: FULLY_CONNECTED,FullyConnected,32,100.0,480.0,63.829787234042556,107.0,4.0,0.0,0.0,480.0,256,88.88888888888889,0.4166666666666667,dense_1
// CSV-NEXT: FULLY_CONNECTED,FullyConnected,32,100.0,64.0,8.51063829787234,59.0,2.5,0.0,0.0,64.0,16,5.555555555555555,0.1953125,StatefulPartitionedCall:0
// CSV-NOT: {{.}}

// With Dedicated_Sram the network's input and output live in DRAM.
// CSVB: FULLY_CONNECTED,FullyConnected,16,50.0,540.0,47.661076787290376,540.0,1.0,59.733333333333334,0.0,0.0,16,5.555555555555555,0.011574074074074075,dense
// CSVB-NEXT: FULLY_CONNECTED,FullyConnected,32,100.0,423.0,37.33451015004413,423.0,2.0,128.0,0.0,0.0,256,88.88888888888889,0.2364066193853428,dense_1
// CSVB-NEXT: FULLY_CONNECTED,FullyConnected,16,50.0,170.0,15.004413062665488,170.0,1.0,21.333333333333332,0.0,0.0,16,5.555555555555555,0.03676470588235294,StatefulPartitionedCall:0

// SUM: experiment,network,accelerator_configuration,system_config,memory_mode,core_clock,arena_cache_size,sram_bandwidth,dram_bandwidth,on_chip_flash_bandwidth,off_chip_flash_bandwidth,weights_storage_area,feature_map_storage_area,inferences_per_second,batch_size,inference_time,passes_before_fusing,passes_after_fusing,sram_memory_used,dram_memory_used,on_chip_flash_memory_used,off_chip_flash_memory_used,total_original_weights,total_npu_encoded_weights,sram_feature_map_read_bytes,sram_feature_map_write_bytes,sram_weight_read_bytes,sram_weight_write_bytes,sram_total_bytes,dram_feature_map_read_bytes,dram_feature_map_write_bytes,dram_weight_read_bytes,dram_weight_write_bytes,dram_total_bytes,on_chip_flash_feature_map_read_bytes,on_chip_flash_feature_map_write_bytes,on_chip_flash_weight_read_bytes,on_chip_flash_weight_write_bytes,on_chip_flash_total_bytes,off_chip_flash_feature_map_read_bytes,off_chip_flash_feature_map_write_bytes,off_chip_flash_weight_read_bytes,off_chip_flash_weight_write_bytes,off_chip_flash_total_bytes,nn_macs,nn_tops,cycles_npu,cycles_sram_access,cycles_dram_access,cycles_on_chip_flash_access,cycles_off_chip_flash_access,cycles_total
// SUM-NEXT: default,hello,Ethos_U55_128,Ethos_U55_High_End_Embedded,Shared_Sram,500000000.0,4194304.0,4.0,4.0,4.0,0.5,Off-chip Flash,SRAM,664893.6170212766,1,1.504e-06,3,3,0.03125,0.0,0.0,0.734375,288,752,33.0,33.0,0.0,0.0,66.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,{{[0-9.]+}},0.0,752.0,288,0.00038297872340425535,272.0,9.0,0.0,0.0,752.0,752.0

// One complete event per layer, back to back at 500 MHz.
// TRACE: {"displayTimeUnit": "ns", "traceEvents": [
// TRACE: {"name": "dense", "cat": "FULLY_CONNECTED", "ph": "X", "pid": 1, "tid": 1, "ts": 0.000, "dur": 0.416, "args": {"op": "FullyConnected", "cycles": 208.0, "npu_cycles": 106.0, "macs": 16, "sram_usage": 32}},
// TRACE-NEXT: {"name": "dense_1", "cat": "FULLY_CONNECTED", "ph": "X", "pid": 1, "tid": 1, "ts": 0.416, "dur": 0.960,
// TRACE-NEXT: {"name": "StatefulPartitionedCall:0", "cat": "FULLY_CONNECTED", "ph": "X", "pid": 1, "tid": 1, "ts": 1.376, "dur": 0.128,
// TRACE-NEXT: ]}
module {
  func.func @main(%arg0: tensor<1x1x!quant.uniform<i8:f32, 0.024480115622282028:-128>>) -> tensor<1x1x!quant.uniform<i8:f32, 0.0082909567281603813:5>> {
    %w0 = "graph.constant"() {value = dense<1> : tensor<16x1xi8>} : () -> tensor<16x1x!quant.uniform<i8:f32, 0.01>>
    %b0 = "graph.constant"() {value = dense<0> : tensor<16xi32>} : () -> tensor<16x!quant.uniform<i32:f32, 1.0E-4>>
    %0 = "graph.fully_connected"(%arg0, %w0, %b0) {encoded_weights_size = 208 : i64} : (tensor<1x1x!quant.uniform<i8:f32, 0.024480115622282028:-128>>, tensor<16x1x!quant.uniform<i8:f32, 0.01>>, tensor<16x!quant.uniform<i32:f32, 1.0E-4>>) -> tensor<1x16x!quant.uniform<i8:f32, 0.01332512404769659:-128>> loc("dense_fc")
    %1 = "graph.relu"(%0) : (tensor<1x16x!quant.uniform<i8:f32, 0.01332512404769659:-128>>) -> tensor<1x16x!quant.uniform<i8:f32, 0.01332512404769659:-128>> loc("dense")
    %w1 = "graph.constant"() {value = dense<1> : tensor<16x16xi8>} : () -> tensor<16x16x!quant.uniform<i8:f32, 0.01>>
    %b1 = "graph.constant"() {value = dense<0> : tensor<16xi32>} : () -> tensor<16x!quant.uniform<i32:f32, 1.0E-4>>
    %2 = "graph.fully_connected"(%1, %w1, %b1) {encoded_weights_size = 480 : i64} : (tensor<1x16x!quant.uniform<i8:f32, 0.01332512404769659:-128>>, tensor<16x16x!quant.uniform<i8:f32, 0.01>>, tensor<16x!quant.uniform<i32:f32, 1.0E-4>>) -> tensor<1x16x!quant.uniform<i8:f32, 0.012775269336998463:-128>> loc("dense_1_fc")
    %3 = "graph.relu"(%2) : (tensor<1x16x!quant.uniform<i8:f32, 0.012775269336998463:-128>>) -> tensor<1x16x!quant.uniform<i8:f32, 0.012775269336998463:-128>> loc("dense_1")
    %w2 = "graph.constant"() {value = dense<1> : tensor<1x16xi8>} : () -> tensor<1x16x!quant.uniform<i8:f32, 0.01>>
    %b2 = "graph.constant"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1x!quant.uniform<i32:f32, 1.0E-4>>
    %4 = "graph.fully_connected"(%3, %w2, %b2) {encoded_weights_size = 64 : i64} : (tensor<1x16x!quant.uniform<i8:f32, 0.012775269336998463:-128>>, tensor<1x16x!quant.uniform<i8:f32, 0.01>>, tensor<1x!quant.uniform<i32:f32, 1.0E-4>>) -> tensor<1x1x!quant.uniform<i8:f32, 0.0082909567281603813:5>> loc("StatefulPartitionedCall:0")
    return %4 : tensor<1x1x!quant.uniform<i8:f32, 0.0082909567281603813:5>>
  }
} loc("models/hello.tflite":0:0)
