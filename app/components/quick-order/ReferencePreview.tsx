import type { ReferencePreview as Preview } from "~/services/quick-order/types";
import { stockText, unitPriceText } from "./preview-text";

/**
 * What a grid line's reference names, beside it. A polite live region, present before any
 * answer, so a screen reader hears the product (or « Référence inconnue ») after typing.
 */
export function ReferencePreview({ id, preview, qty }: { id: string; preview: Preview | null; qty: number | null }) {
  return (
    <p id={id} className="quick-order__preview" aria-live="polite" data-testid={id}>
      {preview === null ? null : preview.found ? (
        <>
          <span className="quick-order__preview-title">
            {preview.title}
            {preview.productRef ? ` (Réf. ${preview.productRef})` : null}
          </span>
          {preview.unitPrice !== null ? <span>{unitPriceText(preview.unitPrice)}</span> : null}
          <span>{stockText(preview.stock, qty)}</span>
        </>
      ) : (
        <span className="quick-order__preview-refused">{preview.message}</span>
      )}
    </p>
  );
}
