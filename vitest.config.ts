import { defineConfig } from "vitest/config";
import path from "node:path";

const root = import.meta.dirname;

/**
 * Two projects by speed (docs/testing.md):
 * - `unit` and `components`: pure units, module tests and component tests that need neither the
 *   Remix build nor seeded data nor a server — `npm run test:unit` and `npm run test:watch`;
 * - `integration`: everything that starts a back-office, a portal or a database; its global
 *   setup builds the portal once and seeds the demo data once per run.
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(root, "app"),
      "@shared": path.resolve(root, "shared"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 120000,
    coverage: { provider: "v8", include: ["shared/**/*.ts"], reporter: ["text-summary", "text"] },
    projects: [
      {
        extends: true,
        // Node modules without global state between files: one module graph per worker, not one
        // per file (isolation tripled this project's time for nothing it caught).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "threads", isolate: false },
      },
      {
        extends: true,
        // One DOM and one module graph per worker too; Testing Library's cleanup empties the page
        // after each test. A test that needs modules never loaded before is `*.isolated.test.tsx`.
        test: {
          name: "components",
          include: ["tests/components/**/*.test.tsx"],
          exclude: ["tests/components/**/*.isolated.test.tsx"],
          setupFiles: ["tests/setup/testing-library.ts"],
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        // Fresh modules for each file: the toaster (sonner) is loaded with the first message on
        // purpose, and its test asserts it is not there before.
        test: {
          name: "components-isolated",
          include: ["tests/components/**/*.isolated.test.tsx"],
          setupFiles: ["tests/setup/testing-library.ts"],
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The demo data is seeded once per run and copied for each test file (tests/support/seeds.ts).
          globalSetup: ["tests/setup/seed-once.ts", "tests/setup/build-once.ts"],
        },
      },
    ],
  },
});
