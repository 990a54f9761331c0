import { parseArgs } from "node:util";
import { analyticsReport, analyticsReportQuery, type AnalyticsReport, type AnalyticsReportQuery } from "@shared/contracts/analytics";
import { parisDate } from "@shared/domain/index";
import { warehouseConfig } from "../server/backoffice/warehouse/client";

/**
 * `npm run analytics -- [--from AAAA-MM-JJ] [--to AAAA-MM-JJ] [--pages N] [--json]`: the
 * page-view report of a running portal (docs/analytics.md), through GET /api/analytics/report
 * with a service token, printed in French. The pieces are here, apart from the command's
 * entry (scripts/analytics.ts), so that tests run them.
 */

export const USAGE = `Usage : npm run analytics -- [--from AAAA-MM-JJ] [--to AAAA-MM-JJ] [--pages N] [--json]

  --from, --to   période (par défaut les 30 derniers jours, aujourd'hui compris)
  --pages N      nombre de pages listées, les plus vues d'abord (20 par défaut, 500 au plus)
  --json         la réponse telle quelle, pour un tableur ou un script

Portail : UPSTREAM_URL (http://127.0.0.1:3000). Jeton de service : ANALYTICS_TOKEN, sinon
WAREHOUSE_TOKEN, sinon le fichier data/warehouse-token, sinon celui de la démo.`;

/** A mistake in the command line (exit 2), a refusal of the portal (exit 1), no portal (exit 3). */
export class UsageError extends Error {}
export class Refusal extends Error {}
export class Unreachable extends Error {}

export interface ReportCommand {
  query: AnalyticsReportQuery;
  json: boolean;
}

const DEFAULT_DAYS = 30;
const DEFAULT_PAGES = 20;

/** The date `count` days before `day`; a day that is no date is left for the schema to refuse. */
function daysBefore(day: string, count: number): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Date(time - count * 86_400_000).toISOString().slice(0, 10);
}

/** The command line, checked with the contract's own schema (French messages). */
export function parseReportCommand(argv: readonly string[], today: Date): ReportCommand | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        from: { type: "string" },
        to: { type: "string" },
        pages: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return "help";
  const to = values.to ?? parisDate(today);
  const from = values.from ?? daysBefore(to, DEFAULT_DAYS - 1);
  const parsed = analyticsReportQuery.safeParse({ from, to, pages: values.pages ?? String(DEFAULT_PAGES) });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `--${issue.path.join(".")} : ${issue.message}`).join("\n"));
  return { query: parsed.data, json: values.json ?? false };
}

/** Asks the portal for the report with the service token. */
export async function fetchReport(
  env: NodeJS.ProcessEnv,
  query: AnalyticsReportQuery,
  fetchImpl: typeof fetch = fetch,
): Promise<AnalyticsReport> {
  // The same portal and token as `npm run warehouse`, ANALYTICS_TOKEN first.
  const config = await warehouseConfig({ ...env, WAREHOUSE_TOKEN: env.ANALYTICS_TOKEN ?? env.WAREHOUSE_TOKEN });
  const url = new URL(`${config.baseUrl}/api/analytics/report`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const response = await fetchImpl(url, { headers: { authorization: `Bearer ${config.token}`, accept: "application/json" } }).catch(
    (error: unknown) => {
      throw new Unreachable(
        `Impossible de joindre le portail à ${config.baseUrl} (${error instanceof Error ? error.message : String(error)}). Est-il démarré (npm start) ?`,
      );
    },
  );
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === "object" && body !== null && "message" in body ? String(body.message) : `Réponse ${response.status} du portail.`;
    throw new Refusal(`${message}${response.status === 401 ? ` (jeton : ${config.tokenSource})` : ""}`);
  }
  const parsed = analyticsReport.safeParse(body);
  if (!parsed.success) throw new Refusal("Le portail a renvoyé un rapport illisible.");
  return parsed.data;
}

const number = new Intl.NumberFormat("fr-FR");
const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "short", timeZone: "UTC" });

function frenchDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${weekday.format(new Date(`${day}T12:00:00Z`))} ${date}/${month}/${year}`;
}

/** « 1 vue », « 2 vues »: French puts 0 and 1 in the singular. */
function plural(count: number, one: string, many = `${one}s`): string {
  return `${number.format(count)} ${count > 1 ? many : one}`;
}

/** The report as a person reads it in a terminal. */
export function formatReport(report: AnalyticsReport): string {
  const lines = [
    `Mesure d'audience du ${frenchDay(report.from)} au ${frenchDay(report.to)} (sans cookie, conservée ${report.retention_months} mois)`,
    `${plural(report.totals.views, "page vue", "pages vues")} · ${plural(report.totals.visitors, "visiteur")} (comptés jour par jour)`,
    "",
    "Par jour",
    ...report.days.map(
      (day) =>
        `  ${frenchDay(day.day).padEnd(16)} ${plural(day.views, "vue").padStart(12)}  ${plural(day.visitors, "visiteur").padStart(14)}`,
    ),
    "",
    report.pages.length === 0
      ? "Aucune page vue sur la période."
      : `Pages les plus vues (${report.pages.length} sur ${number.format(report.page_count)})`,
    ...report.pages.map(
      (page) => `  ${plural(page.views, "vue").padStart(12)}  ${plural(page.visitors, "visiteur").padStart(14)}  ${page.path}`,
    ),
  ];
  return lines.join("\n");
}
