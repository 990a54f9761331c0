import { describe, expect, it } from "vitest";
import { attachmentDisposition, fileNameForType } from "@shared/contracts/certificates";

/** How an uploaded file (quote attachment, MMSI certificate) is named when it is stored and served. */
describe("a checked file's name", () => {
  it("ends with the extension of the type its bytes were checked to be", () => {
    expect(fileNameForType("x.html", "application/pdf")).toBe("x.pdf");
    expect(fileNameForType("page.svg", "image/png")).toBe("page.png");
    expect(fileNameForType("licence", "image/jpeg")).toBe("licence.jpg");
    expect(fileNameForType(".htaccess", "application/pdf")).toBe(".htaccess.pdf");
    expect(fileNameForType("plan.v2.", "application/pdf")).toBe("plan.v2.pdf");
  });

  it("keeps a name whose extension already says the type, in any case", () => {
    expect(fileNameForType("plan de pont.PDF", "application/pdf")).toBe("plan de pont.PDF");
    expect(fileNameForType("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(fileNameForType("photo.jpg", "image/jpeg")).toBe("photo.jpg");
    expect(fileNameForType("capture.png", "image/png")).toBe("capture.png");
  });

  it("goes out as an attachment with an ASCII name and the exact one (RFC 5987)", () => {
    expect(attachmentDisposition("bateau.pdf")).toBe("attachment; filename=\"bateau.pdf\"; filename*=UTF-8''bateau.pdf");
    expect(attachmentDisposition('été l\'"an".pdf')).toBe(
      "attachment; filename=\"_t_ l'_an_.pdf\"; filename*=UTF-8''%C3%A9t%C3%A9%20l%27%22an%22.pdf",
    );
  });
});
