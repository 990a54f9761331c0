import type { ComponentType } from "react";
import type * as SonnerModule from "sonner";
import type { ToasterProps } from "sonner";

/**
 * Toasts on demand (decision 0082): sonner is loaded by the first toast of the page, not with
 * the page, so a page that shows none never pays for its code, nor for the stylesheet it
 * injects (a style recalculation of the whole page). Every toast goes through withToast;
 * Notifications mounts the <Toaster> once sonner is there, and toasts wait for it.
 */
type Toast = (typeof SonnerModule)["toast"];
type ToasterComponent = ComponentType<ToasterProps>;

let loading: Promise<typeof SonnerModule> | null = null;
let readyToast: Toast | null = null;
let pending: ((toast: Toast) => void)[] = [];
let mountToaster: ((Toaster: ToasterComponent) => void) | null = null;

function loadSonner(): void {
  loading ??= import("sonner");
  loading.then(
    (sonner) => mountToaster?.(sonner.Toaster),
    () => {
      loading = null; // the next toast tries again
      pending = [];
    },
  );
}

/** Shows a toast once the toaster is on the page (loading sonner the first time). */
export function withToast(show: (toast: Toast) => void): void {
  if (readyToast) {
    show(readyToast);
    return;
  }
  pending.push(show);
  loadSonner();
}

/** Notifications gives the function that mounts the <Toaster>; called again if sonner is already loaded. */
export function registerToaster(mount: (Toaster: ToasterComponent) => void): () => void {
  mountToaster = mount;
  if (loading) loadSonner();
  return () => {
    if (mountToaster !== mount) return;
    mountToaster = null;
    readyToast = null; // no toaster on the page any more: toasts wait for the next one
  };
}

/** Called by Notifications once the <Toaster> is mounted: the waiting toasts are shown. */
export function toasterMounted(): void {
  loading?.then(({ toast }) => {
    readyToast = toast;
    const waiting = pending;
    pending = [];
    for (const show of waiting) show(toast);
  });
}
