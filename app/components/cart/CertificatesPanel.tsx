import { Form } from "@remix-run/react";
import { countOf } from "@shared/domain/plural";
import type { CartLineView } from "~/services/cart/types";

/**
 * MMSI certificates of one line: as many as its quantity, each a 9-digit MMSI number and a
 * PDF, JPEG or PNG file of at most 5 MB (the server checks the content, not the name).
 */
export function CertificatesPanel({ line, canEdit }: { line: CartLineView; canEdit: boolean }) {
  const missing = Math.max(0, line.qty - line.certificates.length);
  const mmsiId = `mmsi-${line.lineId}`;
  const fileId = `certificate-${line.lineId}`;
  return (
    <section className="certificates" aria-labelledby={`certificates-${line.lineId}`} data-testid={`certificates-${line.ref}`}>
      {/* The cart page's sections are at level 2, under its h1 (axe heading-order). */}
      <h2 id={`certificates-${line.lineId}`}>
        Certificats MMSI · {line.title} ({line.ref})
      </h2>
      <p className={missing > 0 ? "certificates__missing" : "muted"} data-testid={`certificates-status-${line.ref}`}>
        {`${countOf(line.certificates.length, "certificat joint", "certificats joints")} sur ${line.qty}`}
        {missing > 0 ? ` : il en manque ${missing}.` : "."}
      </p>
      {line.problems.map((problem) => (
        <p key={problem} className="form__error">
          {problem}
        </p>
      ))}
      {line.certificates.length > 0 ? (
        <ul className="certificates__list">
          {line.certificates.map((certificate) => (
            <li key={certificate.cerId}>
              MMSI {certificate.mmsi} ·{" "}
              <a href={`/mon-panier/certificats/${encodeURIComponent(certificate.cerId)}`} download>
                {certificate.fileName}
              </a>
              {canEdit ? (
                <Form method="post" action="/mon-panier/certificats" className="certificates__remove">
                  <input type="hidden" name="intent" value="detach" />
                  <input type="hidden" name="lineId" value={line.lineId} />
                  <input type="hidden" name="cerId" value={certificate.cerId} />
                  <button type="submit" className="link-button" aria-label={`Retirer le certificat ${certificate.mmsi}`}>
                    Retirer
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit && missing > 0 ? (
        <Form method="post" action="/mon-panier/certificats" encType="multipart/form-data" className="certificates__form">
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="lineId" value={line.lineId} />
          <div className="field">
            <label htmlFor={mmsiId}>Numéro MMSI du navire (9 chiffres)</label>
            {/* Said before typing, and by the browser's own message (title) if the format is wrong. */}
            <p id={`${mmsiId}-aide`} className="muted">
              Sans espace ni lettre, par exemple 227123456.
            </p>
            <input
              id={mmsiId}
              type="text"
              name="mmsi"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{9}"
              maxLength={9}
              title="Le numéro MMSI compte exactement 9 chiffres, par exemple 227123456."
              aria-describedby={`${mmsiId}-aide`}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={fileId}>Certificat (PDF, JPEG ou PNG, 5 Mo au plus)</label>
            <input id={fileId} type="file" name="file" accept="application/pdf,image/jpeg,image/png" required />
          </div>
          <button type="submit" className="button">
            Joindre le certificat
          </button>
        </Form>
      ) : null}
    </section>
  );
}
