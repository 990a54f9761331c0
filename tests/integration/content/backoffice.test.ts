import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import {
  downloadCategoryResponse,
  downloadTreeResponse,
  newsCategoriesResponse,
  newsItem,
  newsListResponse,
} from "@shared/contracts/content";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";

/**
 * /api/content (docs/content.md, decisions 0121 and 0122) over the small demo set dated
 * 2026-11-20: the news, newest first and paged, an item scheduled later hidden until its day;
 * the documents, restricted ones only for their organization, price lists only with `prices`,
 * the files real PDFs; every unknown thing a 404.
 */
describe.each(ENGINES)("back-office content on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let corsica: SessionResponse;
  let storekeeper: SessionResponse;
  let sales: SessionResponse;
  /** Voilerie Atlantique's price list (restricted to C0001) and the public one. */
  let netPriceListId: number;
  let publicPriceListId: number;
  let catalogueId: number;

  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, corsica, storekeeper, sales] = await Promise.all([
      login(bo, LOGINS.client),
      login(bo, LOGINS.corsica),
      login(bo, LOGINS.storekeeper),
      login(bo, LOGINS.sales),
    ]);
    const documents = await bo.db.selectFrom("download_documents").select(["id", "file_name", "restricted"]).execute();
    netPriceListId = documents.find((row) => row.restricted)!.id;
    publicPriceListId = documents.find((row) => row.file_name.startsWith("tarif-public"))!.id;
    catalogueId = documents.find((row) => row.file_name.startsWith("catalogue-general"))!.id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const news = (query = "", token = client.token) => call(bo, `/content/news${query}`, { token });
  const file = (id: number | string, token: string) =>
    fetch(`${bo.baseUrl}/content/downloads/${id}/file`, { headers: { authorization: `Bearer ${token}` } });

  describe("news", () => {
    it("lists the three categories with their published items, the scheduled one not counted", async () => {
      const answer = await call(bo, "/content/news/categories", { token: client.token });
      expect(answer.status).toBe(200);
      const { items } = newsCategoriesResponse.parse(answer.body);
      expect(items.map((category) => [category.slug, category.title, category.count])).toEqual([
        ["nouveautes-produits", "Nouveautés produits", 4],
        ["vie-de-l-entreprise", "Vie de l'entreprise", 4],
        ["reglementation", "Réglementation", 4],
      ]);
      const stored = await bo.db
        .selectFrom("news_items")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(13);
    });

    it("answers the items newest first, nine a page, with their category and picture", async () => {
      const first = newsListResponse.parse((await news()).body);
      expect(first).toMatchObject({ total: 12, page: 1, size: 9, category: null });
      expect(first.items).toHaveLength(9);
      const dates = first.items.map((item) => item.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(first.items[0]).toMatchObject({
        slug: "catalogue-general-2027-disponible",
        category: { slug: "vie-de-l-entreprise" },
        picture: { url: "/images/actualites/catalogue.svg" },
      });
      expect(first.items.every((item) => item.published_at <= "2026-11-20T10:00:00.000Z")).toBe(true);
      const second = newsListResponse.parse((await news("?page=2")).body);
      expect(second.items).toHaveLength(3);
      expect(second.items.map((item) => item.slug)).not.toContain(first.items[0]!.slug);
      const beyond = newsListResponse.parse((await news("?page=3")).body);
      expect(beyond).toMatchObject({ items: [], total: 12 });
    });

    it("lists one category's items, and refuses an unknown category or a bad query", async () => {
      const answer = newsListResponse.parse((await news("?category=reglementation&size=2")).body);
      expect(answer).toMatchObject({ total: 4, size: 2, category: { slug: "reglementation", title: "Réglementation", count: 4 } });
      expect(answer.items.map((item) => item.category.slug)).toEqual(["reglementation", "reglementation"]);
      expect(await news("?category=promotions")).toMatchObject({ status: 404, body: { code: "unknown_category" } });
      expect(await news("?page=0")).toMatchObject({ status: 400, body: { code: "invalid_request" } });
      expect(await news("?size=51")).toMatchObject({ status: 400, body: { code: "invalid_request" } });
      expect(await news("?tri=date")).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    });

    it("answers an item with its body of plain-text blocks; an unknown or malformed slug is a 404", async () => {
      const answer = await call(bo, "/content/news/items/transpondeurs-ais-classe-b-sotdma", { token: client.token });
      const item = newsItem.parse(answer.body);
      expect(item.category).toEqual({ slug: "nouveautes-produits", title: "Nouveautés produits" });
      expect(item.body.map((block) => block.type)).toEqual(["paragraph", "heading", "list", "paragraph", "link"]);
      expect(item.body.at(-1)).toEqual({
        type: "link",
        text: "Voir les transpondeurs AIS au catalogue",
        href: "/catalogue/transpondeurs-ais",
      });
      expect(await call(bo, "/content/news/items/inconnu", { token: client.token })).toMatchObject({
        status: 404,
        body: { code: "unknown_news" },
      });
      expect((await call(bo, "/content/news/items/Majuscules", { token: client.token })).status).toBe(404);
    });

    it("needs a session", async () => {
      expect((await call(bo, "/content/news")).status).toBe(401);
      expect((await call(bo, "/content/downloads")).status).toBe(401);
      expect((await fetch(`${bo.baseUrl}/content/downloads/${catalogueId}/file`)).status).toBe(401);
    });
  });

  describe("downloads", () => {
    const tree = async (token: string) => downloadTreeResponse.parse((await call(bo, "/content/downloads", { token })).body);
    const category = (path: string, token = client.token) => call(bo, `/content/downloads/categories/${path}`, { token });

    it("gives the four categories with their sub-categories, counting what the organization may download", async () => {
      const own = await tree(client.token);
      expect(own.items.map((item) => item.slug)).toEqual(["catalogues", "fiches-techniques", "declarations-de-conformite", "tarifs"]);
      const tarifs = own.items.find((item) => item.slug === "tarifs")!;
      expect(tarifs.children.map((child) => [child.slug, child.count])).toEqual([
        ["tarifs-publics", 1],
        ["tarifs-clients", 1],
        ["conditions-de-vente", 1],
      ]);
      expect(tarifs.count).toBe(3);
      expect(own.items.reduce((sum, item) => sum + item.count, 0)).toBe(10);

      const other = await tree(corsica.token);
      expect(other.items.find((item) => item.slug === "tarifs")!.count).toBe(2);
      // No prices for the storekeeper: neither price list is counted.
      const noPrices = await tree(storekeeper.token);
      expect(noPrices.items.find((item) => item.slug === "tarifs")!.count).toBe(1);
    });

    it("answers a top category with its sub-categories, and a sub-category with its documents, newest first", async () => {
      const top = downloadCategoryResponse.parse((await category("catalogues")).body);
      expect(top).toMatchObject({ category: { slug: "catalogues", count: 2 }, parent: null, documents: [] });
      expect(top.children.map((child) => child.slug)).toEqual(["catalogue-general", "brochures"]);
      const sheets = downloadCategoryResponse.parse((await category("fiches-techniques/electronique-et-ais")).body);
      expect(sheets).toMatchObject({ parent: { slug: "fiches-techniques", title: "Fiches techniques" }, children: [] });
      expect(sheets.documents).toEqual([
        expect.objectContaining({
          title: "Transpondeur AIS classe B SOTDMA",
          mime: "application/pdf",
          file_name: "fiche-technique-transpondeur-ais-classe-b.pdf",
          published_on: "2026-11-15",
          restricted: false,
        }),
      ]);
      expect(sheets.documents[0]!.size).toBeGreaterThan(5000);
    });

    it("lists a restricted document for its organization only", async () => {
      const own = downloadCategoryResponse.parse((await category("tarifs/tarifs-clients")).body);
      expect(own.documents).toEqual([
        expect.objectContaining({ id: netPriceListId, title: "Tarif net 2027 — Voilerie Atlantique", restricted: true }),
      ]);
      const other = downloadCategoryResponse.parse((await category("tarifs/tarifs-clients", corsica.token)).body);
      expect(other).toMatchObject({ category: { count: 0 }, documents: [] });
    });

    it("answers 404 for an unknown category, an unknown sub-category, or a sub-category under another parent", async () => {
      for (const path of ["promotions", "catalogues/inconnue", "catalogues/tarifs-publics", "tarifs-publics", "Catalogues"]) {
        expect(await category(path), path).toMatchObject({ status: 404 });
      }
      expect((await category("promotions")).body).toMatchObject({
        code: "unknown_category",
        message: "Cette rubrique de téléchargements n'existe pas.",
      });
    });

    it("sends a document as a PDF attachment with its name, length and no shared caching", async () => {
      const response = await file(catalogueId, client.token);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="catalogue-general-nautidistrib-2027.pdf"; filename*=UTF-8''catalogue-general-nautidistrib-2027.pdf`,
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.subarray(-6).toString("latin1")).toMatch(/%%EOF/);
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      const stored = await bo.db
        .selectFrom("download_documents")
        .select(["size_bytes", "sha256"])
        .where("id", "=", catalogueId)
        .executeTakeFirstOrThrow();
      expect(stored.size_bytes).toBe(bytes.length);
      expect(response.headers.get("etag")).toBe(`"${stored.sha256}"`);
    });

    it("gives a restricted price list to its organization, and a 404 without a byte of it to another", async () => {
      const own = await file(netPriceListId, client.token);
      expect(own.status).toBe(200);
      expect(
        Buffer.from(await own.arrayBuffer())
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      const other = await file(netPriceListId, corsica.token);
      expect(other.status).toBe(404);
      expect(other.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await other.json()).toEqual({ code: "not_found", message: "Ressource introuvable." });
    });

    it("keeps price lists from an account without `prices`, and answers 404 for an unknown or malformed id", async () => {
      expect((await file(publicPriceListId, storekeeper.token)).status).toBe(404);
      expect((await file(catalogueId, storekeeper.token)).status).toBe(200);
      expect((await file(999999, client.token)).status).toBe(404);
      expect((await file("abc", client.token)).status).toBe(404);
    });

    it("shows a contributor what its organization may have, and a client's documents once it acts for it", async () => {
      expect((await file(netPriceListId, sales.token)).status).toBe(404);
      expect((await file(publicPriceListId, sales.token)).status).toBe(200);
      const as = sessionResponse.parse(
        (
          await call(bo, "/auth/login-as", {
            token: sales.token,
            body: { master_id: sales.user.obj_id, slave_id: client.user.auth_org_id },
          })
        ).body,
      );
      expect((await file(netPriceListId, as.token)).status).toBe(200);
    });
  });

  describe("an item scheduled later", () => {
    it("keeps an item scheduled later out until its day, then lists it first", async () => {
      const scheduled = "/content/news/items/horaires-fetes-de-fin-d-annee";
      expect((await call(bo, scheduled, { token: client.token })).status).toBe(404);
      bo.setNow(new Date("2026-11-27T12:00:00+01:00"));
      try {
        // A week later: yesterday's session has expired, a new one is opened.
        const later = await login(bo, LOGINS.client);
        expect((await call(bo, scheduled, { token: later.token })).status).toBe(200);
        const first = newsListResponse.parse((await news("", later.token)).body);
        expect(first.total).toBe(13);
        expect(first.items[0]!.slug).toBe("horaires-fetes-de-fin-d-annee");
      } finally {
        bo.setNow(new Date("2026-11-20T10:00:00+01:00"));
      }
      // The login a week later purged the sessions expired by then: this test comes last.
    });
  });
});
