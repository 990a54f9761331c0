import { Form } from "@remix-run/react";
import type { Address } from "@shared/contracts/entities";
import type { FormAnswer } from "~/services/forms/types";
import { AddressBlock } from "./AddressBlock";

interface Props {
  addresses: Address[];
  selectedId: number | null;
  countries: readonly { code: string; name: string }[];
  /** A refused submission: its message, field errors and what was typed, kept. */
  refused: FormAnswer | null;
}

const NEW_FIELDS: { name: string; label: string; autoComplete: string; required: boolean }[] = [
  { name: "adr_name", label: "Destinataire", autoComplete: "organization", required: true },
  { name: "adr_line1", label: "Adresse", autoComplete: "address-line1", required: true },
  { name: "adr_line2", label: "Complément d'adresse", autoComplete: "address-line2", required: false },
  { name: "adr_zipcode", label: "Code postal", autoComplete: "postal-code", required: true },
  { name: "adr_city", label: "Ville", autoComplete: "address-level2", required: true },
  { name: "adr_phone", label: "Téléphone", autoComplete: "tel", required: false },
];

/** The form's id: its « Continuer » button comes after the options and totals (DeliveryStepNext). */
export const DELIVERY_FORM_ID = "delivery-form";

/**
 * Choose one of the organization's addresses or type a new one (created before the step is
 * saved). The new address's fields show only while « Nouvelle adresse » is chosen (CSS :has,
 * so without JavaScript too).
 */
export function DeliveryAddressForm({ addresses, selectedId, countries, refused }: Props) {
  const choice =
    refused?.values?.address ?? (selectedId !== null ? String(selectedId) : addresses[0] ? String(addresses[0].obj_id) : "new");
  const value = (name: string) => refused?.values?.[name] ?? "";
  const error = (name: string) => refused?.errors?.[name];
  return (
    <Form method="post" id={DELIVERY_FORM_ID} className="form delivery-form" noValidate>
      <input type="hidden" name="intent" value="address" />
      {refused ? (
        <p className="form__error form__error--global" role="alert" data-testid="delivery-error">
          {refused.message}
        </p>
      ) : null}
      <fieldset>
        <legend>Adresse de livraison</legend>
        {addresses.map((address) => (
          <label key={address.obj_id} className="address-choice" data-testid={`address-${address.obj_id}`}>
            <input type="radio" name="address" value={String(address.obj_id)} defaultChecked={choice === String(address.obj_id)} />
            <AddressBlock address={address} inLabel />
          </label>
        ))}
        <label className="address-choice">
          <input type="radio" name="address" value="new" defaultChecked={choice === "new"} data-testid="address-new" />
          <strong>Nouvelle adresse de livraison</strong>
        </label>
        <div className="new-address">
          {NEW_FIELDS.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={field.name}>
                {field.label}
                {field.required ? " *" : ""}
              </label>
              <input
                id={field.name}
                name={field.name}
                type={field.name === "adr_phone" ? "tel" : "text"}
                autoComplete={field.autoComplete}
                defaultValue={value(field.name)}
                aria-invalid={error(field.name) ? true : undefined}
                aria-describedby={error(field.name) ? `${field.name}-error` : undefined}
              />
              {error(field.name) ? (
                <p id={`${field.name}-error`} className="form__error">
                  {error(field.name)}
                </p>
              ) : null}
            </div>
          ))}
          <div className="field">
            <label htmlFor="adr_country">Pays *</label>
            <select
              id="adr_country"
              name="adr_country"
              autoComplete="country"
              defaultValue={value("adr_country").toUpperCase() || "FR"}
              aria-invalid={error("adr_country") ? true : undefined}
              aria-describedby={error("adr_country") ? "adr_country-error" : undefined}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {error("adr_country") ? (
              <p id="adr_country-error" className="form__error">
                {error("adr_country")}
              </p>
            ) : null}
          </div>
        </div>
      </fieldset>
    </Form>
  );
}

/**
 * « Continuer vers les consignes », placed after the delivery options and the shipping costs:
 * on a phone the step then reads address, options, costs, then the way on (issue 24: the button
 * came 2,100 px down, before the options). It submits the address form through `form`.
 */
export function DeliveryStepNext() {
  return (
    <p className="checkout__next">
      <button type="submit" form={DELIVERY_FORM_ID} className="button button--primary">
        Continuer vers les consignes
      </button>
    </p>
  );
}
