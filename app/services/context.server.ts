import { createCatalogueServices, type CatalogueServices } from "~/services/catalogue/services.server";
import type { CatalogueConfig } from "~/services/catalogue/config.server";
import { createCheckoutServices, type CheckoutServices } from "~/services/checkout/state.server";
import { KeyedQueue } from "./keyed-queue.server";
import { RequestMemo } from "./request-memo.server";
import { silentLogger, type PortalLogger } from "./logger.server";
import { DEFAULT_MAIL_FROM, type MailConfig } from "./mail.server";
import { createRecordingPublisher, type CartUpdatePublisher } from "@shared/realtime/publisher";
import { createPortalSessions, type PortalSessions } from "./session.server";
import { createRateLimits, type RateLimitConfig, type RateLimits } from "./rate-limit.server";
import { createToastCookie, type ToastCookie } from "./toast.server";
import { createUpstreamFactory, type UpstreamFactory } from "~/services/upstream/index.server";
import type { Transport } from "~/services/upstream/transport.server";

/**
 * What every loader and action receives as `context` (Hydrogen style): the services built
 * once per server, plus what is particular to the request. Tests build the same thing around
 * an in-process back-office, so loaders are tested without mocks.
 */

export interface PortalConfig {
  /** Base URL of the back-office contract (this server by default). */
  upstreamUrl: string;
  sessionSecret: string;
  /** Secure cookies (and the __Host- prefix): true in production. */
  secureCookies: boolean;
  upstreamTimeoutMs?: number;
  /** A fetch for the back-office calls, for tests that observe or script them (default: undici). */
  upstreamFetch?: typeof fetch;
  /**
   * What carries the JSON calls to the back-office: the embedded one in the same process when
   * UPSTREAM_URL is unset (server/app.ts, decision 0156); default HTTP (undici) to `upstreamUrl`.
   */
  upstreamTransport?: Transport;
  /** The clock, injectable so expiry can be tested. */
  now?: () => Date;
  /** Outgoing email (order confirmations); default: kept in memory and logged. */
  mail?: MailConfig;
  /** The socket.io publisher (server/realtime); without one, updates are only recorded (tests). */
  realtime?: CartUpdatePublisher;
  /** Catalogue tuning (stock mode and pace, cache lifetime); what is left out takes its default (catalogue/config.server.ts). */
  catalogue?: Partial<CatalogueConfig>;
  /** The process's logger (server/logger.ts); default: one that writes nothing (tests). */
  logger?: PortalLogger;
  /** The public forms' throttles: in memory, or in Redis for several instances (rate-limit.server.ts, decision 0123). */
  rateLimits?: RateLimitConfig;
}

// Type aliases, not interfaces: Remix's AppLoadContext has an index signature that only
// aliases satisfy implicitly.
export type PortalServices = {
  sessions: PortalSessions;
  toasts: ToastCookie;
  upstreamFor: UpstreamFactory;
  now: () => Date;
  checkout: CheckoutServices;
  /** Live cart sync: 'cart-update' to the organization's browsers (docs/realtime.md). */
  realtime: CartUpdatePublisher;
  /** The changes to each organization's cart, one at a time in this process (cart.server.ts). */
  cartChanges: KeyedQueue<number>;
  /**
   * Password changes, one at a time per account in this process (decision 0162): a burst of
   * posts then holds one scrypt thread and one strength check at a time, not the whole pool.
   */
  passwordChanges: KeyedQueue<number>;
  /** The catalogue's configuration and its caches of category trees and brands (catalogue/). */
  catalogue: CatalogueServices;
  /** The process's logger; a load context has a child of it that carries the request id. */
  logger: PortalLogger;
  /** Throttles by client address or account (rate-limit.server.ts, decision 0123). */
  rateLimits: RateLimits;
};

export type PortalLoadContext = PortalServices & {
  requestId: string;
  /** The process's logger with this request's `requestId` on every line. */
  logger: PortalLogger;
  /** Nonce of the Content-Security-Policy of this response. */
  cspNonce: string;
  /** Back-office answers this request's loaders share (request-memo.server.ts). */
  memo: RequestMemo;
  /** The client's IP address as Express read it (trust proxy by hop count): what throttles count by. */
  clientAddress: string;
};

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends PortalLoadContext {}
  interface Future {
    v3_singleFetch: true;
  }
}

export function createPortalServices(config: PortalConfig): PortalServices {
  const cookieOptions = { secret: config.sessionSecret, secure: config.secureCookies };
  const logger = config.logger ?? silentLogger();
  const mail: MailConfig = { ...(config.mail ?? { from: DEFAULT_MAIL_FROM, dir: null }), logger };
  return {
    sessions: createPortalSessions(cookieOptions),
    toasts: createToastCookie(cookieOptions),
    upstreamFor: createUpstreamFactory({
      baseUrl: config.upstreamUrl,
      timeoutMs: config.upstreamTimeoutMs,
      fetchImpl: config.upstreamFetch,
      transport: config.upstreamTransport,
    }),
    now: config.now ?? (() => new Date()),
    checkout: createCheckoutServices({ ...cookieOptions, mail, now: config.now }),
    realtime: config.realtime ?? createRecordingPublisher(),
    cartChanges: new KeyedQueue<number>(),
    passwordChanges: new KeyedQueue<number>(),
    catalogue: createCatalogueServices(config.catalogue),
    logger,
    rateLimits: createRateLimits(config.rateLimits),
  };
}

export function createPortalLoadContext(
  services: PortalServices,
  request: { requestId: string; cspNonce: string; clientAddress?: string },
): PortalLoadContext {
  return {
    ...services,
    ...request,
    clientAddress: request.clientAddress ?? "",
    logger: services.logger.child({ requestId: request.requestId }),
    memo: new RequestMemo(),
  };
}
