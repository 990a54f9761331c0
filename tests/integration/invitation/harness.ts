import type { RequestHandler } from "express";
import type { PortalLoadContext } from "~/services/context.server";
import { DEMO_PASSWORD, startHarness, type Harness } from "../../support/harness";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The invitation page's suite: the real back-office over the small demo data, its e-mails
 * written as .eml files and read back, and the portal's loaders and actions called as Remix
 * does. Invitations are sent by Voilerie Atlantique's organization account through the API,
 * as the users page does; the link's token is read from the e-mail, as the person would.
 */

export const ORGANIZATION = "client@voilerie-atlantique.fr";

export interface InvitationBed {
  harness: Harness;
  context(): PortalLoadContext;
  /** Invites a new person of Voilerie Atlantique; answers the token of the link e-mailed to them. */
  invite(email: string, name: string): Promise<string>;
  /** While on, the back-office's invitation calls answer 503 (an outage, not a refusal). */
  invitationsDown(down: boolean): void;
  close(): Promise<void>;
}

async function apiLogin(url: string, login: string): Promise<{ token: string; orgId: number }> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`login ${login}: ${answer.status}`);
  const session = (await answer.json()) as { token: string; user: { auth_org_id: number } };
  return { token: session.token, orgId: session.user.auth_org_id };
}

/** The token of the invitation link in the text part of the message sent to `email`. */
function tokenIn(mails: ReadMail[], email: string): string {
  const mail = mails.find((candidate) => candidate.to.some((address) => address.includes(email)));
  const token = mail ? /\/invitation\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no invitation e-mail with a link for ${email}`);
  return token;
}

export async function startInvitationBed(name: string): Promise<InvitationBed> {
  let down = false;
  const outage: RequestHandler = (req, res, next) => {
    if (down && req.path.startsWith("/api/auth/invitations/"))
      res.status(503).json({ code: "unavailable", message: "Service indisponible." });
    else next();
  };
  const harness = await startHarness({ mail: true, name, before: [outage] });
  const organization = await apiLogin(harness.url, ORGANIZATION);
  const seen = new Set<string>();
  return {
    harness,
    context: harness.context,
    async invite(email, personName) {
      const answer = await fetch(`${harness.url}/api/crm/invitations`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${organization.token}` },
        body: JSON.stringify({ org_id: organization.orgId, email, name: personName }),
      });
      if (answer.status !== 201 && answer.status !== 200)
        throw new Error(`invitation of ${email}: ${answer.status} ${await answer.text()}`);
      const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
      for (const mail of fresh) seen.add(mail.file);
      return tokenIn(fresh, email);
    },
    invitationsDown: (value) => void (down = value),
    close: harness.close,
  };
}

/** What a loader or action answered with `data(…, { status })`: its body and status. */
export function answered<T>(value: unknown): { status: number; body: T } {
  if (typeof value === "object" && value !== null && "init" in value && "data" in value) {
    const { data, init } = value as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  throw new Error(`expected data(…), got ${value instanceof Response ? `a ${value.status} Response` : typeof value}`);
}
