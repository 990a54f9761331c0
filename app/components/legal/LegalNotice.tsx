/** Legal notice required by article 6 of the LCEN (loi n° 2004-575 du 21 juin 2004). */
export function LegalNotice() {
  return (
    <article className="prose">
      <h1>Mentions légales</h1>

      <h2>Éditeur du portail</h2>
      <p>
        NautiDistrib SAS, société par actions simplifiée au capital de 250 000 €
        <br />
        Siège social : 12 quai Louis Prunier, 17000 La Rochelle, France
        <br />
        RCS La Rochelle 812 345 678 · SIRET 812 345 678 00024 · TVA intracommunautaire FR 45 812345678
        <br />
        Téléphone : 05 46 00 00 00 · Courriel : contact@nautidistrib.fr
      </p>
      <p>Directrice de la publication : Mme Claire Marchand, présidente.</p>

      <h2>Hébergeur</h2>
      <p>
        OVH SAS, 2 rue Kellermann, 59100 Roubaix, France · RCS Lille Métropole 424 761 419 · Téléphone : 1007.
        <br />
        Les données du portail sont hébergées en France.
      </p>

      <h2>Objet du portail</h2>
      <p>
        Ce portail est réservé aux professionnels titulaires d'un compte client NautiDistrib. Il permet de consulter le catalogue et les
        tarifs négociés, de passer commande, de demander des devis et de consulter factures et reliquats. Les ventes sont régies par nos
        conditions générales de vente entre professionnels, communiquées à l'ouverture du compte.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        Les textes, photographies, logos et la structure du portail sont la propriété de NautiDistrib ou de ses fournisseurs. Toute
        reproduction sans autorisation écrite est interdite (articles L. 122-4 et L. 335-2 du Code de la propriété intellectuelle). Les
        marques citées appartiennent à leurs titulaires respectifs.
      </p>

      <h2>Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données et les cookies utilisés sont décrits dans notre{" "}
        <a href="/politique-de-confidentialite">politique de confidentialité</a>.
      </p>

      <h2>Médiation et litiges</h2>
      <p>
        Les relations entre NautiDistrib et ses clients professionnels relèvent du droit français. À défaut d'accord amiable, tout litige
        sera porté devant le tribunal de commerce de La Rochelle.
      </p>
    </article>
  );
}
