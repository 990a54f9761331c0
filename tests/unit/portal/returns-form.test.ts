import { describe, expect, it } from "vitest";
import { fieldOfPath, fieldsOfIssues } from "~/services/returns/form.server";

/**
 * The back-office's refusals of a return request land on the form's fields (decision 0208): a
 * line's issue is indexed by the request's lines, not by the order's, so it goes back to the
 * position that was sent at that index.
 */

const SENT = [
  { position: 0, qty: 2 },
  { position: 3, qty: 1 },
];

describe("a return request's issues onto the form's fields", () => {
  it("puts a line's issue on the position sent at its index", () => {
    expect(fieldOfPath("lines.1.qty", SENT)).toBe("ligne-3");
    expect(fieldOfPath("lines.0.position", SENT)).toBe("ligne-0");
    // An index the request did not have, or the lines as a whole: above the table.
    expect(fieldOfPath("lines.7.qty", SENT)).toBe("lignes");
    expect(fieldOfPath("lines", SENT)).toBe("lignes");
  });

  it("names the reason, the resolution, the comment and any photo's field; the order's issue has no field", () => {
    expect(
      ["reason", "resolution", "comment", "photos", "photos.2.content_base64", "order_id"].map((path) => fieldOfPath(path, SENT)),
    ).toEqual(["motif", "resolution", "commentaire", "photos", "photos", null]);
  });

  it("keeps the first message of each field", () => {
    const issues = [
      { path: "lines.1.qty", message: "Au plus 1 à retourner pour GIL-150 (livré 2, déjà en retour 1)." },
      { path: "photos.0.content_base64", message: "photo.pdf n'est pas une photo : seuls les fichiers PNG ou JPEG sont acceptés." },
      { path: "photos", message: "Joignez au moins une photo pour ce motif." },
      { path: "order_id", message: "Le délai de retour est dépassé." },
    ];
    expect(fieldsOfIssues(issues, SENT)).toEqual({
      "ligne-3": "Au plus 1 à retourner pour GIL-150 (livré 2, déjà en retour 1).",
      photos: "photo.pdf n'est pas une photo : seuls les fichiers PNG ou JPEG sont acceptés.",
    });
  });
});
