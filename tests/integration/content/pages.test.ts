import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as newsCategoryRoute from "~/routes/_app.actualites.$catSlug";
import * as newsItemRoute from "~/routes/_app.actualites.$catSlug_.$newsSlug";
import * as newsRoute from "~/routes/_app.actualites._index";
import * as downloadCategoryRoute from "~/routes/_app.telechargements.$catSlug";
import * as downloadChildRoute from "~/routes/_app.telechargements.$catSlug_.$childSlug";
import * as downloadsRoute from "~/routes/_app.telechargements._index";
import * as fileRoute from "~/routes/_app.telechargements.fichier.$id";
import { requireUser } from "~/services/guards.server";
import { responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startContentBackoffice, type ContentBackoffice } from "./harness";

/**
 * /actualites and /telechargements over the real back-office (small demo set dated
 * 2026-11-20): the pages' loaders with a plain Request, the file route's bytes and headers,
 * the guards, the 404s and 301s, the home page's call for the latest items.
 */

let backoffice: ContentBackoffice;
let organization: string;
let storekeeper: string;
let corsica: string;
let contributor: string;
let netPriceListId: number;
let publicPriceListId: number;

beforeAll(async () => {
  backoffice = await startContentBackoffice();
  [organization, storekeeper, corsica, contributor] = await Promise.all([
    cookieFor(backoffice, LOGINS.organization),
    cookieFor(backoffice, LOGINS.storekeeper),
    cookieFor(backoffice, LOGINS.corsica),
    cookieFor(backoffice, LOGINS.contributor),
  ]);
  const documents = await backoffice.db.selectFrom("download_documents").select(["id", "file_name", "restricted"]).execute();
  netPriceListId = documents.find((row) => row.restricted)!.id;
  publicPriceListId = documents.find((row) => row.file_name.startsWith("tarif-public"))!.id;
});
afterAll(() => backoffice.close());

const newsIndex = (cookie: string, query = "") => run(newsRoute.loader, backoffice, page(`/actualites${query}`, cookie));
const newsCategory = (cookie: string, slug: string, query = "") =>
  run(newsCategoryRoute.loader, backoffice, page(`/actualites/${slug}${query}`, cookie), { catSlug: slug });
const newsItem = (cookie: string, catSlug: string, newsSlug: string) =>
  run(newsItemRoute.loader, backoffice, page(`/actualites/${catSlug}/${newsSlug}`, cookie), { catSlug, newsSlug });
const file = (cookie: string, id: string) =>
  responseOf(() => run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${id}`, cookie), { id }));

describe("/actualites", () => {
  it("shows the latest nine items, newest first, with the categories and their counts", async () => {
    const list = await newsIndex(organization);
    expect(list).toMatchObject({ category: null, total: 12, page: 1, pageCount: 2, path: "/actualites" });
    expect(list.items).toHaveLength(9);
    expect(list.items[0]).toEqual({
      slug: "catalogue-general-2027-disponible",
      title: "Le catalogue général 2027 est disponible",
      summary: expect.stringMatching(/^Plus de 2 000 références/),
      publishedAt: expect.stringMatching(/^2026-11-18T/),
      href: "/actualites/vie-de-l-entreprise/catalogue-general-2027-disponible",
      category: { title: "Vie de l'entreprise", href: "/actualites/vie-de-l-entreprise" },
      picture: { url: "/images/actualites/catalogue.svg", alt: expect.stringMatching(/^Dessin du catalogue général/) },
    });
    const dates = list.items.map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.categories.map((category) => [category.title, category.count, category.href])).toEqual([
      ["Nouveautés produits", 4, "/actualites/nouveautes-produits"],
      ["Vie de l'entreprise", 4, "/actualites/vie-de-l-entreprise"],
      ["Réglementation", 4, "/actualites/reglementation"],
    ]);
  });

  it("pages with ?page=, reads a malformed page as the first, and answers 404 past the last", async () => {
    const second = await newsIndex(organization, "?page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(3);
    const first = await newsIndex(organization);
    expect(second.items.map((item) => item.slug).filter((slug) => first.items.some((item) => item.slug === slug))).toEqual([]);
    for (const query of ["?page=abc", "?page=0", "?page=-2", "?page="]) {
      expect((await newsIndex(organization, query)).page, query).toBe(1);
    }
    expect(await thrownStatus(() => newsIndex(organization, "?page=3"))).toBe(404);
  });

  it("redirects a signed-out visitor to the login page, which brings them back", async () => {
    const response = await responseOf(() => newsIndex("", "?page=2"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/connexion?redirectTo=${encodeURIComponent("/actualites?page=2")}`);
  });
});

describe("/actualites/{category}", () => {
  it("lists the category's items only", async () => {
    const list = await newsCategory(organization, "reglementation");
    expect(list).toMatchObject({
      total: 4,
      page: 1,
      pageCount: 1,
      path: "/actualites/reglementation",
      category: { slug: "reglementation", title: "Réglementation" },
    });
    expect(list.items.map((item) => item.href)).toEqual([
      "/actualites/reglementation/numeros-mmsi-ce-que-vos-clients-doivent-fournir",
      "/actualites/reglementation/collecte-des-feux-de-detresse-perimes",
      "/actualites/reglementation/division-240-armement-de-securite",
      "/actualites/reglementation/station-radio-demarches-anfr",
    ]);
    expect(await thrownStatus(() => newsCategory(organization, "reglementation", "?page=2"))).toBe(404);
  });

  it("answers 404 for an unknown category, and for a malformed one without asking the back-office", async () => {
    expect(await thrownStatus(() => newsCategory(organization, "promotions"))).toBe(404);
    const before = backoffice.contentCalls;
    expect(await thrownStatus(() => newsCategory(organization, "Réglementation"))).toBe(404);
    expect(await thrownStatus(() => newsCategory(organization, "<script>"))).toBe(404);
    expect(backoffice.contentCalls).toBe(before);
  });
});

describe("/actualites/{category}/{item}", () => {
  it("shows the item with its body and the categories", async () => {
    const view = await newsItem(organization, "nouveautes-produits", "transpondeurs-ais-classe-b-sotdma");
    expect(view.item).toMatchObject({
      title: "Transpondeurs AIS classe B SOTDMA : la nouvelle gamme est arrivée",
      href: "/actualites/nouveautes-produits/transpondeurs-ais-classe-b-sotdma",
      category: { title: "Nouveautés produits", href: "/actualites/nouveautes-produits" },
      picture: { url: "/images/actualites/ais.svg" },
    });
    expect(view.item.body[0]).toEqual({
      type: "paragraph",
      text: expect.stringMatching(/^Les transpondeurs AIS classe B SOTDMA émettent à 5 W/),
    });
    expect(view.categories).toHaveLength(3);
  });

  it("sends an item asked under another category's slug to its own address (301)", async () => {
    for (const category of ["reglementation", "ancienne-rubrique"]) {
      const response = await responseOf(() => newsItem(organization, category, "transpondeurs-ais-classe-b-sotdma"));
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/actualites/nouveautes-produits/transpondeurs-ais-classe-b-sotdma");
    }
  });

  it("answers 404 for an unknown item, a malformed slug, and an item not published yet", async () => {
    expect(await thrownStatus(() => newsItem(organization, "nouveautes-produits", "inconnu"))).toBe(404);
    expect(await thrownStatus(() => newsItem(organization, "nouveautes-produits", "Transpondeurs"))).toBe(404);
    expect(await thrownStatus(() => newsItem(organization, "vie-de-l-entreprise", "horaires-fetes-de-fin-d-annee"))).toBe(404);
  });

  it("answers a French 503 page when the back-office is down", async () => {
    backoffice.down = true;
    try {
      expect(await thrownStatus(() => newsItem(organization, "nouveautes-produits", "transpondeurs-ais-classe-b-sotdma"))).toBe(503);
      expect(await thrownStatus(() => newsIndex(organization))).toBe(503);
    } finally {
      backoffice.down = false;
    }
  });
});

describe("the home page's call", () => {
  it("gives the latest items, newest first, as many as asked", async () => {
    const user = await requireUser({ request: page("/", organization), context: backoffice.context() });
    const items = await user.upstream.content.latestNews(3);
    expect(items.map((item) => item.slug)).toEqual([
      "catalogue-general-2027-disponible",
      "transpondeurs-ais-classe-b-sotdma",
      "salon-nautic-paris",
    ]);
    expect(items[0]).toMatchObject({
      category: { slug: "vie-de-l-entreprise", title: "Vie de l'entreprise" },
      picture: { url: "/images/actualites/catalogue.svg" },
    });
    expect((await user.upstream.content.latestNews(1)).map((item) => item.slug)).toEqual(["catalogue-general-2027-disponible"]);
  });
});

describe("/telechargements", () => {
  it("shows the categories with their sub-categories and what the organization may download", async () => {
    const tree = await run(downloadsRoute.loader, backoffice, page("/telechargements", organization));
    expect(tree.categories.map((category) => [category.title, category.count, category.href])).toEqual([
      ["Catalogues", 2, "/telechargements/catalogues"],
      ["Fiches techniques", 3, "/telechargements/fiches-techniques"],
      ["Déclarations de conformité", 2, "/telechargements/declarations-de-conformite"],
      ["Tarifs", 3, "/telechargements/tarifs"],
    ]);
    expect(tree.categories[3]!.children.map((child) => child.href)).toEqual([
      "/telechargements/tarifs/tarifs-publics",
      "/telechargements/tarifs/tarifs-clients",
      "/telechargements/tarifs/conditions-de-vente",
    ]);
    const other = await run(downloadsRoute.loader, backoffice, page("/telechargements", corsica));
    expect(other.categories[3]!.count).toBe(2);
  });

  it("shows a top category's sub-categories, and a sub-category's documents with their type, size and date", async () => {
    const top = await run(downloadCategoryRoute.loader, backoffice, page("/telechargements/tarifs", organization), { catSlug: "tarifs" });
    expect(top).toMatchObject({ category: { title: "Tarifs", href: "/telechargements/tarifs" }, parent: null, documents: [] });
    expect(top.children.map((child) => child.title)).toEqual(["Tarifs publics", "Vos tarifs négociés", "Conditions de vente"]);
    const child = await run(downloadChildRoute.loader, backoffice, page("/telechargements/tarifs/tarifs-clients", organization), {
      catSlug: "tarifs",
      childSlug: "tarifs-clients",
    });
    expect(child).toMatchObject({
      category: { title: "Vos tarifs négociés", href: "/telechargements/tarifs/tarifs-clients" },
      parent: { title: "Tarifs", href: "/telechargements/tarifs" },
      children: [],
    });
    expect(child.documents).toEqual([
      {
        id: netPriceListId,
        title: "Tarif net 2027 — Voilerie Atlantique",
        description: "Vos prix nets négociés, confidentiels.",
        href: `/telechargements/fichier/${netPriceListId}`,
        fileName: "tarif-net-2027-voilerie-atlantique.pdf",
        type: "PDF",
        size: expect.any(Number),
        publishedOn: "2026-11-17",
        restricted: true,
      },
    ]);
    const other = await run(downloadChildRoute.loader, backoffice, page("/telechargements/tarifs/tarifs-clients", corsica), {
      catSlug: "tarifs",
      childSlug: "tarifs-clients",
    });
    expect(other.documents).toEqual([]);
  });

  it("answers 404 for an unknown category or sub-category", async () => {
    expect(
      await thrownStatus(() =>
        run(downloadCategoryRoute.loader, backoffice, page("/telechargements/promotions", organization), { catSlug: "promotions" }),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(() =>
        run(downloadChildRoute.loader, backoffice, page("/telechargements/tarifs/inconnue", organization), {
          catSlug: "tarifs",
          childSlug: "inconnue",
        }),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(() =>
        run(downloadChildRoute.loader, backoffice, page("/telechargements/catalogues/tarifs-publics", organization), {
          catSlug: "catalogues",
          childSlug: "tarifs-publics",
        }),
      ),
    ).toBe(404);
  });
});

describe("/telechargements/fichier/{id}", () => {
  it("gives the allowed organization its restricted price list as a PDF attachment, never kept by a shared cache", async () => {
    const response = await file(organization, String(netPriceListId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="tarif-net-2027-voilerie-atlantique.pdf"; filename*=UTF-8''tarif-net-2027-voilerie-atlantique.pdf`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
  });

  it("answers another organization, and an account without `prices`, a 404 page and no file", async () => {
    expect(
      await thrownStatus(() =>
        run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${netPriceListId}`, corsica), { id: String(netPriceListId) }),
      ),
    ).toBe(404);
    expect(
      await thrownStatus(() =>
        run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${publicPriceListId}`, storekeeper), {
          id: String(publicPriceListId),
        }),
      ),
    ).toBe(404);
    expect((await file(corsica, String(publicPriceListId))).status).toBe(200);
  });

  it("shows a contributor the distributor's documents but not a client's restricted one", async () => {
    expect((await file(contributor, String(publicPriceListId))).status).toBe(200);
    expect(
      await thrownStatus(() =>
        run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${netPriceListId}`, contributor), { id: String(netPriceListId) }),
      ),
    ).toBe(404);
  });

  it("answers 404 for an unknown or malformed id without asking the back-office for a malformed one", async () => {
    expect(
      await thrownStatus(() => run(fileRoute.loader, backoffice, page("/telechargements/fichier/999999", organization), { id: "999999" })),
    ).toBe(404);
    const before = backoffice.contentCalls;
    for (const id of ["abc", "0", "1e3", "12345678901"]) {
      expect(
        await thrownStatus(() => run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${id}`, organization), { id })),
      ).toBe(404);
    }
    expect(backoffice.contentCalls).toBe(before);
  });

  it("redirects a signed-out visitor to the login page, and sends nothing", async () => {
    const before = backoffice.contentCalls;
    const response = await responseOf(() =>
      run(fileRoute.loader, backoffice, page(`/telechargements/fichier/${netPriceListId}`), { id: String(netPriceListId) }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/connexion?redirectTo=${encodeURIComponent(`/telechargements/fichier/${netPriceListId}`)}`,
    );
    expect(backoffice.contentCalls).toBe(before);
  });
});
