import { stockOutlookSentences } from "@shared/domain/stock-outlook";
import type { LineAvailability } from "~/services/cart/types";

interface StockNoticeProps {
  availability: LineAvailability;
  /** Before the instructions step: say where partial delivery is chosen. */
  beforeInstructions?: boolean;
  id?: string;
}

/**
 * What the stock cannot serve now, said before the order: available now, what follows and
 * when, and what partial delivery makes of it (decision 0130). The cart, the add-to-cart modal
 * and the summary say it alike.
 */
export function StockNotice({ availability, beforeInstructions = false, id }: StockNoticeProps) {
  const sentences = stockOutlookSentences(availability, availability.partialDelivery);
  if (beforeInstructions && !availability.partialDelivery) sentences.push("Vous pouvez l'accepter à l'étape « Consignes ».");
  return (
    <span className="stock-notice" id={id} data-testid="stock-notice">
      {sentences.join(" ")}
    </span>
  );
}
