#!/usr/bin/env bash
# Install what the Spark recipe needs to run in local mode, beside it and never globally:
#   PySpark  examples/spark/requirements.txt (pinned) -> examples/spark/.deps (PYTHONPATH)
#   Java 17  Debian's openjdk-17-jre-headless, when no `java` is on the PATH
# Used by .ci/run; run it by hand before `cargo test` to have tests/external/spark.rs run here.
set -euo pipefail
cd "$(dirname "$0")"
want=$(sed -n 's/^pyspark==//p' requirements.txt)
if [ "$(PYTHONPATH=.deps python3 -c 'import pyspark; print(pyspark.__version__)' 2>/dev/null)" != "$want" ]; then
    python3 -m pip install --quiet --disable-pip-version-check --upgrade --target .deps -r requirements.txt
fi
if ! command -v java >/dev/null && command -v apt-get >/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
