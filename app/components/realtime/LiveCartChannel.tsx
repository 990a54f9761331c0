import { useRevalidator } from "@remix-run/react";
import { useLiveCart } from "~/lib/realtime";
import { cartUpdateMessage } from "@shared/realtime/messages";
import { withToast } from "~/components/ui/toasts";

/** Same delay as the other toasts (docs/specification.md §9). */
const NOTICE_DURATION_MS = 5000;

function showLiveNotice(message: string): void {
  // The same card as the flash toasts (Notifications.tsx): a click anywhere closes it.
  withToast((toast) =>
    toast.custom(
      (id) => (
        <div className="toast toast--info" role="status" data-testid="live-cart-notice" onClick={() => toast.dismiss(id)}>
          <p>{message}</p>
          <button type="button" className="toast__close" aria-label="Fermer la notification">
            ×
          </button>
        </div>
      ),
      { duration: NOTICE_DURATION_MS },
    ),
  );
}

/**
 * The live channel itself (socket.io-client), loaded by LiveCartSync once the page is
 * interactive: a colleague's cart change shows its French notice and the page's loaders run
 * again, so the badge, the cart page and the checkout show the new cart without a reload.
 */
export default function LiveCartChannel({ liveKey }: { liveKey: string }) {
  const revalidator = useRevalidator();
  useLiveCart(liveKey, {
    onUpdate(update, own) {
      if (!own) showLiveNotice(cartUpdateMessage(update));
      revalidator.revalidate();
    },
    onCatchUp: () => revalidator.revalidate(),
  });
  return null;
}
