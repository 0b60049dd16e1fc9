//! `arbiter explain-position FEN`: can each side still checkmate, and is the position dead
//! (Articles 6.9 and 5.2.2)? The unwinnability engine's answers with their evidence, in the
//! reader's language, or as JSON.

use std::time::Instant;

use arbiter::locale::say;
use arbiter::render::Renderer;
use arbiter::runtime::analysis::{Evidence, Shown, Winnability, winnability};
use serde_json::json;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color};

use crate::adjudicate::{AnalysisArgs, FormatArg};
use crate::out::Io;

#[derive(clap::Args)]
pub struct Args {
    /// The position, in FEN (quote it: it holds spaces).
    pub fen: String,
    /// `text` for people, `json` for programs.
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
}

pub fn run(a: &Args, lang: &str, io: &Io) -> u8 {
    let pos: Chess = match a.fen.trim().parse::<Fen>() {
        Err(e) => {
            io.error(say::position_bad_fen(say::fen_error(&e)).render(io.words()));
            return 2;
        }
        Ok(fen) => match fen.into_position(CastlingMode::Standard) {
            Ok(p) => p,
            Err(e) => {
                io.error(say::position_illegal(say::position_error(&e)).render(io.words()));
                return 2;
            }
        },
    };
    let Some(rules) = crate::rules_or_report(arbiter::DEFAULT_RULEBOOK, None, io) else {
        return 1;
    };
    let renderer = match Renderer::new(rules.meta(), lang) {
        Ok(r) => r,
        Err(e) => {
            io.error(e);
            return 2;
        }
    };
    // Without a budget (`--material-only`), the engine's quick tiers alone: a tiny budget.
    let budget = a.analysis.budget().unwrap_or(arbiter::unwinnable::Budget {
        nodes: 0,
        time: None,
        positions: 0,
    });
    let start = Instant::now();
    let answers: Vec<(Color, Winnability)> = [Color::White, Color::Black]
        .into_iter()
        .map(|side| (side, winnability(&pos, side, &budget).0))
        .collect();
    let ms = start.elapsed().as_millis();
    let alive = answers
        .iter()
        .find(|(_, w)| matches!(w, Winnability::Can(_)))
        .map(|(s, _)| *s);
    let dead = answers
        .iter()
        .all(|(_, w)| matches!(w, Winnability::Cannot { .. }));
    let nodes: u64 = answers
        .iter()
        .map(|(_, w)| match w {
            Winnability::Undetermined { nodes } => *nodes,
            _ => 0,
        })
        .sum();
    // The position's answer, in words and as the JSON's `dead_position`.
    let (verdict, dead) = match (alive, dead) {
        (Some(side), _) => (
            say::position_alive(arbiter::runtime::rules::side_name(side)).render(io.words()),
            "alive",
        ),
        (None, true) => (say::position_dead().render(io.words()), "dead"),
        (None, false) => (
            say::position_undetermined().render(io.words()),
            "undetermined",
        ),
    };
    // The reader asked for the lines: shortened unless `--evidence` says otherwise.
    let shown = match a.analysis.evidence {
        crate::adjudicate::EvidenceArg::Auto => Shown::SHORT,
        _ => a.analysis.shown(),
    };
    let evidence: Vec<Evidence> = answers
        .iter()
        .map(|(side, w)| Evidence::of_winnability(*side, w, |h| shown.line(&pos, *side, &h.moves)))
        .collect();
    match a.format {
        FormatArg::Text => {
            io.line(a.fen.trim());
            for e in &evidence {
                io.line(&format!("  {}", renderer.evidence(e)));
            }
            io.line(&verdict);
            if nodes > 0 {
                io.line(
                    &say::position_work(nodes, u64::try_from(ms).unwrap_or(u64::MAX))
                        .render(io.words()),
                );
            }
        }
        FormatArg::Json => {
            let texts: Vec<String> = evidence.iter().map(|e| renderer.evidence(e)).collect();
            let out = json!({
                "fen": a.fen.trim(),
                "white": evidence.first(),
                "black": evidence.get(1),
                "dead_position": dead,
                "texts": texts,
                "text": verdict,
                "elapsed_ms": u64::try_from(ms).unwrap_or(u64::MAX),
            });
            io.raw(&format!("{out}\n"));
        }
    }
    0
}
