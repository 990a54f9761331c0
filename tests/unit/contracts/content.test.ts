import { describe, expect, it } from "vitest";
import {
  contentPicture,
  contentSlug,
  downloadCategoryResponse,
  newsBlock,
  newsBody,
  newsItem,
  newsListQuery,
  sitePath,
} from "@shared/contracts/content";

/** The content contract (docs/content.md): slugs, site paths, pictures, news bodies, the list's query. */
describe("the content contract", () => {
  it("takes lower-case hyphenated slugs only", () => {
    for (const slug of ["reglementation", "vie-de-l-entreprise", "catalogue-2027"])
      expect(contentSlug.safeParse(slug).success, slug).toBe(true);
    for (const slug of ["Réglementation", "vie--entreprise", "-debut", "fin-", "", "a/b", "x".repeat(81)])
      expect(contentSlug.safeParse(slug).success, slug).toBe(false);
    expect(contentSlug.safeParse("Tarifs").error?.issues[0]?.message).toBe(
      "Identifiant d'adresse invalide (minuscules, chiffres et tirets).",
    );
  });

  it("takes paths of this site, never another origin or a script", () => {
    for (const path of ["/catalogue/transpondeurs-ais", "/telechargements/fichier/3", "/actualites?page=2"])
      expect(sitePath.safeParse(path).success, path).toBe(true);
    for (const path of ["https://exemple.fr/", "//exemple.fr/x", "javascript:alert(1)", "/a b", "catalogue", "/x\\y", '/"><script>']) {
      expect(sitePath.safeParse(path).success, path).toBe(false);
    }
  });

  it("takes a picture of this site's files with its alternative text", () => {
    expect(contentPicture.parse({ url: "/images/actualites/ais.svg", alt: "Dessin d'un transpondeur" })).toEqual({
      url: "/images/actualites/ais.svg",
      alt: "Dessin d'un transpondeur",
    });
    expect(contentPicture.safeParse({ url: "/images/actualites/ais.pdf", alt: "Texte" }).error?.issues[0]?.message).toBe(
      "Une image SVG, PNG, JPEG ou WebP est attendue.",
    );
    expect(contentPicture.safeParse({ url: "/images/actualites/ais.png", alt: "  " }).error?.issues[0]?.message).toBe(
      "Ce texte est obligatoire.",
    );
    expect(contentPicture.safeParse({ url: "/images/actualites/ais.png", alt: "Texte", title: "x" }).success).toBe(false);
  });

  it("takes a body of known blocks of plain text; markup is only text, control characters and unknown blocks are refused", () => {
    expect(newsBlock.parse({ type: "paragraph", text: "  <b>Gras</b> ?  " })).toEqual({ type: "paragraph", text: "<b>Gras</b> ?" });
    expect(newsBlock.safeParse({ type: "html", text: "<p>x</p>" }).success).toBe(false);
    expect(newsBlock.safeParse({ type: "paragraph", text: "a\u0000b" }).error?.issues[0]?.message).toBe(
      "Le texte ne doit pas contenir de caractères de contrôle.",
    );
    expect(newsBlock.safeParse({ type: "paragraph", text: "ligne\nsuivante" }).success).toBe(false);
    expect(newsBlock.safeParse({ type: "list", items: [] }).success).toBe(false);
    expect(newsBlock.safeParse({ type: "link", text: "Ailleurs", href: "https://exemple.fr" }).success).toBe(false);
    expect(newsBlock.safeParse({ type: "heading", text: "Titre", level: 1 }).success).toBe(false);
    expect(newsBody.safeParse([]).success).toBe(false);
  });

  it("reads a list's query from strings, with its defaults and bounds", () => {
    expect(newsListQuery.parse({})).toEqual({ page: 1, size: 9 });
    expect(newsListQuery.parse({ category: "reglementation", page: "2", size: "3" })).toEqual({
      category: "reglementation",
      page: 2,
      size: 3,
    });
    expect(newsListQuery.safeParse({ size: "51" }).error?.issues[0]?.message).toBe("Au plus 50 articles par page.");
    expect(newsListQuery.safeParse({ size: "0" }).error?.issues[0]?.message).toBe("Au moins un article par page.");
    expect(newsListQuery.safeParse({ tri: "date" }).success).toBe(false);
  });

  it("parses an item and a downloads category as the back-office answers them", () => {
    const item = {
      id: 1,
      slug: "mmsi",
      title: "MMSI",
      summary: "Résumé",
      published_at: "2026-11-18T08:00:00.000Z",
      category: { slug: "reglementation", title: "Réglementation" },
      picture: { url: "/images/actualites/mmsi.svg", alt: "Dessin" },
      body: [{ type: "paragraph", text: "Texte." }],
    };
    expect(newsItem.parse(item)).toEqual(item);
    expect(newsItem.safeParse({ ...item, body_html: "<p>" }).success).toBe(false);
    const category = {
      category: { slug: "tarifs", title: "Tarifs", description: "", count: 1 },
      parent: null,
      children: [],
      documents: [
        {
          id: 3,
          title: "Tarif",
          description: "",
          file_name: "tarif.pdf",
          mime: "application/pdf",
          size: 2048,
          published_on: "2026-11-17",
          restricted: true,
        },
      ],
    };
    expect(downloadCategoryResponse.parse(category)).toEqual(category);
  });
});
