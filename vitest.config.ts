import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "@shared": path.resolve(__dirname, "shared"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/components/**/*.test.tsx"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 60000,
    coverage: { provider: "v8", include: ["shared/**/*.ts"], reporter: ["text-summary", "text"] },
  },
});
