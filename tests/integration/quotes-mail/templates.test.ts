import { describe, expect, it } from "vitest";
import { quoteMail, type QuoteMailFacts } from "../../../server/backoffice/quotes/mail/index";

/** The e-mails' two parts (docs/quotes-mail.md): French wording, escaped HTML, links only to the web. */

const facts: QuoteMailFacts = {
  number: "DV-2026-000042",
  customerRef: 'Refit "Gwalarn"',
  orgName: "Voilerie Atlantique",
  orgRef: "C0001",
  actorName: "Yann Le Gall",
  proposal: { version: 2, validUntil: "2026-12-12", totalHt: 273_752, lineCount: 3 },
  body: null,
  acceptedLines: [],
  daysLeft: 1,
};

describe("the quote e-mails' templates", () => {
  it("links to the quote's page on the portal, in both parts", () => {
    const mail = quoteMail("proposed", facts, {
      side: "client",
      link: "https://portail.nautidistrib.fr/mon-compte/mes-devis/7",
      showPrices: true,
    });
    expect(mail.text).toContain("Voir le devis dans votre espace client : https://portail.nautidistrib.fr/mon-compte/mes-devis/7");
    expect(mail.html).toContain('<a href="https://portail.nautidistrib.fr/mon-compte/mes-devis/7"');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain("Refit &#34;Gwalarn&#34;");
    expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain("Total HT : 2 737,52 €");
  });

  it("prints a path without a portal address, and never links anything but the web", () => {
    const relative = quoteMail(
      "message",
      { ...facts, body: "Bonjour" },
      { side: "commercial", link: "/clients/devis/7", showPrices: true },
    );
    expect(relative.html).not.toContain("<a ");
    expect(relative.html).toContain("Ouvrir la demande : /clients/devis/7");
    const script = quoteMail("message", { ...facts, body: "Bonjour" }, { side: "client", link: "javascript:alert(1)", showPrices: true });
    expect(script.html).not.toContain("<a ");
  });

  it("says when the proposal expires, in days", () => {
    const tomorrow = quoteMail("reminder", facts, { side: "client", link: "/mon-compte/mes-devis/7", showPrices: false });
    expect(tomorrow.subject).toBe("Votre devis DV-2026-000042 expire le 12 décembre 2026");
    expect(tomorrow.text).toContain("La proposition de votre devis expire demain, le 12 décembre 2026 au soir.");
    expect(tomorrow.text).not.toContain("€");
    expect(quoteMail("reminder", { ...facts, daysLeft: 0 }, { side: "client", link: "/", showPrices: true }).text).toContain(
      "expire aujourd'hui",
    );
  });
});
