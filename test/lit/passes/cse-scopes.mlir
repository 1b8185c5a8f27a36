// CSE whose table grows inside nested scopes (Inputs/cse-scopes.py, 2000
// ops per chain): entries pushed in a region go when it ends, an
// isolated region sees no outer entry but finds them again after it,
// commutative ops match in either order.
// RUN: %python %S/Inputs/cse-scopes.py 2000 > %t.mlir
// RUN: npu-opt --register-test-ops --cse --pass-statistics %t.mlir 2>&1 >/dev/null | FileCheck %s
// Merged: 286 of the region's adds (every seventh outer one), the second
// copy after the region (2000; the first stays: the region's copy is out
// of scope), 400 commuted adds, the second copy in the isolated region
// (2000; the first stays) and the copy after it (2000).
// CHECK: (S) 6686 num-cse'd
// CHECK: (S) 0 num-dce'd
