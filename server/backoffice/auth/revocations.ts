import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import type { ErrorLogger } from "../http/errors";
import type { SessionCache } from "./session-cache";

/** What the relay needs of the cache: any session type. */
type RelayedCache = Pick<SessionCache, "dropAll" | "relayTo">;

/**
 * Revocations told to every back-office process through Redis pub/sub (decision 0143): each
 * process caches resolved tokens for 10 s (session-cache.ts), so a logout on one would leave
 * the token good on the others until then. A revocation publishes this process's id on
 * `<channel>:revocations`; every other process drops its whole cache on the message. When the
 * subscription comes back after Redis was away, messages may have been lost: the cache is
 * dropped then too. Redis being down never fails a logout: the 10 s lifetime is the bound again.
 */

/** A publish that cannot reach Redis gives up after this long: the logout answers anyway. */
const PUBLISH_TIMEOUT_MS = 1000;

export interface RevocationRelay {
  close(): Promise<void>;
}

export function relayRevocations(cache: RelayedCache, options: { url: string; channel: string; logger: ErrorLogger }): RevocationRelay {
  const channel = `${options.channel}:revocations`;
  const self = randomUUID();
  const reconnect = { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 3000), connectTimeout: 5000 };
  // Without the offline queue a publish while Redis is away fails at once instead of waiting for it.
  const publisher = createClient({ url: options.url, socket: reconnect, disableOfflineQueue: true });
  const subscriber = createClient({ url: options.url, socket: reconnect });
  const report = (what: string) => (error: unknown) => options.logger.error({ err: error }, `revocations relay: ${what}`);
  // One line per outage, not one per reconnection attempt (every 3 s at most).
  const outage = { publisher: false, subscriber: false };
  const reportOnce = (which: keyof typeof outage) => (error: unknown) => {
    if (outage[which]) return;
    outage[which] = true;
    report(`${which} lost Redis; tokens revoked elsewhere are trusted up to the cache's lifetime meanwhile`)(error);
  };
  publisher.on("error", reportOnce("publisher"));
  subscriber.on("error", reportOnce("subscriber"));
  publisher.on("ready", () => void (outage.publisher = false));
  let subscribedOnce = false;
  subscriber.on("ready", () => {
    outage.subscriber = false;
    // A reconnection: revocations published meanwhile were not received.
    if (subscribedOnce) cache.dropAll();
  });

  const started = (async () => {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, (message) => {
      if (message !== self) cache.dropAll();
    });
    subscribedOnce = true;
  })().catch(report("start"));

  cache.relayTo(async () => {
    if (!publisher.isReady) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_TIMEOUT_MS)));
    await Promise.race([publisher.publish(channel, self).then(() => undefined, report("publish")), timeout]);
    clearTimeout(timer);
  });

  return {
    async close() {
      await started;
      await Promise.allSettled([publisher.close(), subscriber.close()]);
    },
  };
}
