import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

/** Wait after the last keystroke before saving: typing "12" must not save "1" first. */
export const QUANTITY_DEBOUNCE_MS = 500;

/**
 * A quantity field that saves itself while the user types (JavaScript on). What the user
 * typed stays on screen: the value from the server replaces it only when the field is not
 * being edited and nothing is pending, so there is no flicker and no lost keystroke.
 *
 * The field is controlled from the first render, the server's too: before the scripts have
 * loaded it is a plain input the user may already type into. `ref` reads it when React takes
 * it over (hydration keeps what the DOM holds) and treats a value typed meanwhile like any
 * typed change: kept on screen, saved after the debounce.
 */
export function useQuantityField(lineId: string, serverQty: number) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [value, setValue] = useState(String(serverQty));
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The typed value waiting for its debounce; null once sent (or when nothing was typed).
  const waiting = useRef<string | null>(null);
  const lastSent = useRef(String(serverQty));
  const pending = fetcher.state !== "idle";
  // A colleague's quantity that came while this one was being typed (null: none).
  const [theirs, setTheirs] = useState<number | null>(null);
  const shown = useRef(value);
  shown.current = value;

  useEffect(() => {
    if (!editing.current && !pending && waiting.current === null) {
      // A later change of the line (by anyone) makes the colleague's notice stale.
      if (String(serverQty) !== shown.current) setTheirs(null);
      setValue(String(serverQty));
      lastSent.current = String(serverQty);
    }
  }, [serverQty, pending]);

  const { submit } = fetcher;
  const send = useCallback(
    (next: string) => {
      timer.current = null;
      waiting.current = null;
      if (!/^\d{1,12}$/.test(next) || next === lastSent.current) return;
      const was = lastSent.current;
      lastSent.current = next;
      submit(
        { intent: "update", mode: "fetch", [`qty:${lineId}`]: next, [`was:${lineId}`]: was },
        { method: "post", action: "/mon-panier?index" },
      );
    },
    [lineId, submit],
  );

  const schedule = useCallback(
    (next: string) => {
      if (timer.current) clearTimeout(timer.current);
      waiting.current = next;
      timer.current = setTimeout(() => send(next), QUANTITY_DEBOUNCE_MS);
    },
    [send],
  );

  // A new saved quantity while the buyer is typing, that is neither theirs nor their last save:
  // a colleague changed the line (live sync). What is typed stays, the line says it changed,
  // and the typed quantity is saved over the colleague's (the buyer can take theirs back).
  // Without this the field kept the typed value beside a total of the colleague's (issue 24).
  const seenServerQty = useRef(serverQty);
  useEffect(() => {
    if (seenServerQty.current === serverQty) return;
    seenServerQty.current = serverQty;
    const typing = editing.current || waiting.current !== null;
    if (!typing || pending) return;
    const saved = String(serverQty);
    // Our own save coming back (by the live sync when the fetcher is already idle): the
    // colleague's notice stays until the buyer types again or takes their quantity.
    if (saved === lastSent.current) return;
    if (saved === shown.current) {
      lastSent.current = saved;
      setTheirs(null);
      return;
    }
    setTheirs(serverQty);
    lastSent.current = saved;
    schedule(shown.current);
  }, [serverQty, pending, schedule]);

  // Arms the debounce of a value typed before hydration. A pending debounce does not outlive
  // the field; the value it waits for does (StrictMode's rehearsed unmount only pauses it).
  useEffect(() => {
    if (waiting.current !== null) schedule(waiting.current);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [schedule]);

  // Called with the input when React attaches it: at hydration, before any effect, so the
  // render that follows already shows what the user typed.
  const initialQty = useRef(String(serverQty));
  const ref = useCallback((input: HTMLInputElement | null) => {
    if (!input || input.value === initialQty.current) return;
    if (input.ownerDocument.activeElement === input) editing.current = true;
    waiting.current = input.value;
    setValue(input.value);
  }, []);

  return {
    ref,
    value,
    pending,
    /** The colleague's quantity met while typing; cleared when the buyer types again or takes it. */
    theirs,
    takeTheirs() {
      if (theirs === null) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      waiting.current = null;
      const next = String(theirs);
      setValue(next);
      setTheirs(null);
      // The saved quantity may already be the buyer's (the save went): put the colleague's back.
      if (next !== lastSent.current) send(next);
    },
    error: fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.message ?? null) : null,
    onChange(next: string) {
      setValue(next);
      setTheirs(null);
      schedule(next);
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
