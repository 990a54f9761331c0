import { useEffect, useState } from "react";
import { normalizeReference } from "@shared/domain/references";
import { PREVIEW_MIN_LENGTH, QUICK_ORDER_PREVIEW_PATH, type ReferencePreview } from "~/services/quick-order/types";

/** A pause in typing long enough not to ask at every key, short enough to feel immediate. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** The answer if it reads as a preview of `ref`, else null (a refusal page, a proxy's error). */
function previewOf(body: unknown, ref: string): ReferencePreview | null {
  if (typeof body !== "object" || body === null || !("ref" in body) || !("found" in body)) return null;
  return body.ref === ref ? (body as ReferencePreview) : null;
}

/**
 * The preview of the reference typed on a grid line, asked after a pause in typing once it has
 * PREVIEW_MIN_LENGTH characters. Only an answer about what the line says now is returned: while
 * a newer one is on its way the line shows none rather than the previous product.
 *
 * A plain fetch of the resource route, not a Remix fetcher: a fetcher is revalidated after the
 * quick order's own submission and its failures reach the page's error boundary, so a preview
 * asked while the form was being sent could replace the page. A preview that fails says nothing.
 */
export function useReferencePreview(typed: string): ReferencePreview | null {
  const [answer, setAnswer] = useState<ReferencePreview | null>(null);
  const ref = normalizeReference(typed);
  const wanted = ref.length >= PREVIEW_MIN_LENGTH;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${QUICK_ORDER_PREVIEW_PATH}?ref=${encodeURIComponent(ref)}`, {
        headers: { accept: "application/json" },
        signal: controller.signal,
      })
        .then((response) => response.json() as Promise<unknown>)
        .then((body) => setAnswer(previewOf(body, ref)))
        .catch(() => undefined);
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ref, wanted]);

  return wanted && answer?.ref === ref ? answer : null;
}
