"a.good"() : () -> ()
// -----
"a.bad"(%undefined) : (i32) -> ()
// -----
"a.good"() : () -> ()
