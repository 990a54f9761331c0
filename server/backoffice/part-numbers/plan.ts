import { ownCode } from "@shared/contracts/part-numbers";
import type { LineRefusal } from "@shared/contracts/order-lists";
import { ownCodeKey } from "@shared/domain/references";

/**
 * What a file of codes (the portal's import, the ERP's call) changes, decided before anything is
 * written (docs/part-numbers.md): each line is refused with its reason in French or kept; the
 * kept ones are written together, so a bad line never changes anything else.
 */

export interface CodeEntry {
  line: number;
  code: string;
  ref: string;
}

export interface KnownProduct {
  id: number;
  ref: string;
  is_port: boolean;
}

export interface ExistingCode {
  product_id: number;
  code_key: string;
  ref: string;
}

export interface CodeWrite {
  product_id: number;
  code: string;
  code_key: string;
}

export interface CodePlan {
  writes: CodeWrite[];
  /** Products whose code goes (replace: not in the file). */
  removals: number[];
  refused: LineRefusal[];
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

export function planCodes(
  entries: readonly CodeEntry[],
  productOf: (ref: string) => KnownProduct | undefined,
  existing: readonly ExistingCode[],
  replace: boolean,
): CodePlan {
  const refused: LineRefusal[] = [];
  const accepted: Array<CodeWrite & { line: number; input: string }> = [];
  const lineOfProduct = new Map<number, number>();
  const lineOfKey = new Map<string, number>();
  // Products named by a refused line: whatever the file meant for them, their code stays.
  const kept = new Set<number>();
  for (const entry of entries) {
    const input = `${entry.code} ; ${entry.ref}`.trim();
    const refuse = (message: string) => refused.push({ line: entry.line, input: clip(input), message });
    const code = ownCode.safeParse(entry.code);
    if (!code.success) {
      const named = productOf(entry.ref.trim());
      if (named) kept.add(named.id);
      refuse(code.error.issues[0]?.message ?? "Code invalide.");
      continue;
    }
    const ref = entry.ref.trim();
    if (ref === "") {
      refuse("Indiquez la référence du produit.");
      continue;
    }
    const product = productOf(ref);
    if (!product) {
      refuse(`Référence inconnue : ${clip(ref)}.`);
      continue;
    }
    if (product.is_port) {
      refuse(`${product.ref} est un frais de port : il ne prend pas de code.`);
      continue;
    }
    const key = ownCodeKey(code.data);
    const sameProduct = lineOfProduct.get(product.id);
    if (sameProduct !== undefined) {
      refuse(`La référence ${product.ref} a déjà un code à la ligne ${sameProduct} du fichier.`);
      continue;
    }
    const sameKey = lineOfKey.get(key);
    if (sameKey !== undefined) {
      kept.add(product.id);
      refuse(`Le code ${code.data} est déjà donné à la ligne ${sameKey} du fichier.`);
      continue;
    }
    lineOfProduct.set(product.id, entry.line);
    lineOfKey.set(key, entry.line);
    accepted.push({ product_id: product.id, code: code.data, code_key: key, line: entry.line, input: clip(input) });
  }
  // Codes that stay: those of products the file does not name (when it replaces them all, only
  // those of products whose line was refused), and those of products whose new code is refused.
  // A refusal may make another: until none.
  let writes = accepted;
  for (;;) {
    const named = new Set(writes.map((write) => write.product_id));
    const staying = existing.filter((row) => !named.has(row.product_id) && (!replace || kept.has(row.product_id)));
    const stayingByKey = new Map(staying.map((row) => [row.code_key, row]));
    const clashing = writes.filter((write) => stayingByKey.has(write.code_key));
    if (clashing.length === 0) break;
    for (const write of clashing) {
      kept.add(write.product_id);
      const holder = stayingByKey.get(write.code_key) as ExistingCode;
      refused.push({
        line: write.line,
        input: write.input,
        message: `Le code ${write.code} est déjà celui de la référence ${holder.ref}.`,
      });
    }
    writes = writes.filter((write) => !clashing.includes(write));
  }
  const written = new Set(writes.map((write) => write.product_id));
  const removals = replace
    ? existing.filter((row) => !written.has(row.product_id) && !kept.has(row.product_id)).map((row) => row.product_id)
    : [];
  refused.sort((a, b) => a.line - b.line);
  return { writes: writes.map(({ product_id, code, code_key }) => ({ product_id, code, code_key })), removals, refused };
}
