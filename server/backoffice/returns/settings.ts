import { Router } from "express";
import type { Kysely, Transaction } from "kysely";
import {
  DEFAULT_RETURN_SETTINGS,
  RETURN_REASONS,
  returnSettings,
  type ReturnAddress,
  type ReturnSettings,
  type ReturnSettingsResponse,
} from "@shared/contracts/returns";
import type { Database } from "../db/schema";
import { loadSeller } from "../documents/parties";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";

/**
 * The distributor's return rules (decision 0205): one row, set by its systems (PUT
 * /api/erp/returns-settings replaces them all), the migration's defaults until then. Parcels go
 * to the address set, else to the distributor's head office as its invoices print it.
 */

type Reader = Kysely<Database> | Transaction<Database>;

/** The settings as stored; the defaults if the row were ever missing. */
export async function readReturnSettings(db: Reader): Promise<ReturnSettings> {
  const row = await db
    .selectFrom("return_settings")
    .select(["window_days", "photo_required_reasons", "restocking_fee_pct", "address", "instructions"])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return DEFAULT_RETURN_SETTINGS;
  return {
    window_days: row.window_days,
    photo_required_reasons: row.photo_required_reasons,
    // Every reason has its fee, 0 for one a stored value would lack.
    restocking_fee_pct: Object.fromEntries(RETURN_REASONS.map((reason) => [reason, row.restocking_fee_pct[reason] ?? 0])) as Record<
      (typeof RETURN_REASONS)[number],
      number
    >,
    address: row.address,
    instructions: row.instructions,
  };
}

/** Where parcels go: the address set, else the distributor's head office. */
export async function effectiveReturnAddress(db: Kysely<Database>, settings: ReturnSettings): Promise<ReturnAddress> {
  if (settings.address) return settings.address;
  const seller = await loadSeller(db);
  const { address } = seller;
  return {
    name: address.name,
    street: address.street,
    street2: address.street2 ?? null,
    zipcode: address.zipcode,
    city: address.city,
    country: address.country,
  };
}

async function settingsResponse(db: Kysely<Database>): Promise<ReturnSettingsResponse> {
  const settings = await readReturnSettings(db);
  return { ...settings, effective_address: await effectiveReturnAddress(db, settings) };
}

/** Replaces every setting; `author` is the service token's name. */
export async function writeReturnSettings(db: Kysely<Database>, settings: ReturnSettings, author: string, at: Date): Promise<void> {
  await db
    .updateTable("return_settings")
    .set({
      window_days: settings.window_days,
      photo_required_reasons: JSON.stringify([...new Set(settings.photo_required_reasons)]),
      restocking_fee_pct: JSON.stringify(settings.restocking_fee_pct),
      address: settings.address === null ? null : JSON.stringify(settings.address),
      instructions: settings.instructions,
      updated_at: at,
      updated_by: author,
    })
    .where("id", "=", 1)
    .execute();
}

/** GET and PUT /api/erp/returns-settings, behind requireService. */
export function serviceReturnSettingsRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  router.get(
    "/returns-settings",
    asyncHandler(async (_req, res) => {
      res.json(await settingsResponse(db));
    }),
  );

  router.put(
    "/returns-settings",
    asyncHandler(async (req, res) => {
      const service = serviceOf(res);
      const settings = parseInput(returnSettings, req.body);
      await writeReturnSettings(db, settings, service.name, now());
      res.json(await settingsResponse(db));
    }),
  );

  return router;
}
