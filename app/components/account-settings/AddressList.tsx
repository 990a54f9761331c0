import { Form } from "@remix-run/react";
import { countryName } from "@shared/domain/countries";
import type { AddressValues, AddressView, PersonalInfoRefusal } from "~/services/account-settings/types";
import { AddressForm } from "./AddressForm";

function AddressText({ address }: { address: AddressValues }) {
  return (
    <address>
      {address.adr_name}
      <br />
      {address.adr_line1}
      {address.adr_line2 ? (
        <>
          <br />
          {address.adr_line2}
        </>
      ) : null}
      <br />
      {address.adr_zipcode} {address.adr_city} ({countryName(address.adr_country)})
      {address.adr_phone ? (
        <>
          <br />
          Tél. {address.adr_phone}
        </>
      ) : null}
    </address>
  );
}

/**
 * The head office (read-only: it is the invoicing address, decision 0071) and the other
 * delivery addresses, each with its edit form in a <details> (opened when its form was
 * refused) and a remove button; the back-office refuses to remove an address an open order or
 * the saved cart names, and the page says why in a toast. Without `editable` (a people account
 * without `cart`: decision 0133) the addresses are listed without any form.
 */
export function AddressList({
  addresses,
  invoicing,
  refusal,
  editable = true,
}: {
  addresses: AddressView[];
  invoicing: AddressValues | null;
  refusal?: PersonalInfoRefusal | undefined;
  editable?: boolean;
}) {
  return (
    <section aria-labelledby="adresses-titre">
      <h2 id="adresses-titre">Adresses</h2>
      <h3>Adresse de facturation</h3>
      {invoicing ? (
        <div className="invoicing-address">
          <AddressText address={invoicing} />
        </div>
      ) : (
        <p>Aucune adresse de facturation enregistrée.</p>
      )}
      <p className="muted">L'adresse de facturation est celle du siège : pour la changer, contactez votre commercial.</p>
      <h3>Adresses de livraison</h3>
      {editable ? (
        <p className="muted">
          Une adresse utilisée par une commande en cours ou choisie dans le panier ne peut pas être supprimée ; la modifier ne change pas
          les commandes déjà passées.
        </p>
      ) : (
        <p className="muted">Votre compte ne permet pas de modifier les adresses de livraison.</p>
      )}
      {addresses.length === 0 ? <p>Aucune autre adresse de livraison enregistrée.</p> : null}
      <ul className="address-list">
        {addresses.map((address) => (
          <li key={address.id}>
            <AddressText address={address} />
            {editable ? (
              <>
                <details open={refusal?.form === String(address.id)}>
                  <summary>Modifier</summary>
                  <AddressForm address={address} refusal={refusal} />
                </details>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="adresse-supprimer" />
                  <input type="hidden" name="adresse" value={address.id} />
                  <button type="submit" className="link-button" aria-label={`Supprimer l'adresse ${address.adr_name}`}>
                    Supprimer
                  </button>
                </Form>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <details open={refusal?.form === "adresse-ajouter"}>
          <summary>Ajouter une adresse de livraison</summary>
          {/* Keyed by the addresses listed: once one is added, the form starts empty again; a refused one keeps what was typed. */}
          <AddressForm key={addresses.map((address) => address.id).join(",")} refusal={refusal} />
        </details>
      ) : null}
    </section>
  );
}
