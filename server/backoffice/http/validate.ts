import type { z } from "zod";
// zod's messages are French process-wide (decision 0096); every contract imports this too.
import "@shared/contracts/french-messages";
import { invalidRequest } from "./errors";

/** Parses an input with a contract schema; a refusal becomes a 400 invalid_request (French issues). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}

/** Route parameter that must be a positive integer id; anything else is simply not found. */
export function parseIdParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
