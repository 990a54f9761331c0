import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";

/**
 * The Redis pub/sub pair behind @socket.io/redis-adapter: an emit to a room on one instance
 * is published on Redis and delivered by every instance to its own sockets of that room.
 */

const CONNECT_TIMEOUT_MS = 5000;

export interface RedisRelay {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function connectRedisRelay(options: {
  url: string;
  /** Channel prefix: instances of one portal share it; tests use a random one. */
  channel: string;
  onError: (error: Error) => void;
}): Promise<RedisRelay> {
  const publisher = createClient({
    url: options.url,
    // After a lost connection, retry forever but not faster than every 3 s; events sent while
    // Redis is away reach only this instance's sockets, and browsers catch up on the next load.
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
  });
  const subscriber = publisher.duplicate();
  publisher.on("error", options.onError);
  subscriber.on("error", options.onError);
  try {
    await withTimeout(
      Promise.all([publisher.connect(), subscriber.connect()]),
      CONNECT_TIMEOUT_MS,
      `Redis injoignable (${new URL(options.url).host}) : le relais temps réel entre instances ne peut pas démarrer.`,
    );
  } catch (error) {
    publisher.destroy();
    subscriber.destroy();
    throw error;
  }
  return {
    adapter: createAdapter(publisher, subscriber, { key: options.channel, publishOnSpecificResponseChannel: true }),
    async close() {
      await Promise.allSettled([publisher.close(), subscriber.close()]);
    },
  };
}
