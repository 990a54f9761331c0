import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

/**
 * The pure domain's coverage from its unit tests alone (docs/testing.md): 100 % of the lines of
 * shared/domain and 98 % of its branches, or the run fails. Pure tests need neither the seeded
 * data nor the Remix build (vitest.config.ts's global setup), so this run takes seconds.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(root, "app"), "@shared": path.resolve(root, "shared") } },
  test: {
    include: ["tests/unit/domain/**/*.test.ts", "tests/unit/contracts/**/*.test.ts"],
    environment: "node",
    coverage: {
      enabled: true,
      provider: "v8",
      include: ["shared/domain/**/*.ts"],
      reporter: ["text-summary"],
      thresholds: { lines: 100, branches: 98 },
    },
  },
});
