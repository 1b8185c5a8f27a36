// Printing that must give back what was read, found by running MLIR's own
// IR tests through both tools (docs/testing.md, "MLIR's IR tests"). The
// compat test also compares this file with mlir-opt-14's output.
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s

// A scale written as the bits of an f64 is that f64 (10704349.0), and is
// printed as bits again when no shorter decimal reads back exactly.
// CHECK: a = !quant.uniform<u8:f32, 0x41646ABBA0000000:128>
// CHECK-SAME: b = !quant.uniform<u8:f32, 5.000000e-01:128>
// CHECK-SAME: c = !quant.uniform<i8:f32:0, {5.000000e-01:1,0x41646ABBA0000000:-3}>
"t.q"() {a = !quant.uniform<u8:f32, 0x41646ABBA0000000:128>,
         b = !quant.uniform<u8:f32, 0x3FE0000000000000:128>,
         c = !quant.uniform<i8:f32:0, {0.5:1, 0x41646ABBA0000000:-3}>} : () -> ()

// An opaque dialect attribute or type whose body is one string literal
// holds the string's value: escapes are read, then written once.
// CHECK: "t.d"() {a = #d<"\22q\\\0A\22">, b = #d<"\22">, c = #d.a, d = !d<"x\\y">} : () -> ()
"t.d"() {a = #d<"\"q\\\n\"">, b = #d<"\"">, c = #d< "a" >, d = !d<"x\\y">} : () -> ()

// A memref layout that is the identity is dropped when the type is made,
// whatever symbols the map has; so is memory space 0.
// CHECK: "t.m"() {a = memref<4xf32>, b = memref<4x4xf32>, c = memref<2xi8, 1>} : () -> ()
"t.m"() {a = memref<4xf32, affine_map<(d0)[s0] -> (d0)>>,
         b = memref<4x4xf32, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>, 0>,
         c = memref<2xi8, affine_map<(d0) -> (d0)>, 1>} : () -> ()

// Integer types of any width MLIR allows (values of widths 0 and above 64
// are limited to what 64 bits hold), blanks before a dimension's `x`, and
// the si8/ui8 spellings of quantized storage types.
// CHECK: "t.w"() {a = i0, b = i65, c = si100, d = ui96, e = i16777215, f = 0 : i0, g = 5 : i65, h = -3 : si100, i = 7 : ui96, j = vector<1xf32>, k = tensor<2x?xf32>, l = !quant.uniform<u8:f32, 5.000000e-01:128>, m = !quant.uniform<i8<-100:100>:f32, 5.000000e-01:1>} : () -> ()
"t.w"() {a = i0, b = i65, c = si100, d = ui96, e = i16777215,
         f = 0 : i0, g = 5 : i65, h = -3 : si100, i = 7 : ui96,
         j = vector<1 x f32>, k = tensor<2 x ? x f32>,
         l = !quant.uniform<ui8:f32, 0.5:128>,
         m = !quant.uniform<si8<-100:100>:f32, 0.5:1>} : () -> ()

// A dialect attribute may carry a type (none is its default, not kept).
// CHECK: "t.a"() {a = #d.attr : i32, b = [#d<"x y"> : tensor<2xf32>, #d.z], c = #d.n} : () -> ()
"t.a"() {a = #d.attr : i32, b = [#d<"x y"> : tensor<2xf32>, #d.z], c = #d.n : none} : () -> ()

// Locations as attribute values; a location alias is one too.
#l = loc("f.c":1:2)
// CHECK: "t.l"() {a = loc("x":1:2), b = [loc(unknown), loc("n"("f":3:4))], c = loc(fused["a", "b"]), d = loc(callsite("a" at "b":1:1)), e = loc("f.c":1:2), f = loc("f.c":1:2)} : () -> ()
"t.l"() {a = loc("x":1:2), b = [loc(unknown), loc("n"("f":3:4))],
         c = loc(fused["a", "b"]), d = loc(callsite("a" at "b":1:1)),
         e = loc(#l), f = #l} : () -> ()

// Dense string elements for element types that are not numbers (equal
// strings print as a splat; "0x..." is a string there, hex data only for
// numbers).
// CHECK: "t.s"() {a = dense<"abc"> : tensor<2x!d.t>, b = dense<["a\0A", "b\22c"]> : tensor<2x!d.t>, c = dense<{{\[\["a"\], \["b"\]\]}}> : tensor<2x1x!d.t>, d = dense<"x"> : tensor<!d.t>, e = dense<> : tensor<0x!d.t>, f = dense<"a"> : tensor<2x!d.t>, g = dense<"0x0102"> : tensor<2x!d.t>, h = dense<[1, 2]> : tensor<2xi8>} : () -> ()
"t.s"() {a = dense<"abc"> : tensor<2x!d.t>, b = dense<["a\n", "b\"c"]> : tensor<2x!d.t>,
         c = dense<[["a"], ["b"]]> : tensor<2x1x!d.t>, d = dense<"x"> : tensor<!d.t>,
         e = dense<[]> : tensor<0x!d.t>, f = dense<["a", "a"]> : tensor<2x!d.t>,
         g = dense<"0x0102"> : tensor<2x!d.t>, h = dense<"0x0102"> : tensor<2xi8>} : () -> ()

// Products and divisions stay affine when one side has no dimension, even
// once simplified ((i - i) * j is 0); a float is given as bits in hex.
// CHECK: "t.a"() {a = affine_map<(d0, d1)[s0] -> (d0 floordiv s0, (d0 + s0) mod (s0 * 2), 0, d1 * (s0 + 2))>, b = affine_map<(d0) -> ()>, c = dense<0x7FC00000> : tensor<f32>} : () -> ()
"t.a"() {a = affine_map<(i, j)[s] -> (i floordiv s, (i+s) mod (s*2), (i - i) * j, j * (s + 2))>,
         b = affine_map<(i) -> ()>, c = dense<0x7FC00000> : tensor<f32>} : () -> ()

// Declarations are private or nested; memory spaces are integers, strings
// or dictionaries.
// CHECK: "func.func"() ({
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"} : () -> ()
func.func private @decl(i32) -> i32
// CHECK: "t.m"() {a = memref<2xf32, "s">, b = memref<2xf32, {a = 1 : i64}>, c = memref<*xf32, 3>, d = tensor<2xvector<3xi8>>, e = tensor<2x!d.t>} : () -> ()
"t.m"() {a = memref<2xf32, "s">, b = memref<2xf32, {a = 1}>, c = memref<*xf32, 3>,
         d = tensor<2xvector<3xi8>>, e = tensor<2x!d.t>} : () -> ()

// MLIR 14's custom forms of its branch ops and of the builtin cast, and a
// function whose body's entry block names the arguments.
// CHECK: ^bb0(%arg0: i32, %arg1: i1):
// CHECK-NEXT: %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
// CHECK-NEXT: %1:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg0) : (i32, i32) -> (i64, f32)
// CHECK-NEXT: %2 = "builtin.unrealized_conversion_cast"() : () -> i8
// CHECK-NEXT: "cf.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%3: i32):
// CHECK-NEXT: "cf.cond_br"(%arg1, %3)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 0]> : vector<3xi32>} : (i1, i32) -> ()
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "cf.cond_br"(%arg1, %3, %arg0)[^bb2, ^bb3] {operand_segment_sizes = dense<[1, 0, 2]> : vector<3xi32>} : (i1, i32, i32) -> ()
// CHECK-NEXT: ^bb3(%4: i32, %5: i32):
// CHECK-NEXT: "cf.br"()[^bb4] : () -> ()
func.func @branches(i32, i1) {
^bb0(%a: i32, %c: i1):
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %a, %a : i32, i32 to i64, f32
  %2 = builtin.unrealized_conversion_cast to i8
  br ^bb1(%a : i32)
^bb1(%b: i32):
  cond_br %c, ^bb1(%b : i32), ^bb2
^bb2:
  cf.cond_br %c, ^bb2, ^bb3(%b, %a : i32, i32)
^bb3(%x: i32, %y: i32):
  cf.br ^bb4
^bb4:
  return
}

// Integer sets.
// CHECK: "t.i"() {a = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, -d1 + s0 >= 0, d0 * 2 - s0 == 0, (d0 + s0) mod 4 >= 0)>, b = affine_set<(d0) : (0 == 0)>, c = affine_set<() : (0 == 0)>} : () -> ()
"t.i"() {a = affine_set<(i, j)[N] : (i - 1 >= 0, -j + N >= 0, i * 2 - N == 0, (i + N) mod 4 >= 0)>,
         b = affine_set<(d0) : ()>, c = affine_set<() : (0 == 0)>} : () -> ()

// Memrefs of memrefs; the cast's custom form without its dialect prefix.
// CHECK: function_type = (memref<3xmemref<2xi8>>, memref<*xmemref<*xi8>>) -> ()
func.func private @mm(memref<3xmemref<2xi8>>, memref<*xmemref<*xi8>>)
// CHECK: "builtin.unrealized_conversion_cast"(%{{.*}}) : (i8) -> i16
"t.wrap"() ({
  %c0 = "t.c"() : () -> i8
  %c1 = unrealized_conversion_cast %c0 : i8 to i16
}) : () -> ()

// The quant dialect's other types, written as MLIR writes them.
// CHECK: "t.q2"() {a = !quant.any<i8<-4:3>:f32>, b = !quant.any<i8:f32>, c = !quant.any<u8>, d = !quant.calibrated<f32<-1.500000e+00:2.250000e+00>>, e = !quant.calibrated<f32<-0.998:1.232100e+00>>} : () -> ()
"t.q2"() {a = !quant.any<i8 < -4 : 3 > : f32>, b = !quant.any<si8<-128:127>:f32>,
          c = !quant.any<u8>, d = !quant.calibrated<f32<-1.5:2.25>>,
          e = !quant.calibrated<f32<-0.998:1.2321>>} : () -> ()
