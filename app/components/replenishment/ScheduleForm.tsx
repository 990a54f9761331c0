import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  LISTS_PATH,
  SCHEDULE_FIELDS as F,
  UNIT_CHOICES,
  WEEKDAY_CHOICES,
  type Choice,
  type ScheduleChoices,
  type ScheduleField,
  type ScheduleFormValues,
  type ScheduleRefusal,
} from "~/services/replenishment/types";

const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * A schedule's form, to create one or change it (docs/replenishment-portal.md): name, list,
 * every N weeks or months on a day, the first date (« from when » on a change), the delivery
 * address and the optional price threshold. A plain POST (no JavaScript needed): both day
 * selects are shown and the one of the chosen unit is read (decision 0201). A refused form
 * comes back with each message under its field and everything as typed.
 */
export function ScheduleForm({
  mode,
  idPrefix,
  values,
  choices,
  refusal,
  disabled = false,
}: {
  mode: "create" | "update";
  idPrefix: string;
  values: ScheduleFormValues;
  choices: ScheduleChoices;
  refusal: ScheduleRefusal | null;
  disabled?: boolean;
}) {
  const typed = refusal?.values;
  const value = (field: ScheduleField) => (typed ? (typed[field] ?? "") : values[field]);
  const errors = refusal?.errors ?? {};
  const idOf = (field: ScheduleField) => `${idPrefix}-${field}`;
  const field = (name: ScheduleField, hasHint = false) => {
    const error = errors[name];
    const described = [hasHint ? `${idOf(name)}-aide` : null, error ? `${idOf(name)}-erreur` : null].filter(Boolean).join(" ");
    return {
      id: idOf(name),
      name,
      disabled,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": described || undefined,
    } as const;
  };
  const startHint =
    mode === "create"
      ? "Le premier jour où la commande peut partir : la première commande part à la première date du rythme à partir de celle-ci."
      : "Pris en compte seulement si vous changez le rythme ou cette date : la prochaine commande part à la première date du rythme à partir de celle-ci.";
  return (
    <Form method="post" className="form schedule-form" aria-labelledby={`${idPrefix}-titre`} noValidate>
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={mode} />
      <Field id={idOf(F.name)} label="Nom" error={errors[F.name]}>
        <input {...field(F.name)} type="text" maxLength={80} autoComplete="off" defaultValue={value(F.name)} />
      </Field>
      <Field id={idOf(F.list)} label="Liste à commander" error={errors[F.list]}>
        <Select props={field(F.list)} value={value(F.list)} choices={choices.lists} empty="Choisissez une liste" />
      </Field>
      <fieldset className="schedule-form__rhythm">
        <legend>Rythme</legend>
        <div className="schedule-form__row">
          <Field id={idOf(F.every)} label="Toutes les" error={errors[F.every]}>
            <input {...field(F.every)} type="number" inputMode="numeric" min={1} max={52} step={1} defaultValue={value(F.every)} />
          </Field>
          <Field id={idOf(F.unit)} label="Unité" error={errors[F.unit]}>
            <select {...field(F.unit)} defaultValue={value(F.unit)}>
              {UNIT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="schedule-form__row">
          <Field id={idOf(F.weekday)} label="Jour de la semaine (rythme en semaines)" error={errors[F.weekday]}>
            <select {...field(F.weekday)} defaultValue={value(F.weekday)}>
              {WEEKDAY_CHOICES.map((day) => (
                <option key={day.value} value={String(day.value)}>
                  {day.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={idOf(F.monthDay)}
            label="Jour du mois (rythme en mois)"
            hint="Les 29, 30 et 31 tombent le dernier jour du mois quand le mois est plus court."
            error={errors[F.monthDay]}
          >
            <select {...field(F.monthDay, true)} defaultValue={value(F.monthDay)}>
              {MONTH_DAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {day === 1 ? "1er" : day}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <Field
        id={idOf(F.start)}
        label={mode === "create" ? "Première commande à partir du" : "À partir du"}
        hint={startHint}
        error={errors[F.start]}
      >
        <input {...field(F.start, true)} type="date" min={choices.today} defaultValue={value(F.start)} />
      </Field>
      <Field
        id={idOf(F.address)}
        label="Adresse de livraison"
        hint={
          choices.addresses.length === 0
            ? "Votre organisation n'a encore aucune adresse de livraison : ajoutez-en une dans « Informations personnelles »."
            : undefined
        }
        error={errors[F.address]}
      >
        <Select
          props={field(F.address, choices.addresses.length === 0)}
          value={value(F.address)}
          choices={choices.addresses}
          empty="Choisissez une adresse"
        />
      </Field>
      <Field
        id={idOf(F.maxIncrease)}
        label="Ne rien commander si un prix a augmenté de plus de (%)"
        hint="Depuis la dernière commande de ce produit ; laissez vide pour commander quel que soit le prix."
        error={errors[F.maxIncrease]}
      >
        <input
          {...field(F.maxIncrease, true)}
          type="text"
          inputMode="numeric"
          maxLength={5}
          className="schedule-form__percent"
          defaultValue={value(F.maxIncrease)}
        />
      </Field>
      {disabled ? null : (
        <p>
          <button type="submit" className="button button--primary">
            {mode === "create" ? "Programmer la commande" : "Enregistrer les modifications"}
          </button>
        </p>
      )}
    </Form>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-aide`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-erreur`} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Select({
  props,
  value,
  choices,
  empty,
}: {
  props: { id: string; name: string; disabled: boolean; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
  value: string;
  choices: Choice[];
  empty: string;
}) {
  return (
    <select {...props} defaultValue={value}>
      {value === "" ? <option value="">{empty}</option> : null}
      {choices.map((choice) => (
        <option key={choice.id} value={String(choice.id)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * When the caller sees no list: where lists are made, instead of a form that cannot be sent;
 * or, without the `cart` right (lists need it), who can help.
 */
export function NoListYet({ canMakeLists }: { canMakeLists: boolean }) {
  if (!canMakeLists) {
    return (
      <p className="schedule-no-list">
        Une commande programmée commande une liste de commande, et votre compte ne permet pas d'en préparer (il faut le droit de remplir le
        panier). Demandez à un administrateur de votre organisation de vous donner ce droit.
      </p>
    );
  }
  return (
    <p className="schedule-no-list">
      Une commande programmée commande une liste : vous n'en avez encore aucune. Créez-en une depuis{" "}
      <Link to={LISTS_PATH}>vos listes de commande</Link> (à partir de votre panier, d'une commande ou d'un fichier), puis revenez ici.
    </p>
  );
}
