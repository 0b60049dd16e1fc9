//! Helpers shared by the integration tests: run the binary, make scratch folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh, empty scratch folder under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = root().join("target").join("test-scratch").join(format!(
        "{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// Copy the FIDE rulebook into a scratch folder and return its path.
pub fn copy_rulebook(name: &str) -> PathBuf {
    let d = scratch(name).join("fide-2018");
    std::fs::create_dir_all(&d).expect("dir");
    for e in std::fs::read_dir(root().join("rules/fide-2018")).expect("rules") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, d.join(p.file_name().expect("name"))).expect("copy");
    }
    d
}

/// Copy the FIDE rulebook and the overlay `book` side by side into a scratch folder (the overlay
/// finds its base beside itself) and return the overlay's path.
pub fn copy_overlay(name: &str, book: &str) -> PathBuf {
    let fide = copy_rulebook(name);
    let parent = fide.parent().expect("parent");
    let d = parent.join(book);
    std::fs::create_dir_all(&d).expect("dir");
    for e in std::fs::read_dir(root().join("rules").join(book)).expect("rules") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, d.join(p.file_name().expect("name"))).expect("copy");
    }
    d
}

/// Replace `from` by `to` in a file, asserting that `from` is there.
pub fn edit(path: &Path, from: &str, to: &str) {
    let s = std::fs::read_to_string(path).expect("read");
    assert!(
        s.contains(from),
        "{} does not contain {from:?}",
        path.display()
    );
    std::fs::write(path, s.replacen(from, to, 1)).expect("write");
}

/// Run the binary from the repository's root.
pub fn arbiter(args: &[&str], stdin: Option<&[u8]>) -> Output {
    arbiter_in(&root(), args, stdin)
}

/// Run the binary from `dir` (so that relative paths, and the paths it prints, are short).
pub fn arbiter_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(args).current_dir(dir);
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn arbiter");
    if let Some(input) = stdin {
        use std::io::Write;
        let mut si = child.stdin.take().expect("stdin");
        // A child that stops before reading its input (a usage error) closes the pipe: what it
        // printed is the test's to judge, not the write's.
        if let Err(e) = si.write_all(input) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
        }
    }
    child.wait_with_output().expect("wait")
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
