import { readFile } from "node:fs/promises";
import { DEMO_SERVICE_TOKEN } from "../seed/organizations-data";

/**
 * How `npm run warehouse` reaches the distributor's calls (docs/orders.md): over HTTP, at
 * UPSTREAM_URL (default http://127.0.0.1:3000, `npm start`'s portal, which serves /api), with
 * the service token of WAREHOUSE_TOKEN, else of the file WAREHOUSE_TOKEN_FILE (default
 * data/warehouse-token), else the demo's token, seeded with the demo data.
 */
export interface WarehouseConfig {
  baseUrl: string;
  token: string;
  /** Where the token came from, said when the portal refuses it. */
  tokenSource: string;
}

export async function warehouseConfig(env: NodeJS.ProcessEnv): Promise<WarehouseConfig> {
  const baseUrl = (env.UPSTREAM_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
  if (env.WAREHOUSE_TOKEN) return { baseUrl, token: env.WAREHOUSE_TOKEN.trim(), tokenSource: "WAREHOUSE_TOKEN" };
  const file = env.WAREHOUSE_TOKEN_FILE ?? "data/warehouse-token";
  const stored = (await readFile(file, "utf8").catch(() => "")).trim();
  if (stored) return { baseUrl, token: stored, tokenSource: file };
  return { baseUrl, token: DEMO_SERVICE_TOKEN, tokenSource: "le jeton de démonstration" };
}

/** A refusal of the portal: its status and French answer. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** The portal could not be reached at all. */
export class Unreachable extends Error {}

export type Call = <T>(method: "GET" | "POST", path: string, body?: unknown) => Promise<T>;

/** Calls /api/erp/…; a refusal throws Refusal with the portal's French message. */
export function erpClient(config: WarehouseConfig): Call {
  return async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${config.baseUrl}/api/erp${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new Unreachable(
        `Impossible de joindre le portail à ${config.baseUrl} (${error instanceof Error ? error.message : String(error)}). Est-il démarré (npm start) ?`,
      );
    });
    const text = await response.text();
    const answer = (text ? safeJson(text) : null) as { message?: string; issues?: { path: string; message: string }[] } | null;
    if (!response.ok) {
      const message = answer?.message ?? `Réponse ${response.status} du portail.`;
      const hint = response.status === 401 ? ` (jeton : ${config.tokenSource})` : "";
      throw new Refusal(response.status, `${message}${hint}`, answer?.issues ?? []);
    }
    return answer as T;
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}
