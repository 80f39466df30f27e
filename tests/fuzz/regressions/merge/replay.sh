#!/usr/bin/env bash
# Replays every damaged part here with `RODSWARM merge DAMAGED INTACT INTACT --out /tmp/x.h5` (the two intact shards
# from intact/ that the damaged one is not a copy of) and prints, for each, the exit status: a number, SIGSEGV etc.
# when killed by a signal, or "timeout" past TIMEOUT seconds (default 30). A merge that exits 0 or 1 is compared with
# the merge of the three intact shards by the same binary (scripts/results_identical.py, `created` ignored):
# "identical" or "DIFFERS" (a damage carried silently into the output). The files and their shards are listed in
# manifest.tsv (with what the old binary did); see README.md for the details.
# Exit status 0 when every file was refused (exit 2 or 3) or merged to the intact result, 1 otherwise.
#
#   tests/fuzz/regressions/merge/replay.sh PATH/TO/rodswarm
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 PATH/TO/rodswarm" >&2; exit 2; }
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
compare="$here/../../../../scripts/results_identical.py"
out=/tmp/x.h5
timeout_s=${TIMEOUT:-30}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} LIBC_FATAL_STDERR_=1
ulimit -c 0
cd "$here"

# file -> the shard it is a damaged copy of, from manifest.tsv (file, shard, old result; tab-separated, # comments)
declare -A shard=()
while IFS=$'\t' read -r file s _; do
  case "$file" in '' | '#'*) continue ;; esac
  [ -f "$file" ] && [[ "$s" =~ ^[012]$ ]] || { echo "replay: manifest.tsv: bad line for '$file' (shard '$s')" >&2; exit 2; }
  shard[$file]=$s
done <manifest.tsv
for file in *.h5; do
  [ -n "${shard[$file]+set}" ] || { echo "replay: $file is not in manifest.tsv" >&2; exit 2; }
done

reference=$(mktemp -d)/reference.h5
rm -f "$out"
"$bin" merge intact/shard-0-of-3.h5 intact/shard-1-of-3.h5 intact/shard-2-of-3.h5 --out "$reference" >/dev/null 2>&1 ||
  { echo "replay: $bin cannot merge the intact shards" >&2; exit 2; }

status=0
for file in $(printf '%s\n' "${!shard[@]}" | sort); do
  intact=()
  for i in 0 1 2; do [ "$i" = "${shard[$file]}" ] || intact+=("intact/shard-$i-of-3.h5"); done
  rm -f "$out"
  # (in braces with stderr closed: no "Segmentation fault" notice from this shell)
  { timeout -k 5 "$timeout_s" "$bin" merge "$file" "${intact[@]}" --out "$out" >/dev/null 2>&1; rc=$?; } 2>/dev/null
  if [ $rc -eq 124 ]; then  # timeout(1): the merge was still running
    result=timeout
  elif [ $rc -gt 128 ]; then
    result=$(kill -l $((rc - 128)) 2>/dev/null | sed 's/^/SIG/')
  else
    result="exit $rc"
    if [ $rc -le 1 ]; then
      if [ ! -e "$out" ]; then
        result+=", no output"
      elif python3 "$compare" "$reference" "$out" --ignore-attr created >/dev/null 2>&1; then
        result+=", identical"
      else
        result+=", DIFFERS"
      fi
    fi
  fi
  case "$result" in "exit 2"|"exit 3"|*identical) ;; *) status=1 ;; esac
  printf '%-66s shard %s  %s\n' "$file" "${shard[$file]}" "$result"
done
rm -rf "$(dirname "$reference")" "$out"
exit $status
