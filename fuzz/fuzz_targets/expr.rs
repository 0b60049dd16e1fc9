//! The `expr` target: see `arbiter_fuzz::expr` (fuzz/src/lib.rs) for what it runs.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter_fuzz::expr(data);
});
