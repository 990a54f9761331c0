import type { PlatformStatusView } from "~/services/invoices/types";
import { formatDate } from "@shared/domain/french-format";

/** « Plateforme : encaissée le 20 novembre 2026 »: where the invoice stands on the plateforme agréée. */
export function platformStatusText(status: PlatformStatusView): string {
  return `Plateforme : ${status.label} le ${formatDate(status.at)}`;
}

/** Under an invoice's status in a list: the latest platform status, on its own line (phones too). */
export function PlatformStatusNote({ status }: { status: PlatformStatusView | null }) {
  if (!status) return null;
  return (
    <span className="invoice-platform-status" data-code={status.code}>
      {platformStatusText(status)}
    </span>
  );
}
