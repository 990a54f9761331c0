// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ClientTable } from "~/components/contributor/ClientTable";
import { DeliveryAddressForm } from "~/components/checkout/DeliveryAddressForm";
import { CertificatesPanel } from "~/components/cart/CertificatesPanel";
import { AddressForm } from "~/components/account-settings/AddressForm";
import { AddressList } from "~/components/account-settings/AddressList";
import { CART_LINE } from "./cart-view-fixtures";

/**
 * Issue 24, forms and the client picker: the MMSI field says what it wants; addresses read
 * « France », not « FR », in a country select styled like the other fields, as the phone; the
 * picker's buttons say what they do, for whom, and the client acted for is marked.
 */

afterEach(cleanup);

function draw(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the MMSI certificate form", () => {
  const line = { ...CART_LINE, needsCertificates: true, qty: 2 };

  it("says in French which format it wants, with an example", async () => {
    draw(<CertificatesPanel line={line} canEdit />);
    const field = await screen.findByLabelText<HTMLInputElement>("Numéro MMSI du navire (9 chiffres)");
    const hint = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Sans espace ni lettre, par exemple 227123456.");
    expect(field.pattern).toBe("[0-9]{9}");
    // The browser's own message on a wrong format adds the title: French, with the example.
    expect(field.title).toBe("Le numéro MMSI compte exactement 9 chiffres, par exemple 227123456.");
  });

  it.each([
    [[], "0 certificat joint sur 2 : il en manque 2."],
    [[{ cerId: "c-1", mmsi: "227123456", fileName: "a.pdf" }], "1 certificat joint sur 2 : il en manque 1."],
    [
      [
        { cerId: "c-1", mmsi: "227123456", fileName: "a.pdf" },
        { cerId: "c-2", mmsi: "227123457", fileName: "b.pdf" },
      ],
      "2 certificats joints sur 2.",
    ],
  ])("counts the certificates in French (%#)", async (certificates, text) => {
    draw(<CertificatesPanel line={{ ...line, certificates }} canEdit />);
    expect((await screen.findByTestId(`certificates-status-${line.ref}`)).textContent).toBe(text);
  });
});

describe("the address forms", () => {
  it("chooses the country of an account address by its name, sending its code", async () => {
    draw(<AddressForm />);
    const country = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Pays" });
    expect(country.name).toBe("adr_country");
    expect(country.value).toBe("FR");
    expect(country.selectedOptions[0]?.textContent).toBe("France");
    expect(within(country).getByRole("option", { name: "Belgique" }).getAttribute("value")).toBe("BE");
    expect(screen.queryByText(/code à 2 lettres/)).toBeNull();
  });

  it("keeps an address's country that the list lacks, by its name", async () => {
    const address = {
      id: 4,
      adr_name: "Dépôt Göteborg",
      adr_line1: "Hamngatan 1",
      adr_line2: "",
      adr_zipcode: "41106",
      adr_city: "Göteborg",
      adr_country: "SE",
      adr_phone: "",
    };
    draw(<AddressForm address={address} />);
    const country = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Pays" });
    expect([country.value, country.selectedOptions[0]?.textContent]).toEqual(["SE", "Suède"]);
  });

  it("lists the account's addresses with their country's name", async () => {
    const head = {
      adr_name: "Siège",
      adr_line1: "1 quai",
      adr_line2: "",
      adr_zipcode: "29200",
      adr_city: "Brest",
      adr_country: "FR",
      adr_phone: "",
    };
    draw(
      <AddressList
        invoicing={head}
        addresses={[{ ...head, id: 3, adr_name: "Dépôt", adr_zipcode: "8400", adr_city: "Oostende", adr_country: "BE" }]}
      />,
    );
    await screen.findByRole("heading", { name: "Adresses" });
    const texts = [...document.querySelectorAll("address")].map((node) => node.textContent ?? "");
    expect(texts).toEqual([expect.stringContaining("29200 Brest (France)"), expect.stringContaining("8400 Oostende (Belgique)")]);
  });

  it("gives the new delivery address a phone field and a country select that the shared field style covers", async () => {
    draw(<DeliveryAddressForm addresses={[]} selectedId={null} countries={[{ code: "FR", name: "France" }]} refused={null} />);
    expect((await screen.findByLabelText<HTMLInputElement>("Téléphone")).type).toBe("tel");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Pays *" }).closest(".field")).not.toBeNull();
    // happy-dom draws no CSS: the rule that styles the text fields must name these two as well.
    const css = readFileSync(path.resolve("app/styles/app.css"), "utf8");
    const fieldRule = css.split("}").find((rule) => /input\[type="text"\],[^{]*input\[type="email"\]/.test(rule));
    expect(fieldRule).toContain('input[type="tel"]');
    expect(fieldRule).toContain(".field select");
  });
});

describe("the client picker", () => {
  const clients = [
    { obj_id: 11, obj_ref: "C0001", obj_name: "Voilerie Atlantique", adr_zipcode: "29200", adr_city: "Brest", adr_country: "FR" },
    { obj_id: 14, obj_ref: "C0004", obj_name: "Nautic Belgium", adr_zipcode: "8400", adr_city: "Oostende", adr_country: "BE" },
  ];

  it("says what each button does and for whom, and marks the client acted for", async () => {
    draw(<ClientTable clients={clients} currentClientId={11} />);
    const button = await screen.findByRole("button", { name: "Agir pour ce client : Nautic Belgium" });
    expect(button.textContent).toBe("Agir pour ce client : Nautic Belgium");
    expect(within(button).getByText(": Nautic Belgium", { exact: false }).className).toBe("visually-hidden");
    const current = screen.getByRole("row", { name: /Voilerie Atlantique/ });
    expect(current.getAttribute("aria-current")).toBe("true");
    expect(within(current).getByText("Client actuel")).toBeInstanceOf(HTMLElement);
    expect(within(current).queryByRole("button")).toBeNull();
    expect(screen.getByRole("row", { name: /Nautic Belgium/ }).getAttribute("aria-current")).toBeNull();
    // Countries by name here too.
    expect(screen.getByRole("row", { name: /Nautic Belgium/ }).textContent).toContain("8400 Oostende (Belgique)");
  });
});
