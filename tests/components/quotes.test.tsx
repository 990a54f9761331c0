// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { QUOTE_STATES } from "@shared/contracts/quotes";
import type { OrderDetail } from "@shared/contracts/orders";
import { orderPageAmounts } from "@shared/domain/order-amounts";
import { OrderLines } from "~/components/orders/OrderFollowUp";
import { CartLineRow } from "~/components/cart/CartLineRow";
import { QuoteActionForms } from "~/components/quotes/QuoteActionForms";
import { QuoteFilters } from "~/components/quotes/QuoteFilters";
import { QuoteProposalBlock } from "~/components/quotes/QuoteProposalTable";
import { QuoteRequestForm } from "~/components/quotes/QuoteRequestForm";
import { QuoteTable } from "~/components/quotes/QuoteTable";
import { QuoteTimeline } from "~/components/quotes/QuoteTimeline";
import { QuoteThread } from "~/components/quotes/QuoteThread";
import type { QuoteAskedLineView, QuoteNewView, QuoteProposalView, QuoteRow } from "~/services/quotes/types";
import { CART_LINE } from "./cart-view-fixtures";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

/** Intl's French money has no-break spaces: compared with plain ones. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const proposed: QuoteRow = {
  id: 12,
  number: "DV-2026-000012",
  customerRef: "Refit Pen Duick",
  state: "proposé",
  requestedAt: "2026-11-20T09:30:00.000Z",
  validUntil: "2026-12-12",
  totalHt: 123456,
  lineCount: 3,
  waitingForClient: true,
};
const asked: QuoteRow = {
  ...proposed,
  id: 13,
  number: "DV-2026-000013",
  state: "demandé",
  validUntil: null,
  totalHt: null,
  waitingForClient: false,
  customerRef: "",
};

const askedLines: QuoteAskedLineView[] = [
  { position: 1, productId: 7, ref: "AVF1500001", title: "Gilet autogonflant 150 N", qty: 10 },
  { position: 2, productId: null, ref: null, title: "Winch self-tailing 40", qty: 2 },
];

const proposal: QuoteProposalView = {
  version: 2,
  createdAt: "2026-11-22T14:05:00.000Z",
  author: { name: "Julie Commerciale", side: "commercial" },
  validUntil: "2026-12-12",
  conditions: "Franco de port à partir de 500 € HT.",
  lines: [
    {
      position: 1,
      productId: 7,
      ref: "AVF1500001",
      title: "Gilet autogonflant 150 N",
      qty: 10,
      usualPrice: 21368,
      unitPrice: 18990,
      ecotax: 12,
      lineTotal: 189900,
      answersPosition: 1,
      isAlternative: false,
      note: null,
    },
    {
      position: 2,
      productId: 9,
      ref: "WLE40ST",
      title: "Winch Lewmar 40 ST",
      qty: 2,
      usualPrice: 98000,
      unitPrice: 87500,
      ecotax: 0,
      lineTotal: 175000,
      answersPosition: 2,
      isAlternative: true,
      note: "Équivalent disponible sous 8 jours",
    },
  ],
  totalHt: 364900,
  pdfHref: "/mon-compte/mes-devis/12/proposition/2.pdf",
};

describe("the quote list", () => {
  it("shows number, reference, state in words, dates in words, the total HT, and the waiting marker", () => {
    renderAt(<QuoteTable rows={[proposed, asked]} caption="Devis, page 1 sur 1" showPrices />);
    const table = screen.getByRole("table", { name: "Devis, page 1 sur 1" });
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("link", { name: "DV-2026-000012" }).getAttribute("href")).toBe("/mon-compte/mes-devis/12");
    expect(plain(first!.textContent)).toContain("Refit Pen Duick");
    expect(plain(first!.textContent)).toContain("proposé");
    expect(plain(first!.textContent)).toContain("en attente de votre réponse");
    expect(plain(first!.textContent)).toContain("20 novembre 2026");
    expect(plain(first!.textContent)).toContain("12 décembre 2026");
    expect(plain(first!.textContent)).toContain("1 234,56 €");
    expect(plain(second!.textContent)).not.toContain("en attente de votre réponse");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toContain("Total HT");
  });

  it("has no amount column for an account without prices", () => {
    renderAt(<QuoteTable rows={[proposed]} caption="Devis" showPrices={false} />);
    const table = screen.getByRole("table", { name: "Devis" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).not.toContain("Total HT");
    expect(plain(table.textContent)).not.toContain("€");
  });

  it("filters by state, period and search in a GET form whose values come back, and lists its notices", () => {
    renderAt(
      <QuoteFilters
        values={{ etat: "proposé", du: "2026-01-01", au: "", recherche: "Pen" }}
        notices={[{ field: "au", message: "Au : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré." }]}
        states={QUOTE_STATES}
      />,
    );
    const form = screen.getByRole("form", { name: "Filtrer les devis" });
    expect(form.getAttribute("method")).toBe("get");
    expect((screen.getByLabelText("État") as HTMLSelectElement).value).toBe("proposé");
    expect((screen.getByLabelText("Demandé du") as HTMLInputElement).value).toBe("2026-01-01");
    expect((screen.getByLabelText("Numéro ou votre référence") as HTMLInputElement).value).toBe("Pen");
    expect(screen.getByRole("status").textContent).toContain("ce filtre est ignoré");
  });
});

describe("the request form", () => {
  const view: QuoteNewView = {
    lines: [{ productId: 7, ref: "AVF1500001", title: "Gilet autogonflant 150 N", text: "", qty: "10" }],
    source: "panier",
    notice: null,
    today: "2026-11-24",
  };

  it("is a multipart POST with the cart's lines, free-text rows, message, wished date and a file", () => {
    renderAt(<QuoteRequestForm view={view} />);
    const form = screen.getByRole("form", { name: "Demande de devis" });
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect((form.querySelector("input[name='ligne-0-produit']") as HTMLInputElement).value).toBe("7");
    expect((screen.getByLabelText("Quantité de AVF1500001") as HTMLInputElement).value).toBe("10");
    // Three empty rows for what is not in the catalogue, without JavaScript.
    expect(screen.getByLabelText("Produit recherché, ligne 2").getAttribute("name")).toBe("ligne-1-texte");
    expect(screen.getByLabelText("Produit recherché, ligne 4").getAttribute("name")).toBe("ligne-3-texte");
    expect(screen.queryByLabelText("Produit recherché, ligne 5")).toBeNull();
    expect(screen.getByLabelText("Date souhaitée (facultatif)").getAttribute("min")).toBe("2026-11-24");
    const file = screen.getByLabelText(/Pièce jointe/);
    expect(file.getAttribute("type")).toBe("file");
    expect(file.getAttribute("accept")).toBe("application/pdf,image/png,image/jpeg");
    expect(screen.getByText("Les lignes de votre panier : votre panier reste tel quel.").tagName).toBe("P");
  });

  it("draws a refused form again with each message next to its field and what was typed", () => {
    renderAt(
      <QuoteRequestForm
        view={view}
        refusal={{
          ok: false,
          message: "Indiquez votre référence.",
          errors: {
            reference: "Indiquez votre référence.",
            "ligne-1": "Décrivez le produit recherché (au moins 3 caractères).",
            message: "Ce texte compte au plus 4000 caractères.",
          },
          values: { reference: "", message: "Bonjour", date_souhaitee: "2026-12-01" },
          lines: [view.lines[0]!, { productId: null, ref: "", title: "", text: "ab", qty: "2" }],
        }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Indiquez votre référence.");
    const reference = screen.getByLabelText("Votre référence");
    expect(reference.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(reference.getAttribute("aria-describedby")!)?.textContent).toBe("Indiquez votre référence.");
    const text = screen.getByLabelText("Produit recherché, ligne 2") as HTMLInputElement;
    expect(text.value).toBe("ab");
    expect(document.getElementById(text.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Décrivez le produit recherché (au moins 3 caractères).",
    );
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Bonjour");
    expect((screen.getByLabelText("Date souhaitée (facultatif)") as HTMLInputElement).value).toBe("2026-12-01");
  });
});

describe("a quote's page", () => {
  it("shows the proposal's usual and quoted prices, the alternative, and an accept form with every line ticked and the version", () => {
    renderAt(<QuoteProposalBlock proposal={proposal} askedLines={askedLines} showPrices canAccept acceptedPositions={[]} error={null} />);
    const form = screen.getByRole("form", { name: "Accepter le devis" });
    expect((form.querySelector("input[name='version']") as HTMLInputElement).value).toBe("2");
    expect((form.querySelector("input[name='intent']") as HTMLInputElement).value).toBe("accept");
    const boxes = within(form).getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes.map((box) => [box.name, box.value, box.checked])).toEqual([
      ["position", "1", true],
      ["position", "2", true],
    ]);
    const winch = screen.getByTestId("proposal-line-WLE40ST");
    expect(plain(winch.textContent)).toContain("Produit de remplacement pour Winch self-tailing 40");
    expect(plain(winch.textContent)).toContain("980,00 €");
    expect(plain(winch.textContent)).toContain("875,00 €");
    expect(plain(winch.textContent)).toContain("1 750,00 €");
    expect(plain(screen.getByRole("table").textContent)).toContain("3 649,00 €");
    expect(screen.getByRole("link", { name: "Télécharger la proposition (PDF)" }).getAttribute("href")).toBe(
      "/mon-compte/mes-devis/12/proposition/2.pdf",
    );
    expect(screen.getByText("Franco de port à partir de 500 € HT.").tagName).toBe("P");
  });

  it("shows no amount without prices and no accept form when accepting is not offered", () => {
    const hidden = {
      ...proposal,
      totalHt: null,
      lines: proposal.lines.map((line) => ({ ...line, usualPrice: null, unitPrice: null, ecotax: null, lineTotal: null })),
    };
    renderAt(
      <QuoteProposalBlock
        proposal={hidden}
        askedLines={askedLines}
        showPrices={false}
        canAccept={false}
        acceptedPositions={[1]}
        error={null}
      />,
    );
    expect(screen.queryByRole("form", { name: "Accepter le devis" })).toBeNull();
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(plain(screen.getByRole("table").textContent)).not.toMatch(/\d,\d\d €/);
    expect(plain(screen.getByTestId("proposal-line-AVF1500001").textContent)).toContain("Acceptée");
  });

  it("offers only the actions given, and draws a refused message form again next to its field", () => {
    renderAt(
      <QuoteActionForms
        actions={["message", "cancel"]}
        answer={{
          ok: false,
          message: "Ce texte compte au plus 4000 caractères.",
          errors: { message: "Ce texte compte au plus 4000 caractères." },
          values: { intent: "message", message: "trop long" },
        }}
      />,
    );
    expect(screen.queryByRole("form", { name: "Refuser la proposition" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Répondre à la demande d'informations" })).toBeNull();
    const cancel = screen.getByRole("form", { name: "Annuler la demande" });
    expect((cancel.querySelector("input[name='intent']") as HTMLInputElement).value).toBe("cancel");
    const write = screen.getByRole("form", { name: "Écrire à votre commercial" });
    expect(write.getAttribute("enctype")).toBe("multipart/form-data");
    const body = within(write).getByLabelText("Message") as HTMLTextAreaElement;
    expect(body.value).toBe("trop long");
    expect(document.getElementById(body.getAttribute("aria-describedby")!)?.textContent).toBe("Ce texte compte au plus 4000 caractères.");
  });

  it("dates each step with its author, and lists the thread with its files to download", () => {
    renderAt(
      <>
        <QuoteTimeline
          reader="client"
          events={[
            {
              at: "2026-11-20T09:30:00.000Z",
              label: "Demande envoyée",
              state: "demandé",
              author: { name: "Anne Acheteuse", side: "client" },
              note: null,
            },
            {
              at: "2026-12-13T00:05:00.000Z",
              label: "Proposition expirée",
              state: "expiré",
              author: { name: "Système", side: "système" },
              note: null,
            },
          ]}
        />
        <QuoteThread
          reader="client"
          messages={[
            {
              id: 3,
              at: "2026-11-21T08:00:00.000Z",
              author: { name: "Julie Commerciale", side: "commercial" },
              body: "Quelle taille de winch ?",
              attachments: [
                {
                  id: 5,
                  fileName: "plan.pdf",
                  mime: "application/pdf",
                  size: 1_572_864,
                  href: "/mon-compte/mes-devis/12/pieces-jointes/5",
                },
              ],
            },
          ]}
        />
      </>,
    );
    const steps = screen.getAllByRole("listitem");
    expect(plain(steps[0]!.textContent)).toContain("20 novembre 2026 à 10:30 · Demande envoyée par Anne Acheteuse (votre organisation)");
    expect(plain(steps[1]!.textContent)).not.toContain("Système");
    const file = screen.getByRole("link", { name: "plan.pdf" });
    expect(file.getAttribute("href")).toBe("/mon-compte/mes-devis/12/pieces-jointes/5");
    expect(file.hasAttribute("download")).toBe(true);
    expect(plain(screen.getByText(/1,5 Mo/).textContent)).toBe("(1,5 Mo)");
  });
});

describe("a quoted cart line", () => {
  function renderLine(line: typeof CART_LINE) {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <table>
            <tbody>
              <CartLineRow line={line} canEdit={false} canSeePrices showsEcotaxe={false} />
            </tbody>
          </table>
        ),
      },
    ]);
    return render(<Stub />);
  }

  it("says the quote's price and until when, and once expired that the usual price applies", () => {
    renderLine({ ...CART_LINE, quote: { number: "DV-2026-000012", validUntil: "2026-12-12" } });
    expect(screen.getByText("Prix du devis DV-2026-000012 jusqu'au 12 décembre 2026").tagName).toBe("SPAN");
    cleanup();
    renderLine({ ...CART_LINE, quoteExpired: { number: "DV-2026-000012", on: "2026-12-12" } });
    expect(screen.getByRole("status").textContent).toBe(
      "Le prix du devis DV-2026-000012 a expiré le 12 décembre 2026 : prix habituel appliqué.",
    );
    expect(screen.queryByText(/jusqu'au/)).toBeNull();
  });
});

describe("an order line ordered at a quote's price", () => {
  it("names the quote next to the product; a line without one says nothing of it", () => {
    const line: OrderDetail["lines"][number] = {
      obj_id: 42,
      obj_ref: "AVF1500001",
      obj_title: "Gilet autogonflant 150 N",
      ordered: 10,
      shipped: 0,
      cancelled: 0,
      remaining: 10,
      backorder: null,
      unit_price: 18990,
      prd_ecotaxe: 12,
      line_total_ht: 189900,
      certificates: [],
      cancellation_request: null,
      quote_number: "DV-2026-000012",
    };
    const order = {
      lines: [line, { ...line, obj_id: 43, obj_ref: "GIL-1", quote_number: null }],
      shipping_lines: [],
      options: { partialDelivery: true, saturday: false, ldd_active: false },
      ord_total_ht: null,
    } as unknown as OrderDetail;
    renderAt(<OrderLines order={order} amounts={orderPageAmounts(order)} showPrices />);
    expect(screen.getByRole("rowheader", { name: /AVF1500001/ }).textContent).toContain("prix du devis DV-2026-000012");
    expect(screen.getByRole("rowheader", { name: /GIL-1/ }).textContent).not.toContain("devis");
  });
});
