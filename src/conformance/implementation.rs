//! Implementations under test: arbiter itself, in process (either backend), and any program that
//! speaks the protocol over its standard input and output.
//!
//! A program is trusted with nothing: every answer is awaited with a timeout, read as one line,
//! parsed, optionally validated against the published schemas, and matched to the scenario asked
//! about. Whatever goes wrong becomes that scenario's `Answer::Errored`; the program is then
//! restarted for the next scenario, so one crash or one stray line cannot spoil the rest.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as Spawn, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};

use super::features::FEATURES;
use super::protocol::{self, Command, PROTOCOL_VERSION, Reply, Request};
use super::schema::Schemas;
use crate::render::Renderer;
use crate::runtime::rules::Rules;
use crate::{Engine, load_rules, pgn, runtime};

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
    /// Rule on one scenario.
    fn run(&mut self, seq: u64, req: &Request) -> Answer;
    /// The run is over.
    fn stop(&mut self) {}
}

/// arbiter in process: the reference implementation. It answers from the stripped request like
/// any other implementation, so the expectations cannot leak into its verdicts.
pub struct Ours {
    engine: Engine,
    /// A rulebook folder to use instead of the embedded rulebook with the same id.
    folder: Option<Arc<dyn Rules>>,
    loaded: Vec<(String, Arc<dyn Rules>, Renderer)>,
}

impl Ours {
    /// `folder`: rules loaded from a rulebook folder (`load_folder`), used instead of the
    /// embedded rulebook with the same id.
    pub fn new(engine: Engine, folder: Option<Arc<dyn Rules>>) -> Ours {
        Ours {
            engine,
            folder,
            loaded: Vec::new(),
        }
    }

    /// A rulebook folder, checked and ready for the interpreter.
    pub fn load_folder(dir: &Path) -> Result<Arc<dyn Rules>, String> {
        load_rules(&dir.to_string_lossy(), Some(Engine::Interpreter)).map_err(|d| d.render())
    }

    fn rulebooks(&self) -> Vec<String> {
        let mut names: Vec<String> = crate::embedded_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        if let Some(f) = &self.folder
            && !names.contains(&f.meta().id)
        {
            names.push(f.meta().id.clone());
        }
        names
    }

    fn rules(&mut self, id: &str) -> Result<usize, String> {
        if let Some(i) = self.loaded.iter().position(|(n, _, _)| n == id) {
            return Ok(i);
        }
        let rules = match &self.folder {
            Some(f) if f.meta().id == id => f.clone(),
            _ if crate::embedded_names().contains(&id) => {
                load_rules(id, Some(self.engine)).map_err(|d| d.render())?
            }
            _ => return Err(format!("no rulebook `{id}`")),
        };
        let renderer = Renderer::new(rules.meta(), crate::locale::DEFAULT)?;
        self.loaded.push((id.to_string(), rules, renderer));
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
        let (_, rules, renderer) = &self.loaded[i];
        let mut games = pgn::read_games(req.pgn.as_bytes());
        if games.len() != 1 {
            return errored(format!("expected one game, read {}", games.len()));
        }
        let verdict = games
            .pop()
            .ok_or_else(|| "no game".to_string())
            .and_then(|g| g.map_err(|e| format!("byte {}: {}", e.offset, e.message)))
            .and_then(|g| {
                runtime::adjudicate(&g, rules.as_ref())
                    .map_err(|e| format!("byte {}: {}", e.offset, e.message))
            });
        match verdict {
            Ok(v) => match serde_json::to_value(renderer.explain(&v)) {
                Ok(verdict) => Reply::Verdict { seq, id, verdict },
                Err(e) => errored(e.to_string()),
            },
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

    fn run(&mut self, seq: u64, req: &Request) -> Answer {
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

/// What the reader threads pass on from the program's standard output.
enum Line {
    Text(String),
    End,
    Failed(String),
}

struct Running {
    child: Child,
    /// Dropped (closed) after `stop`: the end of input is the second way to say stop.
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

/// Lines of standard error kept for error context.
const STDERR_LINES: usize = 20;
/// After this many failed starts in a row the program is not started again.
const MAX_FAILED_STARTS: u32 = 3;

/// A program that speaks the protocol.
pub struct Process {
    argv: Vec<String>,
    timeout: Duration,
    schemas: Option<Schemas>,
    running: Option<Running>,
    failed_starts: u32,
    last_start_error: String,
}

impl Process {
    /// `command` is split like a shell would (quotes, backslashes); no shell runs it.
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
        let mut child = Spawn::new(&self.argv[0])
            .args(&self.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.argv.join(" ")))?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => return Err("the program's standard streams are not available".into()),
            };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                let line = match out.read_until(b'\n', &mut buf) {
                    Ok(0) => Line::End,
                    Ok(_) => match String::from_utf8(buf) {
                        Ok(s) => Line::Text(s),
                        Err(_) => Line::Failed("a line that is not UTF-8".into()),
                    },
                    Err(e) => Line::Failed(e.to_string()),
                };
                let last = !matches!(line, Line::Text(_));
                if tx.send(line).is_err() || last {
                    return;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = tail.clone();
        std::thread::spawn(move || {
            let mut err = BufReader::new(stderr);
            let mut buf = Vec::new();
            while matches!(err.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
                if let Ok(mut t) = keep.lock() {
                    if t.len() == STDERR_LINES {
                        t.pop_front();
                    }
                    t.push_back(String::from_utf8_lossy(&buf).trim_end().to_string());
                }
                buf.clear();
            }
            // Drain anything else so the program never blocks on a full pipe.
            let _ = std::io::copy(&mut err.take(u64::MAX), &mut std::io::sink());
        });
        Ok(Running {
            child,
            stdin: Some(stdin),
            lines,
            stderr: tail,
        })
    }

    fn send(&mut self, msg: &Command) -> Result<(), String> {
        let r = self.running.as_mut().ok_or("not running")?;
        let stdin = r.stdin.as_mut().ok_or("the program's input is closed")?;
        let line = serde_json::to_string(msg).map_err(|e| e.to_string())?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot write to the program: {e}"))
    }

    /// Send a message and wait for its answer.
    fn ask(&mut self, msg: &Command) -> Result<Value, Failure> {
        self.send(msg).map_err(Failure::plain)?;
        self.receive()
    }

    /// The next non-blank line, within the timeout.
    fn receive(&mut self) -> Result<Value, Failure> {
        let timeout = self.timeout;
        let r = self.running.as_mut().ok_or(Failure::plain("not running"))?;
        loop {
            match r.lines.recv_timeout(timeout) {
                Ok(Line::Text(t)) if t.trim().is_empty() => continue,
                Ok(Line::Text(t)) => {
                    let v: Value = serde_json::from_str(t.trim()).map_err(|e| Failure {
                        message: format!("the answer is not JSON ({e})"),
                        context: json!({ "line": clip(t.trim_end()) }),
                    })?;
                    if let Some(s) = &self.schemas {
                        s.check_reply(&v).map_err(|errors| Failure {
                            message: "the answer does not match the protocol's schema".into(),
                            context: json!({ "line": clip(t.trim_end()), "schema_errors": errors }),
                        })?;
                    }
                    return Ok(v);
                }
                Ok(Line::End) => {
                    let status = r
                        .child
                        .wait()
                        .map_or("an unknown status".into(), |s| s.to_string());
                    return Err(Failure {
                        message: format!("the program exited ({status}) without answering"),
                        context: json!({ "stderr": self.stderr_tail() }),
                    });
                }
                Ok(Line::Failed(e)) => return Err(Failure::plain(format!("reading: {e}"))),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Failure::plain(format!(
                        "no answer within {} s",
                        timeout.as_secs_f64()
                    )));
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
            .and_then(|r| r.stderr.lock().ok().map(|t| t.iter().cloned().collect()))
            .unwrap_or_default()
    }

    fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    fn start(&mut self) -> Result<protocol::Implementation, String> {
        self.kill();
        self.running = Some(self.spawn()?);
        let answer = self.ask(&Command::Hello {
            protocol: PROTOCOL_VERSION,
        });
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
}

impl Process {
    /// `start`, counting failures in a row (for `MAX_FAILED_STARTS`).
    fn counted_start(&mut self) -> Result<protocol::Implementation, String> {
        let r = self.start();
        match &r {
            Ok(_) => self.failed_starts = 0,
            Err(e) => {
                self.failed_starts += 1;
                self.last_start_error = e.clone();
            }
        }
        r
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

fn clip(s: &str) -> String {
    const MAX: usize = 300;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

impl Implementation for Process {
    fn hello(&mut self) -> Result<protocol::Implementation, String> {
        self.counted_start()
    }

    fn run(&mut self, seq: u64, req: &Request) -> Answer {
        if self.running.is_none() {
            if self.failed_starts >= MAX_FAILED_STARTS {
                return Answer::error(format!(
                    "not restarted after {MAX_FAILED_STARTS} failed starts; the last: {}",
                    self.last_start_error
                ));
            }
            if let Err(e) = self.counted_start() {
                return Answer::error(format!("restarting the program: {e}"));
            }
        }
        let answer = self.ask(&Command::Run {
            seq,
            scenario: req.clone(),
        });
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
                "the answer is for scenario {rid} (seq {rseq}), not this one (seq {seq})"
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
                drop(r.stdin.take());
                for _ in 0..20 {
                    if matches!(r.child.try_wait(), Ok(Some(_))) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
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
