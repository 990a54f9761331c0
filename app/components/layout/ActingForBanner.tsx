import { Form, Link } from "@remix-run/react";

export interface ActingForBannerProps {
  clientName: string;
  clientRef: string;
  masterName: string;
}

/** Always visible while a contributor acts for a client, with the ways back. */
export function ActingForBanner({ clientName, clientRef, masterName }: ActingForBannerProps) {
  return (
    <div className="acting-banner" role="region" aria-label="Compte client utilisé">
      <p>
        <strong>{masterName}</strong>, vous agissez pour le compte de{" "}
        <strong>
          {clientName} ({clientRef})
        </strong>
        .
      </p>
      <div className="acting-banner__actions">
        <Link to="/clients" className="button button--ghost">
          Changer de client
        </Link>
        <Form method="post" action="/clients">
          <input type="hidden" name="intent" value="back-to-master" />
          <button type="submit" className="button button--light">
            Revenir à mon compte
          </button>
        </Form>
      </div>
    </div>
  );
}
