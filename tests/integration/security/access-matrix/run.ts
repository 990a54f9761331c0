import type { TestPortal } from "../../realtime/harness";
import type { Accounts, Kind } from "./accounts";
import { matches, observe, type Row } from "./expect";

export interface Tried {
  requests: number;
  mismatches: string[];
}

/** How one request of a row is sent: the page (cookie, form) or the API (bearer, JSON). */
export type Send = (method: string, path: string, account: { cookie: string; token: string | null }, body?: unknown) => Promise<Response>;

export function pageSender(portal: TestPortal): Send {
  return (method, path, account) =>
    fetch(`${portal.url}${path}`, {
      method,
      redirect: "manual",
      headers: {
        accept: "text/html",
        ...(account.cookie ? { cookie: account.cookie } : {}),
        // Same origin: the matrix asks who is let in, not whether a foreign form is refused.
        ...(method === "GET" ? {} : { origin: portal.url, "content-type": "application/x-www-form-urlencoded" }),
      },
      body: method === "GET" ? undefined : "",
    });
}

export function apiSender(portal: TestPortal): Send {
  return (method, path, account, body = {}) =>
    fetch(`${portal.url}/api${path}`, {
      method,
      redirect: "manual",
      headers: {
        ...(account.token ? { authorization: `Bearer ${account.token}` } : {}),
        ...(method === "GET" ? {} : { "content-type": "application/json" }),
      },
      body: method === "GET" || method === "DELETE" ? undefined : JSON.stringify(body),
    });
}

/** Tries every row as one account kind, in sequence; returns what differed from the table. */
export async function tryKind(kind: Kind, accounts: Accounts, table: Readonly<Record<string, Row>>, send: Send): Promise<Tried> {
  const ids = await accounts.fixtures();
  const mismatches: string[] = [];
  let requests = 0;
  for (const [key, row] of Object.entries(table).sort(([a], [b]) => a.localeCompare(b))) {
    const method = key.slice(0, key.indexOf(" "));
    const account = await accounts.of(kind, row.fresh === true);
    const rowIds = row.make ? await row.make(ids, account, accounts) : ids;
    const path = row.path(rowIds);
    const response = await send(method, path, account, row.body?.(rowIds));
    await response.arrayBuffer();
    requests += 1;
    const observed = observe(response);
    if (!matches(row.expect[kind], observed))
      mismatches.push(`${key} (${method} ${path}) as ${kind}: expected ${row.expect[kind]}, got ${observed}`);
  }
  return { requests, mismatches };
}
