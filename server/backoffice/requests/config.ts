import { z } from "zod";

/**
 * Where the distributor receives what visitors send (docs/requests.md), from the environment
 * and checked with zod like server/realtime/env.ts (kept here so the feature stays in its
 * folder): contact messages go to CONTACT_EMAIL, account opening requests to SALES_EMAIL.
 */
const address = (fallback: string) => z.email({ error: "doit être une adresse e-mail." }).default(fallback);

export const requestsEnvSchema = z.object({
  CONTACT_EMAIL: address("contact@nautidistrib.fr"),
  SALES_EMAIL: address("ventes@nautidistrib.fr"),
});

export interface RequestAddresses {
  /** The contact form's messages. */
  contact: string;
  /** The account opening requests. */
  sales: string;
}

export function readRequestAddresses(source: Record<string, string | undefined> = process.env): RequestAddresses {
  // An empty variable is an unset one: `CONTACT_EMAIL= npm start` keeps the default.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = requestsEnvSchema.safeParse(present);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
    throw new Error(`Invalid requests configuration: ${details}`);
  }
  return { contact: parsed.data.CONTACT_EMAIL, sales: parsed.data.SALES_EMAIL };
}
