#!/usr/bin/env bash
# The ruleset speed figures of docs/performance.md, reproducible: builds a
# throw-away measurement campaign (the company clash of
# campaigns/company-clash.toml planned under each ruleset), then for each
# battle prints the instructions a run (callgrind: the cost of N runs less
# that of one, over N - 1, so start-up drops out) and a fingerprint of its
# odds (md5 of the sorted JSON without `seconds`), which a pure speed
# change must leave as it was.
#
# usage: docs/performance/odds-figures.sh [BINARY]   (default: target/release/bounce)
# needs: valgrind, jq, md5sum
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/bounce}
[ -x "$bin" ] || { echo "no binary at $bin: run cargo build --release first" >&2; exit 2; }
for tool in valgrind jq md5sum; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 2; }
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db="$dir/clash.db"
"$bin" --db "$db" import campaigns/company-clash.toml >/dev/null
for r in dirtside action fma; do
  "$bin" --db "$db" battle new "clash-$r" --ruleset "$r" --attacker c-coy \
    --defender m-bn --range 60 --cover cover >/dev/null
done

instructions() { # battle runs
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --db "$db" \
    battle odds "$1" --runs "$2" --seed 1 --json 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-16s %14s %10s\n' battle 'instr a run' odds-md5
# Runs for the count and for the fingerprint: FMA is about 17 times BiA.
for spec in "clash 100 2000" "clash-dirtside 30 2000" "clash-action 100 2000" "clash-fma 21 300"; do
  set -- $spec
  one=$(instructions "$1" 1)
  many=$(instructions "$1" "$2")
  md5=$("$bin" --db "$db" battle odds "$1" --runs "$3" --seed 1 --json |
    jq -S 'del(.seconds)' | md5sum | cut -c1-8)
  printf '%-16s %14d %10s\n' "$1" $(( (many - one) / ($2 - 1) )) "$md5"
done
