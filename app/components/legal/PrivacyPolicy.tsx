import { CERTIFICATE_RETENTION_MONTHS } from "@shared/contracts/certificates";
import { CookieTable } from "./CookieTable";

/** Privacy policy: the information owed under articles 13 and 14 of the GDPR. */
export function PrivacyPolicy() {
  return (
    <article className="prose">
      <h1>Politique de confidentialité</h1>
      <p>Dernière mise à jour : 1er novembre 2026.</p>

      <h2>Responsable du traitement</h2>
      <p>
        NautiDistrib SAS, 12 quai Louis Prunier, 17000 La Rochelle. Pour toute question sur vos données, écrivez à{" "}
        <a href="mailto:donnees-personnelles@nautidistrib.fr">donnees-personnelles@nautidistrib.fr</a>.
      </p>

      <h2>Données traitées et finalités</h2>
      <ul>
        <li>
          <strong>Gestion de votre compte et de vos accès</strong> : identifiant, nom, fonction, organisation, droits d'accès, journaux de
          connexion. Base légale : exécution du contrat qui nous lie à votre organisation.
        </li>
        <li>
          <strong>Commandes, livraisons, devis et factures</strong> : contenu du panier, adresses de livraison et de facturation, historique
          des commandes. Base légale : exécution du contrat ; obligations comptables et fiscales.
        </li>
        <li>
          <strong>Certificats MMSI</strong> : le numéro MMSI et le fichier du certificat (licence de la station radio du navire) joints au
          panier pour chaque balise commandée. Base légale : exécution du contrat ; la programmation d'une balise exige ce certificat.
        </li>
        <li id="formulaires-publics">
          <strong>Formulaires publics</strong> (contact, demande d'ouverture de compte, mot de passe oublié) : nom, société, adresse e-mail,
          téléphone, et pour une ouverture de compte le SIRET, le numéro de TVA et l'adresse de la société, avec votre message. Ils servent
          uniquement à vous répondre, à étudier votre demande et à créer votre compte si elle est acceptée, ou à vous envoyer le lien d'un
          nouveau mot de passe. Base légale : mesures précontractuelles prises à votre demande ; notre intérêt légitime à répondre à vos
          messages. Ils ne servent à aucune prospection.
        </li>
        <li>
          <strong>Sécurité du portail</strong> : adresse IP, tentatives de connexion, identifiant de requête. Base légale : notre intérêt
          légitime à protéger les comptes de nos clients.
        </li>
      </ul>

      <h2>Durées de conservation</h2>
      <ul>
        <li>Compte utilisateur : pendant la relation commerciale, puis 3 ans.</li>
        <li>Commandes et factures : 10 ans (article L. 123-22 du Code de commerce).</li>
        <li>Journaux de connexion et de sécurité : 12 mois.</li>
        <li>
          Messages du formulaire de contact et demandes d'ouverture de compte non suivies d'un compte : 3 ans après notre dernier échange ;
          une demande acceptée devient votre compte. Liens de nouveau mot de passe : inutilisables après leur délai de validité.
        </li>
        <li id="certificats-mmsi">
          Certificats MMSI : tant qu'ils sont joints au panier ; supprimés aussitôt quand la ligne est retirée ou le certificat détaché, ou
          au plus tard 24 heures après leur envoi s'ils n'ont été joints à rien ; joints à une commande, {CERTIFICATE_RETENTION_MONTHS} mois
          après cette commande, puis le fichier est effacé (la commande garde seulement le numéro MMSI).
        </li>
      </ul>

      <h2>Destinataires</h2>
      <p>
        Nos équipes commerciales, logistiques et comptables habilitées, nos transporteurs pour la livraison, et notre hébergeur (OVH SAS, en
        France). Aucune donnée n'est vendue ni transférée hors de l'Union européenne.
      </p>

      <h2>Vos droits</h2>
      <p>
        Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données,
        ainsi que du droit de définir des directives sur leur sort après votre décès. Exercez-les par courriel à l'adresse ci-dessus ou par
        courrier à notre siège, en précisant votre identifiant. Nous répondons dans un délai d'un mois.
      </p>
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL, 3 place de Fontenoy, TSA
        80715, 75334 Paris Cedex 07 (<a href="https://www.cnil.fr">www.cnil.fr</a>).
      </p>

      <h2>Cookies</h2>
      <p>
        Le portail ne dépose que des cookies strictement nécessaires à son fonctionnement, exemptés de consentement (article 82 de la loi
        Informatique et Libertés). Aucun cookie de mesure d'audience, de publicité ou de réseau social n'est utilisé : notre mesure
        d'audience fonctionne sans cookie.
      </p>
      <CookieTable />
    </article>
  );
}
