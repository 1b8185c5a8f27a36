// expected-error-re@+1 {{unregistered operation 'a.{{[0-9]+}}'}}
"a.xyz"() : () -> ()
// -----
// expected-error-re@+1 {{bad {{[}}}}
"a.xyz"() : () -> ()
// -----
// expected-error-re@+1 {{unclosed {{abc}}
"a.xyz"() : () -> ()
