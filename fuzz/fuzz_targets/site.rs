//! The `site` target: see `arbiter_fuzz::site` (fuzz/src/lib.rs) for what it runs.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter_fuzz::site(data);
});
