import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MemberFrame } from "~/components/layout/MemberFrame";
import { PublicFrame } from "~/components/layout/PublicFrame";
import { loadOpenPageFrame } from "~/services/layout/open-frame.server";

export const meta: MetaFunction = () => [{ title: "Déclaration d'accessibilité · NautiDistrib" }];

/**
 * Open to everyone, signed in or not (an open path of guards.server.ts): RGAA wants the
 * statement reachable from every page, the login page included, so unlike the other legal
 * pages (decision 0031) it is drawn in whichever frame fits the visitor.
 */
export function loader(args: LoaderFunctionArgs) {
  return loadOpenPageFrame(args);
}

export default function AccessibilityStatementPage() {
  const { member } = useLoaderData<typeof loader>();
  if (!member) {
    return (
      <PublicFrame wide>
        <AccessibilityStatement />
      </PublicFrame>
    );
  }
  const { liveCartKey, ...layout } = member;
  return (
    <MemberFrame layout={layout} liveCartKey={liveCartKey}>
      <AccessibilityStatement />
    </MemberFrame>
  );
}

/** The accessibility statement, in the words of the RGAA 4.1 model statement. */
function AccessibilityStatement() {
  return (
    <article className="prose">
      <h1>Déclaration d'accessibilité</h1>
      <p>
        NautiDistrib SAS s'engage à rendre son portail professionnel accessible, conformément à l'article 47 de la loi n° 2005-102 du 11
        février 2005.
      </p>
      <p>
        Cette déclaration d'accessibilité s'applique au portail professionnel NautiDistrib (commandes, devis, factures et catalogue en
        ligne).
      </p>

      <h2>État de conformité</h2>
      <p>
        Le portail professionnel NautiDistrib est <strong>partiellement conforme</strong> avec le référentiel général d'amélioration de
        l'accessibilité (RGAA), version 4.1, en raison des non-conformités énumérées ci-dessous.
      </p>

      <h2>Résultats des tests</h2>
      <p>
        L'évaluation a été menée en interne par l'équipe du portail. Elle ne remplace pas un audit complet des 106 critères du RGAA sur un
        échantillon de pages, prévu avant la fin du premier semestre 2027 ; c'est pourquoi le portail est déclaré partiellement conforme et
        non totalement conforme.
      </p>
      <ul>
        <li>
          Chaque page du portail est contrôlée automatiquement avec axe-core dans le navigateur Chromium, à chaque version : aucune erreur
          n'est tolérée et aucune règle n'est désactivée.
        </li>
        <li>
          Les parcours principaux (connexion, catalogue, panier, commande, devis, compte) sont rejoués avec et sans JavaScript : chaque
          formulaire fonctionne sans script.
        </li>
        <li>
          Les formulaires, les menus et les boîtes de dialogue s'utilisent au clavier, et un lien d'évitement mène au contenu ; la
          vérification complète de chaque parcours au clavier seul fait partie de l'audit prévu.
        </li>
        <li>
          Les intitulés des champs, les messages d'erreur associés, les tableaux et les titres de pages sont contrôlés par ces tests
          automatiques ; leur restitution par un lecteur d'écran (NVDA, VoiceOver) sera vérifiée lors de l'audit.
        </li>
      </ul>

      <h2>Contenus non accessibles</h2>
      <h3>Non-conformités</h3>
      <ul>
        <li>
          Les notifications qui apparaissent en bas à gauche de l'écran se ferment d'elles-mêmes au bout de 5 secondes (critère 13.1). Elles
          sont placées dans une zone que les lecteurs d'écran annoncent, se ferment aussi d'un clic, et les informations importantes
          (commande enregistrée, erreur d'un formulaire) restent affichées dans la page.
        </li>
        <li>
          Certains documents PDF proposés au téléchargement (catalogues, fiches techniques) ne sont pas balisés pour l'accessibilité
          (critère 13.3). Sur simple demande, nous vous en adressons le contenu dans un format accessible. Les factures PDF sont, elles, des
          documents balisés.
        </li>
      </ul>
      <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
      <ul>
        <li>
          Les documents des fabricants diffusés tels quels (notices, déclarations de conformité) : nous ne pouvons pas les modifier ; nous
          vous aidons à en obtenir une version accessible auprès du fabricant.
        </li>
      </ul>

      <h2>Établissement de cette déclaration d'accessibilité</h2>
      <p>Cette déclaration a été établie le 24 novembre 2026. Elle est revue à chaque évolution importante du portail.</p>
      <h3>Technologies utilisées</h3>
      <p>HTML, CSS et JavaScript (facultatif : toutes les pages et tous les formulaires fonctionnent sans).</p>
      <h3>Environnement de test</h3>
      <p>Navigateur Chromium avec l'outil axe-core ; navigation au clavier.</p>

      <h2>Retour d'information et contact</h2>
      <p>
        Si vous n'arrivez pas à accéder à un contenu ou à un service du portail, signalez-le-nous : nous vous répondrons et vous proposerons
        une autre façon d'obtenir l'information ou d'effectuer l'opération (par téléphone ou par courriel, par exemple).
      </p>
      <ul>
        <li>
          par le <Link to="/nous-contacter">formulaire de contact</Link>, accessible même sans être connecté ;
        </li>
        <li>
          par courriel : <a href="mailto:accessibilite@nautidistrib.fr">accessibilite@nautidistrib.fr</a> ;
        </li>
        <li>par téléphone : 05 46 00 00 00, du lundi au vendredi de 8 h 30 à 18 h ;</li>
        <li>par courrier : NautiDistrib SAS, service client, 12 quai Louis Prunier, 17000 La Rochelle.</li>
      </ul>

      <h2>Voies de recours</h2>
      <p>
        Cette procédure est à utiliser dans le cas suivant : vous avez signalé au responsable du portail un défaut d'accessibilité qui vous
        empêche d'accéder à un contenu ou à l'un des services du portail et vous n'avez pas obtenu de réponse satisfaisante. Vous pouvez :
      </p>
      <ul>
        <li>
          écrire un message au <a href="https://formulaire.defenseurdesdroits.fr/">Défenseur des droits</a> (formulaire en ligne) ;
        </li>
        <li>
          contacter <a href="https://www.defenseurdesdroits.fr/saisir/delegues">le délégué du Défenseur des droits dans votre région</a> ;
        </li>
        <li>
          envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX
          07.
        </li>
      </ul>
    </article>
  );
}
