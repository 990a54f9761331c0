import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** Wait after the last keystroke before saving: typing "12" must not save "1" first. */
export const QUANTITY_DEBOUNCE_MS = 500;

/**
 * A quantity field that saves itself while the user types (JavaScript on). What the user
 * typed stays on screen: the value from the server replaces it only when the field is not
 * being edited and nothing is pending, so there is no flicker and no lost keystroke.
 */
export function useQuantityField(lineId: string, serverQty: number) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [value, setValue] = useState(String(serverQty));
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSent = useRef(String(serverQty));
  const pending = fetcher.state !== "idle";

  useEffect(() => {
    if (!editing.current && !pending && timer.current === null) {
      setValue(String(serverQty));
      lastSent.current = String(serverQty);
    }
  }, [serverQty, pending]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function send(next: string) {
    timer.current = null;
    if (!/^\d{1,12}$/.test(next) || next === lastSent.current) return;
    const was = lastSent.current;
    lastSent.current = next;
    fetcher.submit({ intent: "update", mode: "fetch", [`qty:${lineId}`]: next, [`was:${lineId}`]: was }, { method: "post", action: "/mon-panier?index" });
  }

  return {
    value,
    pending,
    error: fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.message ?? null) : null,
    onChange(next: string) {
      setValue(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next), QUANTITY_DEBOUNCE_MS);
    },
    onFocus() {
      editing.current = true;
    },
    onBlur() {
      editing.current = false;
      if (timer.current) {
        clearTimeout(timer.current);
        send(value);
      }
    },
  };
}
