import type { Response } from "express";
import { sql, type SqlBool, type Expression } from "kysely";
import type { QuoteActor } from "@shared/contracts/quotes";
import type { ActingSide } from "@shared/domain/quotes";
import { forbidden } from "../http/errors";
import { requireFlag, sessionOf, type Session } from "../http/session";

/**
 * Who may read and move which quotes (docs/quotes.md, section « Permissions »):
 * - a customer (/api/oms/quotes): the acting organization's quotes only; people accounts need
 *   the `quotes` flag; a contributor only once logged in as the client;
 * - a representative (/api/sales/quotes): a contributor with its own identity (the session's
 *   master after login-as, else the user), the quotes of the organizations linked to it in
 *   contributor_clients only. Anything outside the scope does not exist (404).
 */

export type QuoteScope = { kind: "org"; orgId: number } | { kind: "contributor"; contributorId: number };

export interface QuoteCaller {
  scope: QuoteScope;
  side: ActingSide;
  /** The author recorded on events and messages. */
  actor: QuoteActor & { usr_id: number };
  /** May the caller see the customer's usual prices beside the quoted ones? */
  prices: boolean;
  session: Session;
}

export function customerCaller(res: Response): QuoteCaller {
  const session = sessionOf(res);
  if (session.user.class === "contributor") {
    throw forbidden(
      "Choisissez d'abord le client pour lequel vous agissez, ou ouvrez les devis de vos clients depuis votre espace commercial.",
    );
  }
  requireFlag(session, "quotes");
  // After login-as, the representative acting for the client is the author, on the client's side.
  const author = session.master ?? session.user;
  return {
    scope: { kind: "org", orgId: session.org.id },
    side: "client",
    actor: { usr_id: author.id, name: author.name, side: "client" },
    prices: session.user.class !== "people" || session.user.auth_flags?.prices !== false,
    session,
  };
}

export function salesCaller(res: Response): QuoteCaller {
  const session = sessionOf(res);
  const contributor = session.master ?? session.user;
  if (contributor.class !== "contributor") {
    throw forbidden("Ces pages sont réservées aux commerciaux du distributeur.");
  }
  return {
    scope: { kind: "contributor", contributorId: contributor.id },
    side: "commercial",
    actor: { usr_id: contributor.id, name: contributor.name, side: "commercial" },
    prices: true,
    session,
  };
}

/** The scope as a condition on a quote's organization column (`q.org_id` unless told). */
export function inScope(scope: QuoteScope, orgColumn: Expression<number> = sql.ref<number>("q.org_id")): Expression<SqlBool> {
  return scope.kind === "org"
    ? sql<SqlBool>`${orgColumn} = ${scope.orgId}`
    : sql<SqlBool>`${orgColumn} in (select cc.org_id from contributor_clients cc where cc.contributor_id = ${scope.contributorId})`;
}
