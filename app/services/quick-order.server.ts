import { MAX_LINE_QTY, type QuickOrderEntry } from "../../shared/domain/index";
import type { ProductDetail } from "../../shared/contracts/api";
import { changeCart, newLineId, type AddItem } from "./cart.server";
import { toNewCartProduct } from "./cart-add.server";
import type { PortalLoadContext } from "./context.server";
import type { ActiveUser } from "./guards.server";
import type { QuickOrderSource, QuickOrderSourceIssue } from "./quick-order-input.server";
import { UpstreamError } from "./upstream/index.server";

/**
 * Quick order: every reference is looked up in the catalogue (a few at a time), the good
 * ones are added in ONE versioned save (so a colleague's concurrent change is kept and the
 * shipping lines are computed once), and each refused line gets its French reason.
 */

export interface QuickOrderAdded {
  ref: string;
  title: string;
  qty: number;
}

export interface QuickOrderReport {
  added: QuickOrderAdded[];
  refused: QuickOrderSourceIssue[];
}

const LOOKUP_CONCURRENCY = 8;

interface SourcedEntry extends QuickOrderEntry {
  where: { source: string; line: number }[];
}

/** One entry per reference over all sources; quantities add up (never beyond the maximum). */
export function mergeSources(sources: readonly QuickOrderSource[]): { entries: SourcedEntry[]; refused: QuickOrderSourceIssue[] } {
  const byRef = new Map<string, SourcedEntry>();
  const refused: QuickOrderSourceIssue[] = [];
  for (const { label, parse } of sources) {
    refused.push(...parse.issues.map((issue) => ({ source: label, ...issue })));
    for (const entry of parse.entries) {
      const where = entry.lines.map((line) => ({ source: label, line }));
      const existing = byRef.get(entry.ref);
      if (!existing) byRef.set(entry.ref, { ...entry, where });
      else if (existing.qty + entry.qty > MAX_LINE_QTY) {
        refused.push({ source: label, line: entry.lines[0] ?? 0, input: entry.ref, message: `Quantité totale de ${entry.ref} supérieure à ${MAX_LINE_QTY}.` });
      } else {
        existing.qty += entry.qty;
        existing.where.push(...where);
      }
    }
  }
  return { entries: [...byRef.values()], refused };
}

type Lookup = { entry: SourcedEntry; product: ProductDetail } | { entry: SourcedEntry; reason: string };

async function lookUp(active: ActiveUser, entry: SourcedEntry): Promise<Lookup> {
  try {
    const product = await active.upstream.cartLookups.getProduct(entry.ref, active.session.user.auth_org_id);
    if (product.prd_is_port) return { entry, reason: `${entry.ref} est un frais de port : il est calculé automatiquement.` };
    if (product.prd_discontinued) return { entry, reason: `${entry.ref} n'est plus commercialisé.` };
    return { entry, product };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return { entry, reason: `Référence inconnue : ${entry.ref}.` };
    throw error;
  }
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

export async function runQuickOrder(context: PortalLoadContext, active: ActiveUser, sources: readonly QuickOrderSource[]): Promise<QuickOrderReport> {
  const { entries, refused } = mergeSources(sources);
  const lookups = await lookUpAll(active, entries);
  const items: AddItem[] = [];
  for (const lookup of lookups) {
    if ("reason" in lookup) refused.push(...refusalsOf(lookup.entry, lookup.reason));
    else items.push({ product: toNewCartProduct(lookup.product), qty: lookup.entry.qty, lineId: newLineId() });
  }
  if (items.length === 0) return { added: [], refused };
  const result = await changeCart(context, active, { type: "addMany", items });
  const added = result.change.kind === "added" ? result.change.products : [];
  return { added, refused };
}
