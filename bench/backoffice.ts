import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import type { CartLine } from "@shared/contracts/entities";
import { emptyCart } from "@shared/domain/index";
import { otherClients } from "../server/backoffice/seed/organizations-data";
import { recordSummary } from "./summary";

/**
 * Back-office benchmark (`npm run bench`): starts the back-office as its own process on the
 * benchmark database (`npm run seed:bench` first), then loads each case with autocannon,
 * 10 connections, a few seconds each, and prints p50/p99 latency and throughput.
 */

const PORT = Number(process.env.BENCH_BACKOFFICE_PORT ?? 4100);
const BASE = `http://127.0.0.1:${PORT}/api`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;

interface Session {
  token: string;
  user: { auth_org_id: number };
}

async function startServer(pgliteDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/backoffice/main.ts"], {
    env: { ...process.env, BACKOFFICE_PORT: String(PORT), PGLITE_DIR: pgliteDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ready = await fetch(`${BASE}/oms/products/port`).then(
      (response) => response.status === 401,
      () => false,
    );
    if (ready) return child;
  }
  child.kill();
  throw new Error("back-office did not start");
}

async function login(login: string): Promise<Session> {
  const response = await fetch(`${BASE}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password: "demo1234" }),
  });
  if (!response.ok) throw new Error(`login ${login}: ${response.status}`);
  return (await response.json()) as Session;
}

async function getJson<T>(session: Session, path: string): Promise<T> {
  const response = await fetch(`${BASE}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A line as the portal saves it (cartToSave): the back-office rebuilds the rest. */
function leanLine(product: { obj_id: number; obj_ref: string }, index: number) {
  return { obj_id: product.obj_id, obj_ref: product.obj_ref, qty: 1 + (index % 3), line_id: `l${index}`, certificates: [] };
}

/** A whole line, as the specification's client sends it (its prices are ignored). */
function cartLine(product: { obj_id: number; obj_ref: string }, index: number): CartLine {
  return {
    obj_id: product.obj_id,
    obj_ref: product.obj_ref,
    obj_title: "",
    obj_name: "",
    qty: 1 + (index % 3),
    line_id: `l${index}`,
    prd_is_port: false,
    prd_price_selling: 0,
    prc_price: 0,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: 0,
    prd_weight_gross: 0,
    prd_weight_net: 0,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: [],
    obj_properties: {},
  };
}

interface Row {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
}

/** Seconds of each case run first and not counted: the figures are those of a warm server. */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);

type CaseOptions = Omit<autocannon.Options, "url" | "connections" | "duration"> & { path: string };

/** `options`: the case, or what makes it afresh for each run (the warm-up, then the measure). */
async function load(name: string, options: CaseOptions | (() => Promise<CaseOptions>)): Promise<Row> {
  const run = async (duration: number) => {
    const { path, ...rest } = typeof options === "function" ? await options() : options;
    return autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration, ...rest });
  };
  if (WARMUP_S > 0) await run(WARMUP_S);
  const result = await run(DURATION_S);
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runBackofficeBench(): Promise<void> {
  // A throw-away copy: the saves of the cart cases never change the seeded database the next
  // benches copy (PGLITE_DIR names another directory to use as it is).
  const copyDir = process.env.PGLITE_DIR || process.env.BENCH_DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), "bench-backoffice-"));
  if (copyDir) await cp("data/pglite-bench", copyDir, { recursive: true });
  const server = await startServer(process.env.PGLITE_DIR ?? copyDir ?? "");
  try {
    const client = await login("client@voilerie-atlantique.fr");
    const auth = { authorization: `Bearer ${client.token}` };
    const org = client.user.auth_org_id;
    const tree = await getJson<{ obj_id: number; obj_slug: string; obj_childs: unknown[] }[]>(client, `/pim/categories?usr_id=${org}`);
    const flat: { obj_id: number; obj_slug: string; obj_childs: unknown[] }[] = [];
    const walk = (nodes: typeof tree) =>
      nodes.forEach((node) => {
        flat.push(node);
        walk(node.obj_childs as typeof tree);
      });
    walk(tree);
    const category = flat.find((node) => node.obj_slug === "antennes-vhf-inox") ?? flat[0];
    const page = await getJson<{ items: { obj_id: number; obj_ref: string }[]; total: number }>(
      client,
      `/pim/products?usr_id=${org}&per_page=100&category=${category?.obj_id}`,
    );
    const ids = page.items
      .slice(0, 24)
      .map((item) => item.obj_id)
      .join(",");
    const product = page.items[0];
    const leanLines = page.items.map(leanLine);
    const wholeLines = page.items.map(cartLine);

    // One organization per connection, so versioned saves never conflict with each other.
    const savers = await Promise.all(otherClients(CONNECTIONS).map((seed) => login(seed.login ?? "")));

    const rows: Row[] = [];
    rows.push(
      await load(`catégorie, 24 produits avec prix (${page.total} produits)`, {
        path: `/pim/products?usr_id=${org}&category=${category?.obj_id}&per_page=24`,
        headers: auth,
      }),
    );
    rows.push(
      await load("catégorie, 24 produits, tri par prix", {
        path: `/pim/products?usr_id=${org}&category=${category?.obj_id}&per_page=24&sort=price_asc`,
        headers: auth,
      }),
    );
    rows.push(
      await load("recherche « antenne inox »", { path: `/pim/products?usr_id=${org}&q=antenne%20inox&per_page=24`, headers: auth }),
    );
    rows.push(
      await load("recherche par référence « AVI001 »", { path: `/pim/products?usr_id=${org}&q=AVI001&per_page=24`, headers: auth }),
    );
    rows.push(await load("produit avec prix", { path: `/pim/products/${product?.obj_ref}?usr_id=${org}`, headers: auth }));
    rows.push(await load("stocks de 24 produits", { path: `/wms/stocks?ids=${ids}`, headers: auth }));
    // The body is serialised once per case, the version spliced in; the answer's version is
    // read from its last characters: the load generator shares the machine's two cores, and
    // parsing a 50 KB answer per request would be its work, not the back-office's.
    const saveCase = (name: string, lines: unknown[]) =>
      load(name, async (): Promise<CaseOptions> => {
        const [head, tail] = JSON.stringify({ version: -1, cart: { ...emptyCart(), products: lines } }).split('"version":-1');
        // Each run has its own pool and versions: autocannon drops the requests still in flight
        // when a run ends, and their savers would never come back to a shared pool.
        const versions = new Map<number, number>();
        for (const saver of savers) {
          const saved = await getJson<{ version: number }>(saver, `/oms/cart/${saver.user.auth_org_id}`);
          versions.set(saver.user.auth_org_id, saved.version);
        }
        // autocannon resets a connection's context before each request: an idle saver is taken
        // from this pool for the request and given back with its new version when it answers.
        const idleSavers = [...savers];
        return {
          path: "/oms/cart/0",
          requests: [
            {
              method: "POST",
              setupRequest: (request, context) => {
                const saver = idleSavers.shift() ?? savers[0];
                if (!saver) throw new Error("no saver");
                (context as { saver?: Session }).saver = saver;
                const org = saver.user.auth_org_id;
                return {
                  ...request,
                  path: `/api/oms/cart/${org}`,
                  headers: { "content-type": "application/json", authorization: `Bearer ${saver.token}` },
                  body: `${head}"version":${versions.get(org) ?? 0}${tail}`,
                };
              },
              onResponse: (status, body, context) => {
                const saver = (context as { saver?: Session }).saver;
                if (!saver) return;
                // A 200 carries the new version, a 409 the current one: the next save starts from it.
                const version = /"version":(\d+)\}$/.exec(body.slice(-32))?.[1];
                if ((status === 200 || status === 409) && version !== undefined) versions.set(saver.user.auth_org_id, Number(version));
                idleSavers.push(saver);
              },
            },
          ],
        };
      });
    const portalSave = await saveCase("enregistrement d'un panier de 100 lignes (comme le portail)", leanLines);
    rows.push(portalSave);
    recordSummary("cartSave", {
      now: `p99 ${portalSave.p99} ms, ${Math.round(portalSave.rps)} req/s (${CONNECTIONS} connections)`,
      stock: "—",
      met: portalSave.p99 < 40 && portalSave.non2xx + portalSave.errors === 0,
    });
    rows.push(await saveCase("enregistrement d'un panier de 100 lignes complètes", wholeLines));

    console.log(`\nBack-office, ${CONNECTIONS} connexions, ${DURATION_S} s par cas`);
    console.table(
      rows.map((row) => ({
        cas: row.name,
        "p50 (ms)": row.p50,
        "p99 (ms)": row.p99,
        "req/s": Math.round(row.rps),
        "2xx": row.ok,
        "non-2xx": row.non2xx,
        erreurs: row.errors,
      })),
    );
  } finally {
    // Wait for the exit before removing the directory it writes to.
    const exited = server.exitCode === null ? new Promise((resolve) => server.once("exit", resolve)) : Promise.resolve();
    server.kill("SIGTERM");
    await exited;
    if (copyDir) await rm(copyDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBackofficeBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
