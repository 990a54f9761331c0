// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContactsBlock } from "~/components/orders/ContactsBlock";
import type { Contacts } from "~/services/orders/types";

afterEach(cleanup);

/** The account home's contacts block (docs/decisions/0106-contacts-on-the-account-home.md). */
const service: Contacts["customer_service"] = {
  name: "Service clients NautiDistrib",
  email: "service.clients@nautidistrib.fr",
  phone: "+33 2 97 84 12 50",
  hours: "Du lundi au vendredi, de 8 h 30 à 12 h 30 et de 13 h 30 à 17 h 30",
};

describe("ContactsBlock", () => {
  it("names the representative and the service, with mailto: and tel: links, under a labelled section", () => {
    render(
      <ContactsBlock
        contacts={{
          sales_representatives: [
            { usr_id: 7, name: "Yann Le Gall", title: "Commercial Bretagne", email: "commercial@nautidistrib.fr", phone: "02 97 00 11 22" },
          ],
          customer_service: service,
        }}
      />,
    );
    const section = screen.getByRole("region", { name: "Vos contacts" });
    const rep = within(section).getByRole("article", { name: "Votre commercial" });
    expect(within(rep).getByText("Yann Le Gall")).toBeInstanceOf(HTMLElement);
    expect(within(rep).getByRole("link", { name: "commercial@nautidistrib.fr" }).getAttribute("href")).toBe(
      "mailto:commercial@nautidistrib.fr",
    );
    expect(within(rep).getByRole("link", { name: "Téléphone : 02 97 00 11 22" }).getAttribute("href")).toBe("tel:0297001122");
    const desk = within(section).getByRole("article", { name: "Service clients NautiDistrib" });
    expect(within(desk).getByRole("link", { name: "Téléphone : +33 2 97 84 12 50" }).getAttribute("href")).toBe("tel:+33297841250");
    expect(within(desk).getByText(/^Du lundi au vendredi/)).toBeInstanceOf(HTMLElement);
  });

  it("says so when no representative is linked, and shows no phone link the data lacks", () => {
    render(<ContactsBlock contacts={{ sales_representatives: [], customer_service: service }} />);
    expect(screen.getByText(/Aucun commercial n'est attribué/)).toBeInstanceOf(HTMLElement);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "mailto:service.clients@nautidistrib.fr",
      "tel:+33297841250",
    ]);
  });
});
