// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { QUOTE_STATES } from "@shared/contracts/quotes";
import { ProposalForm } from "~/components/sales-quotes/ProposalForm";
import { SalesActionForms } from "~/components/sales-quotes/SalesActionForms";
import { SalesQuoteFilters } from "~/components/sales-quotes/SalesQuoteFilters";
import { SalesQuoteTable } from "~/components/sales-quotes/SalesQuoteTable";
import { QuoteThread } from "~/components/quotes/QuoteThread";
import { QuoteTimeline } from "~/components/quotes/QuoteTimeline";
import type { FormAnswer } from "~/services/forms/types";
import type { ProposalFormDraft, SalesQuoteRow } from "~/services/sales-quotes/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

/** Intl's French money has no-break spaces: compared with plain ones. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const toHandle: SalesQuoteRow = {
  id: 21,
  number: "DV-2026-000021",
  orgName: "Voilerie Atlantique",
  orgRef: "C0001",
  customerRef: "Refit Pen Duick",
  state: "complété",
  requestedAt: "2026-11-17T09:30:00.000Z",
  age: "il y a 3 jours",
  waitingFor: "commercial",
  validUntil: null,
  totalHt: null,
  lineCount: 3,
};
const proposed: SalesQuoteRow = {
  ...toHandle,
  id: 22,
  number: "DV-2026-000022",
  state: "proposé",
  waitingFor: "client",
  validUntil: "2026-12-20",
  totalHt: 123456,
  customerRef: "",
  age: "aujourd'hui",
};

const draft: ProposalFormDraft = {
  rows: [
    { answersPosition: 1, asked: "Ligne 1 demandée : AVF1500001 · Antenne VHF (× 4)", ref: "AVF1500001", qty: "4", price: "", note: "" },
    { answersPosition: null, asked: null, ref: "", qty: "", price: "", note: "" },
  ],
  validUntil: "2026-12-20",
  conditions: "",
  message: "",
  revising: false,
  today: "2026-11-20",
  latest: "2027-11-20",
};

describe("the representative's list", () => {
  it("shows each quote's client, state, whose turn it is, age, validity and total, linked to its page", () => {
    renderAt(<SalesQuoteTable rows={[toHandle, proposed]} caption="Demandes de devis, page 1 sur 1" />);
    const first = screen.getByTestId("sales-quote-row-DV-2026-000021");
    expect(within(first).getByRole("link", { name: "DV-2026-000021" }).getAttribute("href")).toBe("/clients/devis/21");
    expect(first.textContent).toContain("Voilerie Atlantique (C0001)");
    expect(first.textContent).toContain("Refit Pen Duick");
    expect(within(first).getByText("à traiter").tagName).toBe("STRONG");
    expect(first.textContent).toContain("il y a 3 jours");
    const second = screen.getByTestId("sales-quote-row-DV-2026-000022");
    expect(second.textContent).toContain("en attente du client");
    expect(second.textContent).toContain("20 décembre 2026");
    expect(plain(second.textContent)).toContain("1 234,56 €");
  });

  it("keeps the filters in a GET form, with the state, the client and the order", () => {
    renderAt(
      <SalesQuoteFilters
        values={{ etat: "proposé", client: "3", recherche: "DV-2026", tri: "recents" }}
        notices={[{ field: "etat", message: "État inconnu : ce filtre est ignoré." }]}
        states={QUOTE_STATES}
        clients={[
          { id: 3, label: "Voilerie Atlantique (C0001)" },
          { id: 16, label: "Nautisme Ajaccio (C0005)" },
        ]}
      />,
    );
    const form = screen.getByRole("form", { name: "Filtrer les demandes de devis" });
    expect(form.getAttribute("method")).toBe("get");
    expect((screen.getByLabelText("État") as HTMLSelectElement).value).toBe("proposé");
    expect((screen.getByLabelText("Client") as HTMLSelectElement).value).toBe("3");
    expect((screen.getByLabelText("Ordre") as HTMLSelectElement).value).toBe("recents");
    expect((screen.getByLabelText("Numéro ou référence du client") as HTMLInputElement).value).toBe("DV-2026");
    expect(screen.getByRole("status").textContent).toContain("État inconnu");
  });
});

describe("the proposal form", () => {
  it("draws one row per asked line, pre-filled, then empty rows, with the validity's bounds", () => {
    renderAt(<ProposalForm draft={draft} answer={null} />);
    expect(screen.getByRole("heading", { name: "Faire une proposition" })).toBeDefined();
    expect((screen.getByLabelText("Référence, ligne 1") as HTMLInputElement).value).toBe("AVF1500001");
    expect((screen.getByLabelText("Quantité, ligne 1") as HTMLInputElement).value).toBe("4");
    expect((screen.getByLabelText("Prix unitaire HT, ligne 1") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Référence, ligne 2") as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Ligne 1 demandée : AVF1500001 · Antenne VHF (× 4)")).toBeDefined();
    expect(screen.getByText("Ligne ajoutée")).toBeDefined();
    const validity = screen.getByLabelText(/Valable jusqu'au/) as HTMLInputElement;
    expect([validity.value, validity.min, validity.max]).toEqual(["2026-12-20", "2026-11-20", "2027-11-20"]);
    const form = validity.closest("form")!;
    expect((form.querySelector('input[name="lignes"]') as HTMLInputElement).value).toBe("2");
    expect((form.querySelector('input[name="ligne-0-position"]') as HTMLInputElement).value).toBe("1");
    expect(screen.getByRole("button", { name: "Envoyer la proposition" })).toBeDefined();
  });

  it("draws a refused proposal again as typed, each message next to its field", () => {
    const answer: FormAnswer = {
      ok: false,
      message: "Le prix doit être positif.",
      errors: {
        "ligne-0-prix": "Le prix doit être positif.",
        "ligne-1-ref": "Référence inconnue : ZZZ.",
        validite: "La date de validité ne peut pas être passée.",
      },
      values: { intent: "propose", "ligne-0-ref": "AVF1500001", "ligne-0-prix": "-12,50", "ligne-1-ref": "ZZZ", validite: "2026-11-19" },
    };
    renderAt(<ProposalForm draft={{ ...draft, revising: true }} answer={answer} />);
    expect(screen.getByRole("alert").textContent).toBe("Le prix doit être positif.");
    const price = screen.getByLabelText("Prix unitaire HT, ligne 1") as HTMLInputElement;
    expect(price.value).toBe("-12,50");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(price.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Le prix doit être positif.");
    const ref = screen.getByLabelText("Référence, ligne 2") as HTMLInputElement;
    expect(ref.value).toBe("ZZZ");
    expect(document.getElementById(ref.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Référence inconnue : ZZZ.");
    expect((screen.getByLabelText(/Valable jusqu'au/) as HTMLInputElement).value).toBe("2026-11-19");
    expect(screen.getByText("La date de validité ne peut pas être passée.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Envoyer la nouvelle version" })).toBeDefined();
  });
});

describe("the representative's other forms and the thread", () => {
  it("offers only the actions the back-office allows", () => {
    renderAt(<SalesActionForms actions={["message", "cancel"]} answer={null} />);
    expect(screen.queryByRole("button", { name: "Commencer l'étude" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Envoyer la question" })).toBeNull();
    expect(screen.getByRole("button", { name: "Envoyer le message" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Annuler la demande" })).toBeDefined();
  });

  it("shows a refused question's message next to its field, keeping the text", () => {
    const answer: FormAnswer = {
      ok: false,
      message: "Ce texte compte au plus 4000 caractères.",
      errors: { message: "Ce texte compte au plus 4000 caractères." },
      values: { intent: "ask_information", message: "Quelle longueur ?" },
    };
    renderAt(<SalesActionForms actions={["start_study", "ask_information", "message"]} answer={answer} />);
    const question = within(screen.getByRole("form", { name: "Demander des informations au client" }));
    expect((question.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Quelle longueur ?");
    expect(question.getByText("Ce texte compte au plus 4000 caractères.")).toBeDefined();
    // The other message form is left as it was.
    const other = within(screen.getByRole("form", { name: "Écrire au client" }));
    expect((other.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });

  it("says who wrote and acted from the representative's side", () => {
    renderAt(
      <>
        <QuoteThread
          reader="commercial"
          messages={[
            {
              id: 1,
              at: "2026-11-20T09:00:00.000Z",
              author: { name: "Maël Kerjean", side: "client" },
              body: "12 mètres.",
              attachments: [],
            },
          ]}
        />
        <QuoteTimeline
          reader="commercial"
          events={[
            {
              at: "2026-11-20T09:00:00.000Z",
              label: "Demande reçue",
              state: "demandé",
              author: { name: "Maël Kerjean", side: "client" },
              note: null,
            },
          ]}
        />
      </>,
    );
    expect(screen.getByText("12 mètres.").closest("li")?.textContent).toContain("Maël Kerjean (client)");
    expect(screen.getByText("Demande reçue").closest("li")?.textContent).toContain("20 novembre 2026 à 10:00");
  });
});
