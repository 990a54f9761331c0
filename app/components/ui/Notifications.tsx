import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { registerToaster, toasterMounted, withToast } from "./toasts";

export interface FlashMessage {
  type: "success" | "error" | "info";
  message: string;
}

/** Auto-close delay of every toast (docs/specification.md §9). */
export const TOAST_DURATION_MS = 5000;

function showToast(flash: FlashMessage) {
  // A custom card so that a click anywhere on it closes it (docs/specification.md §2).
  withToast((toast) =>
    toast.custom(
      (id) => (
        <div className={`toast toast--${flash.type}`} role={flash.type === "error" ? "alert" : "status"} onClick={() => toast.dismiss(id)}>
          <p>{flash.message}</p>
          <button type="button" className="toast__close" aria-label="Fermer la notification">
            ×
          </button>
        </div>
      ),
      { duration: TOAST_DURATION_MS },
    ),
  );
}

/**
 * Toasts bottom-left. A server message (flash cookie) is rendered by the server in a status
 * region, so it shows without JavaScript; with JavaScript it gives way to a toast once the
 * toaster is there (sonner comes with the first toast, see toasts.ts).
 * (Not <noscript>: browsers that parse it with scripting on would never show it.)
 */
export function Notifications({ flash }: { flash: FlashMessage | null }) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => registerToaster((loaded) => setToaster(() => loaded)), []);
  const ready = Toaster !== null;
  // Runs after the Toaster's own effects: it listens when the waiting toasts are shown.
  useEffect(() => {
    if (ready) toasterMounted();
  }, [ready]);
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);

  return (
    <>
      {Toaster ? <Toaster position="bottom-left" duration={TOAST_DURATION_MS} closeButton /> : null}
      {flash && !ready ? (
        <div className={`flash flash--${flash.type}`} role="status">
          {flash.message}
        </div>
      ) : null}
    </>
  );
}
