import { defineConfig } from "vitest/config";
import path from "node:path";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(root, "app"),
      "@shared": path.resolve(root, "shared"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/components/**/*.test.tsx"],
    environment: "node",
    // The demo data is seeded once per run and copied for each test file (tests/support/seeds.ts).
    globalSetup: ["tests/setup/seed-once.ts", "tests/setup/build-once.ts"],
    testTimeout: 20000,
    hookTimeout: 120000,
    coverage: { provider: "v8", include: ["shared/**/*.ts"], reporter: ["text-summary", "text"] },
  },
});
