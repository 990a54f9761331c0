import { Form } from "@remix-run/react";
import { useState } from "react";
import { RETURN_PHOTOS_MAX } from "@shared/contracts/returns";
import { formatPercent } from "@shared/domain/french-format";
import { FieldError } from "~/components/quotes/FieldError";
import { useHydrated } from "~/lib/useHydrated";
import type { FieldErrors } from "~/services/forms/types";
import {
  COMMENT_MAX,
  FILES_TO_CHOOSE_AGAIN,
  PHOTOS_LIMITS_TEXT,
  REASON_CHOICES,
  RESOLUTION_CHOICES,
  RETURN_FIELDS as F,
  type ReturnFormRefusal,
  type ReturnFormView,
} from "~/services/returns/types";
import { ReturnableLinesTable } from "./ReturnableLinesTable";

export interface ReturnRequestFormProps {
  view: ReturnFormView;
  /** The refused form, drawn again with its messages and what was typed. */
  refusal: ReturnFormRefusal | null;
}

const feeSentence = (pct: number) => `Des frais de remise en stock de ${formatPercent(pct)} s'appliquent à ce motif.`;

/**
 * The reasons' restocking fees (with prices only). Without JavaScript every reason with a fee
 * is listed; with it, only the chosen reason's sentence, said as the choice changes.
 */
function FeeNotice({ fees, chosen, id }: { fees: { label: string; pct: number }[]; chosen: string; id: string }) {
  const hydrated = useHydrated();
  if (fees.length === 0) return null;
  if (hydrated) {
    const label = REASON_CHOICES.find((choice) => choice.value === chosen)?.label;
    const fee = fees.find((candidate) => candidate.label === label);
    return (
      <p id={id} className="field__hint" aria-live="polite">
        {fee ? feeSentence(fee.pct) : null}
      </p>
    );
  }
  return (
    <ul id={id} className="field__hint return-form__fees">
      {fees.map((fee) => (
        <li key={fee.label}>
          {fee.label} : des frais de remise en stock de {formatPercent(fee.pct)} s&apos;appliquent à ce motif.
        </li>
      ))}
    </ul>
  );
}

/**
 * The request form (decision 0208): the lines and their quantities, the reason, the wished
 * resolution, a comment and photos. A plain multipart POST: it works without JavaScript; a
 * refused form comes back with each message on its field and what was typed, the photos to
 * choose again.
 */
export function ReturnRequestForm({ view, refusal }: ReturnRequestFormProps) {
  const values = refusal?.values ?? {};
  const errors: FieldErrors = refusal?.errors ?? {};
  const [reason, setReason] = useState(values[F.reason] ?? "");
  // Drawn again by the server (no JavaScript), the file field is empty; with JavaScript it kept its files.
  const hydrated = useHydrated();
  const filesToChooseAgain = refusal?.filesDropped === true && !hydrated;
  const describe = (field: string, ...hints: string[]) => {
    const ids = [...hints, ...(errors[field] ? [`${field}-erreur`] : [])];
    return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined };
  };
  const photoHint =
    view.photoRequired.length > 0 ? `Au moins une photo est demandée pour les motifs : ${view.photoRequired.join(", ")}.` : null;
  const feesId = `${F.reason}-frais`;
  const hasFees = (view.fees ?? []).length > 0;
  return (
    <Form method="post" encType="multipart/form-data" className="form return-form" aria-label="Demande de retour">
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
          {filesToChooseAgain ? ` ${FILES_TO_CHOOSE_AGAIN}` : null}
        </p>
      ) : null}
      <input type="hidden" name={F.order} value={view.order.id} />
      <fieldset>
        <legend>Articles à retourner</legend>
        <p className="muted">Indiquez la quantité à retourner de chaque ligne concernée ; laissez 0 pour les autres.</p>
        <FieldError id={`${F.lines}-erreur`} message={errors[F.lines]} />
        <ReturnableLinesTable lines={view.lines} values={values} errors={errors} showPrices={view.showPrices} />
      </fieldset>
      <div className="field">
        <label htmlFor={F.reason}>Motif du retour</label>
        <select
          id={F.reason}
          name={F.reason}
          aria-required="true"
          defaultValue={values[F.reason] ?? ""}
          onChange={(event) => setReason(event.currentTarget.value)}
          {...describe(F.reason, ...(hasFees ? [feesId] : []))}
        >
          <option value="">Choisissez le motif…</option>
          {REASON_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {view.fees ? <FeeNotice fees={view.fees} chosen={reason} id={feesId} /> : null}
        <FieldError id={`${F.reason}-erreur`} message={errors[F.reason]} />
      </div>
      <fieldset className="return-form__resolution">
        <legend>Solution souhaitée</legend>
        {RESOLUTION_CHOICES.map((choice) => (
          <div key={choice.value} className="return-form__choice">
            <input
              type="radio"
              id={`${F.resolution}-${choice.value}`}
              name={F.resolution}
              value={choice.value}
              defaultChecked={values[F.resolution] === choice.value}
              aria-describedby={errors[F.resolution] ? `${F.resolution}-erreur` : undefined}
            />{" "}
            <label htmlFor={`${F.resolution}-${choice.value}`}>
              {choice.label} <span className="muted">({choice.hint})</span>
            </label>
          </div>
        ))}
        <FieldError id={`${F.resolution}-erreur`} message={errors[F.resolution]} />
      </fieldset>
      <div className="field">
        <label htmlFor={F.comment}>Commentaire</label>
        <p id={`${F.comment}-aide`} className="field__hint">
          Décrivez le problème (obligatoire pour « Autre motif »).
        </p>
        <textarea
          id={F.comment}
          name={F.comment}
          rows={4}
          maxLength={COMMENT_MAX}
          defaultValue={values[F.comment] ?? ""}
          {...describe(F.comment, `${F.comment}-aide`)}
        />
        <FieldError id={`${F.comment}-erreur`} message={errors[F.comment]} />
      </div>
      <div className="field">
        <label htmlFor={F.photos}>Photos ({PHOTOS_LIMITS_TEXT})</label>
        <p id={`${F.photos}-aide`} className="field__hint">
          {photoHint ?? `Jusqu'à ${RETURN_PHOTOS_MAX} photos du produit ou du colis, si elles aident à comprendre le problème.`}
          {filesToChooseAgain ? " Les photos choisies avant l'envoi ne sont pas conservées : choisissez-les à nouveau." : null}
        </p>
        <input
          id={F.photos}
          name={F.photos}
          type="file"
          multiple
          accept="image/png,image/jpeg"
          {...describe(F.photos, `${F.photos}-aide`)}
        />
        <FieldError id={`${F.photos}-erreur`} message={errors[F.photos]} />
      </div>
      <p>
        <button type="submit" className="button button--primary">
          Envoyer la demande de retour
        </button>
      </p>
    </Form>
  );
}
