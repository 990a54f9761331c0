import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/useHydrated";
import { FREE_TEXT_ROWS, type QuoteDraftLine, type QuoteNewField, type QuoteNewRefusal, type QuoteNewView } from "~/services/quotes/types";
import { FieldError } from "./FieldError";

export interface QuoteRequestFormProps {
  view: QuoteNewView;
  /** The refused form, drawn again with its messages and what was typed. */
  refusal?: QuoteNewRefusal;
}

const EMPTY_LINE: QuoteDraftLine = { productId: null, ref: "", title: "", text: "", qty: "" };

/** A line of the catalogue: its reference and title as shown, the quantity to change or empty. */
function ProductRow({ index, line, error }: { index: number; line: QuoteDraftLine; error: string | undefined }) {
  const qtyId = `ligne-${index}-quantite`;
  const errorId = `ligne-${index}-erreur`;
  return (
    <tr>
      <td>
        <input type="hidden" name={`ligne-${index}-produit`} value={line.productId ?? ""} />
        <input type="hidden" name={`ligne-${index}-ref`} value={line.ref} />
        <input type="hidden" name={`ligne-${index}-titre`} value={line.title} />
        {line.title}
        <br />
        <span className="muted">Réf. {line.ref}</span>
        <FieldError id={errorId} message={error} />
      </td>
      <td>
        <label htmlFor={qtyId} className="visually-hidden">
          Quantité de {line.ref}
        </label>
        <input
          id={qtyId}
          name={qtyId}
          type="text"
          inputMode="numeric"
          size={6}
          defaultValue={line.qty}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </td>
    </tr>
  );
}

/** A free-text line: what is not in the catalogue (or not found), with its quantity. */
function TextRow({ index, line, error }: { index: number; line: QuoteDraftLine; error: string | undefined }) {
  const textId = `ligne-${index}-texte`;
  const qtyId = `ligne-${index}-quantite`;
  const errorId = `ligne-${index}-erreur`;
  const described = error ? errorId : undefined;
  return (
    <tr>
      <td>
        <label htmlFor={textId} className="visually-hidden">
          Produit recherché, ligne {index + 1}
        </label>
        <input
          id={textId}
          name={textId}
          type="text"
          maxLength={300}
          defaultValue={line.text}
          placeholder="Produit recherché, marque, dimensions…"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <FieldError id={errorId} message={error} />
      </td>
      <td>
        <label htmlFor={qtyId} className="visually-hidden">
          Quantité, ligne {index + 1}
        </label>
        <input
          id={qtyId}
          name={qtyId}
          type="text"
          inputMode="numeric"
          size={6}
          defaultValue={line.qty}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </td>
    </tr>
  );
}

/**
 * The request form: reference, lines (from the cart or a product, and free text), message,
 * wished date and one file. A plain multipart POST: it works without JavaScript; with it, more
 * free-text rows can be added in place.
 */
export function QuoteRequestForm({ view, refusal }: QuoteRequestFormProps) {
  const hydrated = useHydrated();
  const [extraRows, setExtraRows] = useState(0);
  const lines = refusal ? refusal.lines : view.lines;
  const values = refusal?.values ?? { reference: "", message: "", date_souhaitee: "" };
  const errors: Partial<Record<QuoteNewField, string>> = refusal?.errors ?? {};
  const rows = [...lines, ...Array.from({ length: FREE_TEXT_ROWS + extraRows }, () => EMPTY_LINE)];
  const describe = (field: QuoteNewField) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-erreur` } : {});
  return (
    <Form method="post" encType="multipart/form-data" className="form quote-request" aria-label="Demande de devis">
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="reference">Votre référence</label>
        <input
          id="reference"
          name="reference"
          type="text"
          aria-required="true"
          maxLength={60}
          defaultValue={values.reference}
          {...describe("reference")}
        />
        <FieldError id="reference-erreur" message={errors.reference} />
      </div>
      <fieldset>
        <legend>Produits demandés</legend>
        {view.source === "panier" ? <p className="muted">Les lignes de votre panier : votre panier reste tel quel.</p> : null}
        {lines.some((line) => line.productId !== null) ? (
          <p className="muted">Videz une quantité pour retirer la ligne de la demande.</p>
        ) : null}
        <FieldError id="lignes-erreur" message={errors.lignes} />
        <table className="table quote-request__lines">
          <caption className="visually-hidden">Lignes de la demande</caption>
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Quantité</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((line, index) =>
              line.productId !== null ? (
                <ProductRow key={`p-${index}`} index={index} line={line} error={errors[`ligne-${index}`]} />
              ) : (
                <TextRow key={`t-${index}`} index={index} line={line} error={errors[`ligne-${index}`]} />
              ),
            )}
          </tbody>
        </table>
        {hydrated ? (
          <p>
            <button type="button" className="link-button" onClick={() => setExtraRows((count) => count + 1)}>
              Ajouter une ligne
            </button>
          </p>
        ) : (
          <p className="muted">Besoin de plus de lignes ? Envoyez la demande, puis précisez dans un message.</p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="message">Message</label>
        <textarea id="message" name="message" rows={4} maxLength={4000} defaultValue={values.message} {...describe("message")} />
        <FieldError id="message-erreur" message={errors.message} />
      </div>
      <div className="field">
        <label htmlFor="date_souhaitee">Date souhaitée (facultatif)</label>
        <input
          id="date_souhaitee"
          name="date_souhaitee"
          type="date"
          min={view.today}
          defaultValue={values.date_souhaitee}
          {...describe("date_souhaitee")}
        />
        <FieldError id="date_souhaitee-erreur" message={errors.date_souhaitee} />
      </div>
      <div className="field">
        <label htmlFor="piece_jointe">Pièce jointe (facultatif : PDF, PNG ou JPEG, 5 Mo au plus)</label>
        <input
          id="piece_jointe"
          name="piece_jointe"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          {...describe("piece_jointe")}
        />
        <FieldError id="piece_jointe-erreur" message={errors.piece_jointe} />
      </div>
      <p>
        <button type="submit" className="button button--primary">
          Envoyer la demande
        </button>
      </p>
    </Form>
  );
}
