import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OpenPageFrame } from "~/components/layout/OpenPageFrame";
import { PrivacyPolicy } from "~/components/legal/PrivacyPolicy";
import { loadOpenPageFrame } from "~/services/layout/open-frame.server";

export const meta: MetaFunction = () => [{ title: "Politique de confidentialité · NautiDistrib" }];

/**
 * Open to everyone, signed in or not (decision 0187): the public forms collect names, e-mails
 * and phones, and link here to say what is done with them (GDPR art. 13).
 */
export function loader(args: LoaderFunctionArgs) {
  return loadOpenPageFrame(args);
}

/**
 * How pages are counted (docs/analytics.md, decision 0125): what the CNIL's exemption from
 * consent asks a site to tell its visitors.
 */
function AudienceMeasurement() {
  return (
    <section className="prose" aria-labelledby="mesure-audience">
      <h2 id="mesure-audience">Mesure d'audience sans cookie</h2>
      <p>
        Pour savoir quelles pages du portail sont utiles et lesquelles améliorer, nous comptons les pages vues, nous-mêmes, sans outil tiers
        et sans cookie : rien n'est déposé ni lu sur votre appareil pour cette mesure.
      </p>
      <ul>
        <li>
          <strong>Ce qui est compté</strong> : pour chaque jour, l'adresse de la page affichée (sans ses paramètres, et où les numéros de
          commande, de devis ou de produit sont remplacés par un repère commun) et le nombre de fois qu'elle a été vue. Les robots
          d'indexation ne sont pas comptés.
        </li>
        <li>
          <strong>Ce qui ne l'est pas</strong> : ni votre identifiant, ni votre organisation, ni votre adresse IP, ni votre navigateur. Pour
          compter les visiteurs d'une journée, une empreinte est calculée à partir de l'adresse IP et du navigateur mêlés à une valeur
          aléatoire qui change chaque jour ; cette valeur est effacée à la fin de la journée, après quoi l'empreinte ne peut plus être
          rapprochée de personne, et elle n'est jamais liée à votre compte.
        </li>
        <li>
          <strong>Durée de conservation</strong> : 25 mois au plus ; les jours plus anciens sont effacés automatiquement.
        </li>
        <li>
          <strong>Usage</strong> : des statistiques de fréquentation par page et par jour, réservées à NautiDistrib. Base légale : notre
          intérêt légitime à améliorer le portail ; cette mesure respecte les conditions d'exemption de consentement définies par la CNIL.
        </li>
      </ul>
      <p>
        Vous pouvez vous y opposer sans nous écrire : activez dans votre navigateur le réglage « Global Privacy Control » ou « Ne pas me
        suivre » (Do Not Track) ; le portail le respecte et ne compte alors aucune de vos pages.
      </p>
    </section>
  );
}

export default function PrivacyPolicyPage() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <OpenPageFrame member={member}>
      <PrivacyPolicy />
      <AudienceMeasurement />
    </OpenPageFrame>
  );
}
