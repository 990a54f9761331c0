import type { ImportListLinesRequest, LineRefusal, ListLineInput } from "@shared/contracts/order-lists";
import { ownCodeKey } from "@shared/domain/references";
import type { CatalogueServiceDeps } from "../http/deps";
import { productsOfCodes } from "../part-numbers/store";
import { normalizedRef } from "../pim/search";
import { addLines } from "./store";

/**
 * A file's lines added to a list (POST …/:id/import): each `ref` is a reference or the
 * organization's own code (the reference first); an unknown one, a discontinued product or a
 * shipping line is refused with its line number and a French reason, the others added, merged
 * by product. A refused line changes nothing.
 */
export async function importLines(
  deps: Pick<CatalogueServiceDeps, "db" | "readModel">,
  orgId: number,
  listId: number,
  body: ImportListLinesRequest,
  now: Date,
): Promise<{ added: number; refused: LineRefusal[] }> {
  const { db, readModel } = deps;
  const index = await readModel.products();
  const unmatched = body.entries.filter((entry) => !index.getByRef(normalizedRef(entry.ref))).map((entry) => entry.ref);
  const byCode = await productsOfCodes(db, orgId, unmatched);
  const refused: LineRefusal[] = [];
  const good: Array<{ line: number; input: string; add: ListLineInput }> = [];
  for (const entry of body.entries) {
    const refuse = (message: string) => refused.push({ line: entry.line, input: entry.ref, message });
    const codeId = byCode.get(ownCodeKey(entry.ref));
    const product = index.getByRef(normalizedRef(entry.ref)) ?? (codeId === undefined ? undefined : index.get(codeId));
    if (!product) refuse(`Référence ou code inconnu : ${entry.ref}.`);
    else if (product.is_port) refuse(`${product.ref} est un frais de port : il est calculé automatiquement.`);
    else if (product.discontinued) refuse(`${product.ref} n'est plus commercialisé.`);
    else good.push({ line: entry.line, input: entry.ref, add: { product_id: product.id, qty: entry.qty, note: entry.note } });
  }
  const overflow =
    good.length === 0
      ? []
      : await addLines(
          db,
          listId,
          good.map((entry) => entry.add),
          now,
          { partial: true },
        );
  for (const position of overflow) {
    const entry = good[position]!;
    refused.push({
      line: entry.line,
      input: entry.input,
      message: "La liste a atteint son maximum de lignes : cette ligne n'a pas été ajoutée.",
    });
  }
  refused.sort((a, b) => a.line - b.line);
  return { added: good.length - overflow.length, refused };
}
