import { Form, Link } from "@remix-run/react";
import type { FormAnswer } from "~/services/forms/types";
import { PrefilledReference } from "~/components/cart/PrefilledReference";

interface Values {
  ref: string;
  comments: string;
  notes: string;
  partialDelivery: boolean;
  refFromPromotion: string | null;
}

interface Props {
  values: Values;
  /** A refused submission: its message, field errors and what was typed, kept. */
  refused: FormAnswer | null;
}

/** Order reference, comments for the warehouse, notes, partial delivery. */
export function InstructionsForm({ values, refused }: Props) {
  const text = (name: "ref" | "comments" | "notes") => refused?.values?.[name] ?? values[name];
  const error = (name: string) => refused?.errors?.[name];
  const partial = refused ? refused.values?.partialDelivery !== undefined : values.partialDelivery;
  const described = (name: string) => (error(name) ? `${name}-error` : undefined);
  // The two free texts say who reads them, so each goes to the right reader.
  const describedWithHint = (name: string) => [`${name}-hint`, described(name)].filter(Boolean).join(" ");
  // Said only while the field holds what was pre-filled (a refused form shows what was typed).
  const prefilled = values.refFromPromotion !== null && text("ref") === values.ref ? values.refFromPromotion : null;
  return (
    <Form method="post" className="form instructions-form" noValidate>
      {refused ? (
        <p className="form__error form__error--global" role="alert">
          {refused.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="ref">Référence de votre commande</label>
        <input
          id="ref"
          name="ref"
          type="text"
          maxLength={60}
          defaultValue={text("ref")}
          aria-invalid={error("ref") ? true : undefined}
          aria-describedby={[described("ref"), prefilled ? "ref-prefilled" : undefined].filter(Boolean).join(" ") || undefined}
        />
        {error("ref") ? (
          <p id="ref-error" className="form__error">
            {error("ref")}
          </p>
        ) : null}
        {prefilled ? <PrefilledReference id="ref-prefilled" promotion={prefilled} /> : null}
      </div>
      <div className="field">
        <label htmlFor="comments">Consignes pour l'entrepôt</label>
        <textarea
          id="comments"
          name="comments"
          rows={4}
          maxLength={2000}
          defaultValue={text("comments")}
          aria-describedby={describedWithHint("comments")}
        />
        <p id="comments-hint" className="field__hint">
          Lues par notre entrepôt, qui prépare et expédie la commande : horaires de réception, accès, emballage.
        </p>
        {error("comments") ? (
          <p id="comments-error" className="form__error">
            {error("comments")}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="notes">Notes</label>
        <textarea
          id="notes"
          name="notes"
          rows={3}
          maxLength={2000}
          defaultValue={text("notes")}
          aria-describedby={describedWithHint("notes")}
        />
        <p id="notes-hint" className="field__hint">
          Lues par votre commercial et notre service clients, pas par l&apos;entrepôt : une précision ou une question sur la commande.
        </p>
        {error("notes") ? (
          <p id="notes-error" className="form__error">
            {error("notes")}
          </p>
        ) : null}
      </div>
      <label className="cart-options__toggle">
        <input type="checkbox" name="partialDelivery" defaultChecked={partial} data-testid="partial-delivery" />
        J'accepte une livraison partielle (les produits disponibles partent d'abord)
      </label>
      <p className="checkout__actions">
        <Link to="/commander/livraison" className="button">
          Retour à la livraison
        </Link>
        <button type="submit" className="button button--primary">
          Continuer vers le récapitulatif
        </button>
      </p>
    </Form>
  );
}
