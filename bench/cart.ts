import { readFileSync } from "node:fs";
import type http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import pg from "pg";
import { register } from "node:module";
import { changeCart, newLineId } from "~/services/cart/cart.server";
import type { AddItem } from "~/services/cart/types";
import { toNewCartProduct } from "~/services/cart/add.server";
import { createPortalLoadContext, createPortalServices, type PortalLoadContext } from "~/services/context.server";
import { requireUser } from "~/services/guards.server";
import { inProcessTransport } from "~/services/upstream/transport.server";
import { createBackofficeApi } from "../server/backoffice/app";
import { inProcessBackoffice } from "../server/in-process-backoffice";
import { openDatabase } from "../server/backoffice/db/open";
import { seedDemo } from "../server/backoffice/seed/demo";
import { recordSummary } from "./summary";

/**
 * Add-to-cart round trip on a 100-line cart (docs/performance.md): the add action (catalogue look-up,
 * cart read, domain change with shipping, versioned save where the back-office reprices and
 * recomputes shipping), then what the redirect loads: the layout (badge) and the cart page.
 * Route functions are called as Remix calls them, against the real back-office in process as
 * the portal calls it (BENCH_TRANSPORT=http: over HTTP on 127.0.0.1); HTML rendering is not included. 10 users of 10 organizations work at once, then
 * 10 sessions of one organization (the contended case: every save races for one cart).
 */

// Route modules import their stylesheets (Remix's compiler turns them into URLs); plain
// Node needs to be told what a .css import is before the routes are loaded.
const CSS_AS_URL = `export async function load(url, context, next) {
  if (url.endsWith(".css")) return { format: "module", source: "export default '/bench.css';", shortCircuit: true };
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(CSS_AS_URL)}`);
const [addRoute, cartRoute, layoutRoute, loginRoute] = await Promise.all([
  import("~/routes/_app.mon-panier.ajouter"),
  import("~/routes/_app.mon-panier._index"),
  import("~/routes/_app"),
  import("~/routes/_public.connexion"),
]);

const USERS = Number(process.env.BENCH_USERS ?? 10);
const CART_LINES = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;

/** CPU time of this process's main thread (ms), where Linux tells it; PGlite runs on another. */
function mainThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function logIn(context: PortalLoadContext, login: string): Promise<string> {
  const body = new URLSearchParams({ login, password: "demo1234" });
  const request = new Request("http://portail.test/connexion", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const response = (await loginRoute.action({ request, context, params: {} }).catch((thrown: unknown) => thrown)) as Response;
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function fillCart(context: PortalLoadContext, cookie: string, productIds: number[]): Promise<void> {
  const active = await requireUser({ request: new Request("http://portail.test/", { headers: { cookie } }), context });
  const orgId = active.session.user.auth_org_id;
  const products = await Promise.all(productIds.map((id) => active.upstream.cartLookups.getProduct(id, orgId)));
  const items: AddItem[] = products.map((product) => ({ product: toNewCartProduct(product), qty: 1, lineId: newLineId() }));
  await changeCart(context, active, { type: "clear" });
  await changeCart(context, active, { type: "addMany", items });
}

async function roundTrip(context: () => PortalLoadContext, cookie: string, productId: number): Promise<number> {
  const started = performance.now();
  const form = new URLSearchParams({ productId: String(productId), qty: "1", redirectTo: "/mon-panier" });
  const post = new Request("http://portail.test/mon-panier/ajouter", {
    method: "POST",
    body: form,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  const response = (await addRoute.action({ request: post, context: context(), params: {} })) as Response;
  if (response.status !== 303) throw new Error(`add answered ${response.status}`);
  const page = new Request("http://portail.test/mon-panier", { headers: { cookie } });
  // One load context per request, as Remix builds it: the page's loaders share it.
  const pageContext = context();
  await Promise.all([
    layoutRoute.loader({ request: page, context: pageContext, params: {} }),
    cartRoute.loader({ request: page, context: pageContext, params: {} }),
  ]);
  return performance.now() - started;
}

/** Prints the round trips' figures; returns their p95 in ms. */
async function measure(label: string, context: () => PortalLoadContext, cookies: string[], productIds: number[]): Promise<number> {
  const timings: number[] = [];
  let cpuStart = process.cpuUsage();
  let mainStart = mainThreadCpuMs();
  await Promise.all(
    cookies.map(async (cookie, user) => {
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        const elapsed = await roundTrip(context, cookie, productIds[(user * 7 + round) % productIds.length] ?? 0);
        if (round >= WARMUP) timings.push(elapsed);
        else {
          cpuStart = process.cpuUsage();
          mainStart = mainThreadCpuMs();
        }
      }
    }),
  );
  // CPU time of this process (portal and back-office) per round trip: unlike latency, it
  // hardly moves when something else runs on the machine.
  const cpu = process.cpuUsage(cpuStart);
  const cpuPerTrip = (cpu.user + cpu.system) / 1000 / timings.length;
  const mainEnd = mainThreadCpuMs();
  const mainPerTrip = mainStart === null || mainEnd === null ? null : (mainEnd - mainStart) / timings.length;
  timings.sort((a, b) => a - b);
  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label}: ${timings.length} round trips, p50 ${fmt(percentile(timings, 50))}, p95 ${fmt(percentile(timings, 95))}, p99 ${fmt(percentile(timings, 99))}, max ${fmt(timings.at(-1) ?? 0)}, CPU ${fmt(cpuPerTrip)} per round trip${mainPerTrip === null ? "" : ` (main thread ${fmt(mainPerTrip)})`}`,
  );
  return percentile(timings, 95);
}

export async function runCartBench(): Promise<void> {
  const certificatesDir = await mkdtemp(path.join(tmpdir(), "bench-certificats-"));
  process.env.CERTIFICATES_DIR = certificatesDir;
  // BENCH_DATABASE_URL: a PostgreSQL server (a throw-away schema); otherwise in-memory PGlite.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = `bench_cart_${process.pid}`;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
  }
  const { db, close } = await openDatabase(databaseUrl ? { url: databaseUrl, schema, poolSize: 20 } : { memory: true });
  await seedDemo(db, { size: "small" });
  const app = express();
  const backoffice = createBackofficeApi({ db, logger: { error: (details, message) => console.error(message, details) } });
  app.use("/api", backoffice);
  // As the portal does without UPSTREAM_URL (decision 0156); BENCH_TRANSPORT=http measures the loopback hop.
  const viaHttp = process.env.BENCH_TRANSPORT === "http";
  const upstreamTransport = viaHttp ? undefined : inProcessTransport(inProcessBackoffice(backoffice));
  console.log(`back-office reached ${viaHttp ? "over loopback HTTP" : "in process"}`);
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const services = createPortalServices({
      upstreamUrl: url,
      sessionSecret: "bench-secret-0123456789-abcdefghijkl",
      secureCookies: false,
      upstreamTransport,
    });
    let requests = 0;
    const context = () => createPortalLoadContext(services, { requestId: `bench-${++requests}`, cspNonce: "bench" });
    const rows = await db
      .selectFrom("products")
      .select("id")
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .where("is_mmsi", "=", false)
      .orderBy("id")
      .limit(CART_LINES)
      .execute();
    const productIds = rows.map((row) => row.id);
    const logins = await db.selectFrom("users").select("login").where("class", "=", "organization").orderBy("id").limit(USERS).execute();
    const orgCookies = await Promise.all(logins.map((row) => logIn(context(), row.login)));
    await Promise.all(orgCookies.map((cookie) => fillCart(context(), cookie, productIds)));
    const p95 = await measure(
      `${USERS} organizations, ${CART_LINES}-line carts, ${USERS} concurrent users`,
      context,
      orgCookies,
      productIds,
    );
    recordSummary("addToCart", {
      now: `p95 ${p95.toFixed(0)} ms (${USERS} organizations, ${CART_LINES}-line carts)`,
      stock: "—",
      met: p95 < 80,
    });
    const sameOrg = await Promise.all(Array.from({ length: USERS }, () => logIn(context(), logins[0]?.login ?? "")));
    await fillCart(context(), sameOrg[0] ?? "", productIds);
    await measure(`1 organization, ${CART_LINES}-line cart, ${USERS} concurrent sessions (contended)`, context, sameOrg, productIds);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    await rm(certificatesDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runCartBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
