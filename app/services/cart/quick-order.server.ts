import { MAX_LINE_QTY, normalizeReference } from "@shared/domain/index";
import { QUICK_ORDER_MAX_ISSUES, QUICK_ORDER_MAX_LINES, type QuickOrderEntry } from "@shared/domain/quick-order";
import type { ProductDetail } from "@shared/contracts/api";
import { changeCart, newLineId } from "./cart.server";
import type { AddItem, RefusedItem } from "./types";
import { toNewCartProduct } from "./add.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import type { QuickOrderSource } from "./quick-order-input.server";
import type { QuickOrderSourceIssue } from "./types";
import { productByReferenceOrOwnCode } from "~/services/part-numbers/index.server";
import type { QuickOrderReport } from "./types";
import { countOf } from "@shared/domain/plural";

/**
 * Quick order: every reference is looked up in the catalogue (a few at a time), the good
 * ones are added in ONE versioned save (so a colleague's concurrent change is kept and the
 * shipping lines are computed once), and each refused line gets its French reason.
 */

export interface QuickOrderOutcome {
  report: QuickOrderReport;
  /** Per source label, the input lines that went into the cart (the form shows the others again). */
  addedLines: ReadonlyMap<string, ReadonlySet<number>>;
}

const LOOKUP_CONCURRENCY = 8;

interface SourcedEntry extends QuickOrderEntry {
  where: { source: string; line: number }[];
}

interface Merged {
  entries: SourcedEntry[];
  refused: QuickOrderSourceIssue[];
  unlisted: number;
}

/** The one issue of a source whose references come past the limit of the whole order. */
function cutIssue(label: string, ignored: SourcedEntry[]): QuickOrderSourceIssue {
  const first = ignored[0];
  const lines = ignored.reduce((count, entry) => count + entry.lines.length, 0);
  return {
    source: label,
    line: first?.lines[0] ?? 0,
    input: first?.ref ?? "",
    message: `Commande tronquée : au plus ${QUICK_ORDER_MAX_LINES} références par commande rapide (grille, texte et fichier ensemble), ${countOf(lines, "ligne ignorée", "lignes ignorées")} ici.`,
    ignored: lines,
  };
}

/**
 * One entry per reference over all sources; quantities add up (never beyond the maximum), and
 * at most QUICK_ORDER_MAX_LINES references in all: the grid first, then the text, then the file.
 */
export function mergeSources(sources: readonly QuickOrderSource[]): Merged {
  const byRef = new Map<string, SourcedEntry>();
  const refused: QuickOrderSourceIssue[] = [];
  let unlisted = 0;
  for (const { label, parse } of sources) {
    refused.push(...parse.issues.map((issue) => ({ source: label, ...issue })));
    unlisted += parse.unlisted;
    const ignored: SourcedEntry[] = [];
    for (const entry of parse.entries) {
      const where = entry.lines.map((line) => ({ source: label, line }));
      const existing = byRef.get(entry.ref);
      if (!existing && byRef.size >= QUICK_ORDER_MAX_LINES) ignored.push({ ...entry, where });
      else if (!existing) byRef.set(entry.ref, { ...entry, where });
      else if (existing.qty + entry.qty > MAX_LINE_QTY) {
        refused.push({
          source: label,
          line: entry.lines[0] ?? 0,
          input: entry.ref,
          message: `Quantité totale de ${entry.ref} supérieure à ${MAX_LINE_QTY}.`,
        });
      } else {
        existing.qty += entry.qty;
        existing.where.push(...where);
      }
    }
    if (ignored.length > 0) refused.push(cutIssue(label, ignored));
  }
  return { entries: [...byRef.values()], refused, unlisted };
}

type Lookup = { entry: SourcedEntry; product: ProductDetail; ownCode: string | null } | { entry: SourcedEntry; reason: string };

/**
 * Looked up as a reference, never as a product id (an ERP's reference may be all digits), or as
 * the organization's own code for a product (docs/part-numbers-portal.md); a product whose
 * reference is not the one typed, nor its own code, is not the one asked for.
 */
async function lookUp(active: ActiveUser, entry: SourcedEntry): Promise<Lookup> {
  const found = await productByReferenceOrOwnCode(active, entry.ref);
  if (!found) return { entry, reason: `Référence inconnue : ${entry.ref}.` };
  const { product, ownCode } = found;
  const name = ownCode === null ? entry.ref : `${product.obj_ref} (votre code ${ownCode})`;
  if (product.prd_is_port) return { entry, reason: `${name} est un frais de port : il est calculé automatiquement.` };
  if (product.prd_discontinued) return { entry, reason: `${name} n'est plus commercialisé.` };
  return { entry, product, ownCode };
}

/** Runs the look-ups LOOKUP_CONCURRENCY at a time: enough to be quick, not a flood. */
async function lookUpAll(active: ActiveUser, entries: readonly SourcedEntry[]): Promise<Lookup[]> {
  const results: Lookup[] = new Array<Lookup>(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const entry = entries[index];
      if (entry) results[index] = await lookUp(active, entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, entries.length) }, worker));
  return results;
}

function refusalsOf(entry: SourcedEntry, message: string): QuickOrderSourceIssue[] {
  return entry.where.map(({ source, line }) => ({ source, line, input: `${entry.ref} ; ${entry.qty}`, message }));
}

/**
 * Lists the cut at the limit first (the user must see it), then the first refusals in the order
 * of what was sent (the grid, the text, the file, each line by line, whichever check refused
 * it); counts the rest.
 */
function listRefusals(
  refused: readonly QuickOrderSourceIssue[],
  unlisted: number,
  sources: readonly QuickOrderSource[],
): Pick<QuickOrderReport, "refused" | "unlisted"> {
  const position = (issue: QuickOrderSourceIssue) => sources.findIndex((source) => source.label === issue.source);
  const cuts = refused.filter((issue) => issue.ignored !== undefined);
  const others = refused.filter((issue) => issue.ignored === undefined).sort((a, b) => position(a) - position(b) || a.line - b.line);
  const room = Math.max(0, QUICK_ORDER_MAX_ISSUES - cuts.length);
  return { refused: [...cuts, ...others.slice(0, room)], unlisted: unlisted + Math.max(0, others.length - room) };
}

function linesBySource(entries: readonly SourcedEntry[]): Map<string, Set<number>> {
  const lines = new Map<string, Set<number>>();
  for (const { where } of entries) {
    for (const { source, line } of where) lines.set(source, (lines.get(source) ?? new Set<number>()).add(line));
  }
  return lines;
}

export async function runQuickOrder(
  context: PortalLoadContext,
  active: ActiveUser,
  sources: readonly QuickOrderSource[],
): Promise<QuickOrderOutcome> {
  const { entries, refused, unlisted } = mergeSources(sources);
  const lookups = await lookUpAll(active, entries);
  const wanted = new Map<string, SourcedEntry>();
  const items: AddItem[] = [];
  // The products typed as the organization's own code: the report names them by both.
  const typedCodes = new Map<string, string>();
  for (const lookup of lookups) {
    if ("reason" in lookup) {
      refused.push(...refusalsOf(lookup.entry, lookup.reason));
      continue;
    }
    if (lookup.ownCode !== null) typedCodes.set(normalizeReference(lookup.product.obj_ref), lookup.ownCode);
    const item = { product: toNewCartProduct(lookup.product), qty: lookup.entry.qty, lineId: newLineId() };
    wanted.set(item.lineId, lookup.entry);
    items.push(item);
  }
  if (items.length === 0) return { report: { added: [], ...listRefusals(refused, unlisted, sources) }, addedLines: new Map() };
  const result = await changeCart(context, active, { type: "addMany", items });
  const refusedByCart = (item: RefusedItem) => {
    const entry = wanted.get(item.lineId);
    wanted.delete(item.lineId);
    return entry ? refusalsOf(entry, item.message) : [];
  };
  refused.push(...result.refused.flatMap(refusedByCart));
  const added = (result.change.kind === "added" ? result.change.products : []).map((product) => ({
    ...product,
    ownCode: typedCodes.get(normalizeReference(product.ref)) ?? null,
  }));
  return { report: { added, ...listRefusals(refused, unlisted, sources) }, addedLines: linesBySource([...wanted.values()]) };
}
