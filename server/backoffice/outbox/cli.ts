import path from "node:path";
import { replayResponse, setAsideListResponse, type EventDeliveryView } from "@shared/contracts/outbox";
import { formatDateTime } from "@shared/domain/french-format";
import { erpClient, Refusal, Unreachable, warehouseConfig, type Call } from "../warehouse/client";

/**
 * `npm run events -- list|replay …` (docs/integration.md « Événements mis de côté »): the events
 * the webhook set aside after a day of failed deliveries, listed and put back in the queue
 * through the running portal's service calls, as `npm run warehouse` and `npm run import` reach
 * it (UPSTREAM_URL, WAREHOUSE_TOKEN). Exit codes: 0 done, 1 refused or unreachable, 2 wrong
 * command line.
 */

export const EVENTS_USAGE = `Usage : npm run events -- <commande>

  list               les événements mis de côté (ERP injoignable ou en échec pendant 24 h)
  replay <id> [...]  les renvoie (et, pour garder l'ordre, ceux de la même commande qui les suivent)
  replay --all       les renvoie tous

Portail : UPSTREAM_URL (http://127.0.0.1:3000). Jeton : WAREHOUSE_TOKEN, sinon data/warehouse-token.`;

export class EventsUsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function describe(item: EventDeliveryView): string {
  const when = item.set_aside_at ? formatDateTime(item.set_aside_at) : "?";
  return [
    `  ${item.id}  ${item.type}  (${item.stream})`,
    `    survenu le ${formatDateTime(item.occurred_at)}, mis de côté le ${when} après ${item.attempts} tentative${item.attempts > 1 ? "s" : ""}`,
    `    ${item.last_error ?? "sans erreur enregistrée"}`,
  ].join("\n");
}

/** Runs one command through `call`; returns what to print. */
export async function runEvents(argv: readonly string[], call: Call): Promise<string> {
  const [command = "help", ...words] = argv;
  if (command === "help" || command === "--help" || command === "-h") return EVENTS_USAGE;
  if (command === "list") {
    if (words.length > 0) throw new EventsUsageError(`Argument en trop : « ${words.join(" ")} ».`);
    const list = setAsideListResponse.parse(await call("GET", "/events/set-aside?limit=500"));
    if (list.total === 0) return "Aucun événement mis de côté : tout a été remis à l'ERP.";
    const more = list.total > list.items.length ? `\n… et ${list.total - list.items.length} autres.` : "";
    return [`Événements mis de côté (${list.total}) :`, ...list.items.map(describe)].join("\n") + more;
  }
  if (command === "replay") {
    if (words.length === 0) throw new EventsUsageError("Indiquez les identifiants des événements, ou --all.");
    const all = words.length === 1 && words[0] === "--all";
    const wrong = all ? [] : words.filter((word) => !UUID.test(word));
    if (wrong.length > 0)
      throw new EventsUsageError(`Identifiant d'événement invalide : ${wrong.map((word) => `« ${word} »`).join(", ")}.`);
    const answer = replayResponse.parse(await call("POST", "/events/replay", all ? { all: true } : { ids: words }));
    const told = `${answer.replayed} événement${answer.replayed > 1 ? "s" : ""} renvoyé${answer.replayed > 1 ? "s" : ""} à l'ERP.`;
    const skipped =
      answer.not_set_aside.length > 0 ? `\nPas mis de côté (déjà remis, en cours ou inconnus) : ${answer.not_set_aside.join(", ")}.` : "";
    return told + skipped;
  }
  throw new EventsUsageError(`Commande inconnue : « ${command} ».`);
}

async function main(): Promise<number> {
  try {
    const call = erpClient(await warehouseConfig(process.env));
    console.log(await runEvents(process.argv.slice(2), call));
    return 0;
  } catch (error) {
    if (error instanceof EventsUsageError) {
      console.error(`${error.message}\n\n${EVENTS_USAGE}`);
      return 2;
    }
    if (error instanceof Refusal || error instanceof Unreachable) {
      console.error(`Refusé : ${error.message}`);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

// Run as a command (npm run events), not when a test imports runEvents.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = await main();
