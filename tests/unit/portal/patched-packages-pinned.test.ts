import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The patches in patches/ fit one exact version of their package (decisions 0154, 0157): an
 * install that drifted to another version would run unpatched, or with a patch applied to code
 * it was not written for. Every patched package, and the Remix and React packages whose code
 * calls the patched files, is pinned to that version in package.json (`overrides` for the
 * transitive ones), and the installed copy is that version. `postinstall` also runs
 * patch-package with --error-on-warn, so a mismatch stops `npm ci` loudly.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
  scripts: Record<string, string>;
};
const require = createRequire(path.join(ROOT, "package.json"));

/** `@remix-run+router+1.23.3.patch` → ["@remix-run/router", "1.23.3"]. */
const patched = readdirSync(path.join(ROOT, "patches"))
  .filter((file) => file.endsWith(".patch"))
  .map((file) => {
    const match = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file);
    if (!match?.[1] || !match[2]) throw new Error(`unexpected patch file name ${file}`);
    return [match[1].replace("+", "/"), match[2]] as const;
  });

/** Packages that are not patched but whose versions move with a patched one. */
const MOVING_TOGETHER = ["@remix-run/node", "@remix-run/express", "@remix-run/serve", "@remix-run/dev", "@remix-run/testing", "react"];

function declared(name: string): unknown {
  return manifest.dependencies[name] ?? manifest.devDependencies[name] ?? manifest.overrides[name];
}

function installed(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
}

describe("patched packages cannot drift", () => {
  it("finds the patches", () => {
    expect(patched.map(([name]) => name)).toContain("@remix-run/router");
  });

  it.each(patched)("%s is declared and installed at exactly %s", (name, version) => {
    expect(declared(name)).toBe(version);
    expect(installed(name)).toBe(version);
  });

  it.each(MOVING_TOGETHER)("%s is pinned to an exact version", (name) => {
    expect(declared(name)).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed(name)).toBe(declared(name));
  });

  it("makes patch-package fail the install on a patch that does not fit", () => {
    expect(manifest.scripts.postinstall).toBe("patch-package --error-on-fail --error-on-warn");
  });
});
