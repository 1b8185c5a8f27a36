// A verify-diagnostics input whose expectations do not match.
"a.b"() : () -> ()
// -----
// expected-error@+1 {{this message is never produced}}
"a.c"() : () -> ()
// -----
"x.y"() : () -> ()
