// --verify-diagnostics: expected-* annotations with every designator.
// RUN: npu-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: npu-opt -split-input-file -verify-diagnostics %s -o %t
// RUN: FileCheck --input-file %t %s

// A chunk without diagnostics is printed as usual; a chunk whose
// (expected) errors made it fail prints nothing.
// CHECK: module {
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----

// -----
"a.same"() : () -> () // expected-error {{unregistered operation 'a.same'}}

// -----
// expected-error@+1 {{unregistered operation 'a.plus'}}
"a.plus"() : () -> ()

// -----
"a.minus"() : () -> ()
// expected-error@-1 {{unregistered operation 'a.minus'}}

// -----
"a.above"() : () -> ()
// expected-error@above {{found in dialect ('a') that does not allow unknown operations}}

// -----
// @below binds to the next line without an annotation.
// expected-error@below {{'a.below'}}
"a.below"() : () -> ()

// -----
// Blanks may separate the kind and the designator.
// expected-error @+1 {{'a.spaced'}}
"a.spaced"() : () -> ()

// -----
// Parse errors are diagnostics too.
// expected-error@+1 {{use of undeclared SSA value name}}
"a.b"(%nothing) : (i32) -> ()
