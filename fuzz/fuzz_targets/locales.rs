//! The `locales` target: see `arbiter_fuzz::locales` (fuzz/src/lib.rs) for what it runs.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter_fuzz::locales(data);
});
