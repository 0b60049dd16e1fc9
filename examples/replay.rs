//! The baseline of the speed comparison as a command: parse and replay the games of the given PGN
//! files with pgn-reader + shakmaty, nothing else, and print how many were replayed.
//!
//! `cargo build --release --example replay`, then time it beside `arbiter adjudicate` on the same
//! files (e.g. with `/usr/bin/time -v` or hyperfine).

fn main() {
    let mut games = 0;
    for f in std::env::args().skip(1) {
        match std::fs::read(&f) {
            Ok(bytes) => games += arbiter::pgn::replay::replay_all(&bytes),
            Err(e) => eprintln!("{f}: {e}"),
        }
    }
    println!("{games} games replayed");
}
