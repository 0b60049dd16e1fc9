//! The file system as hostile input: folder walks that never follow a link, reads that refuse
//! what is not a regular file or is too large, and writes that stay under their folder.
//!
//! - [`walk`]: the files under a folder, without following any symbolic link (a link, to a file
//!   or to a folder, is listed as refused, never entered): a walk cannot leave its root or go
//!   round a loop. No recursion (a tree of any depth costs no stack). `conformance --suite` and
//!   `publish` read the suite through it (`conformance::scenario::discover`).
//! - [`read`]: a regular file of at most `limit` bytes, opened without waiting (a FIFO or a
//!   device is refused, never read), read no further than the limit.
//! - [`write_under`]: a file below a folder, through no symbolic link: each folder on the way is
//!   a real folder (a link is refused), the file is written beside its place and renamed onto it
//!   (a link in its place is refused; a hard link's other names keep their text).

use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

/// Why a walk did not take an entry, or a read refused a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refused {
    /// A symbolic link: never followed.
    Link,
    /// Neither a regular file nor a folder (a FIFO, a socket, a device).
    NotRegular,
}

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walk {
    /// The files kept, sorted.
    pub files: Vec<PathBuf>,
    /// Entries not taken, sorted: links, and special files `keep` would have kept.
    pub refused: Vec<(PathBuf, Refused)>,
}

/// The regular files under `root` that `keep` (given the path and its depth, 1 for an entry of
/// `root`) keeps, in the folders `enter` (the same) enters. `root` itself may be a link (it is
/// the folder the user named); nothing below it is followed. An unreadable folder is skipped.
pub fn walk(
    root: &Path,
    enter: impl Fn(&Path, usize) -> bool,
    keep: impl Fn(&Path, usize) -> bool,
) -> Walk {
    let mut out = Walk::default();
    let mut stack = vec![(root.to_path_buf(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let depth = depth + 1;
        for e in entries.flatten() {
            let p = e.path();
            // The entry itself, not what a link names.
            let Ok(t) = e.file_type() else { continue };
            if t.is_symlink() {
                if enter(&p, depth) || keep(&p, depth) {
                    out.refused.push((p, Refused::Link));
                }
            } else if t.is_dir() {
                if enter(&p, depth) {
                    stack.push((p, depth));
                }
            } else if keep(&p, depth) {
                if t.is_file() {
                    out.files.push(p);
                } else {
                    out.refused.push((p, Refused::NotRegular));
                }
            }
        }
    }
    out.files.sort();
    out.refused.sort();
    out
}

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Not a regular file (a FIFO, a device, a folder).
    NotRegular,
    /// Larger than the limit, in bytes.
    TooLarge(u64),
    Io(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

/// A regular file's bytes, at most `limit` of them. The file is opened without blocking (a FIFO
/// opened for reading would wait for a writer) and checked to be a regular file once open.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge(limit));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    // A file that grew while it was read.
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}

/// Why a file could not be written under its folder.
#[derive(Debug)]
pub enum WriteError {
    /// A symbolic link on the way or in the file's place: never written through.
    Link(PathBuf),
    /// A path that would leave the folder (`..`, an absolute path) or names nothing.
    Outside(PathBuf),
    /// Something else than a folder where a folder must be.
    NotAFolder(PathBuf),
    Io(PathBuf, io::Error),
}

/// Write `bytes` to `root/rel` through no symbolic link below `root` (see the module's text).
/// Missing folders are made.
pub fn write_under(root: &Path, rel: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let parts: Vec<&std::ffi::OsStr> = rel
        .components()
        .map(|c| match c {
            Component::Normal(p) => Ok(p),
            _ => Err(WriteError::Outside(rel.to_path_buf())),
        })
        .collect::<Result<_, _>>()?;
    let Some((name, dirs)) = parts.split_last() else {
        return Err(WriteError::Outside(rel.to_path_buf()));
    };
    // The folder itself is the one the user named: made as named (a link in its path is theirs).
    std::fs::create_dir_all(root).map_err(|e| WriteError::Io(root.to_path_buf(), e))?;
    let mut dir = root.to_path_buf();
    for d in dirs {
        dir.push(d);
        folder(&dir)?;
    }
    let path = dir.join(name);
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.file_type().is_symlink() => return Err(WriteError::Link(path)),
        Ok(m) if m.is_dir() => return Err(WriteError::NotAFolder(path)),
        _ => {}
    }
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |e: io::Error| WriteError::Io(p, e)
    };
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    // A file left by an earlier run that stopped, or a link put there: removed (never
    // followed), and the new one made afresh (`create_new` follows no link).
    match std::fs::remove_file(&tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(WriteError::Io(tmp, e)),
    }
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush()));
    if let Err(e) = written.map_err(io(&tmp)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        WriteError::Io(path.clone(), e)
    })
}

/// `dir` as a real folder: made when missing, refused when it is a link or not a folder.
fn folder(dir: &Path) -> Result<(), WriteError> {
    match std::fs::symlink_metadata(dir) {
        Ok(m) if m.file_type().is_symlink() => Err(WriteError::Link(dir.to_path_buf())),
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(WriteError::NotAFolder(dir.to_path_buf())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => match std::fs::create_dir(dir) {
            Ok(()) => Ok(()),
            // Made meanwhile by someone else: look again.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                match std::fs::symlink_metadata(dir) {
                    Ok(m) if m.is_dir() => Ok(()),
                    _ => Err(WriteError::Link(dir.to_path_buf())),
                }
            }
            Err(e) => Err(WriteError::Io(dir.to_path_buf(), e)),
        },
        Err(e) => Err(WriteError::Io(dir.to_path_buf(), e)),
    }
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbiter-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_walk_follows_no_link() {
        let d = scratch("walk");
        std::fs::create_dir_all(d.join("a/b")).unwrap();
        std::fs::write(d.join("a/b/x.pgn"), "x").unwrap();
        symlink(".", d.join("a/loop")).unwrap();
        symlink("/", d.join("a/root")).unwrap();
        symlink("b/x.pgn", d.join("a/y.pgn")).unwrap();
        let w = walk(
            &d,
            |_, _| true,
            |p, _| p.extension().is_some_and(|x| x == "pgn"),
        );
        assert_eq!(w.files, vec![d.join("a/b/x.pgn")]);
        let links: Vec<&PathBuf> = w.refused.iter().map(|(p, _)| p).collect();
        assert_eq!(
            links,
            vec![&d.join("a/loop"), &d.join("a/root"), &d.join("a/y.pgn")]
        );
    }

    #[test]
    fn a_deep_tree_costs_no_stack() {
        let d = scratch("deep");
        let mut p = d.clone();
        for _ in 0..300 {
            p.push("d");
        }
        std::fs::create_dir_all(&p).unwrap();
        std::fs::write(p.join("x.pgn"), "x").unwrap();
        let w = walk(&d, |_, _| true, |_, _| true);
        assert_eq!(w.files.len(), 1);
    }

    #[test]
    fn reads_refuse_fifos_and_large_files() {
        let d = scratch("read");
        let fifo = d.join("f.ftl");
        let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(read(&fifo, 10), Err(ReadError::NotRegular)));
        std::fs::write(d.join("big"), vec![b'a'; 11]).unwrap();
        assert!(matches!(
            read(&d.join("big"), 10),
            Err(ReadError::TooLarge(10))
        ));
        assert_eq!(read(&d.join("big"), 11).unwrap().len(), 11);
        assert!(matches!(read(&d, 10), Err(ReadError::NotRegular)));
    }

    #[test]
    fn writes_go_through_no_link() {
        let d = scratch("write");
        let out = d.join("out");
        let outside = d.join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("victim"), "keep").unwrap();
        write_under(&out, Path::new("en/a.html"), b"one").unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("en/a.html")).unwrap(),
            "one"
        );
        // A link in the file's place, or on the way: refused, nothing written through it.
        symlink(outside.join("victim"), out.join("en/b.html")).unwrap();
        assert!(matches!(
            write_under(&out, Path::new("en/b.html"), b"x"),
            Err(WriteError::Link(_))
        ));
        symlink(&outside, out.join("ru")).unwrap();
        assert!(matches!(
            write_under(&out, Path::new("ru/victim"), b"x"),
            Err(WriteError::Link(_))
        ));
        // A hard link's other name keeps its text.
        std::fs::hard_link(outside.join("victim"), out.join("en/c.html")).unwrap();
        write_under(&out, Path::new("en/c.html"), b"new").unwrap();
        assert_eq!(
            std::fs::read_to_string(outside.join("victim")).unwrap(),
            "keep"
        );
        assert!(matches!(
            write_under(&out, Path::new("../x"), b"x"),
            Err(WriteError::Outside(_))
        ));
    }
}
