#!/usr/bin/env bash
# Cold production build: wall-clock time and peak memory (maximum resident set size) of one build.
# Usage: npm run bench   (prints a Markdown table; run on an otherwise idle machine)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/time ]; then
  echo "bench/build.sh needs GNU time for the peak memory: apt-get install -y time" >&2
  exit 1
fi

# Cold: no Docusaurus output and no Rspack persistent cache.
npx docusaurus clear >/dev/null
rm -rf node_modules/.cache
log=$(mktemp)
start=$(date +%s.%N)
/usr/bin/time -v npm run --silent build >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
end=$(date +%s.%N)
peak_kib=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')

printf '| measure | value |\n| --- | --- |\n'
printf '| cold build time | %s s |\n' "$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')"
printf '| peak memory (max RSS of the largest process) | %d MiB |\n' "$((peak_kib / 1024))"
printf '| machine | %s cores, %s |\n' "$(nproc)" "$(free -h | awk '/^Mem:/ {print $2}')"
rm -f "$log"
