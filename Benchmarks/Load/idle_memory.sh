#!/bin/bash
# An idle server's resident memory (SPEC §7: ≤ 40 MB; issue 42): the release build serving an
# empty database with its default settings, measured SECONDS_IDLE after its start (default 6),
# three times; then the same after 200 page loads. Prints VmRSS, its anonymous and file-backed
# parts, and the five mappings that hold the most.
#
#   Benchmarks/Load/idle_memory.sh [POSTGRES_URL_OF_AN_EMPTY_DATABASE]
#
# Uses the release build (swift build -c release --product bookstrack). Without a URL, a new
# SQLite database in a temporary folder for each run; the PostgreSQL database is migrated by the
# first run and used as it is by the next two.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BOOKSTRACK_BIN:-$root/.build/release/bookstrack}
seconds=${SECONDS_IDLE:-6}
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2> /dev/null; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))

report() {
  local pid=$1 label=$2
  printf '%s: %s\n' "$label" "$(grep -E 'VmRSS|RssAnon|RssFile' /proc/"$pid"/status | tr -s ' \t\n' ' ')"
  awk '/^[0-9a-f]+-[0-9a-f]+ / { name = (NF >= 6 ? $6 : "[anonymous]") } /^Rss:/ { rss[name] += $2 }
       END { for (n in rss) printf "  %6d kB  %s\n", rss[n], n }' /proc/"$pid"/smaps | sort -rn | head -5
}

for run in 1 2 3; do
  "$bin" --database "${1:-$work/idle-$run.sqlite}" serve --port "$port" > "$work/serve.log" 2>&1 &
  pid=$!
  sleep "$seconds"
  if ! kill -0 "$pid" 2> /dev/null; then
    echo "the server stopped:" >&2
    cat "$work/serve.log" >&2
    exit 1
  fi
  report $pid "idle, run $run"
  if [ "$run" = 3 ]; then
    for _ in $(seq 200); do curl -s -o /dev/null "http://127.0.0.1:$port/login"; done
    sleep 2
    report $pid "after 200 page loads"
  fi
  kill "$pid"
  wait "$pid" 2> /dev/null || true
  pid=
done
