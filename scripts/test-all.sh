#!/usr/bin/env bash
# Every check, in the order that fails fastest: lint, types, unit and integration tests, build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint";       npx eslint . --max-warnings 0
echo "== typecheck";  npx tsc --noEmit
echo "== vitest";     npx vitest run
echo "== build";      npx remix build
echo "== e2e";        npx playwright test
