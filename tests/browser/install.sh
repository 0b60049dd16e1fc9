#!/usr/bin/env bash
# Install what the browser test (tests/external/browser.rs, tests/browser/check.mjs) needs:
#   Chromium        Debian's `chromium` (/usr/bin/chromium), when it is missing
#   playwright-core tests/browser/package-lock.json (pinned) -> tests/browser/node_modules,
#                   without Playwright's own browsers (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1)
# Used by .ci/run; run it by hand before `cargo test` to have the browser test run here.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null
fi
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
