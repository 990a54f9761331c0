import { useState } from "react";
import { ReferencePreview } from "./ReferencePreview";
import { typedQuantity } from "./preview-text";
import { useReferencePreview } from "./useReferencePreview";

export interface QuickOrderGridRowProps {
  index: number;
  defaultRef: string;
  defaultQty: string;
  /** With JavaScript only: the line's product, price and stock beside it. */
  withPreview: boolean;
}

/** One line of the quick order's grid: reference, quantity and, with JavaScript, what they name. */
export function QuickOrderGridRow({ index, defaultRef, defaultQty, withPreview }: QuickOrderGridRowProps) {
  const [ref, setRef] = useState(defaultRef);
  const [qty, setQty] = useState(defaultQty);
  const preview = useReferencePreview(withPreview ? ref : "");
  const previewId = `ref_${index}_apercu`;
  return (
    <tr>
      <td>
        <label htmlFor={`ref_${index}`} className="visually-hidden">
          Référence, ligne {index + 1}
        </label>
        <input
          id={`ref_${index}`}
          type="text"
          name={`ref_${index}`}
          maxLength={60}
          autoComplete="off"
          defaultValue={defaultRef}
          onChange={(event) => setRef(event.currentTarget.value)}
          aria-describedby={withPreview ? previewId : undefined}
        />
      </td>
      <td>
        <label htmlFor={`qty_${index}`} className="visually-hidden">
          Quantité, ligne {index + 1}
        </label>
        <input
          id={`qty_${index}`}
          type="text"
          inputMode="numeric"
          name={`qty_${index}`}
          maxLength={6}
          placeholder="1"
          defaultValue={defaultQty}
          onChange={(event) => setQty(event.currentTarget.value)}
        />
      </td>
      {withPreview ? (
        <td>
          <ReferencePreview id={previewId} preview={preview} qty={typedQuantity(qty)} />
        </td>
      ) : null}
    </tr>
  );
}
