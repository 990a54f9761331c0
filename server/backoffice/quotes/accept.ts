import { formatDate } from "@shared/domain/french-format";
import type { Kysely } from "kysely";
import type { QuoteAcceptRequest } from "@shared/contracts/quotes";
import { MAX_LINE_QTY, readStoredCart } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { lockCartVersion, storeLeanCart } from "../oms/cart-store";
import { lockQuotedPrices } from "../oms/quote-locks";
import type { QuoteCaller } from "./access";
import { recordQuoteOutboxEvent } from "./outbox";
import { moveQuote, recordQuoteEvent } from "./workflow";

/**
 * Accepting a proposal into the shared cart (docs/quotes.md), in ONE transaction: the quote's
 * row locked first (moveQuote: « proposé » and valid today, else 409), then the cart's
 * (lockCartVersion, as a save or a confirmation does: always in this order, so no deadlock).
 * Each accepted line adds its quantity to the product's single cart line, and the product's
 * price is locked at the quoted unit price until the validity date (quote-locks.ts): the cart
 * sent by a browser never carries a price. A second acceptance finds « accepté »: 409.
 */

const conflict = (code: string, message: string) => new ApiFailure(409, code, message);

export async function acceptQuote(
  db: Kysely<Database>,
  quoId: number,
  caller: QuoteCaller,
  request: QuoteAcceptRequest,
  now: Date,
): Promise<void> {
  await moveQuote(db, { quoId, scope: caller.scope, side: "client", action: "accept", now }, async ({ trx, quote }) => {
    if (request.version !== quote.version) {
      throw conflict(
        "quote_revised",
        `La proposition a été révisée entre-temps (version ${quote.version}) : relisez-la avant de l'accepter.`,
      );
    }
    const positions = [...new Set(request.positions)].sort((a, b) => a - b);
    const lines = await trx
      .selectFrom("quote_proposal_lines as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["l.position", "l.product_id", "l.obj_ref", "l.qty", "l.unit_price", "p.discontinued"])
      .where("l.quo_id", "=", quote.id)
      .where("l.version", "=", quote.version)
      .where("l.position", "in", positions)
      .orderBy("l.position")
      .execute();
    const missing = positions.filter((position) => !lines.some((line) => line.position === position));
    if (missing.length > 0) {
      throw new ApiFailure(400, "unknown_position", `La proposition n'a pas de ligne ${missing.join(", ")}.`, {
        issues: [{ path: "positions", message: `Lignes inconnues : ${missing.join(", ")}.` }],
      });
    }
    const stopped = lines.filter((line) => line.discontinued);
    if (stopped.length > 0) {
      throw conflict(
        "product_discontinued",
        `Produit arrêté depuis la proposition : ${stopped.map((line) => line.obj_ref).join(", ")}. Demandez une révision du devis.`,
      );
    }
    const orgId = quote.org_id;
    const version = await lockCartVersion(trx, orgId);
    const stored = await trx.selectFrom("carts").select("data").where("org_id", "=", orgId).executeTakeFirstOrThrow();
    const cart = readStoredCart(stored.data);
    const products = cart.products.filter((line) => !line.prd_is_port);
    for (const line of lines) {
      const existing = products.findIndex((candidate) => candidate.obj_id === line.product_id);
      const current = existing >= 0 ? products[existing] : undefined;
      const qty = (current?.qty ?? 0) + line.qty;
      if (qty > MAX_LINE_QTY) {
        throw new ApiFailure(422, "quantity_too_large", `La quantité d'une ligne ne peut pas dépasser ${MAX_LINE_QTY} : ${line.obj_ref}.`);
      }
      // One line per product (decision 0097): the quoted quantity joins the existing line.
      if (current) products[existing] = { ...current, qty };
      else
        products.push({
          obj_id: line.product_id,
          obj_ref: line.obj_ref,
          qty,
          line_id: `${quote.number}-${line.position}`,
          certificates: [],
        });
    }
    await storeLeanCart(trx, orgId, { ...cart, products }, version + 1, caller.session.user.id, now);
    await lockQuotedPrices(
      trx,
      orgId,
      lines.map((line) => ({
        obj_id: line.product_id,
        quo_id: quote.id,
        number: quote.number,
        unit_price: line.unit_price,
        valid_until: quote.valid_until ?? "",
      })),
      now,
    );
    await trx
      .insertInto("quote_accepted_positions")
      .values(positions.map((position) => ({ quo_id: quote.id, version: quote.version, position })))
      .execute();
    await recordQuoteEvent(trx, quote.id, {
      kind: "accepted",
      state: "accepté",
      actor: caller.actor,
      at: now,
      note: `${positions.length === 1 ? "Ligne" : "Lignes"} ${positions.join(", ")} de la version ${quote.version}, au prix du devis jusqu'au ${formatDate(quote.valid_until ?? "")}.`,
    });
    await recordQuoteOutboxEvent(trx, quote.id, "quote.accepted", now);
  });
}
