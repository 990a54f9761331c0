import { useEffect, useState } from "react";
import { toast, Toaster } from "sonner";

export interface FlashMessage {
  type: "success" | "error" | "info";
  message: string;
}

/** Auto-close delay of every toast (spec section 9). */
export const TOAST_DURATION_MS = 5000;

function showToast(flash: FlashMessage) {
  // A custom card so that a click anywhere on it closes it (spec section 2).
  toast.custom(
    (id) => (
      <div
        className={`toast toast--${flash.type}`}
        role={flash.type === "error" ? "alert" : "status"}
        onClick={() => toast.dismiss(id)}
      >
        <p>{flash.message}</p>
        <button type="button" className="toast__close" aria-label="Fermer la notification">
          ×
        </button>
      </div>
    ),
    { duration: TOAST_DURATION_MS },
  );
}

/**
 * Toasts bottom-left. A server message (flash cookie) is rendered by the server in a status
 * region, so it shows without JavaScript; once hydrated, the region gives way to a toast.
 * (Not <noscript>: browsers that parse it with scripting on would never show it.)
 */
export function Notifications({ flash }: { flash: FlashMessage | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);

  return (
    <>
      <Toaster position="bottom-left" duration={TOAST_DURATION_MS} closeButton />
      {flash && !hydrated ? (
        <div className={`flash flash--${flash.type}`} role="status">
          {flash.message}
        </div>
      ) : null}
    </>
  );
}
