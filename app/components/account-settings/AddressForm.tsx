import { Form } from "@remix-run/react";
import type { AddressField, AddressValues, PersonalInfoRefusal } from "~/services/account-settings/types";
import { countryChoices } from "@shared/domain/countries";
import { TextField } from "~/components/users/FormFields";

const EMPTY: AddressValues = {
  adr_name: "",
  adr_line1: "",
  adr_line2: "",
  adr_zipcode: "",
  adr_city: "",
  adr_country: "FR",
  adr_phone: "",
};

/** The country by its French name; the form sends its ISO code, as the back-office stores it. */
function CountrySelect({ id, value, error }: { id: string; value: string; error: string | undefined }) {
  const errorId = `${id}-erreur`;
  return (
    <div className="field">
      <label htmlFor={id}>Pays</label>
      <select
        id={id}
        name="adr_country"
        defaultValue={value.trim().toUpperCase()}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {countryChoices(value).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Add an address (no id) or edit one: the same fields, the form's own key in `refusal.form`
 * (« adresse-ajouter » or the address id) so a refusal comes back to the form it belongs to.
 */
export function AddressForm({
  address,
  refusal,
}: {
  address?: (AddressValues & { id: number }) | undefined;
  refusal?: PersonalInfoRefusal | undefined;
}) {
  const key = address ? String(address.id) : "adresse-ajouter";
  const mine = refusal?.form === key ? refusal : undefined;
  const start = address ?? EMPTY;
  const value = (field: AddressField) => mine?.values[field] ?? start[field];
  const errors = mine?.errors ?? {};
  const prefix = `adresse-${address ? address.id : "nouvelle"}`;
  const field = (name: AddressField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={`${prefix}-${name}`} name={name} label={label} defaultValue={value(name)} error={errors[name]} {...extra} />
  );
  return (
    <Form
      method="post"
      className="form address-form"
      aria-label={address ? `Modifier l'adresse ${address.adr_name}` : "Nouvelle adresse de livraison"}
    >
      {mine ? (
        <p className="form__error form__error--global" role="alert">
          {mine.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={address ? "adresse-modifier" : "adresse-ajouter"} />
      {address ? <input type="hidden" name="adresse" value={address.id} /> : null}
      {field("adr_name", "Nom de l'adresse", { maxLength: 100, required: true })}
      {field("adr_line1", "Adresse", { maxLength: 120, required: true, autoComplete: "address-line1" })}
      {field("adr_line2", "Complément d'adresse", { maxLength: 120, autoComplete: "address-line2" })}
      {field("adr_zipcode", "Code postal", { maxLength: 12, required: true, autoComplete: "postal-code" })}
      {field("adr_city", "Ville", { maxLength: 80, required: true, autoComplete: "address-level2" })}
      <CountrySelect id={`${prefix}-adr_country`} value={value("adr_country")} error={errors.adr_country} />
      {field("adr_phone", "Téléphone sur place", { type: "tel", maxLength: 40 })}
      <button type="submit" className="button">
        {address ? "Enregistrer l'adresse" : "Ajouter l'adresse"}
      </button>
    </Form>
  );
}
