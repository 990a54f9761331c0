import { formatQuantity } from "@shared/domain/french-format";
import { FieldError } from "~/components/quotes/FieldError";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { FieldErrors } from "~/services/forms/types";
import { lineErrorKey, qtyField, type ReturnableLineView } from "~/services/returns/types";

export interface ReturnableLinesTableProps {
  lines: ReturnableLineView[];
  /** The quantities as typed (a refused form drawn again); "0" where nothing was. */
  values: Record<string, string>;
  errors: FieldErrors;
  showPrices: boolean;
  /** The window is closed: what each line holds, without fields. */
  readOnly?: boolean;
}

/** The product, its reference and the customer's own code for it. */
function ProductCell({ line }: { line: Pick<ReturnableLineView, "title" | "ref" | "customerCode"> }) {
  return (
    <>
      {line.title}
      <br />
      <span className="muted">
        Réf. {line.ref}
        {line.customerCode ? ` · votre code ${line.customerCode}` : null}
      </span>
    </>
  );
}

/**
 * Each delivered line of the order: delivered, already in returns, and the quantity to return
 * (0 by default, at most what may still be returned). A line that may not come back says why
 * and has no field.
 */
export function ReturnableLinesTable({ lines, values, errors, showPrices, readOnly = false }: ReturnableLinesTableProps) {
  return (
    <table className="table return-lines">
      <caption className="visually-hidden">Lignes livrées de la commande</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col">Livré</th>
          <th scope="col">Déjà en retour</th>
          {showPrices ? <th scope="col">Prix unitaire HT</th> : null}
          <th scope="col">{readOnly ? "Retournable" : "Quantité à retourner"}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const field = qtyField(line.position);
          const errorId = `${lineErrorKey(line.position)}-erreur`;
          const error = errors[lineErrorKey(line.position)];
          return (
            <tr key={line.position} data-testid={`returnable-line-${line.position}`}>
              <th scope="row">
                <ProductCell line={line} />
              </th>
              <LabelledCell label="Livré" className="cart-number">
                {formatQuantity(line.delivered)}
              </LabelledCell>
              <LabelledCell label="Déjà en retour" className="cart-number">
                {formatQuantity(line.inReturns)}
              </LabelledCell>
              {showPrices ? (
                <LabelledCell label="Prix unitaire HT" className="cart-number">
                  <Money cents={line.unitPrice} />
                </LabelledCell>
              ) : null}
              <LabelledCell label={readOnly ? "Retournable" : "Quantité à retourner"}>
                {line.notReturnable ? (
                  <span className="return-lines__refused">{line.notReturnable}</span>
                ) : line.returnable === 0 ? (
                  <span className="muted">Déjà entièrement en retour.</span>
                ) : readOnly ? (
                  formatQuantity(line.returnable)
                ) : (
                  <>
                    <label htmlFor={field} className="visually-hidden">
                      Quantité à retourner de {line.ref}, au plus {line.returnable}
                    </label>
                    <input
                      id={field}
                      name={field}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.returnable}
                      step={1}
                      className="return-lines__qty"
                      defaultValue={values[field] ?? "0"}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                    />{" "}
                    <span className="muted">sur {formatQuantity(line.returnable)}</span>
                    <FieldError id={errorId} message={error} />
                  </>
                )}
              </LabelledCell>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
