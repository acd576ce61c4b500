#!/bin/bash
# What a command-line import costs as a self-hoster sees it (issue 19 item 5, issue 16): wall time,
# peak resident memory, bytes through write() and read(), and the database's size afterwards.
#
#   Benchmarks/Load/import_io.sh FILE [--dry-run]
#
# Uses the release build (swift build -c release --product bookstrack), a new SQLite database in a
# temporary folder and reader "r"; samples /proc/<pid>/status (VmHWM) and /proc/<pid>/io every 0.1 s.
# A 50,000-row file: Benchmarks/Load/run.py's synthetic_export (see Benchmarks/README.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BOOKSTRACK_BIN:-$root/.build/release/bookstrack}
work=$(mktemp -d)
db=$work/import.sqlite
export BOOKSTRACK_ENRICHMENT=off
"$bin" user create r --database "$db" < /dev/null > /dev/null
start=$(date +%s.%N)
"$bin" import "$1" --user r --database "$db" ${2:-} > "$work/out.txt" 2>&1 &
pid=$!
hwm=0; wchar=0; rchar=0
while kill -0 $pid 2> /dev/null; do
  h=$(awk '/VmHWM/{print $2}' /proc/$pid/status 2> /dev/null || true); [ -n "$h" ] && hwm=$h
  w=$(awk '/wchar/{print $2}' /proc/$pid/io 2> /dev/null || true); [ -n "$w" ] && wchar=$w
  r=$(awk '/rchar/{print $2}' /proc/$pid/io 2> /dev/null || true); [ -n "$r" ] && rchar=$r
  sleep 0.1
done
status=0; wait $pid || status=$?
end=$(date +%s.%N)
size=$(stat -c %s "$db")
echo "RESULT status=$status wall_s=$(echo "$end - $start" | bc) peak_rss_mb=$((hwm / 1024)) written_mb=$((wchar / 1048576)) read_mb=$((rchar / 1048576)) database_mb=$((size / 1048576))"
rm -rf "$work"
