import type { SessionResponse } from "@shared/contracts/api";
import { startHarness, type Harness } from "../../support/harness";
import { call, login, type Backoffice, type CallResult } from "../backoffice/harness";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The users' suites (docs/users.md): the back-office over the small demo data, its e-mails
 * written as .eml files in a temp folder and read back as a person would.
 */

export interface UsersBed {
  harness: Harness;
  bo: Backoffice;
  /** The messages written since the last call. */
  newMail(): Promise<ReadMail[]>;
}

export async function startUsersBed(name: string): Promise<UsersBed> {
  const harness = await startHarness({ mail: true, name, portal: false });
  const bo: Backoffice = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
  const seen = new Set<string>();
  return {
    harness,
    bo,
    async newMail() {
      const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
      for (const mail of fresh) seen.add(mail.file);
      return fresh;
    },
  };
}

export async function userId(bo: Backoffice, loginName: string): Promise<number> {
  const row = await bo.db.selectFrom("users").select("id").where("login", "=", loginName).executeTakeFirstOrThrow();
  return row.id;
}

export function patchPerson(
  bo: Backoffice,
  session: SessionResponse,
  usrId: number,
  body: Record<string, unknown>,
): Promise<CallResult<Record<string, unknown>>> {
  return call(bo, `/crm/users/${usrId}`, { method: "PATCH", token: session.token, body: { org_id: session.user.auth_org_id, ...body } });
}

/** The token of the invitation link in a message's text part. */
export function invitationToken(mail: ReadMail): string {
  const token = /\/invitation\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in « ${mail.subject} »`);
  return token;
}

/** Logs in, or answers the refusal's status. */
export async function tryLogin(bo: Backoffice, loginName: string, password: string): Promise<number> {
  const result = await call(bo, "/auth/login", { body: { login: loginName, password } });
  return result.status;
}

export { login };

/** A password the rule (decision 0116) accepts. */
export const STRONG_PASSWORD = "goéland-marée-trinquette-47";
