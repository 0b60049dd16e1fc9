"""``python -m arbiter``: the arbiter command line, the same program as the ``arbiter`` binary."""

import signal
import sys

from arbiter import _arbiter


def main() -> int:
    # The command line runs in Rust: Ctrl-C ends it as it ends the binary, and a closed pipe is
    # its own affair (it ends quietly, status 141).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.stderr.flush()
    return _arbiter.main(["arbiter", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
