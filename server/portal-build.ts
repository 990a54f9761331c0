import { existsSync, statSync, watch } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type * as PortalEntry from "~/entry.server";

/**
 * The Remix build (`remix build` writes build/index.js) is the one copy of the app's code in
 * the server's process (decision 0099): routes run from it, and the server takes what it needs
 * of the app from the build's entry module (app/entry.server.tsx) instead of importing app
 * sources, which would load a second copy of the same modules next to the build's.
 */

/** What the server uses of the app: the exports of app/entry.server.tsx it calls. */
export type PortalApp = Pick<
  typeof PortalEntry,
  "createPortalServices" | "createPortalLoadContext" | "DEFAULT_MAIL_FROM" | "createMailer" | "UpstreamError" | "inProcessTransport"
>;

/** A Remix build whose entry module exports what the server needs. */
export type PortalServerBuild = ServerBuild & { entry: { module: ServerBuild["entry"]["module"] & PortalApp } };

export interface LoadedBuild {
  build: PortalServerBuild;
  /** The build's entry module, as the server uses it. */
  app: PortalApp;
}

function hasFunction(value: object, name: string): boolean {
  return typeof (value as Record<string, unknown>)[name] === "function";
}

export function isPortalApp(value: unknown): value is PortalApp {
  return (
    typeof value === "object" &&
    value !== null &&
    hasFunction(value, "createPortalServices") &&
    hasFunction(value, "createPortalLoadContext") &&
    hasFunction(value, "UpstreamError") &&
    hasFunction(value, "createMailer") &&
    hasFunction(value, "inProcessTransport") &&
    "DEFAULT_MAIL_FROM" in value &&
    typeof value.DEFAULT_MAIL_FROM === "string"
  );
}

/** A module that is a Remix server build (routes, assets, entry) whose entry module is a PortalApp. */
export function isPortalServerBuild(value: unknown): value is PortalServerBuild {
  if (typeof value !== "object" || value === null) return false;
  if (!("routes" in value) || typeof value.routes !== "object" || !("assets" in value) || typeof value.assets !== "object") return false;
  if (!("entry" in value) || typeof value.entry !== "object" || value.entry === null) return false;
  return "module" in value.entry && isPortalApp(value.entry.module) && hasFunction(value.entry.module, "default");
}

/**
 * Imports the build at `buildPath`. `version` makes the URL another module for Node, so a
 * rewritten build is evaluated anew instead of answered from the module cache.
 */
export async function importPortalBuild(buildPath: string, version?: string): Promise<LoadedBuild> {
  if (!existsSync(buildPath)) {
    throw new Error(`The Remix build is missing (${buildPath}): run "npm run build" first.`);
  }
  const url = pathToFileURL(buildPath);
  if (version !== undefined) url.search = `?version=${encodeURIComponent(version)}`;
  const build: unknown = await import(url.href);
  if (!isPortalServerBuild(build)) {
    throw new Error(
      `The Remix build (${buildPath}) does not export what the server needs from app/entry.server.tsx: run "npm run build" again.`,
    );
  }
  return { build, app: build.entry.module };
}

function versionOf(buildPath: string): string | null {
  try {
    return String(statSync(buildPath).mtimeMs);
  } catch {
    return null; // being rewritten
  }
}

/**
 * Development (`remix dev`, decision 0099): each time the build file is rewritten, imports it
 * anew and hands it to `onBuild`, in order. A build that cannot be imported (caught half
 * written, or broken) goes to `onError`; the next write is tried again. Returns `stop`.
 */
export function watchPortalBuild(
  buildPath: string,
  onBuild: (loaded: LoadedBuild) => void,
  onError: (error: unknown) => void,
): { stop(): void } {
  let loadedVersion = versionOf(buildPath);
  let queue = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    queue = queue
      .then(async () => {
        const version = versionOf(buildPath);
        if (version === null || version === loadedVersion) return;
        const loaded = await importPortalBuild(buildPath, version);
        loadedVersion = version;
        onBuild(loaded);
      })
      .catch(onError);
  };
  // The folder, not the file: a file replaced by another (rename) would no longer be watched.
  const watcher = watch(path.dirname(buildPath), (_event, file) => {
    if (file !== null && file !== path.basename(buildPath)) return;
    // One build is several writes: wait until they stop.
    clearTimeout(timer);
    timer = setTimeout(reload, 100);
  });
  watcher.on("error", onError);
  return {
    stop() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
