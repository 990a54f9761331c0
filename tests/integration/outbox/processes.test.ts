import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../../server/backoffice/db/open";
import { recordOutboxEvent } from "../../../server/backoffice/outbox/record";
import { seededDataFolder, spawnPortal, type DataFolder, type PortalChild } from "../faults/portal-process";
import { DEMO_TODAY } from "../../support/harness";
import { seededPostgresDatabase } from "../../support/seeds";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

/**
 * The outbox across real portal processes (server/index.ts in child processes): a SIGKILL
 * between the commit and the delivery loses no event, and two processes on one PostgreSQL
 * database deliver each event once between them (decisions 0182, 0183).
 */

const message = (n: number) => ({
  subject: "livraison" as const,
  message: `Message ${n} : la livraison peut-elle se faire au ponton ?`,
  name: "Anne Jégou",
  email: `anne.jegou+${n}@exemple.fr`,
  phone: "",
  company: "Voilerie du Golfe",
});

async function sendContact(portal: PortalChild, n: number): Promise<void> {
  const response = await fetch(`${portal.url}/api/crm/contact-requests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message(n)),
  });
  expect(response.status).toBe(201);
}

function webhookEnv(receiver: WebhookReceiver): Record<string, string> {
  return {
    ERP_WEBHOOK_URL: receiver.url,
    ERP_WEBHOOK_SECRET: receiver.secret,
    // A post unanswered for a second fails; its lease lapses 5 s later and another attempt takes it.
    ERP_WEBHOOK_TIMEOUT_MS: "1000",
    ERP_WEBHOOK_FIRST_RETRY_MS: "100",
  };
}

/** A data folder for a portal on PostgreSQL: its mail and certificates only. */
async function scratchFolder(): Promise<DataFolder> {
  const dir = await mkdtemp(path.join(tmpdir(), "portail-outbox-"));
  return { dir, pgliteDir: path.join(dir, "unused"), remove: () => rm(dir, { recursive: true, force: true }) };
}

async function kill(portal: PortalChild | null): Promise<void> {
  if (!portal || portal.child.exitCode !== null || portal.child.signalCode !== null) return;
  portal.child.kill("SIGKILL");
  await portal.exited;
}

describe("a portal killed between the commit and the delivery", () => {
  let folder: DataFolder | null = null;
  let receiver: WebhookReceiver | null = null;
  let portal: PortalChild | null = null;
  afterEach(async () => {
    await kill(portal);
    await receiver?.close();
    await folder?.remove();
  });

  it("delivers every acknowledged event after its restart, the one it was posting included", async () => {
    folder = await seededDataFolder();
    receiver = await startWebhookReceiver();
    // The receiver takes the first post and never answers: the portal dies while posting it.
    receiver.holdNext(1);
    portal = await spawnPortal(folder, 60_000, webhookEnv(receiver));
    for (const n of [1, 2, 3]) await sendContact(portal, n);
    const held = receiver;
    await new Promise<void>((resolve) => {
      const check = () => (held.posts >= 1 ? resolve() : setTimeout(check, 20));
      check();
    });
    portal.child.kill("SIGKILL");
    await portal.exited;
    expect(receiver.accepted).toHaveLength(0);
    receiver.release();

    portal = await spawnPortal(folder, 60_000, webhookEnv(receiver));
    const accepted = await receiver.waitFor(3);
    expect(accepted.map(({ event }) => (event.data.message as { email: string }).email).sort()).toEqual(
      [1, 2, 3].map((n) => message(n).email).sort(),
    );
    expect(receiver.badSignatures).toBe(0);
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("two portal processes on one PostgreSQL database", () => {
  const portals: PortalChild[] = [];
  let receiver: WebhookReceiver | null = null;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let opened: OpenedDatabase | null = null;
  let folders: DataFolder[] = [];
  afterAll(async () => {
    for (const portal of portals) await kill(portal);
    await receiver?.close();
    await opened?.close();
    await database?.drop();
    for (const folder of folders) await folder.remove();
  });

  it("deliver each event once between them, in order within each stream", async () => {
    database = await seededPostgresDatabase(process.env.TEST_DATABASE_URL ?? "", { size: "small", today: DEMO_TODAY });
    receiver = await startWebhookReceiver();
    folders = [await scratchFolder(), await scratchFolder()];
    const env = { ...webhookEnv(receiver), DATABASE_URL: database.url };
    for (const folder of folders) portals.push(await spawnPortal(folder, 90_000, env));
    opened = await openDatabase({ url: database.url, poolSize: 4 });
    const db = opened.db;

    // 200 events over 20 streams committed at once (as 20 orders' events would be), then more
    // through each process's own contact form while both deliver.
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < 200; n += 1) {
        await recordOutboxEvent(trx, {
          type: "contact_message.received",
          stream: `test:${n % 20}`,
          orgId: null,
          at: new Date(),
          data: {
            customer: null,
            message: { ...message(n), id: 100_000 + n, usr_id: null, org_id: null, received_at: new Date().toISOString() },
          },
        });
      }
    });
    for (const [index, portal] of portals.entries()) for (const n of [1, 2, 3]) await sendContact(portal, 1000 + index * 10 + n);

    const accepted = await receiver.waitFor(206, 120_000);
    expect(receiver.repeats).toBe(0);
    expect(receiver.badSignatures).toBe(0);
    expect(new Set(accepted.map(({ event }) => event.id)).size).toBe(206);
    // Within each stream, accepted in the order written.
    const positions = new Map(
      (await db.selectFrom("outbox_events").select(["event_id", "id", "stream"]).execute()).map((row) => [row.event_id, row]),
    );
    const lastByStream = new Map<string, number>();
    for (const { event } of accepted) {
      const row = positions.get(event.id);
      if (!row) throw new Error(`unknown event ${event.id}`);
      expect(Number(row.id)).toBeGreaterThan(lastByStream.get(row.stream) ?? 0);
      lastByStream.set(row.stream, Number(row.id));
    }
  }, 240_000);
});
