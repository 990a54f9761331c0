#!/usr/bin/env bash
# Every check (docs/testing.md). First the fast ones side by side — lint and format, types, the domain's
# coverage and the fast vitest projects, none of which builds, seeds or starts a server — then
# the slow ones one after another: integration tests, build, browser tests. Each part's time is
# printed; the last line counts every test.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results/logs
rm -f test-results/vitest-*.json test-results/playwright.json

FAST_PROJECTS=(--project unit --project components --project components-isolated)

# Runs "$@" as part NAME in the background, its output in test-results/logs/NAME.log.
declare -A pids=()
start_part() {
  local name="$1"; shift
  ("$@" > "test-results/logs/$name.log" 2>&1) &
  pids[$name]=$!
}

echo "== fast checks, side by side: lint, typecheck, domain coverage, unit and component tests"
started=$(date +%s)
start_part lint npm run -s lint
start_part typecheck npx tsc --noEmit
start_part coverage npx vitest run --config vitest.domain-coverage.config.ts
start_part unit npx vitest run "${FAST_PROJECTS[@]}" --reporter=default --reporter=json --outputFile.json=test-results/vitest-unit.json
failed_parts=()
for name in lint typecheck coverage unit; do
  if wait "${pids[$name]}"; then status=ok; else status=FAILED; failed_parts+=("$name"); fi
  echo "-- $name: $status (log: test-results/logs/$name.log)"
  if [ "$status" = FAILED ]; then tail -n 80 "test-results/logs/$name.log"; fi
done
echo "== fast checks: $(( $(date +%s) - started )) s"
if [ ${#failed_parts[@]} -gt 0 ]; then
  echo "Failed: ${failed_parts[*]}"
  exit 1
fi

timed() {
  local name="$1"; shift
  local began; began=$(date +%s)
  echo "== $name"
  "$@"
  echo "== $name: $(( $(date +%s) - began )) s"
}
timed integration npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration.json
timed build npm run -s build
timed e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json --output=test-results/playwright
node scripts/test-summary.mjs
