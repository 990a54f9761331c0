#!/usr/bin/env bash
# Every check, in the order that fails fastest: lint, types, unit and integration tests, build,
# browser tests; then one closing line counting every test.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
echo "== lint";       npx eslint . --max-warnings 0
echo "== typecheck";  npx tsc --noEmit
echo "== domain coverage"; npx vitest run --config vitest.domain-coverage.config.ts
echo "== vitest";     npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== build";      npm run -s build
echo "== e2e";        PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json --output=test-results/playwright
node scripts/test-summary.mjs
