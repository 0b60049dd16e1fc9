//! Implementations under test: arbiter itself, in process (either backend), and any program that
//! speaks the protocol over its standard input and output.
//!
//! A program is trusted with nothing (conformance/PROTOCOL.md, "Limits"). It runs in its own
//! process group. Its input is written by a thread of its own, so a program that does not read
//! cannot block the runner; its output is read by another, line by line, each line bounded; its
//! standard error by a third, which keeps only a bounded tail. Each scenario has one deadline,
//! from sending the request to checking the verdict: blank lines, a closed output or an unread
//! input cannot stretch it. An answer is parsed, optionally validated against the published
//! schemas, and matched to the scenario asked about. Whatever goes wrong becomes that scenario's
//! `Answer::Errored`; the program's whole process group is then killed and the program restarted
//! for the next scenario, so one crash or one stray line cannot spoil the rest.

use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command as Spawn, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};

use super::features::FEATURES;
use super::protocol::{self, Command, MAX_LINE, PROTOCOL_VERSION, ReadLine, Reply, Request};
use super::scenario::at_byte;
use super::schema::Schemas;
use crate::diag::{Diags, clip};
use crate::locale::Words;
use crate::render::Renderer;
use crate::runtime::edition::Law;
use crate::{Engine, load_law, pgn, runtime};

/// An implementation's answer to one scenario.
#[derive(Clone, Debug)]
pub enum Answer {
    Verdict(Value),
    Skipped(String),
    Errored { message: String, context: Value },
}

impl Answer {
    fn error(message: impl Into<String>) -> Answer {
        Answer::Errored {
            message: message.into(),
            context: Value::Null,
        }
    }
}

pub trait Implementation {
    /// Say hello; the answer names the implementation and its features.
    fn hello(&mut self) -> Result<protocol::Implementation, String>;
    /// How long one scenario may take, from sending its request to checking its verdict (None:
    /// no limit, for arbiter in process).
    fn timeout(&self) -> Option<Duration> {
        None
    }
    /// Get ready for the next scenario (a program that failed is started again); an error is
    /// that scenario's.
    fn ready(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// Rule on one scenario, answering by `deadline` if there is one.
    fn run(&mut self, seq: u64, req: &Request, deadline: Option<Instant>) -> Answer;
    /// The run is over.
    fn stop(&mut self) {}
}

/// arbiter in process: the reference implementation. It answers from the stripped request like
/// any other implementation, so the expectations cannot leak into its verdicts.
pub struct Ours {
    engine: Engine,
    /// A rulebook folder to use instead of the embedded rulebook with the same id.
    folder: Option<Law>,
    /// Each rulebook asked for: its name, its law, a renderer per rulebook of the law.
    loaded: Vec<(String, Law, Vec<Renderer>)>,
    /// The words its errors are said in (the verdicts' explanations are in English, the
    /// protocol's language).
    words: Words,
}

impl Ours {
    /// `folder`: rules loaded from a rulebook folder (`load_folder`), used instead of the
    /// embedded rulebook with the same id.
    /// `words`: the words its errors are said in.
    pub fn new(engine: Engine, folder: Option<Law>, words: Words) -> Ours {
        Ours {
            engine,
            folder,
            loaded: Vec::new(),
            words,
        }
    }

    /// A rulebook folder, checked and ready for the interpreter (once per edition of the
    /// family it stands on).
    pub fn load_folder(dir: &Path) -> Result<Law, Diags> {
        load_law(&dir.to_string_lossy(), Some(Engine::Interpreter), None)
    }

    fn rulebooks(&self) -> Vec<String> {
        let mut names: Vec<String> = crate::rulebook_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        if let Some(f) = &self.folder
            && !names.contains(&f.newest().meta().id)
        {
            names.push(f.newest().meta().id.clone());
        }
        names
    }

    fn rules(&mut self, id: &str) -> Result<usize, String> {
        if let Some(i) = self.loaded.iter().position(|(n, _, _)| n == id) {
            return Ok(i);
        }
        let law = match &self.folder {
            Some(f) if f.newest().meta().id == id => f.clone(),
            _ if crate::rulebook_names().contains(&id) => {
                load_law(id, Some(self.engine), None).map_err(|d| d.render_plain(&self.words))?
            }
            _ => return Err(format!("no rulebook `{id}`")),
        };
        let renderers = (law.books().iter())
            .map(|r| Renderer::new(r.meta(), crate::locale::DEFAULT))
            .collect::<Result<Vec<_>, _>>()?;
        self.loaded.push((id.to_string(), law, renderers));
        Ok(self.loaded.len() - 1)
    }

    /// The reply to one request, as `arbiter serve` sends it.
    pub fn reply(&mut self, seq: u64, req: &Request) -> Reply {
        let id = req.id.clone();
        let errored = |message: String| Reply::Errored {
            seq,
            id: req.id.clone(),
            message,
            context: Value::Null,
        };
        let i = match self.rules(&req.rulebook) {
            Ok(i) => i,
            Err(_) => {
                return Reply::Skipped {
                    seq,
                    id,
                    reason: format!("arbiter has no rulebook `{}`", req.rulebook),
                };
            }
        };
        let (_, law, renderers) = &self.loaded[i];
        // An edition the request names: that edition's rulebook, whatever the date.
        let forced = match &req.edition {
            Some(e) => match law
                .books()
                .iter()
                .position(|b| b.meta().edition.as_ref().is_some_and(|x| &x.id == e))
            {
                Some(b) => Some(b),
                None => {
                    return Reply::Skipped {
                        seq,
                        id,
                        reason: format!("arbiter has no rulebook `{}` on `{e}`", req.rulebook),
                    };
                }
            },
            None => None,
        };
        let mut games = pgn::read_games(req.pgn.as_bytes());
        if games.len() != 1 {
            return errored(format!("expected one game, read {}", games.len()));
        }
        let verdict = games
            .pop()
            .ok_or_else(|| "no game".to_string())
            .and_then(|g| g.map_err(|e| at_byte(e.offset, e.message).render(&self.words)))
            .and_then(|g| {
                let options = runtime::adjudicate::Options {
                    record: req.record,
                    ..runtime::adjudicate::Options::default()
                };
                let ruled = match forced {
                    Some(b) => {
                        let one = Law::single(Arc::clone(&law.books()[b]));
                        crate::adjudicate::game(g, &one, options).map(|mut v| {
                            v.book = b;
                            v
                        })
                    }
                    None => crate::adjudicate::game(g, law, options),
                };
                ruled.map_err(|e| at_byte(e.offset, e.message).render(&self.words))
            });
        match verdict {
            Ok(v) => {
                match serde_json::to_value(renderers[v.book.min(renderers.len() - 1)].explain(&v)) {
                    Ok(verdict) => Reply::Verdict { seq, id, verdict },
                    Err(e) => errored(e.to_string()),
                }
            }
            Err(e) => errored(e),
        }
    }

    pub fn info(&self) -> protocol::Implementation {
        protocol::Implementation {
            name: "arbiter".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            language: Some("rust".into()),
            homepage: None,
            rulebooks: self.rulebooks(),
            features: FEATURES.iter().map(|f| f.to_string()).collect(),
            games: crate::games::GameKind::ALL
                .iter()
                .map(|g| g.name().to_string())
                .collect(),
        }
    }
}

impl Implementation for Ours {
    fn hello(&mut self) -> Result<protocol::Implementation, String> {
        let mut info = self.info();
        if self.engine == Engine::Interpreter || self.folder.is_some() {
            info.name = "arbiter (interpreter)".into();
        }
        Ok(info)
    }

    fn run(&mut self, seq: u64, req: &Request, _deadline: Option<Instant>) -> Answer {
        match self.reply(seq, req) {
            Reply::Verdict { verdict, .. } => Answer::Verdict(verdict),
            Reply::Skipped { reason, .. } => Answer::Skipped(reason),
            Reply::Errored {
                message, context, ..
            } => Answer::Errored { message, context },
            Reply::Hello { .. } => Answer::error("unexpected hello"),
        }
    }
}

/// What the threads around a program pass on to the runner: its standard output line by line
/// (blank lines dropped), and how writing its standard input went.
enum Event {
    Line(String),
    /// The program's standard output is closed.
    End,
    /// A line longer than `protocol::MAX_LINE`: nothing more is read.
    TooLong,
    Failed(String),
    /// The n-th message (counting from 1) is written to the program's input, all of it.
    Written(u64),
    WriteFailed(String),
}

/// The last bytes of a program's standard error, the rest read and dropped.
struct Tail {
    state: Mutex<TailState>,
    /// Notified when the standard error ends.
    ended: Condvar,
}

#[derive(Default)]
struct TailState {
    bytes: VecDeque<u8>,
    ended: bool,
}

impl Tail {
    fn new() -> Tail {
        Tail {
            state: Mutex::new(TailState::default()),
            ended: Condvar::new(),
        }
    }

    /// Read `from` to its end, keeping its last `STDERR_BYTES`.
    fn keep(&self, mut from: impl Read) {
        let mut chunk = [0u8; 8192];
        loop {
            let n = match from.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let Ok(mut t) = self.state.lock() else {
                break;
            };
            t.bytes.extend(chunk.get(..n).unwrap_or_default());
            let excess = t.bytes.len().saturating_sub(STDERR_BYTES);
            t.bytes.drain(..excess);
        }
        if let Ok(mut t) = self.state.lock() {
            t.ended = true;
        }
        self.ended.notify_all();
    }

    /// Wait until the standard error has ended (all of it read), or the deadline.
    fn wait_end(&self, deadline: Option<Instant>) {
        let Ok(mut t) = self.state.lock() else {
            return;
        };
        while !t.ended {
            let wait = match deadline {
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(w) if !w.is_zero() => w,
                    _ => return,
                },
                None => Duration::from_secs(3600),
            };
            t = match self.ended.wait_timeout(t, wait) {
                Ok((t, _)) => t,
                Err(_) => return,
            };
        }
    }

    /// Its last `STDERR_LINES` lines, each cut to `STDERR_LINE_CHARS` characters.
    fn lines(&self) -> Vec<String> {
        let Ok(t) = self.state.lock() else {
            return Vec::new();
        };
        let (a, b) = t.bytes.as_slices();
        let bytes = [a, b].concat();
        drop(t);
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.len().saturating_sub(STDERR_LINES);
        lines
            .get(first..)
            .unwrap_or_default()
            .iter()
            .map(|l| clip(l.trim_end(), STDERR_LINE_CHARS))
            .collect()
    }
}

struct Running {
    child: Child,
    /// The lines for the writer thread, which owns the program's standard input: a program that
    /// does not read cannot block the runner. Dropped (closing the input) after `stop`, the end of
    /// input being the second way to say stop.
    input: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    stderr: Arc<Tail>,
    /// Messages handed to the writer thread, and those it has written whole.
    sent: u64,
    written: u64,
}

/// Bytes of a program's standard error kept (its last ones); the rest is read and dropped, so
/// the program never blocks on a full pipe and never fills the runner's memory.
pub const STDERR_BYTES: usize = 64 * 1024;
/// Lines of that tail shown in an error's context, each cut to `STDERR_LINE_CHARS` characters.
pub const STDERR_LINES: usize = 20;
pub const STDERR_LINE_CHARS: usize = 1000;
/// After this many failed starts in a row the program is not started again.
pub const MAX_FAILED_STARTS: u32 = 3;
/// How long a program may take to exit after `stop` before its process group is killed.
pub const STOP_GRACE: Duration = Duration::from_secs(1);
/// Events from a program's output waiting for the runner; the reader thread waits when they are
/// this many, so a program writing lines forever cannot fill the runner's memory.
const EVENTS_QUEUED: usize = 64;

/// A program that speaks the protocol.
pub struct Process {
    argv: Vec<String>,
    timeout: Duration,
    schemas: Option<Schemas>,
    running: Option<Running>,
    failed_starts: u32,
    last_start_error: String,
}

/// `timeout` from now, or no deadline when none can be represented.
fn deadline_after(timeout: Duration) -> Option<Instant> {
    Instant::now().checked_add(timeout)
}

/// Wait for the program to exit until the deadline: its exit status, or None if it still runs.
fn wait_exit(child: &mut Child, deadline: Option<Instant>) -> Option<String> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status.to_string()),
            Ok(None) => {}
            Err(_) => return None,
        }
        let step = Duration::from_millis(10);
        let pause = match deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => left.min(step),
                _ => return None,
            },
            None => step,
        };
        std::thread::sleep(pause);
    }
}

/// Kill the program's process group: the program and whatever it started (which inherited the
/// group), so that nothing it started outlives it. The program leads the group (`spawn`).
#[cfg(unix)]
fn kill_group(child: &Child) {
    if let Ok(pid) = i32::try_from(child.id())
        && pid > 0
    {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours. The group id is
        // the program's pid, which is not reused while the program is unreaped (we reap it only
        // after this) nor while any process of its group lives.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

impl Process {
    /// `command` is split like a shell would (quotes, backslashes); no shell runs it. `timeout`
    /// bounds the hello and each scenario, from sending the request to checking the verdict.
    pub fn new(command: &str, timeout: Duration, validate: bool) -> Result<Process, String> {
        let argv = shlex::split(command)
            .filter(|a| !a.is_empty())
            .ok_or_else(|| format!("cannot split the command `{command}` into words"))?;
        let schemas = if validate {
            Some(Schemas::new()?)
        } else {
            None
        };
        Ok(Process {
            argv,
            timeout,
            schemas,
            running: None,
            failed_starts: 0,
            last_start_error: String::new(),
        })
    }

    fn spawn(&self) -> Result<Running, String> {
        let (program, args) = self
            .argv
            .split_first()
            .ok_or("the command names no program")?;
        let mut command = Spawn::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, which `kill` ends whole.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.argv.join(" ")))?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => {
                    kill_group(&child);
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err("the program's standard streams are not available".into());
                }
            };
        let (tx, events) = mpsc::sync_channel(EVENTS_QUEUED);
        let to_runner = tx.clone();
        std::thread::spawn(move || read_output(stdout, &to_runner));
        let (input, lines) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || write_input(stdin, &lines, &tx));
        let tail = Arc::new(Tail::new());
        let keep = tail.clone();
        std::thread::spawn(move || keep.keep(stderr));
        Ok(Running {
            child,
            input: Some(input),
            events,
            stderr: tail,
            sent: 0,
            written: 0,
        })
    }

    /// Hand a message to the writer thread; it is written while the answer is awaited.
    fn send(&mut self, msg: &Command) -> Result<(), Failure> {
        let r = self.running.as_mut().ok_or(Failure::plain("not running"))?;
        let input = r
            .input
            .as_ref()
            .ok_or(Failure::plain("the program's input is closed"))?;
        let mut line = serde_json::to_vec(msg).map_err(|e| Failure::plain(e.to_string()))?;
        line.push(b'\n');
        input
            .send(line)
            .map_err(|_| Failure::plain("cannot write to the program: its input is closed"))?;
        r.sent = r.sent.saturating_add(1);
        Ok(())
    }

    /// Send a message and wait for its answer, both by the deadline.
    fn ask(&mut self, msg: &Command, deadline: Option<Instant>) -> Result<Value, Failure> {
        self.send(msg)?;
        self.receive(deadline)
    }

    /// The next line that is not blank, by the deadline, parsed (and validated).
    fn receive(&mut self, deadline: Option<Instant>) -> Result<Value, Failure> {
        let timeout = self.timeout;
        let r = self.running.as_mut().ok_or(Failure::plain("not running"))?;
        loop {
            let event = match deadline {
                Some(d) => r
                    .events
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
                None => r.events.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match event {
                Ok(Event::Line(t)) => {
                    let v: Value = serde_json::from_str(t.trim()).map_err(|e| Failure {
                        message: format!("the answer is not JSON ({e})"),
                        context: json!({ "line": clip(t.trim_end(), CLIP) }),
                    })?;
                    if let Some(s) = &self.schemas {
                        s.check_reply(&v).map_err(|errors| Failure {
                            message: "the answer does not match the protocol's schema".into(),
                            context: json!({
                                "line": clip(t.trim_end(), CLIP),
                                "schema_errors": errors
                            }),
                        })?;
                    }
                    return Ok(v);
                }
                Ok(Event::Written(n)) => r.written = n,
                Ok(Event::WriteFailed(e)) => {
                    return Err(Failure {
                        message: format!("cannot write to the program: {e}"),
                        context: json!({ "stderr": r.stderr.lines() }),
                    });
                }
                Ok(Event::End) => {
                    // No answer can come now. How did the program end, if it did?
                    return Err(match wait_exit(&mut r.child, deadline) {
                        Some(status) => {
                            r.stderr.wait_end(deadline);
                            Failure {
                                message: format!("the program exited ({status}) without answering"),
                                context: json!({ "stderr": r.stderr.lines() }),
                            }
                        }
                        None => Failure {
                            message: format!(
                                "the program closed its standard output without answering \
                                 and was still running after {} s",
                                timeout.as_secs_f64()
                            ),
                            context: json!({ "stderr": r.stderr.lines() }),
                        },
                    });
                }
                Ok(Event::TooLong) => {
                    return Err(Failure::plain(format!(
                        "the answer is a line longer than {MAX_LINE} bytes"
                    )));
                }
                Ok(Event::Failed(e)) => return Err(Failure::plain(format!("reading: {e}"))),
                Err(RecvTimeoutError::Timeout) => {
                    let unread = if r.written < r.sent {
                        " (the program has not read the whole request)"
                    } else {
                        ""
                    };
                    return Err(Failure {
                        message: format!("no answer within {} s{unread}", timeout.as_secs_f64()),
                        context: json!({ "stderr": r.stderr.lines() }),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::plain("the program's output closed"));
                }
            }
        }
    }

    fn stderr_tail(&self) -> Vec<String> {
        self.running
            .as_ref()
            .map(|r| r.stderr.lines())
            .unwrap_or_default()
    }

    /// End the program and everything it started.
    fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            kill_group(&r.child);
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    fn start(&mut self) -> Result<protocol::Implementation, String> {
        self.kill();
        self.running = Some(self.spawn()?);
        let answer = self.ask(
            &Command::Hello {
                protocol: PROTOCOL_VERSION,
            },
            deadline_after(self.timeout),
        );
        let v = match answer {
            Ok(v) => v,
            Err(f) => {
                let tail = self.stderr_tail();
                self.kill();
                let mut m = format!("no hello: {}", f.message);
                if !tail.is_empty() {
                    m.push_str(&format!("; its standard error ends: {}", tail.join(" | ")));
                }
                return Err(m);
            }
        };
        match serde_json::from_value::<Reply>(v) {
            Ok(Reply::Hello {
                protocol,
                implementation,
            }) if protocol == PROTOCOL_VERSION => Ok(implementation),
            Ok(Reply::Hello { protocol, .. }) => {
                self.kill();
                Err(format!(
                    "the program speaks protocol {protocol}, this runner {PROTOCOL_VERSION}"
                ))
            }
            Ok(_) => {
                self.kill();
                Err("the first answer is not a hello".into())
            }
            Err(e) => {
                self.kill();
                Err(format!("the hello is malformed: {e}"))
            }
        }
    }

    /// `start`, counting failures in a row (for `MAX_FAILED_STARTS`).
    fn counted_start(&mut self) -> Result<protocol::Implementation, String> {
        let r = self.start();
        match &r {
            Ok(_) => self.failed_starts = 0,
            Err(e) => {
                self.failed_starts = self.failed_starts.saturating_add(1);
                self.last_start_error = e.clone();
            }
        }
        r
    }
}

/// The reader thread: the program's output, line by line, each at most `MAX_LINE` bytes; blank
/// lines are dropped here, so that they cost the runner nothing (nor extend any deadline).
fn read_output(stdout: ChildStdout, tx: &SyncSender<Event>) {
    let mut out = BufReader::new(stdout);
    loop {
        let event = match protocol::read_line(&mut out, MAX_LINE) {
            Ok(ReadLine::Line(l)) if l.iter().all(u8::is_ascii_whitespace) => continue,
            Ok(ReadLine::Line(l)) => match String::from_utf8(l) {
                Ok(s) => Event::Line(s),
                Err(_) => Event::Failed("a line that is not UTF-8".into()),
            },
            Ok(ReadLine::TooLong) => Event::TooLong,
            Ok(ReadLine::End) => Event::End,
            Err(e) => Event::Failed(e.to_string()),
        };
        let last = !matches!(event, Event::Line(_));
        if tx.send(event).is_err() || last {
            return;
        }
    }
}

/// The writer thread: each message handed over, written whole to the program's input; the input
/// is closed when the runner drops its end. It may block on a program that does not read: only
/// this thread waits, and killing the program ends it.
fn write_input(mut stdin: ChildStdin, lines: &Receiver<Vec<u8>>, tx: &SyncSender<Event>) {
    let mut n = 0u64;
    for line in lines {
        n = n.saturating_add(1);
        let event = match stdin.write_all(&line).and_then(|_| stdin.flush()) {
            Ok(()) => Event::Written(n),
            Err(e) => Event::WriteFailed(e.to_string()),
        };
        let failed = matches!(event, Event::WriteFailed(_));
        if tx.send(event).is_err() || failed {
            return;
        }
    }
}

struct Failure {
    message: String,
    context: Value,
}

impl Failure {
    fn plain(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            context: Value::Null,
        }
    }
}

/// Characters of an offending line quoted in an error's context.
const CLIP: usize = 300;

impl Implementation for Process {
    fn hello(&mut self) -> Result<protocol::Implementation, String> {
        self.counted_start()
    }

    fn timeout(&self) -> Option<Duration> {
        Some(self.timeout)
    }

    fn ready(&mut self) -> Result<(), String> {
        if self.running.is_some() {
            return Ok(());
        }
        if self.failed_starts >= MAX_FAILED_STARTS {
            return Err(format!(
                "not restarted after {MAX_FAILED_STARTS} failed starts; the last: {}",
                self.last_start_error
            ));
        }
        self.counted_start()
            .map(|_| ())
            .map_err(|e| format!("restarting the program: {e}"))
    }

    fn run(&mut self, seq: u64, req: &Request, deadline: Option<Instant>) -> Answer {
        let answer = self.ask(
            &Command::Run {
                seq,
                scenario: Box::new(req.clone()),
            },
            deadline,
        );
        let v = match answer {
            Ok(v) => v,
            Err(f) => {
                self.kill();
                return Answer::Errored {
                    message: f.message,
                    context: f.context,
                };
            }
        };
        let wrong = |what: String| Answer::Errored {
            message: what,
            context: Value::Null,
        };
        let reply = match Reply::deserialize(&v) {
            Ok(r) => r,
            Err(e) => {
                self.kill();
                return Answer::Errored {
                    message: format!("the answer is not a protocol message: {e}"),
                    context: json!({ "answer": v }),
                };
            }
        };
        let (rseq, rid) = match &reply {
            Reply::Verdict { seq, id, .. }
            | Reply::Skipped { seq, id, .. }
            | Reply::Errored { seq, id, .. } => (*seq, id.clone()),
            Reply::Hello { .. } => {
                self.kill();
                return wrong("a hello in answer to a scenario".into());
            }
        };
        if rseq != seq || rid != req.id {
            self.kill();
            return wrong(format!(
                "the answer is for scenario {} (seq {rseq}), not this one (seq {seq})",
                clip(&rid, CLIP)
            ));
        }
        match reply {
            Reply::Verdict { verdict, .. } => Answer::Verdict(verdict),
            Reply::Skipped { reason, .. } => Answer::Skipped(reason),
            Reply::Errored {
                message, context, ..
            } => Answer::Errored { message, context },
            Reply::Hello { .. } => wrong("a hello in answer to a scenario".into()),
        }
    }

    fn stop(&mut self) {
        if self.running.is_some() {
            let _ = self.send(&Command::Stop);
            if let Some(r) = self.running.as_mut() {
                drop(r.input.take());
                let grace = deadline_after(STOP_GRACE).unwrap_or_else(Instant::now);
                let _ = wait_exit(&mut r.child, Some(grace));
            }
        }
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}
