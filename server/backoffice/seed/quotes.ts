import { formatDate } from "@shared/domain/french-format";
import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { QuoteActor } from "@shared/contracts/quotes";
import { addDaysTo, applyPercentOff } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { takeQuoteNumber } from "../quotes/create";
import { persistExpiry, recordQuoteEvent } from "../quotes/workflow";
import { DEMO_QUOTES, DEMO_REPRESENTATIVE, type QuoteScript, type QuoteStep } from "./quotes-data";

/**
 * Writes the demo's quotes (seed/quotes-data.ts) step by step, each step dated and signed as
 * the routes would record it, through the same numbering and timeline code. No cart line nor
 * price lock is written: the demo's carts stay as the end-to-end tests expect them.
 */

export interface QuotesPlan {
  today: string;
  now: Date;
}

/** A one-page PDF the size of a scanned plan's header: enough for the attachment's download. */
const DRAWING = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Plan de câblage (démo)\ntrailer << /Root 1 0 R >>\n%%EOF\n");

interface Context {
  trx: Transaction<Database>;
  plan: QuotesPlan;
  products: { id: number; ref: string; title: string; price_selling: number; ecotaxe: number }[];
  users: Map<string, { id: number; name: string }>;
}

/** 9:00 in France `daysAgo` days before the seed's date, plus a few minutes per step; never after now. */
function instant(plan: QuotesPlan, daysAgo: number, step: number): Date {
  const at = new Date(`${addDaysTo(plan.today, -daysAgo)}T09:00:00+01:00`).getTime() + step * 7 * 60_000;
  return new Date(Math.min(at, plan.now.getTime() - 60_000));
}

function productAt(context: Context, rank: number) {
  const product = context.products[rank % context.products.length];
  if (!product) throw new Error("the demo catalogue has no orderable product");
  return product;
}

function actorOf(context: Context, login: string, side: "client" | "commercial"): QuoteActor & { usr_id: number } {
  const user = context.users.get(login);
  if (!user) throw new Error(`demo quotes: no user ${login}`);
  return { usr_id: user.id, name: user.name, side };
}

async function message(
  context: Context,
  quoId: number,
  actor: QuoteActor & { usr_id: number },
  body: string,
  at: Date,
  drawing = false,
): Promise<void> {
  const { id } = await context.trx
    .insertInto("quote_messages")
    .values({ quo_id: quoId, at, author_id: actor.usr_id, author_name: actor.name, side: actor.side, body })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (drawing) {
    await context.trx
      .insertInto("quote_attachments")
      .values({
        quo_id: quoId,
        message_id: id,
        file_name: "plan-de-cablage.pdf",
        mime: "application/pdf",
        size: DRAWING.length,
        sha256: createHash("sha256").update(DRAWING).digest("hex"),
        content: DRAWING,
        created_at: at,
        created_by: actor.usr_id,
      })
      .execute();
  }
  await context.trx.updateTable("quotes").set({ updated_at: at }).where("id", "=", quoId).execute();
}

async function runStep(
  context: Context,
  quote: { id: number; version: number },
  step: Exclude<QuoteStep, { do: "ask" }>,
  at: Date,
): Promise<void> {
  const { trx } = context;
  const representative = actorOf(context, DEMO_REPRESENTATIVE, "commercial");
  const who = (login: string) => (login === "commercial" ? representative : actorOf(context, login, "client"));
  switch (step.do) {
    case "study":
      return recordQuoteEvent(trx, quote.id, { kind: "study_started", state: "en cours d'étude", actor: representative, at });
    case "question":
      await message(context, quote.id, representative, step.body, at);
      return recordQuoteEvent(trx, quote.id, { kind: "information_requested", state: "informations demandées", actor: representative, at });
    case "answer":
      await message(context, quote.id, who(step.by), step.body, at);
      return recordQuoteEvent(trx, quote.id, { kind: "information_given", state: "complété", actor: who(step.by), at });
    case "message":
      return message(context, quote.id, who(step.by), step.body, at);
    case "propose": {
      const version = quote.version + 1;
      const validUntil = addDaysTo(context.plan.today, step.validFor);
      const lines = step.lines.map((line, index) => {
        const product = productAt(context, line.product);
        return {
          quo_id: quote.id,
          version,
          position: index + 1,
          product_id: product.id,
          obj_ref: product.ref,
          title: product.title,
          qty: line.qty,
          unit_price: Math.max(1, applyPercentOff(product.price_selling, line.discount)),
          ecotax: Math.max(0, product.ecotaxe),
          answers_position: line.answers,
          is_alternative: line.note !== undefined,
          note: line.note ?? null,
        };
      });
      const total = lines.reduce((sum, line) => sum + line.qty * line.unit_price, 0);
      await trx
        .insertInto("quote_proposals")
        .values({
          quo_id: quote.id,
          version,
          valid_until: validUntil,
          conditions: step.conditions,
          author_id: representative.usr_id,
          author_name: representative.name,
          created_at: at,
          total_ht: total,
        })
        .execute();
      await trx.insertInto("quote_proposal_lines").values(lines).execute();
      await trx.updateTable("quotes").set({ version, valid_until: validUntil, total_ht: total }).where("id", "=", quote.id).execute();
      quote.version = version;
      await recordQuoteEvent(trx, quote.id, {
        kind: version > 1 ? "revised" : "proposed",
        state: "proposé",
        actor: representative,
        at,
        note: `Version ${version}, valable jusqu'au ${formatDate(validUntil)}.`,
      });
      if (step.message) await message(context, quote.id, representative, step.message, at);
      return;
    }
    case "accept":
      await trx
        .insertInto("quote_accepted_positions")
        .values(step.positions.map((position) => ({ quo_id: quote.id, version: quote.version, position })))
        .execute();
      return recordQuoteEvent(trx, quote.id, {
        kind: "accepted",
        state: "accepté",
        actor: who(step.by),
        at,
        note: `Lignes ${step.positions.join(", ")} de la version ${quote.version}.`,
      });
    case "refuse":
      return recordQuoteEvent(trx, quote.id, { kind: "refused", state: "refusé", actor: who(step.by), at, note: step.reason });
    case "cancel":
      return recordQuoteEvent(trx, quote.id, { kind: "cancelled", state: "annulé", actor: who(step.by), at, note: step.reason });
    case "expire": {
      const row = await trx.selectFrom("quotes").selectAll().where("id", "=", quote.id).executeTakeFirstOrThrow();
      return persistExpiry(trx, row, at);
    }
  }
}

async function seedQuote(context: Context, script: QuoteScript): Promise<void> {
  const [ask, ...steps] = script.steps;
  if (!ask || ask.do !== "ask") throw new Error("a demo quote starts with its request");
  const org = await context.trx.selectFrom("organizations").select("id").where("ref", "=", script.org).executeTakeFirst();
  // The small data set has every named client; a trimmed one simply has fewer quotes.
  if (!org) return;
  const at = instant(context.plan, ask.daysAgo, 0);
  const actor = actorOf(context, ask.by, "client");
  const { number, sequence } = await takeQuoteNumber(context.trx, Number(context.plan.today.slice(0, 4)));
  const { id } = await context.trx
    .insertInto("quotes")
    .values({
      number,
      year: Number(number.slice(3, 7)),
      sequence,
      org_id: org.id,
      customer_ref: ask.ref,
      state: "demandé",
      requested_by: actor.usr_id,
      requested_by_name: actor.name,
      wished_date: ask.wishedIn === undefined ? null : addDaysTo(context.plan.today, ask.wishedIn),
      message: ask.message,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await context.trx
    .insertInto("quote_lines")
    .values(
      ask.lines.map((line, index) => {
        const product = "product" in line ? productAt(context, line.product) : null;
        return {
          quo_id: id,
          position: index + 1,
          product_id: product?.id ?? null,
          obj_ref: product?.ref ?? null,
          title: product?.title ?? ("text" in line ? line.text : ""),
          qty: line.qty,
        };
      }),
    )
    .execute();
  await recordQuoteEvent(context.trx, id, { kind: "requested", state: "demandé", actor, at });
  await message(context, id, actor, ask.message, at, ask.drawing);
  const quote = { id, version: 0 };
  let index = 1;
  for (const step of steps) {
    if (step.do === "ask") throw new Error("a demo quote has one request");
    await runStep(context, quote, step, instant(context.plan, step.daysAgo, index++));
  }
}

export async function seedQuotes(trx: Transaction<Database>, plan: QuotesPlan): Promise<void> {
  const [products, users] = await Promise.all([
    trx
      .selectFrom("products")
      .select(["id", "ref", "title", "price_selling", "ecotaxe"])
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .where("price_selling", ">", 0)
      .orderBy("id")
      .limit(40)
      .execute(),
    trx.selectFrom("users").select(["id", "name", "login"]).where("disabled", "=", false).execute(),
  ]);
  const context: Context = { trx, plan, products, users: new Map(users.map((user) => [user.login, user])) };
  for (const script of DEMO_QUOTES) await seedQuote(context, script);
}
