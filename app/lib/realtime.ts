import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import { readCartUpdate } from "@shared/realtime/guard";
import { CART_UPDATE_EVENT, REALTIME_PATH, type CartUpdatePayload } from "@shared/realtime/protocol";

/**
 * The browser's end of the live cart channel. Connects only when the page says the user has
 * an organization to follow (`liveKey`), and again when that changes (a contributor switching
 * client). The server decides the room from the session cookie; this code never names one.
 */

export interface LiveCartHandlers {
  /** `own`: the change was made from this browser (no notice then, only a refresh). */
  onUpdate(update: CartUpdatePayload, own: boolean): void;
  /** Back after a disconnection whose missed events are gone: reload the data. */
  onCatchUp(): void;
}

/** After the server refused for a passing reason (back-office down), try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 15_000;

function refusalCode(error: Error): string | null {
  const data = (error as Error & { data?: unknown }).data;
  if (typeof data !== "object" || data === null || !("code" in data)) return null;
  return typeof data.code === "string" ? data.code : null;
}

export function useLiveCart(liveKey: string | null, handlers: LiveCartHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!liveKey) return;
    // WebSocket only: any instance can take any message, no sticky sessions (decision 0061).
    const socket = io({ path: REALTIME_PATH, transports: ["websocket"], reconnectionDelayMax: 10_000 });
    let connectedOnce = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    // A marker for browser tests and support: "on" while the live channel is open.
    const mark = (state: "on" | "off") => void (document.documentElement.dataset.liveCart = state);
    socket.on("disconnect", (reason) => {
      mark("off");
      // The server closed it: the session ended (password changed elsewhere, account
      // deactivated, expiry). Reloading the data lets the loaders send the page to /connexion.
      if (reason === "io server disconnect") latest.current.onCatchUp();
    });
    socket.on("connect", () => {
      mark("on");
      // A recovered connection replays what it missed; otherwise the page reloads its data.
      if (connectedOnce && !socket.recovered) latest.current.onCatchUp();
      connectedOnce = true;
    });
    socket.on(CART_UPDATE_EVENT, (raw: unknown) => {
      const update = readCartUpdate(raw);
      if (!update) return;
      const own = update.own === true || (update.originSocketId !== undefined && update.originSocketId === socket.id);
      latest.current.onUpdate(update, own);
    });
    socket.on("connect_error", (error) => {
      // socket.active is false when the server refused the handshake: it will not retry by itself.
      if (socket.active || refusalCode(error) !== "unavailable") return;
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), RETRY_AFTER_REFUSAL_MS);
    });
    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
      mark("off");
    };
  }, [liveKey]);
}
