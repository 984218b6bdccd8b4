#!/bin/sh
# bench/sparse-ids.ts of two source trees in turn, rounds interleaved (a shared machine's load
# falls on both alike). Usage: bench/sparse-ids-ab.sh BEFORE_TREE AFTER_TREE [ROWS] [ROUNDS]
# (each tree with node_modules; the file is copied into BEFORE_TREE's bench/ when missing).
set -e
before=$1; after=$2; rows=${3:-200000}; rounds=${4:-3}
[ -f "$before/bench/sparse-ids.ts" ] || cp "$after/bench/sparse-ids.ts" "$before/bench/"
for r in $(seq 1 "$rounds"); do
  for tree in "$before" "$after"; do
    for offset in 0 10000000 1000000000; do
      # The dense-by-rowid index allocates ~21 bytes per rowid below the largest: skip 1e9 there.
      if [ "$tree" = "$before" ] && [ "$offset" = 1000000000 ]; then continue; fi
      printf '%s round %s ' "$(basename "$tree")" "$r"
      (cd "$tree" && node --expose-gc --import tsx bench/sparse-ids.ts --rows "$rows" --offset "$offset")
    done
  done
done
