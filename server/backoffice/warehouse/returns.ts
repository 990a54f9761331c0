import type { ServiceReturnDetail, ServiceReturnListResponse } from "@shared/contracts/returns";
import { parseQuantity, percentage, positiveInteger, single, UsageError, type Command } from "./args";
import type { Call } from "./client";
import * as print from "./print";

/**
 * The returns' commands of `npm run warehouse` (docs/orders.md « commande entrepôt »,
 * docs/returns.md): the distributor's calls on /api/erp/returns, printed in French. Undefined
 * for a verb that is not one of them.
 */

const returnPath = (number: string) => `/returns/${encodeURIComponent(number.trim().toUpperCase())}`;

function step(command: Command) {
  const { date, note } = command.options;
  return { ...(date ? { at: date } : {}), ...(note ? { note } : {}) };
}

async function receive(call: Call, command: Command): Promise<ServiceReturnDetail> {
  const number = single(command, "le numéro de retour");
  const { options } = command;
  let lines = (options.line ?? []).map((raw) => parseQuantity(raw, true));
  if (options.all) {
    if (lines.length > 0) throw new UsageError("return-receive : --all ou --line, pas les deux.");
    const item = await call<ServiceReturnDetail>("GET", returnPath(number));
    lines = item.lines.map((line) => ({ obj_ref: line.obj_ref, qty: line.qty }));
  }
  if (lines.length === 0) throw new UsageError("return-receive : indiquez les quantités reçues (--line REF=QTÉ, plusieurs fois) ou --all.");
  return call<ServiceReturnDetail>("POST", `${returnPath(number)}/receive`, { ...step(command), lines });
}

export async function returnsCommand(call: Call, command: Command): Promise<string | undefined> {
  const { verb, options } = command;
  switch (verb) {
    case "returns": {
      const query = new URLSearchParams();
      if (options.status) query.set("status", options.status);
      if (options.client) query.set("org", options.client);
      const page = positiveInteger(options.page, "--page");
      if (page) query.set("page", String(page));
      return print.returnList(await call<ServiceReturnListResponse>("GET", `/returns?${query}`));
    }
    case "return-show":
      return print.returnDetail(await call<ServiceReturnDetail>("GET", returnPath(single(command, "le numéro de retour"))));
    case "return-accept":
      return print.returnState(
        await call<ServiceReturnDetail>("POST", `${returnPath(single(command, "le numéro de retour"))}/accept`, step(command)),
      );
    case "return-refuse": {
      const number = single(command, "le numéro de retour");
      if (!options.reason) throw new UsageError("return-refuse : indiquez le motif du refus (--reason).");
      return print.returnState(
        await call<ServiceReturnDetail>("POST", `${returnPath(number)}/refuse`, { ...step(command), reason: options.reason }),
      );
    }
    case "return-receive":
      return print.returnState(await receive(call, command));
    case "return-credit": {
      const number = single(command, "le numéro de retour");
      const fee = percentage(options.fee, "--fee");
      const creditNotes = options["credit-note"] ?? [];
      const body = {
        ...step(command),
        ...(fee === undefined ? {} : { restocking_fee_pct: fee }),
        ...(creditNotes.length > 0 ? { credit_notes: creditNotes } : {}),
      };
      return print.returnState(await call<ServiceReturnDetail>("POST", `${returnPath(number)}/credit`, body));
    }
    case "return-exchange": {
      const number = single(command, "le numéro de retour");
      if (!options.carrier) throw new UsageError("return-exchange : indiquez le transporteur (--carrier).");
      const body = {
        ...step(command),
        carrier: options.carrier,
        ...(options.tracking ? { tracking_number: options.tracking } : {}),
        ...(options.url ? { tracking_url: options.url } : {}),
      };
      return print.returnState(await call<ServiceReturnDetail>("POST", `${returnPath(number)}/exchange`, body));
    }
    default:
      return undefined;
  }
}
