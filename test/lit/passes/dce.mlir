// dce: pure ops whose results are unused go, chains included (each block
// is swept backwards, nested regions first); ops with side effects,
// unregistered ops, terminators and the values they use stay.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --dce --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck --check-prefix=STATS --input-file %t.stats %s
// Erased in @f: %c, %d, %e (a chain), %in, %u (in the region); in
// @regions: %c, then the pure region holding it. 7 in all.
// STATS: (S) 7 num-erased

// CHECK-LABEL: func.func @f(%arg0: i32)
// CHECK-NEXT: %[[K:.*]] = "test.constant"() {value = 3 : i32}
// CHECK-NEXT: %[[E:.*]] = "test.effect"(%[[K]])
// CHECK-NEXT: "t.op"(%arg0)
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.effect"(%arg0)
// CHECK-NEXT: })
// CHECK-NEXT: return %arg0
func.func @f(%a: i32) -> i32 {
  %c = "test.constant"() {value = 1 : i32} : () -> i32
  %d = "test.add"(%c, %a) : (i32, i32) -> i32
  %e = "test.mul"(%d, %d) : (i32, i32) -> i32
  %k = "test.constant"() {value = 3 : i32} : () -> i32
  %x = "test.effect"(%k) : (i32) -> i32
  %y = "t.op"(%a) : (i32) -> i32
  "test.region"() ({
    %in = "test.negate"(%a) : (i32) -> i32
    %u = "test.add"(%a, %a) : (i32, i32) -> i32
    "test.effect"(%a) : (i32) -> ()
  }) : () -> ()
  return %a : i32
}

// A pure op holding regions is dead only when everything in it is pure
// too; canonicalize's dead-op erasure follows the same rule.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --dce %s | FileCheck --check-prefix=REGION %s
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --canonicalize %s | FileCheck --check-prefix=REGION %s
// REGION-LABEL: func.func @regions
// REGION-NEXT: %[[K:.*]] = "test.pure_region"() ({
// REGION-NEXT: "test.effect"() : () -> ()
// REGION-NEXT: }) : () -> i32
// REGION-NEXT: return
func.func @regions() {
  %0 = "test.pure_region"() ({
    %c = "test.constant"() {value = 1 : i32} : () -> i32
  }) : () -> i32
  %1 = "test.pure_region"() ({
    "test.effect"() : () -> ()
  }) : () -> i32
  return
}
