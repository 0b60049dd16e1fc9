#!/usr/bin/env python3
"""Audit an archive of PGN files with arbiter on Spark: one JSON line per game.

Each input file is one unit of work: its bytes are piped whole to `arbiter adjudicate
--format json -` in a subprocess on an executor (mapPartitions over sc.binaryFiles), so a game is
never cut at a line boundary the way RDD.pipe would cut it. arbiter's standard output (one JSON
verdict per game, or arbiter's error record for a game it could not read or rule on, in its
place) is kept as is, with `file` set to the input's path; anything arbiter says on standard
error, and anything else that goes wrong with the subprocess, becomes an error record too: no
game is silently dropped.

    python3 examples/spark/audit.py --arbiter target/release/arbiter --output out/ \
        'archive/*.pgn' --

    spark-submit --master yarn --files target/release/arbiter examples/spark/audit.py \
        --arbiter arbiter --output hdfs:///audits/2024-01 'hdfs:///archive/2024-01/*.pgn'

The output directory holds Spark's part files, each JSON lines: a verdict is arbiter's own
object (README, `--format json`), and so is its error record for a bad game,
    {"file": ..., "game": N, "line": N, "column": N, "error": "<message>"};
an error the recipe itself reports is
    {"file": ..., "error": "<message>", "line": N, "column": N, "exit_status": N}
(`line`/`column` where arbiter located the error in that file; null when it did not).
See examples/spark/README.md.
"""

import argparse
import bz2
import gzip
import json
import lzma
import os
import re
import stat
import subprocess
import sys

# The first line of a located diagnostic: `  × <stdin>:4:13: game 1: ...` (the mark before it
# depends on the terminal; the location does not).
HEADER = re.compile(r"^\s*\S*\s*<stdin>:(\d+):(\d+): ?(.*)$")

DECOMPRESS = {".gz": gzip.decompress, ".bz2": bz2.decompress, ".xz": lzma.decompress}


def arbiter_path(given):
    """The arbiter binary on this node: the path given, else a file shipped with --files."""
    if os.path.isfile(given):
        return given
    try:
        from pyspark import SparkFiles

        shipped = SparkFiles.get(os.path.basename(given))
    except Exception:  # not on an executor, or SparkFiles not set up
        shipped = None
    if shipped and os.path.isfile(shipped):
        mode = os.stat(shipped).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(shipped, mode | stat.S_IXUSR)
        return shipped
    raise FileNotFoundError(f"arbiter binary not found on this node: {given}")


def error_record(path, message, status, line=None, column=None):
    return json.dumps(
        {"file": path, "error": message, "line": line, "column": column, "exit_status": status},
        ensure_ascii=False,
    )


def diagnostics(stderr):
    """arbiter's standard error split into its located diagnostics: (line, column, text); text
    that belongs to no located diagnostic comes as (None, None, text)."""
    out = []
    loose = []
    for raw in stderr.splitlines():
        m = HEADER.match(raw)
        if m:
            out.append([int(m.group(1)), int(m.group(2)), [raw]])
        elif out:
            out[-1][2].append(raw)
        elif raw.strip():
            loose.append(raw)
    result = [(line, col, "\n".join(text).rstrip()) for line, col, text in out]
    if loose:
        result.insert(0, (None, None, "\n".join(loose)))
    return result


def audit_file(arbiter, arbiter_args, path, data):
    """The JSON lines for one input file: a verdict per game, an error record per failure."""
    for suffix, decompress in DECOMPRESS.items():
        if path.endswith(suffix):
            try:
                data = decompress(data)
            except Exception as e:
                yield error_record(path, f"cannot decompress: {e}", None)
                return
    cmd = [arbiter, "adjudicate", "--format", "json", *arbiter_args, "-"]
    try:
        done = subprocess.run(cmd, input=data, capture_output=True, check=False)
    except OSError as e:
        yield error_record(path, f"cannot run {cmd[0]}: {e}", None)
        return
    records = 0
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        try:
            verdict = json.loads(line)
        except ValueError:
            yield error_record(path, f"arbiter printed a line that is not JSON: {line}", done.returncode)
            continue
        verdict["file"] = path
        records += "error" in verdict
        yield json.dumps(verdict, ensure_ascii=False)
    stderr = done.stderr.decode("utf-8", "replace")
    located = diagnostics(stderr)
    for line, column, text in located:
        # The diagnostic names the file it is about, not arbiter's standard input.
        text = text.replace("<stdin>:", f"{path}:")
        yield error_record(path, text, done.returncode, line, column)
    # 0: every game ruled on; 1: some game failed, and said so. Anything else, or a failure that
    # said nothing, is an error of the file as a whole.
    if done.returncode not in (0, 1) or (done.returncode == 1 and not located and not records):
        yield error_record(
            path, f"arbiter exited with status {done.returncode}: {stderr.strip()}", done.returncode
        )


def main(argv=None):
    p = argparse.ArgumentParser(
        description="Rule on every game of PGN files with arbiter, on Spark (local or a cluster).",
        epilog="Arguments after `--` go to `arbiter adjudicate` (e.g. --rulebook club --no-record).",
    )
    p.add_argument("inputs", nargs="+", help="input files or globs (any Hadoop path: file:, hdfs:, s3a:)")
    p.add_argument("--output", required=True, help="output directory (must not exist)")
    p.add_argument("--arbiter", required=True, help="the arbiter binary (a path on every node, or the name of a file shipped with --files)")
    p.add_argument("--partitions", type=int, default=None, help="about this many tasks (Spark packs files into splits by size; default: the default parallelism)")
    p.add_argument("--master", default=None, help="Spark master when not given by spark-submit (default local[*])")
    argv = sys.argv[1:] if argv is None else argv
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    a = p.parse_args(argv)

    from pyspark import SparkConf
    from pyspark.sql import SparkSession

    conf = SparkConf().setAppName("arbiter-audit")
    conf.setIfMissing("spark.master", a.master or "local[*]")
    conf.setIfMissing("spark.ui.enabled", "false")
    spark = SparkSession.builder.config(conf=conf).getOrCreate()
    sc = spark.sparkContext
    try:
        # binaryFiles packs files into splits by size (minPartitions is its target count); a
        # file is never split. No repartition: that would shuffle every file's bytes.
        files = sc.binaryFiles(",".join(a.inputs), minPartitions=a.partitions or sc.defaultParallelism)
        arbiter, args = a.arbiter, list(extra)

        def run(partition):
            binary = arbiter_path(arbiter)
            for path, data in partition:
                yield from audit_file(binary, args, path, bytes(data))

        files.mapPartitions(run).saveAsTextFile(a.output)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
