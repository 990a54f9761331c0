import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact/ContactForm";
import { loadContactPage, sendContactForm } from "~/services/contact/index.server";
import { throttledFormHeaders } from "~/services/contact/route-headers";

/** A throttled form answers 429 with Retry-After (decision 0123). */
export const headers = throttledFormHeaders;

export const meta: MetaFunction = () => [{ title: "Nous contacter · NautiDistrib" }];

/** /nous-contacter: the contact form (docs/requests.md). */
export function loader(args: LoaderFunctionArgs) {
  return loadContactPage(args);
}

export function action(args: ActionFunctionArgs) {
  return sendContactForm(args);
}

export default function ContactPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <section className="public-page" aria-labelledby="titre-contact">
      <h1 id="titre-contact">Nous contacter</h1>
      <p>
        Une question sur une commande, une livraison, une facture ou un produit ? Écrivez-nous : le service clients NautiDistrib vous répond
        dans un délai d'un jour ouvré, du lundi au vendredi.
      </p>
      <ContactForm view={view} refusal={refusal ?? null} />
    </section>
  );
}
