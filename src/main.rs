//! The `arbiter` command line: the library's [`arbiter_cli::run`] with this process's arguments.
//!
//! Exit status: 0 when everything was read and ruled on (or checked, or fresh); 1 when some input
//! was bad (a game, a rulebook) or generated code is stale — the batch still went on and every
//! problem was reported; 2 on a usage error.

use std::process::ExitCode;

// mimalloc: games, rulings and output lines are allocated on one thread and freed on another
// (reader, workers, printer); glibc's arenas serialised those frees on a lock (9,000 futex and
// 9,000 mprotect calls for 22 MB of PGN with `--jobs 2`) and mimalloc's per-thread free lists do
// not. It is also about a tenth faster on one thread. Built without transparent huge pages,
// which only inflated the resident set.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(arbiter_cli::run(std::env::args_os().collect()))
}
