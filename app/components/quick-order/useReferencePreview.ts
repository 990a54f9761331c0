import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { normalizeReference } from "@shared/domain/references";
import { PREVIEW_MIN_LENGTH, QUICK_ORDER_PREVIEW_PATH, type ReferencePreview } from "~/services/quick-order/types";

/** A pause in typing long enough not to ask at every key, short enough to feel immediate. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The preview of the reference typed on a grid line, asked after a pause in typing once it has
 * PREVIEW_MIN_LENGTH characters. Only an answer about what the line says now is returned: while
 * a newer one is on its way the line shows none rather than the previous product.
 */
export function useReferencePreview(typed: string): ReferencePreview | null {
  const fetcher = useFetcher<ReferencePreview>();
  const { load } = fetcher;
  const ref = normalizeReference(typed);
  const wanted = ref.length >= PREVIEW_MIN_LENGTH;

  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => load(`${QUICK_ORDER_PREVIEW_PATH}?ref=${encodeURIComponent(ref)}`), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ref, wanted, load]);

  return wanted && fetcher.data?.ref === ref ? fetcher.data : null;
}
