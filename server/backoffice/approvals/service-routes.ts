import { Router } from "express";
import { erpRulesRequest, purchasingRules } from "@shared/contracts/approvals";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";
import { readRules, writeRules } from "./rules";

/**
 * The distributor's systems set a customer's purchasing rules too (docs/integration.md): the
 * same rules as the administrators' page, people named by login. Mounted at /api/erp behind
 * requireService.
 */
export function serviceApprovalsRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function customerId(raw: string | undefined): Promise<number> {
    const ref = (raw ?? "").trim();
    const org = /^[A-Za-z0-9_.-]{1,40}$/.test(ref)
      ? await db.selectFrom("organizations").select("id").where("ref", "=", ref).where("is_distributor", "=", false).executeTakeFirst()
      : undefined;
    if (!org) throw new ApiFailure(404, "not_found", `Client inconnu : ${ref.slice(0, 40)}.`);
    return org.id;
  }

  router.get(
    "/purchasing-rules/:customerRef",
    asyncHandler(async (req, res) => {
      const orgId = await customerId(req.params.customerRef);
      res.json(purchasingRules.parse(await readRules(db, orgId, parisDate(now()))));
    }),
  );

  router.put(
    "/purchasing-rules/:customerRef",
    asyncHandler(async (req, res) => {
      const service = serviceOf(res);
      const orgId = await customerId(req.params.customerRef);
      const body = parseInput(erpRulesRequest, req.body);
      const logins = [...new Set([...body.named_approvers, ...body.people.map((person) => person.login)])];
      const found =
        logins.length === 0
          ? []
          : await db
              .selectFrom("users")
              .select(["id", "login"])
              .where("org_id", "=", orgId)
              .where("class", "=", "people")
              .where((eb) => eb(eb.fn("lower", ["login"]), "in", logins))
              .execute();
      const idOf = new Map(found.map((user) => [user.login.toLowerCase(), user.id]));
      const unknown = logins.filter((login) => !idOf.has(login));
      if (unknown.length > 0) {
        throw new ApiFailure(422, "unknown_person", `Personne inconnue chez ce client : ${unknown.slice(0, 5).join(", ")}.`, { unknown });
      }
      const instant = now();
      await writeRules(
        db,
        orgId,
        {
          approval_threshold: body.approval_threshold,
          approvers: body.approvers,
          named_approvers: body.named_approvers.map((login) => idOf.get(login) as number),
          people: body.people.map((person) => ({
            usr_id: idOf.get(person.login) as number,
            order_limit: person.order_limit,
            monthly_budget: person.monthly_budget,
          })),
        },
        service.name,
        instant,
      );
      res.json(purchasingRules.parse(await readRules(db, orgId, parisDate(instant))));
    }),
  );
  return router;
}
