import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { savedCart, savedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { outboxEvent } from "@shared/contracts/outbox";
import { accountContextOf, computeTotals, emptyCart } from "@shared/domain/index";
import { createBackofficeApi } from "../server/backoffice/app";
import { openDatabase } from "../server/backoffice/db/open";
import { seedDemo } from "../server/backoffice/seed/demo";
import { markdownTable } from "./markdown-table";

/**
 * `npm run bench -- webhooks` (docs/performance.md, issue 35): how long an order confirmation
 * takes to reach the ERP's webhook (from the confirmation's answer to the receiver's arrival, on
 * a receiver on this machine), and what a receiver that is down does to the confirmations: their
 * answer times with the receiver up and down. The back-office runs in this process on the small
 * demo data (embedded PGlite in memory), as the portal embeds it.
 */

const ORDERS = Number(process.env.BENCH_WEBHOOK_ORDERS ?? 60);
const SECRET = "bench-webhook-secret-0123456789-abcdefgh";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function listen(app: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function runWebhooksBench(): Promise<void> {
  const arrivals = new Map<string, number>();
  let receiverUp = true;
  const receiver = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (!receiverUp) {
        res.writeHead(503).end();
        return;
      }
      const event = outboxEvent.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      const order = (event.data.order as { ord_ref?: string } | undefined)?.ord_ref;
      if (order) arrivals.set(order, performance.now());
      res.writeHead(200).end();
    });
  });
  const opened = await openDatabase({ memory: true });
  await seedDemo(opened.db, { size: "small", today: new Date().toISOString().slice(0, 10) });
  const jobs = new AbortController();
  const app = express();
  app.use(
    "/api",
    createBackofficeApi({
      db: opened.db,
      logger: { error: () => undefined },
      signal: jobs.signal,
      quoteReminders: false,
      overdueAlerts: false,
      webhook: { url: receiver.url, secret: SECRET, timeoutMs: 10_000, firstRetryMs: 1000, retryWindowMs: 86_400_000 },
    }),
  );
  const backoffice = await listen(app);
  const api = async (path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${backoffice.url}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  try {
    const session = (await api("/auth/login", null, { login: "acheteur@voilerie-atlantique.fr", password: "demo1234" })) as SessionResponse;
    const orgId = session.user.auth_org_id;
    const product = await opened.db
      .selectFrom("products")
      .select(["id", "ref"])
      .where("discontinued", "=", false)
      .where("ref", "not like", "PORT_%")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await opened.db.updateTable("stocks").set({ sto_disp: 100_000 }).where("product_id", "=", product.id).execute();

    /** Saves a one-line cart and confirms it; resolves with the order's number and the confirmation's answer time. */
    const confirmOne = async (key: string): Promise<{ ref: string; sentAt: number; answeredAt: number; ms: number }> => {
      const current = savedCartAnswer.parse(await api(`/oms/cart/${orgId}`, session.token));
      const line = { obj_id: product.id, obj_ref: product.ref, qty: 1, line_id: `bench-${key}`, certificates: [] };
      const saved = savedCart.parse(
        await api(`/oms/cart/${orgId}`, session.token, {
          version: current.version,
          cart: { ...emptyCart(), ...current.cart, products: [line] },
        }),
      );
      const totals = computeTotals(saved.cart, accountContextOf(session.user));
      const started = performance.now();
      const order = (await api(`/oms/cart/${orgId}/confirm?usr_id=${session.user.obj_id}&usr_name=Banc`, session.token, {
        cart: saved.cart,
        version: saved.version,
        idempotency_key: key,
        ord_total_ht: totals.ht,
        ord_total_ecotaxe: totals.ecotaxe,
        ord_total_ttc: totals.ttc,
      })) as { ord_ref: string };
      const answeredAt = performance.now();
      return { ref: order.ord_ref, sentAt: started, answeredAt, ms: answeredAt - started };
    };

    // The commit happens between the confirmation's request and its answer: both bounds are given.
    const fromRequest: number[] = [];
    const fromAnswer: number[] = [];
    const upAnswers: number[] = [];
    for (let n = 0; n < ORDERS; n += 1) {
      const { ref, sentAt, answeredAt, ms } = await confirmOne(`bench-up-${n}-${Date.now()}`);
      upAnswers.push(ms);
      while (!arrivals.has(ref)) await new Promise((resolve) => setTimeout(resolve, 1));
      const arrival = arrivals.get(ref) ?? answeredAt;
      fromRequest.push(arrival - sentAt);
      fromAnswer.push(arrival - answeredAt);
    }
    receiverUp = false;
    const downAnswers: number[] = [];
    for (let n = 0; n < ORDERS; n += 1) downAnswers.push((await confirmOne(`bench-down-${n}-${Date.now()}`)).ms);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const row = (label: string, values: number[]) => {
      const s = sorted(values);
      return [label, String(values.length), percentile(s, 50).toFixed(1), percentile(s, 95).toFixed(1), (s.at(-1) ?? 0).toFixed(1)];
    };
    console.log(
      markdownTable(
        ["measure", " n", " p50 ms", " p95 ms", " max ms"],
        [
          row("confirmation sent → webhook received", fromRequest),
          row("confirmation answered → webhook received", fromAnswer),
          row("confirmation answer, receiver up", upAnswers),
          row("confirmation answer, receiver down (503)", downAnswers),
        ],
      ),
    );
  } finally {
    jobs.abort();
    await new Promise((resolve) => backoffice.server.close(resolve));
    await new Promise((resolve) => receiver.server.close(resolve));
    await opened.close();
  }
}
