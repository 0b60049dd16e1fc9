#!/usr/bin/env bash
# Build the fuzz targets' seed corpora under fuzz/corpus/<target>/ from what the repository
# already holds (so nothing is committed twice, and the seeds follow the suite as it grows):
#
#   expr      every condition, effect and variable of rules/*/ and tests/fixtures/*/rules/*/,
#             each behind a selector byte (no event / the first event)
#   rulebook  every rulebook of rules/ and tests/fixtures/: rulebook.yaml and its clause files
#             joined with the target's separator (`\n#%file\n`); fide-2018 also one clause file
#             at a time (the whole book is longer than -max_len)
#   pgn       every PGN under conformance/ and tests/fixtures/, and fuzz/src/games.pgn
#   protocol  `hello` + one `run` line per scenario, captured from `arbiter conformance`
#             talking to `arbiter serve`, plus a few hand-made lines
#   draughts  a FEN line and moves: the first moves of each random game of
#             crates/draughts/tests/data/games.txt, each position of perft_positions.txt, and the
#             FEN and movetext of each draughts scenario (the target also rules on them as PDN)
#   site      each scenario of conformance/fide-2018/, alone and followed by `\n#%report\n`
#             and the first lines of a certification report
#   locales   each shipped Fluent file behind its language's selector byte (0 en, 1 ru), and
#             each English one as a third language (2: de)
#   report    each certification report's implementation and first scenarios, in the
#             target's line format
#
# Usage: fuzz/seed.sh   (from anywhere; needs python3 with PyYAML for `expr`, and builds the
# arbiter binary with cargo for `protocol`). Existing files in fuzz/corpus/ are kept: libFuzzer
# adds its own there as it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz/corpus
mkdir -p "$out"/{expr,rulebook,pgn,protocol,draughts,site,locales,report}

python3 - "$out" <<'EOF'
import glob, os, re, sys
out = sys.argv[1]
SEP = "\n#%file\n"

def name(path):
    return re.sub(r"[^A-Za-z0-9.-]+", "_", path)

def write(target, fname, data):
    with open(os.path.join(out, target, fname), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

# pgn
pgns = sorted(glob.glob("conformance/**/*.pgn", recursive=True))
pgns += sorted(glob.glob("tests/fixtures/**/*.pgn", recursive=True)) + ["fuzz/src/games.pgn"]
for p in pgns:
    with open(p, "rb") as f:
        write("pgn", name(p), f.read())

# rulebook
books = sorted(glob.glob("rules/*/rulebook.yaml")) + sorted(
    glob.glob("tests/fixtures/**/rulebook.yaml", recursive=True))
for b in books:
    d = os.path.dirname(b)
    text = open(b, encoding="utf-8").read()
    m = re.search(r"^files:\s*\n((?:\s*-\s*\S+\s*\n)+)", text, re.M)
    inline = re.search(r"^files:\s*\[([^\]]*)\]", text, re.M)
    files = re.findall(r"-\s*(\S+)", m.group(1)) if m else (
        [s.strip() for s in inline.group(1).split(",")] if inline else [])
    clauses = [open(os.path.join(d, f), encoding="utf-8").read() for f in files]
    write("rulebook", name(d), SEP.join([text] + clauses))
    if os.path.basename(d) == "fide-2018":
        for f, c in zip(files, clauses):
            write("rulebook", name(d) + "-" + name(f), text + SEP + c)

# expr
try:
    import yaml
except ImportError:
    yaml = None
    print("seed.sh: no PyYAML (pip install pyyaml): no seeds for `expr`", file=sys.stderr)
if yaml:
    exprs = []
    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "when" and isinstance(v, str):
                    exprs.append(v)
                elif k == "effects" and isinstance(v, list):
                    exprs.extend(e for e in v if isinstance(e, str))
                elif k == "vars" and isinstance(v, dict):
                    exprs.extend(e for e in v.values() if isinstance(e, str))
                elif k in ("value", "default") and isinstance(v, str):
                    exprs.append(v)
                walk(v)
        elif isinstance(node, list):
            for x in node:
                walk(x)
    for y in sorted(glob.glob("rules/*/*.yaml")) + sorted(
            glob.glob("tests/fixtures/**/rules/**/*.yaml", recursive=True)):
        walk(yaml.safe_load(open(y, encoding="utf-8")))
    for i, e in enumerate(dict.fromkeys(exprs)):
        for sel in (0, 1):
            write("expr", f"rules-{i:03}-{sel}", bytes([sel]) + e.encode())
EOF

# protocol: what the runner sends, captured on its way to `arbiter serve`.
cargo build --quiet --bin arbiter
arbiter="${CARGO_TARGET_DIR:-target}/debug/arbiter"
sent=$(mktemp)
trap 'rm -f "$sent"' EXIT
"$arbiter" conformance --engine "sh -c 'tee -a $sent | $arbiter serve'" >/dev/null || true
python3 - "$out" "$sent" <<'EOF'
import json, os, re, sys
out, sent = sys.argv[1], sys.argv[2]
hello = '{"type":"hello","protocol":1}'
n = 0
for line in open(sent, encoding="utf-8"):
    line = line.rstrip("\n")
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    if msg.get("type") != "run":
        continue
    fname = "run-" + re.sub(r"[^A-Za-z0-9.-]+", "_", msg["scenario"]["id"])
    with open(os.path.join(out, "protocol", fname), "w", encoding="utf-8") as f:
        f.write(hello + "\n" + line + "\n")
    n += 1
extra = {
    "hello-stop": hello + '\n{"type":"stop"}\n',
    "garbage": 'not json\n{"type":"run"}\n{"type":"run","seq":-1}\n\n{}\n',
    "unknown-rulebook": '{"type":"run","seq":1,"scenario":{"id":"x","rulebook":"nope","pgn":"1. e4 *","game":{"tags":[],"moves":[],"comments":[]}}}\n',
    "two-games": '{"type":"run","seq":2,"scenario":{"id":"x","rulebook":"fide-2018","pgn":"1. e4 * 1. d4 *","game":{"tags":[],"moves":[],"comments":[]}}}\n',
}
for k, v in extra.items():
    with open(os.path.join(out, "protocol", k), "w", encoding="utf-8") as f:
        f.write(v)
if n == 0:
    sys.exit("seed.sh: no run line captured from `arbiter conformance`")
EOF

python3 - "$out" <<'EOF'
import os, sys
out = sys.argv[1]
games, moves = [], None
for line in open("crates/draughts/tests/data/games.txt", encoding="utf-8"):
    if line.startswith("#"):
        continue
    if line.startswith("game"):
        moves = []
        games.append(moves)
    elif moves is not None and line.strip():
        moves.append(line.split("\t")[0])
for i, g in enumerate(games):
    with open(os.path.join(out, "draughts", f"game-{i}"), "w") as f:
        f.write("\n" + " ".join(g[:40]) + "\n")
for i, line in enumerate(open("crates/draughts/tests/data/perft_positions.txt", encoding="utf-8")):
    if line.startswith("#") or not line.strip():
        continue
    with open(os.path.join(out, "draughts", f"position-{i}"), "w") as f:
        f.write(line.split("\t")[0] + "\n\n")
EOF

python3 - "$out" <<'EOF'
import glob, json, os, re, sys
out = sys.argv[1]

def write(target, fname, data):
    with open(os.path.join(out, target, fname), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def name(path):
    return re.sub(r"[^A-Za-z0-9.-]+", "_", path)

reports = sorted(glob.glob("conformance/reports/*.jsonl"))
for p in sorted(glob.glob("conformance/club/**/*.pgn", recursive=True)):
    text = open(p, encoding="utf-8").read()
    if '[GameType "25"]' not in text:
        continue
    fen = re.search(r'\[FEN "([^"]*)"\]', text)
    moves = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    write("draughts", "pdn-" + name(p), (fen.group(1) if fen else "") + "\n" + moves)
for i, p in enumerate(sorted(glob.glob("conformance/fide-2018/**/*.pgn", recursive=True))):
    scenario = open(p, "rb").read()
    write("site", name(p), scenario)
    if reports:
        lines = open(reports[i % len(reports)], "rb").read().split(b"\n")[:8]
        write("site", "with-report-" + name(p), scenario + b"\n#%report\n" + b"\n".join(lines))
for p in sorted(glob.glob("locales/*/*.ftl")):
    lang = p.split("/")[1]
    data = open(p, "rb").read()
    write("locales", name(p), bytes([{"en": 0, "ru": 1}.get(lang, 2)]) + data)
    if lang == "en":
        write("locales", "de-" + name(p), bytes([2]) + data)
kinds = ["passed", "failed", "errored", "skipped", "not-applicable"]
for p in reports:
    md = open(p[:-len("jsonl")] + "md", encoding="utf-8").read()
    who = re.search(r"^\| implementation \| (.*) \|$", md, re.M)
    head = who.group(1) if who else "arbiter 0.1.0"
    name_version, _, homepage = head.partition(", ")
    lang = re.search(r" \(([^)]*)\)$", name_version)
    nv = name_version[: lang.start()] if lang else name_version
    n, _, v = nv.rpartition(" ")
    lines = [n, v, lang.group(1) if lang else "", homepage, ""]
    for l in open(p, encoding="utf-8").read().splitlines()[:40]:
        o = json.loads(l)
        k = kinds.index(o["outcome"]) if o["outcome"] in kinds else 0
        lines.append("\t".join([o["id"], chr(ord("0") + k), " ".join(o.get("clauses", [])), "; ".join(o.get("details", []))]))
    write("report", name(p), "\n".join(lines) + "\n")
EOF

for t in expr rulebook pgn protocol draughts site locales report; do
    echo "fuzz/corpus/$t: $(find "$out/$t" -type f | wc -l) files"
done
