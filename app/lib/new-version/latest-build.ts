/**
 * Is the page older than the portal's latest build? (docs/new-version.md, decision 0126).
 * Two sources, asked in this order:
 * 1. the latest-build file, `/build/version.json` (`{ "version": "…" }`), written next to the
 *    assets after `remix build`: a deployment (or a test) says which build is current;
 * 2. without it, Remix's own build manifest: `/__manifest?p=/&version=<the page's>` answers 204
 *    with `X-Remix-Reload-Document` when the server runs another build.
 * A 404 or 403 (no file, a proxy that forbids it), a network failure or a strange answer
 * tell nothing: the check says "unknown" and the page goes on as it is.
 */

export const LATEST_BUILD_PATH = "/build/version.json";
export const MANIFEST_PATH = "/__manifest";

export type BuildCheck = "same" | "changed" | "unknown";

/** The build the page was made of (Remix puts its manifest on window); null outside a browser page. */
export function pageBuildVersion(): string | null {
  if (typeof window === "undefined") return null;
  const manifest = (window as { __remixManifest?: { version?: unknown } }).__remixManifest;
  return typeof manifest?.version === "string" && manifest.version !== "" ? manifest.version : null;
}

async function latestBuildFile(fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(LATEST_BUILD_PATH, { cache: "no-store", headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const version = typeof body === "object" && body !== null && "version" in body ? body.version : null;
    return typeof version === "string" && version !== "" ? version : null;
  } catch {
    return null;
  }
}

async function askManifest(fetchImpl: typeof fetch, pageVersion: string): Promise<BuildCheck> {
  try {
    // Remix answers a same build's manifest only for paths asked (400 without any): ask the smallest, "/".
    const response = await fetchImpl(`${MANIFEST_PATH}?p=%2F&version=${encodeURIComponent(pageVersion)}`, { cache: "no-store" });
    if (response.status === 204 && response.headers.has("X-Remix-Reload-Document")) return "changed";
    return response.ok ? "same" : "unknown";
  } catch {
    return "unknown";
  }
}

export async function checkLatestBuild(fetchImpl: typeof fetch, pageVersion: string): Promise<BuildCheck> {
  const latest = await latestBuildFile(fetchImpl);
  if (latest !== null) return latest === pageVersion ? "same" : "changed";
  return askManifest(fetchImpl, pageVersion);
}
