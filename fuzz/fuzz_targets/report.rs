//! The `report` target: see `arbiter_fuzz::report` (fuzz/src/lib.rs) for what it runs.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter_fuzz::report(data);
});
