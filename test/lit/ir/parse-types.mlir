// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// Every type the parser accepts, in type-attribute position and as op
// result types; aliases are resolved on input.
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

!qt = type !quant.uniform<i8:f32, 0.5:-3>
!t4 = tensor<4xf32>
#map = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: "t.int"
// CHECK-SAME: a = i1, b = i64, c = si8, d = ui8, e = i7
"t.int"() {a = i1, b = i64, c = si8, d = ui8, e = i7} : () -> ()
// CHECK: "t.float"() {a = f16, b = bf16, c = f32, d = f64, e = index, f = none}
"t.float"() {a = f16, b = bf16, c = f32, d = f64, e = index, f = none} : () -> ()
// CHECK: "t.tensor"() {a = tensor<1x?x3xf32>, b = tensor<*xf32>, c = tensor<f32>, d = tensor<4xf32, #d.enc<"x">>, e = tensor<0xf32>, f = tensor<0x1xi8>, g = tensor<?x?xi32>}
"t.tensor"() {a = tensor<1x?x3xf32>, b = tensor<*xf32>, c = tensor<f32>, d = tensor<4xf32, #d.enc<"x">>, e = tensor<0xf32>, f = tensor<0x1xi8>, g = tensor<?x?xi32>} : () -> ()
// CHECK: "t.memref"() {a = memref<4x8xf32>, b = memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, c = memref<4x8xf32, strided<[8, 1], offset: ?>>, d = memref<?x8xf32, strided<[8, 1], offset: ?>>, e = memref<4xi8, 1>, f = memref<4xi8, "sram">, g = memref<4x8xi8, affine_map<(d0, d1) -> (d1, d0)>, "sram">, h = memref<*xf32>, i = memref<*xf32, 1>}
"t.memref"() {a = memref<4x8xf32>, b = memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, c = memref<4x8xf32, strided<[8, 1], offset: ?>>, d = memref<?x8xf32, offset: ?, strides: [8, 1]>, e = memref<4xi8, 1>, f = memref<4xi8, "sram">, g = memref<4x8xi8, #map, "sram">, h = memref<*xf32>, i = memref<*xf32, 1>} : () -> ()
// CHECK: "t.vector"() {a = vector<4x8xf32>, b = vector<2xi1>, c = vector<f32>}
"t.vector"() {a = vector<4x8xf32>, b = vector<2xi1>, c = vector<f32>} : () -> ()
// CHECK: "t.func"() {a = (i32, f32) -> i32, b = () -> (), c = (i32) -> (f32, i1), d = ((i32) -> i32) -> ((f32) -> f32), e = tuple<i32, f32>, f = tuple<>}
"t.func"() {a = (i32, f32) -> i32, b = () -> (), c = (i32) -> (f32, i1), d = ((i32) -> i32) -> ((f32) -> f32), e = tuple<i32, f32>, f = tuple<>} : () -> ()
// CHECK: "t.quant"() {a = !quant.uniform<i8:f32, 5.000000e-01:-3>, b = !quant.uniform<i8<-127:127>:f32, 5.000000e-01>, c = !quant.uniform<u8:f32, 1.000000e-01:128>, d = !quant.uniform<i8:f32:1, {1.000000e-01:2,2.000000e-01:3}>, e = tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>}
"t.quant"() {a = !qt, b = !quant.uniform<i8<-127:127>:f32, 0.5>, c = !quant.uniform<u8:f32, 0.1:128>, d = !quant.uniform<i8:f32:1, {0.1:2, 0.2:3}>, e = tensor<2x!quant.uniform<i8:f32, 1.0>>} : () -> ()
// CHECK: "t.opaque"() {a = !foo.bar, b = !foo.bar<1, [a<b>], (x) -> y>, c = !foo<"bar<\22x>\22>">}
"t.opaque"() {a = !foo.bar, b = !foo.bar<1, [a<b>], (x) -> y>, c = !foo.bar<"x>">} : () -> ()
// CHECK: "t.alias"() {a = tensor<4xf32>} : () -> tensor<4xf32>
"t.alias"() {a = !t4} : () -> !t4
// Dimension lists: 0xf32 is a zero dimension, not a hex number.
// CHECK: "t.dims"() : () -> (tensor<0xf32>, tensor<4x4xi8>, vector<1x2x3xf16>)
"t.dims"() : () -> (tensor<0xf32>, tensor<4x4xi8>, vector<1x2x3xf16>)
