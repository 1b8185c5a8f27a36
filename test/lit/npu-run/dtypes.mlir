// The .npy dtypes beyond f32/f16/i8..i64: float64, bool, uint16/32/64
// and bfloat16 (as uint16 bit patterns, NumPy having no bfloat16) go in
// and out of npu-run exactly, through graph.cast (computed in double).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python %S/Inputs/mknpy.py %t.d/d.npy '<f8' 3 0.1,-2.5,1e300
// RUN: %python %S/Inputs/mknpy.py %t.d/b.npy '|b1' 3 1,0,1
// RUN: %python %S/Inputs/mknpy.py %t.d/u2.npy '<u2' 3 0,40000,65535
// RUN: %python %S/Inputs/mknpy.py %t.d/u4.npy '<u4' 3 0,3000000000,4294967295
// RUN: %python %S/Inputs/mknpy.py %t.d/u8.npy '<u8' 3 0,5,9007199254740993
// 0x3fc0 is bf16 1.5, 0xc040 -3.0, 0x7f80 +inf.
// RUN: %python %S/Inputs/mknpy.py %t.d/bf.npy '<u2' 3 16320,49216,32640
// RUN: %npu_build/bin/npu-run %s --entry=roundtrip --input=%t.d/d.npy --input=%t.d/b.npy --input=%t.d/u2.npy --input=%t.d/u4.npy --input=%t.d/u8.npy --input=%t.d/bf.npy --output=%t.d/od.npy --output=%t.d/ob.npy --output=%t.d/ou2.npy --output=%t.d/ou4.npy --output=%t.d/ou8.npy --output=%t.d/obf.npy --output=%t.d/of.npy
// The outputs are byte-identical to the inputs (same dtype, same data).
// RUN: cmp %t.d/d.npy %t.d/od.npy
// RUN: cmp %t.d/b.npy %t.d/ob.npy
// RUN: cmp %t.d/u2.npy %t.d/ou2.npy
// RUN: cmp %t.d/u4.npy %t.d/ou4.npy
// RUN: cmp %t.d/u8.npy %t.d/ou8.npy
// RUN: cmp %t.d/bf.npy %t.d/obf.npy
// bf16 -> f32: 1.5, -3, inf (a +inf reference matches +inf).
// RUN: %python %S/Inputs/mknpy.py %t.d/f.npy '<f4' 3 1.5,-3,inf
// RUN: %npu_build/bin/npu-run %s --entry=roundtrip --input=%t.d/d.npy --input=%t.d/b.npy --input=%t.d/u2.npy --input=%t.d/u4.npy --input=%t.d/u8.npy --input=%t.d/bf.npy --compare=%t.d/d.npy --compare=%t.d/b.npy --compare=%t.d/u2.npy --compare=%t.d/u4.npy --compare=%t.d/u8.npy --compare=%t.d/bf.npy --compare=%t.d/f.npy --atol=0 --rtol=0 | FileCheck %s
// CHECK-COUNT-7: 0 of 3 outside tolerance: ok
// A bool .npy byte other than 0 or 1 is refused, as is a dtype mismatch.
// RUN: %python %S/Inputs/mknpy.py %t.d/bad.npy '|b1' 3 1,2,0
// RUN: not %npu_build/bin/npu-run %s --entry=roundtrip --input=%t.d/d.npy --input=%t.d/bad.npy --input=%t.d/u2.npy --input=%t.d/u4.npy --input=%t.d/u8.npy --input=%t.d/bf.npy 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: npu-run: error: '{{.*}}bad.npy': bool element 1 is 2, not 0 or 1
// RUN: not %npu_build/bin/npu-run %s --entry=roundtrip --input=%t.d/u2.npy --input=%t.d/b.npy --input=%t.d/u2.npy --input=%t.d/u4.npy --input=%t.d/u8.npy --input=%t.d/bf.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: npu-run: error: '{{.*}}u2.npy': dtype uint16, but the input type tensor<3xf64> needs float64

// f64 -> f32 -> f64 loses 0.1's low bits: 0.1 in f32 is 0.100000001490116;
// u32 3e9 -> f64 is exact; i1 -> f32 is 1, 0, 1.
// RUN: %npu_build/bin/npu-run %s --entry=casts --input=%t.d/d.npy --input=%t.d/u4.npy --input=%t.d/b.npy --output=%t.d/c0.npy --output=%t.d/c1.npy --output=%t.d/c2.npy
// RUN: %python %S/Inputs/mknpy.py %t.d/r0.npy '<f8' 3 0.10000000149011612,-2.5,inf
// RUN: %python %S/Inputs/mknpy.py %t.d/r1.npy '<f8' 3 0,3000000000,4294967295
// RUN: %python %S/Inputs/mknpy.py %t.d/r2.npy '<f4' 3 1,0,1
// RUN: %npu_build/bin/npu-run %s --entry=casts --input=%t.d/d.npy --input=%t.d/u4.npy --input=%t.d/b.npy --compare=%t.d/r0.npy --compare=%t.d/r1.npy --compare=%t.d/r2.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=CASTS
// CASTS-COUNT-3: 0 of 3 outside tolerance: ok

func.func @roundtrip(%d: tensor<3xf64>, %b: tensor<3xi1>, %u2: tensor<3xui16>, %u4: tensor<3xui32>, %u8: tensor<3xui64>, %bf: tensor<3xbf16>) -> (tensor<3xf64>, tensor<3xi1>, tensor<3xui16>, tensor<3xui32>, tensor<3xui64>, tensor<3xbf16>, tensor<3xf32>) {
  %f = "graph.cast"(%bf) {to = f32} : (tensor<3xbf16>) -> tensor<3xf32>
  return %d, %b, %u2, %u4, %u8, %bf, %f : tensor<3xf64>, tensor<3xi1>, tensor<3xui16>, tensor<3xui32>, tensor<3xui64>, tensor<3xbf16>, tensor<3xf32>
}

func.func @casts(%d: tensor<3xf64>, %u4: tensor<3xui32>, %b: tensor<3xi1>) -> (tensor<3xf64>, tensor<3xf64>, tensor<3xf32>) {
  %0 = "graph.cast"(%d) {to = f32} : (tensor<3xf64>) -> tensor<3xf32>
  %1 = "graph.cast"(%0) {to = f64} : (tensor<3xf32>) -> tensor<3xf64>
  %2 = "graph.cast"(%u4) {to = f64} : (tensor<3xui32>) -> tensor<3xf64>
  %3 = "graph.cast"(%b) {to = f32} : (tensor<3xi1>) -> tensor<3xf32>
  return %1, %2, %3 : tensor<3xf64>, tensor<3xf64>, tensor<3xf32>
}
