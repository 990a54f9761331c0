import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
  FULL_IMPORT_FEEDS,
  FULL_REFUSED_MESSAGE,
  IMPORT_FEEDS,
  importFeed,
  INVITING_FEEDS,
  type ImportFeed,
  type ImportReport,
} from "@shared/contracts/imports";
import { Unreachable, warehouseConfig } from "../warehouse/client";
import { importAsJob } from "./cli-job";
import { feedTemplate } from "./feeds/columns";
import { FEED_FILE_MAX_BYTES, fileTooLarge } from "./reader/read";

/**
 * `npm run import -- <flux> <fichier> [--dry-run] [--skip-invalid] [--full] [--invite]` and `npm run import --
 * template <flux>` (docs/integration.md): sends the file to a running portal as an import job
 * (/api/erp/import-jobs/<flux>) with a service token, as `npm run warehouse` does
 * (UPSTREAM_URL, WAREHOUSE_TOKEN), follows it with a progress bar, and prints the French
 * report. Exit 0 only when the file was applied; 1 a
 * refusal or a dry run; 2 a wrong command line; 3 an unreachable portal.
 */

const USAGE = `Usage : npm run import -- <flux> <fichier> [--dry-run] [--skip-invalid] [--full] [--invite]
       npm run import -- template <flux>

Flux : ${IMPORT_FEEDS.join(", ")} (colonnes : docs/integration.md).
Fichier : CSV (UTF-8 ou Windows-1252 ; séparateur ; ou ,) ou classeur XLSX (première feuille), 50 Mo au plus.
  --dry-run        vérifie et compte sans rien enregistrer
  --skip-invalid   applique les lignes valides d'un fichier qui en a de refusées
  --full           (products) le fichier est tout le catalogue : les produits absents sont marqués arrêtés, jamais supprimés
  --invite         (customers, users) envoie à chaque compte créé l'e-mail d'invitation où il choisit son mot de passe
Portail : UPSTREAM_URL (http://127.0.0.1:3000). Jeton : WAREHOUSE_TOKEN, sinon data/warehouse-token.`;

class UsageError extends Error {}

function feedOf(raw: string | undefined): ImportFeed {
  const parsed = importFeed.safeParse(raw);
  if (!parsed.success) throw new UsageError(raw ? `Flux inconnu : « ${raw} ».` : "Indiquez le flux.");
  return parsed.data;
}

/** The report as printed: its sentence, then each refused line (the first 100). */
export function printReport(report: ImportReport): string {
  const lines = [report.message, ...report.refused.slice(0, 100).map((line) => `  - ${line.text}`)];
  if (report.refused.length > 100) lines.push(`  … et ${report.refused.length - 100} autre(s).`);
  return lines.join("\n");
}

interface SendOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  full: boolean;
  invite: boolean;
}

async function send(feed: ImportFeed, file: string, options: SendOptions): Promise<{ text: string; applied: boolean }> {
  const size = (
    await stat(file).catch(() => {
      throw new UsageError(`Fichier introuvable : ${file}`);
    })
  ).size;
  if (size > FEED_FILE_MAX_BYTES) return { text: fileTooLarge(size).message, applied: false };
  const config = await warehouseConfig(process.env);
  const query = new URLSearchParams({
    ...(options.dryRun ? { dry_run: "1" } : {}),
    ...(options.skipInvalid ? { skip_invalid: "1" } : {}),
    ...(options.full ? { full: "1" } : {}),
    ...(options.invite ? { invite: "1" } : {}),
  });
  const outcome = await importAsJob(config, feed, new Uint8Array(await readFile(file)), query);
  if ("refusal" in outcome) {
    const hint = outcome.refusal.status === 401 ? ` (jeton : ${config.tokenSource})` : "";
    return { text: `Refusé (${outcome.refusal.status}) : ${outcome.refusal.message}${hint}`, applied: false };
  }
  const { job } = outcome;
  if (job.report) return { text: printReport(job.report), applied: job.report.applied };
  return { text: `Refusé : ${job.error ?? "l'import n'a pas abouti."}`, applied: false };
}

async function main(argv: string[]): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean" },
        "skip-invalid": { type: "boolean" },
        full: { type: "boolean" },
        invite: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    const [first, second, ...extra] = positionals;
    if (values.help || !first || first === "help") {
      console.log(USAGE);
      return first || values.help ? 0 : 2;
    }
    if (extra.length > 0) throw new UsageError(`Argument en trop : « ${extra.join(" ")} ».`);
    if (first === "template") {
      process.stdout.write(feedTemplate(feedOf(second)));
      return 0;
    }
    if (!second) throw new UsageError("Indiquez le fichier à importer.");
    const feed = feedOf(first);
    const full = values.full ?? false;
    if (full && !FULL_IMPORT_FEEDS.includes(feed)) throw new UsageError(FULL_REFUSED_MESSAGE);
    if (values.invite && !INVITING_FEEDS.includes(feed))
      throw new UsageError(`--invite ne vaut que pour les flux ${INVITING_FEEDS.join(" et ")}.`);
    const result = await send(feed, second, {
      dryRun: values["dry-run"] ?? false,
      skipInvalid: values["skip-invalid"] ?? false,
      full,
      invite: values.invite ?? false,
    });
    (result.applied ? console.log : console.error)(result.text);
    return result.applied ? 0 : 1;
  } catch (error) {
    if (error instanceof Unreachable) {
      console.error(error.message);
      return 3;
    }
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(error);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
