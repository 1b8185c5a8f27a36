// Alias chains below the expansion limit print in full (see
// parse-alias-expansion.mlir).
!t0 = type i32
!t1 = type tuple<!t0, !t0>
!t2 = type tuple<!t1, !t1>
!t3 = type tuple<!t2, !t2>
#a0 = 1 : i8
#a1 = [#a0, #a0]
#a2 = [#a1, #a1]
"x.y"() {a = #a2, d = dense<[1, 2]> : tensor<2xi8>} : () -> !t3 loc(#l2)
#l2 = loc(fused[#l1, #l1])
#l1 = loc(fused["a":1:2, "b"])
