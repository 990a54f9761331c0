import type { Address } from "@shared/contracts/entities";
import { countryName } from "@shared/domain/countries";

/** A postal address as a French letter shows it. */
export function AddressBlock({ address, testId }: { address: Address | null; testId?: string }) {
  if (!address) return <p className="muted">Aucune adresse enregistrée.</p>;
  return (
    <address className="address-block" data-testid={testId}>
      <strong>{address.adr_name}</strong>
      <br />
      {address.adr_line1}
      {address.adr_line2 ? (
        <>
          <br />
          {address.adr_line2}
        </>
      ) : null}
      <br />
      {address.adr_zipcode} {address.adr_city}
      <br />
      {countryName(address.adr_country)}
      {address.adr_phone ? (
        <>
          <br />
          Tél. {address.adr_phone}
        </>
      ) : null}
    </address>
  );
}
