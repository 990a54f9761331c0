// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { ReturnableOrder, ReturnDetail } from "@shared/contracts/returns";
import { ReturnLinesTable } from "~/components/returns/ReturnLinesTable";
import { ReturnRequestForm } from "~/components/returns/ReturnRequestForm";
import { ReturnTimeline } from "~/components/returns/ReturnTimeline";
import { ReturnableLinesTable } from "~/components/returns/ReturnableLinesTable";
import ReturnPage from "~/routes/_app.mon-compte.retours.$number";
import { FILES_TO_CHOOSE_AGAIN, type ReturnFormRefusal, type ReturnFormView, type ReturnPageView } from "~/services/returns/types";
import { returnableLineView, returnPageView, type ReturnReader } from "~/services/returns/views.server";

/**
 * The returns pages' pieces (docs/returns-portal.md): the timeline of a return's steps, its
 * lines asked and received, the request form's lines with their bounds and the products that
 * may not come back, the form's messages on their fields, and one return's page as each right
 * shows it (amounts with `prices`, the credit notes' pages with `invoices`).
 */

afterEach(cleanup);

const spaced = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
const ALL: ReturnReader = { canViewPrices: true, canViewInvoices: true };
const NO_PRICES: ReturnReader = { canViewPrices: false, canViewInvoices: false };

const DETAIL: ReturnDetail = {
  id: 4,
  number: "RET-2026-000004",
  status: "avoir émis",
  order_id: 77,
  order_ref: "CMD-000077",
  requested_at: "2026-11-21T09:15:00.000Z",
  requested_by: "Maël Kerjean",
  reason: "order_error",
  resolution: "credit",
  units: 3,
  amount_ht: 4500,
  updated_at: "2026-11-27T10:00:00.000Z",
  comment: "Commandé en double.",
  lines: [
    { position: 1, obj_ref: "GIL-150", title: "Gilet 150 N", customer_code: "VA-GIL", qty: 2, received: 1, unit_price: 1500 },
    { position: 2, obj_ref: "MOU-10", title: "Mousqueton inox", customer_code: null, qty: 1, received: 1, unit_price: 1500 },
  ],
  photos: [{ id: 9, file_name: "colis.png", mime: "image/png", size: 2048 }],
  steps: [
    { kind: "requested", at: "2026-11-21T09:15:00.000Z", author: "Maël Kerjean", note: null },
    { kind: "accepted", at: "2026-11-22T08:00:00.000Z", author: "ERP Sage", note: null },
    { kind: "received", at: "2026-11-25T14:30:00.000Z", author: "Entrepôt", note: "Un gilet manquait dans le colis." },
    { kind: "credited", at: "2026-11-27T10:00:00.000Z", author: "ERP Sage", note: null },
  ],
  refusal: null,
  restocking_fee_pct: 15,
  credit_notes: [{ invoice_id: 31, number: "AV-2026-000031", total_ttc: 4590 }],
  exchange: null,
  slip_available: true,
  can_withdraw: false,
};

function renderPage(view: ReturnPageView) {
  const Stub = createRemixStub([{ path: "/mon-compte/retours/:number", Component: ReturnPage, loader: () => view }]);
  return render(<Stub initialEntries={[`/mon-compte/retours/${view.number}`]} />);
}

function renderInRouter(element: JSX.Element) {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  return render(<Stub />);
}

describe("the timeline", () => {
  it("lists every step with its date in France, its author and its note, oldest first", () => {
    const view = returnPageView(DETAIL, ALL, false);
    render(<ReturnTimeline steps={view.steps} />);
    const items = screen.getAllByRole("listitem").map((item) => spaced(item.textContent));
    expect(items).toEqual([
      "21 novembre 2026 à 10:15 · Demande envoyée par Maël Kerjean",
      "22 novembre 2026 à 09:00 · Retour accepté par ERP Sage",
      "25 novembre 2026 à 15:30 · Colis reçu par Entrepôt · Un gilet manquait dans le colis.",
      "27 novembre 2026 à 11:00 · Avoir émis par ERP Sage",
    ]);
    expect(screen.getAllByRole("listitem")[0]?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-21T09:15:00.000Z");
  });

  it("says a refusal with its reason", () => {
    const refused = returnPageView(
      {
        ...DETAIL,
        status: "refusé",
        steps: [{ kind: "refused", at: "2026-11-22T08:00:00.000Z", author: "ERP Sage", note: "Hors délai." }],
      },
      ALL,
      false,
    );
    render(<ReturnTimeline steps={refused.steps} />);
    expect(spaced(screen.getByRole("listitem").textContent)).toBe("22 novembre 2026 à 09:00 · Retour refusé par ERP Sage · Hors délai.");
  });
});

describe("a return's lines", () => {
  it("shows what was asked and received, a short reception saying so, the unit price with prices", () => {
    render(<ReturnLinesTable lines={returnPageView(DETAIL, ALL, false).lines} showPrices />);
    const table = screen.getByRole("table", { name: "Produits du retour" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Produit", "Demandé", "Reçu", "Prix unitaire HT"]);
    const [gilet, clip] = within(table).getAllByRole("row").slice(1);
    expect(spaced(within(gilet!).getByRole("rowheader").textContent)).toBe("Gilet 150 NRéf. GIL-150 · votre code VA-GIL");
    expect(
      within(gilet!)
        .getAllByRole("cell")
        .map((cell) => spaced(cell.textContent)),
    ).toEqual(["2", "1 sur 2", "15,00 €"]);
    expect(
      within(clip!)
        .getAllByRole("cell")
        .map((cell) => spaced(cell.textContent)),
    ).toEqual(["1", "1", "15,00 €"]);
  });

  it("says « pas encore » before the reception, and draws no price column without prices", () => {
    const asked = DETAIL.lines.map((line) => ({ ...line, received: null }));
    render(<ReturnLinesTable lines={returnPageView({ ...DETAIL, lines: asked }, NO_PRICES, false).lines} showPrices={false} />);
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Produit", "Demandé", "Reçu"]);
    expect(screen.getAllByRole("row")[1]?.textContent).toContain("pas encore");
    expect(screen.queryByText(/€/)).toBeNull();
  });
});

const RETURNABLE: ReturnableOrder = {
  order_id: 77,
  order_ref: "CMD-000077",
  cart_ref: "Atelier",
  delivered_on: "2026-11-27",
  deadline: "2026-12-27",
  open: true,
  lines: [
    {
      position: 0,
      obj_ref: "GIL-150",
      title: "Gilet 150 N",
      customer_code: null,
      delivered: 4,
      in_returns: 1,
      returnable: 3,
      not_returnable: null,
      unit_price: 1500,
    },
    {
      position: 1,
      obj_ref: "AIS-600",
      title: "Balise AIS",
      customer_code: null,
      delivered: 1,
      in_returns: 0,
      returnable: 0,
      not_returnable: "mmsi",
      unit_price: 49900,
    },
  ],
  photo_required_reasons: ["defective", "transport_damage"],
  restocking_fee_pct: { order_error: 15, defective: 0, transport_damage: 0, delivery_error: 0, other: 10 },
};

describe("the request form's lines", () => {
  it("offers a quantity from 0 to what may still be returned, and says why a product may not come back", () => {
    const lines = RETURNABLE.lines.map((line) => returnableLineView(line, true));
    render(<ReturnableLinesTable lines={lines} values={{}} errors={{}} showPrices />);
    const qty = screen.getByLabelText("Quantité à retourner de GIL-150, au plus 3");
    expect([qty.getAttribute("type"), qty.getAttribute("min"), qty.getAttribute("max"), (qty as HTMLInputElement).value]).toEqual([
      "number",
      "0",
      "3",
      "0",
    ]);
    expect(qty.getAttribute("name")).toBe("quantite-0");
    const ais = screen.getByTestId("returnable-line-1");
    expect(within(ais).queryByRole("spinbutton")).toBeNull();
    expect(ais.textContent).toContain("Équipement MMSI programmé à votre identifiant : il ne peut pas être repris.");
    expect(
      within(screen.getByTestId("returnable-line-0"))
        .getAllByRole("cell")
        .map((cell) => spaced(cell.textContent))
        .slice(0, 3),
    ).toEqual(["4", "1", "15,00 €"]);
  });

  it("keeps what was typed and puts a line's message under its field", () => {
    const lines = RETURNABLE.lines.map((line) => returnableLineView(line, false));
    render(
      <ReturnableLinesTable
        lines={lines}
        values={{ "quantite-0": "5" }}
        errors={{ "ligne-0": "Au plus 3 unités peuvent être retournées sur cette ligne." }}
        showPrices={false}
      />,
    );
    const qty = screen.getByLabelText("Quantité à retourner de GIL-150, au plus 3") as HTMLInputElement;
    expect(qty.value).toBe("5");
    expect(qty.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(qty.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Au plus 3 unités peuvent être retournées sur cette ligne.",
    );
    expect(screen.queryByText(/€/)).toBeNull();
  });
});

function formView(changes: Partial<ReturnFormView> = {}): ReturnFormView {
  return {
    order: { id: 77, ref: "CMD-000077", cartRef: "Atelier", deliveredOn: "2026-11-27", deadline: "2026-12-27" },
    open: true,
    closedReason: null,
    lines: RETURNABLE.lines.map((line) => returnableLineView(line, true)),
    photoRequired: ["Produit défectueux", "Colis abîmé au transport"],
    fees: [
      { label: "Erreur de commande", pct: 15 },
      { label: "Autre motif", pct: 10 },
    ],
    showPrices: true,
    ...changes,
  };
}

describe("the request form", () => {
  it("is a multipart form with the reasons, the resolutions, a comment and up to five photos", async () => {
    renderInRouter(<ReturnRequestForm view={formView()} refusal={null} />);
    const form = await screen.findByRole("form", { name: "Demande de retour" });
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(form.getAttribute("method")).toBe("post");
    const reason = within(form).getByLabelText("Motif du retour");
    expect(
      within(reason)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Choisissez le motif…",
      "Erreur de commande",
      "Produit défectueux",
      "Colis abîmé au transport",
      "Erreur de livraison",
      "Autre motif",
    ]);
    const resolution = within(form).getByRole("group", { name: "Solution souhaitée" });
    expect(
      within(resolution)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["avoir", "echange"]);
    const photos = within(form).getByLabelText("Photos (PNG ou JPEG, 5 photos au plus, 5 Mo chacune)");
    expect([photos.getAttribute("type"), photos.hasAttribute("multiple"), photos.getAttribute("accept")]).toEqual([
      "file",
      true,
      "image/png,image/jpeg",
    ]);
    expect(document.getElementById("photos-aide")?.textContent).toBe(
      "Au moins une photo est demandée pour les motifs : Produit défectueux, Colis abîmé au transport.",
    );
    // The lines are a fieldset whose legend names them (a group for screen readers).
    expect(within(form).getByRole("group", { name: "Articles à retourner" }).tagName).toBe("FIELDSET");
  });

  it("says the fee of the reason chosen, with prices only", async () => {
    renderInRouter(
      <ReturnRequestForm
        view={formView()}
        refusal={{ ok: false, message: "x", errors: {}, values: { motif: "erreur-commande" }, filesDropped: false }}
      />,
    );
    expect((await screen.findByText(/frais de remise en stock/)).textContent).toBe(
      "Des frais de remise en stock de 15\u00a0% s'appliquent à ce motif.",
    );
    cleanup();
    renderInRouter(<ReturnRequestForm view={formView({ fees: null, showPrices: false })} refusal={null} />);
    await screen.findByRole("form", { name: "Demande de retour" });
    expect(screen.queryByText(/frais de remise en stock/)).toBeNull();
  });

  it("draws a refusal: the alert, each message on its field, what was typed; the photos kept in the field with JavaScript", async () => {
    const refusal: ReturnFormRefusal = {
      ok: false,
      message: "La demande n'est pas envoyée : corrigez les champs signalés.",
      errors: { photos: "Joignez au moins une photo pour ce motif.", commentaire: "Le commentaire compte au plus 2000 caractères." },
      values: { motif: "defectueux", resolution: "echange", commentaire: "Sangle déchirée", "quantite-0": "2" },
      filesDropped: true,
    };
    renderInRouter(<ReturnRequestForm view={formView()} refusal={refusal} />);
    expect((await screen.findByRole("alert")).textContent).toBe(refusal.message);
    const photos = screen.getByLabelText(/^Photos/);
    expect(photos.getAttribute("aria-describedby")).toBe("photos-aide photos-erreur");
    expect(document.getElementById("photos-erreur")?.textContent).toBe("Joignez au moins une photo pour ce motif.");
    // With JavaScript the form stayed in the page: its file field kept the photos.
    expect(document.getElementById("photos-aide")?.textContent).not.toContain("choisissez-les à nouveau");
    const comment = screen.getByLabelText("Commentaire") as HTMLTextAreaElement;
    expect(comment.value).toBe("Sangle déchirée");
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByLabelText("Motif du retour") as HTMLSelectElement).value).toBe("defectueux");
    expect((screen.getByRole("radio", { name: /Échange/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Quantité à retourner de GIL-150, au plus 3") as HTMLInputElement).value).toBe("2");
  });

  it("says to choose the photos again when the server drew the form again (no JavaScript)", () => {
    const refusal: ReturnFormRefusal = { ok: false, message: "Une photo dépasse 5 Mo.", errors: {}, values: {}, filesDropped: true };
    const Stub = createRemixStub([{ path: "/", Component: () => <ReturnRequestForm view={formView()} refusal={refusal} /> }]);
    // React separates the alert's two texts with an empty comment.
    const html = renderToString(<Stub />).replaceAll("<!-- -->", "");
    expect(html).toContain(`Une photo dépasse 5 Mo. ${FILES_TO_CHOOSE_AGAIN}`);
    expect(html).toContain("choisissez-les à nouveau");
  });
});

describe("one return's page", () => {
  it("shows the status, the slip, the credit note's page and amount, the fee, the photos and the steps", async () => {
    renderPage(returnPageView(DETAIL, ALL, false));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Retour RET-2026-000004");
    const trail = screen.getByRole("navigation", { name: "Fil d'Ariane" });
    expect(
      within(trail)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/mon-compte", "/mon-compte/retours"]);
    expect(screen.getByRole("link", { name: "Télécharger le bon de retour (PDF)" }).getAttribute("href")).toBe(
      "/mon-compte/retours/RET-2026-000004/bon-de-retour.pdf",
    );
    expect(screen.getByRole("link", { name: "Avoir AV-2026-000031" }).getAttribute("href")).toBe("/mon-compte/factures/31");
    expect(spaced(screen.getByRole("link", { name: "Avoir AV-2026-000031" }).closest("li")?.textContent)).toBe(
      "Avoir AV-2026-000031 · 45,90 € TTC",
    );
    expect(screen.getByText("Frais de remise en stock").nextElementSibling?.textContent).toBe("15\u00a0% du montant des produits repris");
    expect(screen.getByText("Montant HT").nextElementSibling?.textContent).toBe("45,00\u00a0€");
    const photo = screen.getByRole("img", { name: "Photo 1 : colis.png" });
    expect(photo.getAttribute("src")).toBe("/mon-compte/retours/RET-2026-000004/photos/9");
    expect(photo.closest("a")?.getAttribute("href")).toBe("/mon-compte/retours/RET-2026-000004/photos/9");
    expect(screen.getByRole("link", { name: "CMD-000077" }).getAttribute("href")).toBe("/mon-compte/commandes/77");
    expect(screen.queryByRole("link", { name: "Annuler la demande…" })).toBeNull();
    expect(within(screen.getByRole("region", { name: "Suivi" })).getAllByRole("listitem")).toHaveLength(4);
  });

  it("hides the amounts without prices, and the credit note's page without invoices", async () => {
    renderPage(returnPageView(DETAIL, NO_PRICES, false));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByText(/€/)).toBeNull();
    expect(screen.queryByText("Montant HT")).toBeNull();
    expect(screen.queryByText("Frais de remise en stock")).toBeNull();
    expect(screen.queryByRole("link", { name: /AV-2026-000031/ })).toBeNull();
    // Without the invoices right the credit note is named as plain text, not as a link.
    expect(screen.getByText("Avoir AV-2026-000031").closest("a")).toBeNull();
  });

  it("offers the withdrawal while « demandé », through a confirmation step", async () => {
    const asked: ReturnDetail = {
      ...DETAIL,
      status: "demandé",
      steps: DETAIL.steps.slice(0, 1),
      credit_notes: [],
      slip_available: false,
      can_withdraw: true,
    };
    renderPage(returnPageView(asked, ALL, false));
    const link = await screen.findByRole("link", { name: "Annuler la demande…" });
    expect(link.getAttribute("href")).toBe("/mon-compte/retours/RET-2026-000004?annuler=1#annulation");
    expect(screen.queryByRole("link", { name: /bon de retour/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Oui, annuler la demande" })).toBeNull();
    cleanup();
    renderPage(returnPageView(asked, ALL, true));
    const confirm = await screen.findByRole("form", { name: "Annuler la demande de retour RET-2026-000004 ?" });
    expect(within(confirm).getByRole("button", { name: "Oui, annuler la demande" }).getAttribute("type")).toBe("submit");
    expect((confirm.querySelector('input[name="confirmation"]') as HTMLInputElement).value).toBe("oui");
  });

  it("shows the refusal's reason, and an exchange's carrier with its tracking link (web addresses only)", async () => {
    renderPage(
      returnPageView({ ...DETAIL, status: "refusé", refusal: "Produit utilisé.", credit_notes: [], slip_available: false }, ALL, false),
    );
    expect(spaced((await screen.findByText("Motif du refus :")).parentElement?.textContent)).toBe("Motif du refus : Produit utilisé.");
    cleanup();
    const exchange = {
      carrier: "Colissimo",
      tracking_number: "6A123",
      tracking_url: "https://suivi.example/6A123",
      shipped_at: "2026-11-28T09:00:00.000Z",
    };
    renderPage(returnPageView({ ...DETAIL, status: "échange expédié", credit_notes: [], exchange }, ALL, false));
    const track = await screen.findByRole("link", { name: "Suivre le colis (nouvelle fenêtre)" });
    expect(track.getAttribute("href")).toBe("https://suivi.example/6A123");
    expect(spaced(track.closest("p")?.textContent)).toContain("par Colissimo, suivi n° 6A123.");
    cleanup();
    renderPage(returnPageView({ ...DETAIL, credit_notes: [], exchange: { ...exchange, tracking_url: "javascript:alert(1)" } }, ALL, false));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: /Suivre le colis/ })).toBeNull();
  });
});
