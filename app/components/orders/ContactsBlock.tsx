import type { Contacts } from "~/services/orders/types";

/** A phone number as a tel: URI (RFC 3966): digits and the leading +, no spaces. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * « Vos contacts » on the account home: the organization's sales representatives and the
 * distributor's customer service, with mailto: and tel: links
 * (docs/decisions/0106-contacts-on-the-account-home.md). The page renders it only for the
 * classes that may see it.
 */
export function ContactsBlock({ contacts }: { contacts: Contacts }) {
  const { sales_representatives: reps, customer_service: service } = contacts;
  return (
    <section aria-labelledby="vos-contacts" className="contacts">
      <h2 id="vos-contacts">Vos contacts</h2>
      <div className="contacts__list">
        <article aria-labelledby="contacts-commercial" className="contacts__card">
          <h3 id="contacts-commercial">{reps.length > 1 ? "Vos commerciaux" : "Votre commercial"}</h3>
          {reps.length > 0 ? (
            <ul className="contacts__people">
              {reps.map((rep) => (
                <li key={rep.usr_id}>
                  <address>
                    <strong>{rep.name}</strong>
                    {rep.title ? <span className="contacts__title">{rep.title}</span> : null}
                    <a href={`mailto:${rep.email}`}>{rep.email}</a>
                    {rep.phone ? (
                      <a href={telHref(rep.phone)}>
                        <span className="visually-hidden">Téléphone : </span>
                        {rep.phone}
                      </a>
                    ) : null}
                  </address>
                </li>
              ))}
            </ul>
          ) : (
            <p>Aucun commercial n'est attribué à votre organisation : contactez le service clients.</p>
          )}
        </article>
        <article aria-labelledby="contacts-service" className="contacts__card">
          <h3 id="contacts-service">{service.name}</h3>
          <address>
            <a href={`mailto:${service.email}`}>{service.email}</a>
            <a href={telHref(service.phone)}>
              <span className="visually-hidden">Téléphone : </span>
              {service.phone}
            </a>
            <span>{service.hours}</span>
          </address>
        </article>
      </div>
    </section>
  );
}
