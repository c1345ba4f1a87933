
// EXPECT-ERROR: 5:1: expected operation name in quotes
// a blank first line, then only comments before a stray brace (the parser
// fuzzer found the error location search looping forever here)
}
