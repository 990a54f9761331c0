import type { CancellationRequest, OrderDetail, ServiceOrderSummary, StockArrival } from "@shared/contracts/orders";
import { parseCommand, parseQuantity, positiveInteger, single, UsageError, USAGE, type Command } from "./args";
import { erpClient, Refusal, Unreachable, warehouseConfig, type Call } from "./client";
import * as print from "./print";
import { returnsCommand } from "./returns";

/**
 * `npm run warehouse -- <commande> …`: the distributor's warehouse at the keyboard (docs/orders.md).
 * Each command calls /api/erp of a running portal and prints the answer in French; a refusal
 * prints the portal's message and exits 1, a wrong command line exits 2, an unreachable portal 3.
 */

const orderPath = (ref: string) => `/orders/${encodeURIComponent(ref.trim().toUpperCase())}`;

function step(command: Command) {
  return { ...(command.options.date ? { at: command.options.date } : {}), ...(command.options.note ? { note: command.options.note } : {}) };
}

async function ship(call: Call, command: Command): Promise<string> {
  const ref = single(command, "le numéro de commande");
  const { options } = command;
  if (!options.carrier) throw new UsageError("ship : indiquez le transporteur (--carrier).");
  let lines = (options.line ?? []).map((raw) => parseQuantity(raw));
  if (options.all) {
    if (lines.length > 0) throw new UsageError("ship : --all ou --line, pas les deux.");
    const order = await call<OrderDetail>("GET", orderPath(ref));
    lines = order.lines.filter((line) => line.remaining > 0).map((line) => ({ obj_ref: line.obj_ref, qty: line.remaining }));
    if (lines.length === 0) throw new Refusal(409, `La commande ${order.ord_ref} n'a plus rien à expédier.`, []);
  }
  if (lines.length === 0) throw new UsageError("ship : indiquez les lignes (--line REF=QTÉ, plusieurs fois) ou --all.");
  const order = await call<OrderDetail>("POST", `${orderPath(ref)}/shipments`, {
    carrier: options.carrier,
    lines,
    ...(options.tracking ? { tracking_number: options.tracking } : {}),
    ...(options.url ? { tracking_url: options.url } : {}),
    ...(options.date ? { at: options.date } : {}),
  });
  const shipment = order.shipments[order.shipments.length - 1];
  const sent = shipment ? shipment.lines.reduce((sum, line) => sum + line.qty, 0) : 0;
  return `Expédition n° ${shipment?.number ?? "?"} enregistrée : ${sent} article${sent > 1 ? "s" : ""} (${options.carrier}${options.tracking ? `, suivi ${options.tracking}` : ""}).\n${print.orderState(order)}`;
}

async function run(command: Command, env: NodeJS.ProcessEnv): Promise<string> {
  const { verb, options } = command;
  if (verb === "help" || options.help) return USAGE;
  if (verb === "token") {
    const { tokenCommand } = await import("./token");
    return tokenCommand(single(command, "le nom du système (par exemple « ERP NautiDistrib »)"), options.revoke ?? false, env);
  }
  const call = erpClient(await warehouseConfig(env));
  switch (verb) {
    case "list": {
      const query = new URLSearchParams();
      if (options.status) query.set("status", options.status);
      if (options.client) query.set("org", options.client);
      const page = positiveInteger(options.page, "--page");
      if (page) query.set("page", String(page));
      return print.orderList(
        await call<{ items: ServiceOrderSummary[]; total: number; page: number; size: number }>("GET", `/orders?${query}`),
      );
    }
    case "show":
      return print.orderDetail(await call<OrderDetail>("GET", orderPath(single(command, "le numéro de commande"))));
    case "accept":
    case "prepare":
    case "deliver": {
      const order = await call<OrderDetail>("POST", `${orderPath(single(command, "le numéro de commande"))}/${verb}`, step(command));
      return print.orderState(order);
    }
    case "ship":
      return ship(call, command);
    case "cancel": {
      const ref = single(command, "le numéro de commande");
      const lines = options.line ?? [];
      if (lines.length > 1) throw new UsageError("cancel : une seule ligne (--line REF) à la fois.");
      const body = {
        ...(lines[0] ? { obj_ref: lines[0] } : {}),
        ...(options.reason ? { note: options.reason } : {}),
        ...(options.date ? { at: options.date } : {}),
      };
      const order = await call<OrderDetail>("POST", `${orderPath(ref)}/cancel`, body);
      return `${lines[0] ? `Reliquat de ${lines[0].toUpperCase()} annulé.` : "Commande annulée."}\n${print.orderState(order)}`;
    }
    case "stock": {
      const { obj_ref, qty } = parseQuantity(single(command, "RÉFÉRENCE=QUANTITÉ"));
      const nextQty = positiveInteger(options["next-qty"], "--next-qty");
      const arrival = await call<StockArrival>("POST", `/stocks/${encodeURIComponent(obj_ref)}/arrivals`, {
        qty,
        ...(options["next-date"] ? { next_refill_date: options["next-date"] } : {}),
        ...(nextQty ? { next_refill_qty: nextQty } : {}),
        ...(options.date ? { at: options.date } : {}),
      });
      return print.stockArrival(arrival);
    }
    case "requests": {
      const query = options.status ? `?${new URLSearchParams({ status: options.status })}` : "";
      return print.requestList(await call<CancellationRequest[]>("GET", `/cancellation-requests${query}`));
    }
    case "grant":
    case "refuse": {
      const id = positiveInteger(single(command, "le numéro de la demande"), "numéro de demande");
      if (verb === "refuse" && !options.message) throw new UsageError("refuse : indiquez la réponse au client (--message).");
      const body = { ...(options.message ? { message: options.message } : {}), ...(options.date ? { at: options.date } : {}) };
      const answered = await call<CancellationRequest>(
        "POST",
        `/cancellation-requests/${id}/${verb === "grant" ? "accept" : "refuse"}`,
        body,
      );
      return `Demande n° ${answered.req_id} ${answered.status}.\n${print.request(answered)}`;
    }
    default: {
      const done = await returnsCommand(call, command);
      if (done === undefined) throw new UsageError(`Commande inconnue : « ${verb} ».`);
      return done;
    }
  }
}

async function main(): Promise<number> {
  try {
    console.log(await run(parseCommand(process.argv.slice(2)), process.env));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof Refusal) {
      console.error(`Refusé (${error.status}) : ${error.message}`);
      for (const issue of error.issues) console.error(`  - ${issue.path ? `${issue.path} : ` : ""}${issue.message}`);
      return 1;
    }
    if (error instanceof Unreachable) {
      console.error(error.message);
      return 3;
    }
    console.error(error);
    return 1;
  }
}

process.exitCode = await main();
