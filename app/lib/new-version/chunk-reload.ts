/**
 * A script chunk that fails to load (a page opened before a deployment asks for a file the
 * new build no longer has) is mended by loading the page again, at most once per 10 s per
 * path, so that a chunk really missing cannot loop (docs/specification.md §8, decision 0126).
 */

export const CHUNK_RELOAD_GAP_MS = 10_000;
const STAMP_PREFIX = "nouvelle-version:rechargement:";

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason === "string" ? reason : "";
  return CHUNK_FAILURE.test(message);
}

export interface StampStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Reloads unless this path was reloaded for the same reason less than 10 s ago; says whether it did. */
export function reloadAfterChunkFailure(path: string, storage: StampStore | null, now: number, reload: () => void): boolean {
  // Without a place to note the reload (storage refused), never reload: a loop is worse than an error page.
  if (storage === null) return false;
  try {
    const last = Number(storage.getItem(`${STAMP_PREFIX}${path}`) ?? Number.NaN);
    if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_GAP_MS) return false;
    storage.setItem(`${STAMP_PREFIX}${path}`, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
