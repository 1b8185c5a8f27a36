// Types: every kind the printer knows, in attribute and value position.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

"t.types"() {
  a = i1, b = i64, c = si8, d = ui32, e = f16, f = bf16, g = f32, h = f64,
  i = index, j = none,
  k = tensor<?x3x?xf32>, l = tensor<*xi8>, m = tensor<i32>,
  n = tensor<4xf32, "enc">, o = tensor<0x4xi8>,
  p = memref<4xi8, "sram">, q = memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>,
  r = memref<*xf32>, s = memref<*xf32, 2>, t = memref<4xf32, 1 : i32>,
  u = vector<4x4xf32>, v = vector<2xindex>,
  w = (i32) -> (f32, i1), x = () -> (), y = (i32) -> (() -> ()), z = (tensor<2xf32>) -> i32,
  aa = tuple<>, ab = tuple<i32, tuple<f32>>,
  ac = !quant.uniform<i8:f32, 1.000000e-01:-3>,
  ad = !quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:2,2.000000e-01:3}>,
  ae = !quant.uniform<u8:f32, 5.000000e-01>,
  af = !quant.uniform<u8<1:254>:f16, 2.500000e-01:128>,
  ag = tensor<4x!quant.uniform<i8:f32, 1.000000e-01>>,
  ah = !d.body<1, "x">, ai = !d<"a b">, aj = !d.f<() -> ()>
} : () -> ()
%0:3 = "t.values"() : () -> (tensor<2x?xf32>, memref<8xi8, "sram">, !d.t)
"t.use"(%0#0, %0#1, %0#2) : (tensor<2x?xf32>, memref<8xi8, "sram">, !d.t) -> ()
%1 = "t.fn"() : () -> ((i32) -> i32)

// CHECK: module {
// CHECK-NEXT:   "t.types"() {a = i1, aa = tuple<>, ab = tuple<i32, tuple<f32>>, ac = !quant.uniform<i8:f32, 1.000000e-01:-3>, ad = !quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:2,2.000000e-01:3}>, ae = !quant.uniform<u8:f32, 5.000000e-01>, af = !quant.uniform<u8<1:254>:f16, 2.500000e-01:128>, ag = tensor<4x!quant.uniform<i8:f32, 1.000000e-01>>, ah = !d.body<1, "x">, ai = !d<"a b">, aj = !d.f<() -> ()>, b = i64, c = si8, d = ui32, e = f16, f = bf16, g = f32, h = f64, i = index, j = none, k = tensor<?x3x?xf32>, l = tensor<*xi8>, m = tensor<i32>, n = tensor<4xf32, "enc">, o = tensor<0x4xi8>, p = memref<4xi8, "sram">, q = memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>, r = memref<*xf32>, s = memref<*xf32, 2>, t = memref<4xf32, 1 : i32>, u = vector<4x4xf32>, v = vector<2xindex>, w = (i32) -> (f32, i1), x = () -> (), y = (i32) -> (() -> ()), z = (tensor<2xf32>) -> i32} : () -> ()
// CHECK-NEXT:   %0:3 = "t.values"() : () -> (tensor<2x?xf32>, memref<8xi8, "sram">, !d.t)
// CHECK-NEXT:   "t.use"(%0#0, %0#1, %0#2) : (tensor<2x?xf32>, memref<8xi8, "sram">, !d.t) -> ()
// CHECK-NEXT:   %1 = "t.fn"() : () -> ((i32) -> i32)
// CHECK-NEXT: }
