import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";

// One way to reach app/ and shared/ from elsewhere: the tsconfig aliases, never a climb of "../".
const CLIMBING_IMPORTS = [{ regex: "^(\\.\\./)+(app|shared)/", message: "Use the ~/ or @shared/ alias." }];
// Inside app/, a module imports its own folder with "./" and anything else with "~/".
const APP_IMPORTS = [...CLIMBING_IMPORTS, { regex: "^\\.\\./", message: "Inside app/, import with ~/ (or ./ in the same folder)." }];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "public/build",
      "data",
      "coverage",
      "test-results",
      "playwright-report",
      ".cache",
      ".stryker-tmp",
      "reports",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // eslint-import-resolver-typescript 3.8 and import-x 4.6 are pure JavaScript: later versions
      // need native bindings this project's registry has for Linux only, which breaks npm ci.
      "import-x/resolver": { typescript: { project: "./tsconfig.json" } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // No import cycle, type-only ones included (docs/decisions/0098-feature-folders.md).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-imports": ["error", { patterns: CLIMBING_IMPORTS }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: APP_IMPORTS }] },
  },
  {
    // A body that is not a form is a French 400, read in one place (decision 0159).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/**", "app/services/forms/read.server.ts", "app/services/forms/multipart.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: "Read a form with readForm (~/services/forms/read.server) or readMultipartForm.",
        },
      ],
    },
  },
  {
    // Components take a feature's view models from its types.ts, never from server code.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...APP_IMPORTS,
            { regex: "\\.server(\\.tsx?)?$", message: "A component imports no *.server module: use the feature's types.ts." },
          ],
        },
      ],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["node:*", "fs", "path", "react", "@remix-run/*", "express", "kysely", "~/*", "../app/*", "../server/*"] },
      ],
    },
  },
);
