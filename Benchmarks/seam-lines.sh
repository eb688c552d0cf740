#!/usr/bin/env bash
# Article-shaped vs glue lines per sample: the article files are the ones each sample lists in its
# `AppAbout(articleFiles:)`; every other Swift file under its folder is glue. Target: glue ≤ 0.6× article.
set -euo pipefail
cd "$(dirname "$0")/.."
printf '%-14s %8s %8s %7s\n' sample article glue ratio
total_article=0; total_glue=0; over=0
for dir in Samples/*/; do
    name=$(basename "$dir")
    # The list is the string literals inside `articleFiles: [...]` (one sample declares it once).
    list=$(grep -rhoz 'articleFiles: *\[[^]]*\]' --include='*.swift' "$dir" | tr '\0' '\n' | grep -o '"[^"]*\.swift"' | tr -d '"' | sort -u || true)
    [ -n "$list" ] || { echo "$name: no articleFiles list (not a sample), skipped" >&2; continue; }
    article=0; glue=0
    while IFS= read -r file; do
        lines=$(wc -l < "$file")
        if grep -qxF "$(basename "$file")" <<< "$list"; then article=$((article + lines)); else glue=$((glue + lines)); fi
    done < <(find "$dir" -name '*.swift' | sort)
    ratio=$(awk -v g="$glue" -v a="$article" 'BEGIN { printf "%.2f", (a ? g / a : 0) }')
    awk -v g="$glue" -v a="$article" 'BEGIN { exit !(g > 0.6 * a) }' && over=$((over + 1))
    printf '%-14s %8d %8d %6s×\n' "$name" "$article" "$glue" "$ratio"
    total_article=$((total_article + article)); total_glue=$((total_glue + glue))
done
printf '%-14s %8d %8d %6s×\n' total "$total_article" "$total_glue" "$(awk -v g="$total_glue" -v a="$total_article" 'BEGIN { printf "%.2f", g / a }')"
echo "samples over 0.6×: $over"
