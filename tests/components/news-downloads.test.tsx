// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DownloadCategoryPage } from "~/components/downloads/DownloadCategoryPage";
import type { DownloadCategoryView, DownloadDocumentView } from "~/services/downloads/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

// Sizes and dates: tests/unit/domain/french-format.test.ts (the formatters moved there).

const doc = (overrides: Partial<DownloadDocumentView>): DownloadDocumentView => ({
  id: 9,
  title: "Tarif net 2027 — Voilerie Atlantique",
  description: "Vos prix nets négociés, confidentiels.",
  href: "/telechargements/fichier/9",
  fileName: "tarif-net-2027.pdf",
  type: "PDF",
  size: 21_687,
  publishedOn: "2026-11-17",
  restricted: true,
  ...overrides,
});

const view = (overrides: Partial<DownloadCategoryView>): DownloadCategoryView => ({
  category: {
    slug: "tarifs-clients",
    title: "Vos tarifs négociés",
    description: "Les prix nets de votre organisation.",
    count: 1,
    href: "/telechargements/tarifs/tarifs-clients",
  },
  parent: { title: "Tarifs", href: "/telechargements/tarifs" },
  children: [],
  documents: [doc({})],
  ...overrides,
});

describe("DownloadCategoryPage", () => {
  it("links each document to its file route, named with its type and size, and says when it is restricted", () => {
    renderAt(
      <DownloadCategoryPage
        view={view({
          documents: [
            doc({}),
            doc({ id: 10, title: "Conditions générales", restricted: false, size: 1_258_291, href: "/telechargements/fichier/10" }),
          ],
        })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Vos tarifs négociés");
    expect(screen.getByRole("navigation", { name: "Fil d'Ariane" }).textContent).toBe("TéléchargementsTarifsVos tarifs négociés");
    // The name's parts are the title and a visually hidden text (dom-accessibility-api puts a space between them).
    const link = screen.getByRole("link", { name: /^Tarif net 2027 — Voilerie Atlantique ?, PDF, 21 Ko$/ });
    expect(link.getAttribute("href")).toBe("/telechargements/fichier/9");
    expect(link.getAttribute("download")).toBe("tarif-net-2027.pdf");
    const items = within(screen.getByRole("list", { name: "Documents à télécharger" })).getAllByRole("listitem");
    expect(within(items[0]!).getByText("Réservé à votre organisation")).toBeInstanceOf(HTMLElement);
    expect(within(items[0]!).getByText(/publié le 17 novembre 2026/).textContent).toBe("PDF · 21 Ko · publié le 17 novembre 2026");
    expect(within(items[1]!).queryByText("Réservé à votre organisation")).toBeNull();
    expect(within(items[1]!).getByRole("link").textContent).toBe("Conditions générales, PDF, 1,2 Mo");
  });

  it("shows a top category's sub-categories with their counts, and no empty list under them", () => {
    renderAt(
      <DownloadCategoryPage
        view={view({
          category: { slug: "tarifs", title: "Tarifs", description: "", count: 2, href: "/telechargements/tarifs" },
          parent: null,
          documents: [],
          children: [
            {
              slug: "tarifs-publics",
              title: "Tarifs publics",
              description: "Prix publics.",
              count: 1,
              href: "/telechargements/tarifs/tarifs-publics",
            },
            {
              slug: "tarifs-clients",
              title: "Vos tarifs négociés",
              description: "Prix nets.",
              count: 0,
              href: "/telechargements/tarifs/tarifs-clients",
            },
          ],
        })}
      />,
    );
    const grid = screen.getByRole("list", { name: "Rubriques de « Tarifs »" });
    expect(within(grid).getByRole("link", { name: "Tarifs publics" }).getAttribute("href")).toBe("/telechargements/tarifs/tarifs-publics");
    expect(within(grid).getByText("1 document")).toBeInstanceOf(HTMLElement);
    expect(within(grid).getByText("Aucun document")).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText("Aucun document n'est disponible ici pour le moment.")).toBeNull();
  });

  it("says so when a sub-category holds nothing the organization may download", () => {
    renderAt(<DownloadCategoryPage view={view({ documents: [] })} />);
    expect(screen.getByText("Aucun document n'est disponible ici pour le moment.")).toBeInstanceOf(HTMLElement);
  });
});
