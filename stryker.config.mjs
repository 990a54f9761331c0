/**
 * Mutation testing of the pure domain (docs/testing.md, « Mutation testing »; decision 0172).
 * `npm run test:mutation` fails below a 90 % mutation score.
 *
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  mutate: ["shared/domain/**/*.ts"],
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // The domain's pure unit tests, without vitest.config.ts's global setup (build and seed). The
  // runner turns that config's coverage off: Stryker measures its own, per test.
  vitest: { configFile: "vitest.domain-coverage.config.ts" },
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  // A static mutant (a module-level constant) can only be tested by reloading every domain test
  // file, since they all import the domain's index: 700 of them took 89 % of the time. They are
  // reported as ignored, outside the score (decision 0172).
  ignoreStatic: true,
  // Two cores, shared with the other test runs.
  concurrency: 2,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  // The sandbox holds what the pure tests read, not the seeded data nor the builds.
  ignorePatterns: ["/*", "!/shared", "!/tests", "!/package.json", "!/tsconfig.json", "!/vitest.domain-coverage.config.ts"],
};
