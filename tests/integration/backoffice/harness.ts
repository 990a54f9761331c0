import type { Kysely } from "kysely";
import type { SessionResponse } from "@shared/contracts/api";
import type { BackofficeApiDeps } from "../../../server/backoffice/app";
import type { Database } from "../../../server/backoffice/db/schema";
import type { DemoOptions } from "../../../server/backoffice/seed/demo";
import { DEMO_TODAY, startHarness, type Engine } from "../../support/harness";

/**
 * The back-office alone, through the one harness (tests/support/harness.ts): an ephemeral
 * 127.0.0.1 port over a fresh copy of the demo data set (the small one unless told), on
 * in-memory PGlite or a throw-away database of TEST_DATABASE_URL's server.
 */

export { DEMO_TODAY, ENGINES, type Engine } from "../../support/harness";

export interface Backoffice {
  baseUrl: string;
  db: Kysely<Database>;
  /** Moves the back-office's clock (token expiry, promotions). */
  setNow(instant: Date): void;
  close(): Promise<void>;
}

export interface StartOptions extends Pick<BackofficeApiDeps, "cartVacuumEvery" | "invoicesIssuedBy" | "alertNotifier"> {
  /** "small" (default: faster) or "full", the data `npm start` creates and the README describes. */
  size?: DemoOptions["size"];
  /** Keeps the demo's purchasing limits (tests/support/harness.ts). */
  purchasingLimits?: boolean;
}

/** `options`: the demo data's size and API settings a test changes (the vacuum pace, say). */
export async function startBackoffice(engine: Engine, options: StartOptions = {}): Promise<Backoffice> {
  const { size = "small", purchasingLimits, ...api } = options;
  const harness = await startHarness({ engine, seed: { size, today: DEMO_TODAY }, api, name: "backoffice", purchasingLimits });
  return { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  /** A raw body sent as is (malformed JSON tests). */
  rawBody?: string;
}

export interface CallResult<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  bo: Pick<Backoffice, "baseUrl">,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody) headers["content-type"] = "application/json";
  const response = await fetch(`${bo.baseUrl}${path}`, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function login(bo: Pick<Backoffice, "baseUrl">, loginName: string, password = "demo1234"): Promise<SessionResponse> {
  const result = await call<SessionResponse>(bo, "/auth/login", { body: { login: loginName, password } });
  if (result.status !== 200) throw new Error(`login ${loginName} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export const LOGINS = {
  client: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  storekeeper: "magasinier@voilerie-atlantique.fr",
  consultant: "consultant@voilerie-atlantique.fr",
  suspension: "achats@chantier-naval-suspension.fr",
  exporter: "export@antilles-marine.com",
  belgium: "achats@nautic-belgium.be",
  corsica: "contact@nautisme-ajaccio.fr",
  integrator: "contact@integrateur-ais.fr",
  sales: "commercial@nautidistrib.fr",
  sales2: "commercial2@nautidistrib.fr",
} as const;
