import type { Address } from "@shared/contracts/entities";
import { countryName } from "@shared/domain/countries";

/**
 * A postal address as a French letter shows it. Inside a label (a choice of address) it is a
 * <span>: HTML allows no <address> there (decision 0190).
 */
export function AddressBlock({ address, testId, inLabel = false }: { address: Address | null; testId?: string; inLabel?: boolean }) {
  if (!address) return <p className="muted">Aucune adresse enregistrée.</p>;
  const Block = inLabel ? "span" : "address";
  return (
    <Block className="address-block" data-testid={testId}>
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
    </Block>
  );
}
