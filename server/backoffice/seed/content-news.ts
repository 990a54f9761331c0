import type { NewsBlock } from "@shared/contracts/content";

/**
 * The demo's news (docs/content.md): what a marine-equipment distributor tells its trade
 * customers over a few months. Dates are days before the seed's date (a negative number: an
 * item scheduled for later, not shown until then); `year` is the seed's year, for the texts
 * that name the coming season.
 */

export interface NewsCategorySeed {
  slug: string;
  title: string;
  description: string;
}

export const NEWS_CATEGORIES: readonly NewsCategorySeed[] = [
  {
    slug: "nouveautes-produits",
    title: "Nouveautés produits",
    description: "Les gammes qui entrent au catalogue, les produits qui en remplacent d'autres.",
  },
  { slug: "vie-de-l-entreprise", title: "Vie de l'entreprise", description: "Salons, horaires, livraisons et services de NautiDistrib." },
  {
    slug: "reglementation",
    title: "Réglementation",
    description: "Ce qui change pour vos clients et pour vous : radio, sécurité, environnement.",
  },
];

export interface NewsSeed {
  category: string;
  slug: string;
  title: string;
  summary: string;
  daysAgo: number;
  /** A file of public/images/actualites/. */
  picture: string;
  alt: string;
  body: NewsBlock[];
}

const p = (text: string): NewsBlock => ({ type: "paragraph", text });
const h = (text: string): NewsBlock => ({ type: "heading", text });
const list = (...items: string[]): NewsBlock => ({ type: "list", items });
const link = (text: string, href: string): NewsBlock => ({ type: "link", text, href });

export function demoNews(year: number): NewsSeed[] {
  const next = year + 1;
  return [
    {
      category: "vie-de-l-entreprise",
      slug: `catalogue-general-${next}-disponible`,
      title: `Le catalogue général ${next} est disponible`,
      summary: `Plus de 2 000 références, douze nouvelles marques et un index par usage : le catalogue ${next} se télécharge dès aujourd'hui depuis le portail.`,
      daysAgo: 2,
      picture: "/images/actualites/catalogue.svg",
      alt: `Dessin du catalogue général NautiDistrib ${next}, ouvert sur une page de produits`,
      body: [
        p(
          `Le catalogue général ${next} réunit l'ensemble de notre offre : électronique de bord, motorisation, sécurité, accastillage, entretien et confort à bord. Les références sont classées comme sur le portail, avec un index par usage pour retrouver rapidement ce que demandent vos clients.`,
        ),
        h("Ce qui change cette année"),
        list(
          "Un chapitre dédié aux transpondeurs AIS et aux balises homme à la mer.",
          "Les fiches techniques et les déclarations de conformité signalées pour chaque gamme.",
          "Les produits arrêtés retirés, avec leur produit de remplacement.",
        ),
        p(
          "Les exemplaires papier seront envoyés à nos clients revendeurs début janvier. Votre commercial peut vous en remettre d'autres pour vos points de vente.",
        ),
        link("Télécharger le catalogue général", "/telechargements/catalogues/catalogue-general"),
      ],
    },
    {
      category: "nouveautes-produits",
      slug: "transpondeurs-ais-classe-b-sotdma",
      title: "Transpondeurs AIS classe B SOTDMA : la nouvelle gamme est arrivée",
      summary:
        "Cinq watts d'émission, un splitter VHF intégré sur deux modèles et une configuration par application : les nouveaux transpondeurs sont en stock à Lorient.",
      daysAgo: 5,
      picture: "/images/actualites/ais.svg",
      alt: "Dessin d'un transpondeur AIS dont l'écran montre les navires autour du bateau",
      body: [
        p(
          "Les transpondeurs AIS classe B SOTDMA émettent à 5 W et réservent leurs créneaux comme les équipements de classe A : la position du bateau est reçue plus loin et plus souvent, même dans les zones très fréquentées comme le Morbihan ou le Solent.",
        ),
        h("Trois modèles"),
        list(
          "SOTDMA simple, pour les bateaux déjà équipés d'une antenne AIS dédiée.",
          "SOTDMA avec splitter intégré : une seule antenne pour la VHF et l'AIS.",
          "SOTDMA avec splitter et passerelle Wi-Fi NMEA 2000 vers les tablettes.",
        ),
        p(
          "Comme tout équipement émettant sur les fréquences maritimes, chaque transpondeur est programmé avec le numéro MMSI du navire : joignez au panier le certificat MMSI de votre client pour chaque appareil commandé.",
        ),
        link("Voir les transpondeurs AIS au catalogue", "/catalogue/transpondeurs-ais"),
      ],
    },
    {
      category: "vie-de-l-entreprise",
      slug: "salon-nautic-paris",
      title: "Retrouvez NautiDistrib au salon Nautic de Paris",
      summary:
        "Notre équipe vous attend au Nautic, à la porte de Versailles, pour présenter les nouveautés de la saison et vos conditions salon.",
      daysAgo: 12,
      picture: "/images/actualites/salon.svg",
      alt: "Dessin du stand NautiDistrib au salon Nautic : un voilier exposé et deux visiteurs",
      body: [
        p(
          "Comme chaque année, NautiDistrib expose au salon Nautic de Paris, hall 1, à côté de l'espace des équipementiers. Vous y découvrirez les gammes AIS et lithium de la saison et pourrez rencontrer les chefs produit de nos principales marques.",
        ),
        h("Vos conditions salon"),
        p(
          "Les commandes passées sur le stand ou sur le portail pendant toute la durée du salon bénéficient du franco de port dès 300 € HT et d'un paiement à 60 jours. Votre commercial peut aussi vous remettre des invitations gratuites.",
        ),
        p("Pour organiser un rendez-vous à une heure précise, écrivez à votre commercial ou répondez à son dernier e-mail."),
      ],
    },
    {
      category: "reglementation",
      slug: "numeros-mmsi-ce-que-vos-clients-doivent-fournir",
      title: "Numéros MMSI : ce que vos clients doivent fournir",
      summary:
        "Une VHF ASN, une balise AIS ou un transpondeur se programme avec le MMSI du navire : voici les documents à réunir avant la commande.",
      daysAgo: 20,
      picture: "/images/actualites/mmsi.svg",
      alt: "Dessin d'une VHF dont l'écran affiche un numéro MMSI à neuf chiffres",
      body: [
        p(
          "Le MMSI (Maritime Mobile Service Identity) est le numéro à neuf chiffres qui identifie un navire sur les fréquences maritimes. En France, il est attribué par l'Agence nationale des fréquences (ANFR) lors de la déclaration de la station radio du bateau.",
        ),
        h("Les appareils concernés"),
        list(
          "Les VHF fixes et portables avec appel sélectif numérique (ASN).",
          "Les transpondeurs AIS de classe A et B.",
          "Les balises AIS homme à la mer et les balises EPIRB.",
        ),
        h("Ce que nous demandons"),
        p(
          "Pour chaque appareil commandé, le certificat MMSI du navire auquel il est destiné, en PDF ou en photo. Le portail vous le demande ligne par ligne dans le panier, et la commande ne part qu'avec autant de certificats que d'appareils.",
        ),
        p("Les intégrateurs agréés qui programment eux-mêmes les appareils en sont dispensés : parlez-en à votre commercial."),
      ],
    },
    {
      category: "vie-de-l-entreprise",
      slug: "greves-transports-delais-de-livraison",
      title: "Grèves dans les transports : nos délais de livraison",
      summary:
        "Les mouvements sociaux chez plusieurs transporteurs allongent certains délais de 24 à 48 heures. Voici comment nous organisons vos expéditions.",
      daysAgo: 26,
      picture: "/images/actualites/transport.svg",
      alt: "Dessin d'un camion de livraison NautiDistrib à côté de colis",
      body: [
        p(
          "Plusieurs journées de grève sont annoncées chez les transporteurs routiers et dans certains ports. Nos expéditions partent normalement de l'entrepôt, mais la livraison peut prendre 24 à 48 heures de plus que d'habitude, en particulier vers la Corse et les îles.",
        ),
        h("Ce que nous faisons"),
        list(
          "Les commandes confirmées avant 14 h partent le jour même, comme d'habitude.",
          "Les colis urgents peuvent partir en express par un second transporteur : cochez la livraison express dans le panier.",
          "Le suivi de chaque colis reste visible dans le détail de la commande.",
        ),
        p("Nous mettrons cette page à jour à chaque nouvelle annonce."),
        link("Suivre mes commandes", "/mon-compte/commandes"),
      ],
    },
    {
      category: "nouveautes-produits",
      slug: "antennes-vhf-fibre-de-verre",
      title: "Antennes VHF en fibre de verre : des modèles de 1 à 2,4 m",
      summary:
        "Une gamme d'antennes VHF plus légères, au gain annoncé et vérifié, livrées avec câble et embase pour les monocoques comme pour les semi-rigides.",
      daysAgo: 38,
      picture: "/images/actualites/antenne.svg",
      alt: "Dessin de deux antennes VHF blanches fixées sur un mât",
      body: [
        p(
          "La nouvelle gamme d'antennes VHF en fibre de verre remplace les anciennes références de 1,5 et 2,4 m. Le brin rayonnant en laiton est protégé par une gaine anti-UV et le pied en inox 316 résiste mieux à la corrosion.",
        ),
        list(
          "1 m, 3 dB : semi-rigides et petits bateaux à moteur.",
          "1,5 m, 3 dB : le modèle le plus vendu, pour le tableau arrière ou le balcon.",
          "2,4 m, 6 dB : portée maximale pour les bateaux à moteur de croisière.",
        ),
        p("Chaque antenne est livrée avec 5 ou 10 m de câble RG58 et son connecteur PL259 monté."),
        link("Voir les antennes VHF en fibre de verre", "/catalogue/antennes-vhf-fibre-de-verre"),
      ],
    },
    {
      category: "reglementation",
      slug: "collecte-des-feux-de-detresse-perimes",
      title: "Feux de détresse périmés : la collecte continue en magasin",
      summary:
        "Les signaux pyrotechniques périmés ne vont ni à la poubelle ni en déchetterie : vos magasins peuvent continuer à les reprendre gratuitement.",
      daysAgo: 55,
      picture: "/images/actualites/pyrotechnie.svg",
      alt: "Dessin d'un bac de collecte rempli de feux à main",
      body: [
        p(
          "Les feux à main, fusées parachutes et fumigènes ont une date de péremption. Une fois périmés, ce sont des déchets explosifs : ils doivent être repris par un point de collecte agréé, sans frais pour le plaisancier.",
        ),
        h("Dans vos points de vente"),
        list(
          "Reprenez les signaux périmés de vos clients, sans obligation d'achat.",
          "Stockez-les dans le conteneur fourni par la filière, à l'abri et loin de toute source de chaleur.",
          "Demandez l'enlèvement du conteneur dès qu'il est plein.",
        ),
        p("L'éco-contribution figurant sur nos factures pour ces produits finance cette collecte."),
      ],
    },
    {
      category: "nouveautes-produits",
      slug: "batteries-lithium-lifepo4",
      title: "Batteries lithium LiFePO4 : trois capacités et un chargeur dédié",
      summary:
        "Deux fois plus légères qu'une batterie AGM de même capacité utile, les batteries LiFePO4 arrivent au catalogue avec leur chargeur et leur moniteur.",
      daysAgo: 72,
      picture: "/images/actualites/batterie.svg",
      alt: "Dessin d'une batterie lithium LiFePO4 12 V 100 Ah et de son moniteur de charge",
      body: [
        p(
          "Les batteries lithium fer phosphate (LiFePO4) acceptent des milliers de cycles et restituent presque toute leur capacité. Elles équipent de plus en plus de voiliers de croisière et de bateaux électriques.",
        ),
        list(
          "12 V 50 Ah, pour les petits bateaux et les moteurs électriques.",
          "12 V 100 Ah, le format standard des parcs de servitude.",
          "24 V 100 Ah, pour les propulseurs et les guindeaux.",
        ),
        p(
          "Ces batteries voyagent comme des marchandises dangereuses : elles sont expédiées par transporteur spécialisé, avec leur fiche de données de sécurité.",
        ),
        link("Voir les batteries lithium", "/catalogue/batteries-lithium"),
      ],
    },
    {
      category: "vie-de-l-entreprise",
      slug: "nouvelle-plateforme-logistique-la-rochelle",
      title: "Une nouvelle plateforme logistique à La Rochelle",
      summary:
        "Pour livrer plus vite le littoral atlantique sud, NautiDistrib ouvre une plateforme de 2 500 m² au port de plaisance des Minimes.",
      daysAgo: 95,
      picture: "/images/actualites/entrepot.svg",
      alt: "Dessin d'un entrepôt avec des rayonnages de cartons et un chariot élévateur",
      body: [
        p(
          "Notre nouvelle plateforme de La Rochelle complète l'entrepôt de Lorient. Elle garde en stock les 800 références les plus demandées du littoral atlantique, de la Vendée au Pays basque.",
        ),
        p(
          "Pour vous, rien ne change dans le portail : le stock affiché et les dates de réapprovisionnement tiennent compte des deux sites, et chaque commande part de celui qui peut la livrer le plus vite.",
        ),
        h("Retrait sur place"),
        p(
          "Les clients de la région peuvent retirer leurs commandes au comptoir, du lundi au vendredi de 8 h à 12 h et de 13 h 30 à 17 h 30.",
        ),
      ],
    },
    {
      category: "nouveautes-produits",
      slug: "gilets-autogonflants-avec-harnais",
      title: "Gilets autogonflants 150 N avec harnais intégré",
      summary:
        "Déclenchement automatique ou hydrostatique, harnais et sangle sous-cutale : les nouveaux gilets répondent aux exigences de la navigation hauturière.",
      daysAgo: 118,
      picture: "/images/actualites/gilet.svg",
      alt: "Dessin d'un gilet autogonflant rouge avec sa ceinture et sa longe",
      body: [
        p(
          "Les nouveaux gilets autogonflants 150 N intègrent un harnais de sécurité et un anneau de longe. Ils conviennent à la navigation au-delà de 6 milles d'un abri, où la division 240 impose un gilet d'au moins 150 N.",
        ),
        list(
          "Déclenchement automatique par pastille soluble.",
          "Déclenchement hydrostatique, insensible aux embruns.",
          "Tailles adulte, avec sangle sous-cutale fournie.",
        ),
        p("Leur déclaration UE de conformité est disponible dans l'espace téléchargements."),
        link("Voir la déclaration de conformité", "/telechargements/declarations-de-conformite/epi"),
      ],
    },
    {
      category: "reglementation",
      slug: "division-240-armement-de-securite",
      title: "Division 240 : le matériel de sécurité selon la distance d'un abri",
      summary:
        "Un rappel de l'armement de sécurité des bateaux de plaisance selon la zone de navigation, pour conseiller vos clients avant la saison.",
      daysAgo: 140,
      picture: "/images/actualites/securite.svg",
      alt: "Dessin de matériel de sécurité sur un ponton : bouée, extincteur, gilet et feux à main",
      body: [
        p(
          "La division 240 fixe le matériel de sécurité obligatoire des navires de plaisance de moins de 24 m. Il dépend de la distance à laquelle le bateau s'éloigne d'un abri.",
        ),
        h("Les trois zones"),
        list(
          "Basique, jusqu'à 2 milles d'un abri : un équipement individuel de flottabilité par personne, un moyen de repérage lumineux, un dispositif d'assèchement.",
          "Côtier, jusqu'à 6 milles : en plus, trois feux rouges à main, un compas, les cartes et un moyen de remorquage.",
          "Hauturier, au-delà de 6 milles : une VHF fixe, une radiobalise ou un moyen de localisation, un radeau de survie et des gilets d'au moins 150 N.",
        ),
        p(
          "Les extincteurs dépendent de la motorisation et de l'aménagement du bateau. Votre commercial peut vous aider à composer des kits par zone.",
        ),
      ],
    },
    {
      category: "reglementation",
      slug: "station-radio-demarches-anfr",
      title: "Station radio du bord : les démarches auprès de l'ANFR",
      summary:
        "Une VHF fixe, un transpondeur AIS ou une balise se déclarent auprès de l'Agence nationale des fréquences : ce qu'il faut dire à vos clients qui s'équipent.",
      daysAgo: 168,
      picture: "/images/actualites/radio.svg",
      alt: "Dessin d'une VHF portable réglée sur le canal 16",
      body: [
        p(
          "Un bateau équipé d'une VHF fixe, d'un transpondeur AIS ou d'une balise de détresse déclare sa station radio auprès de l'Agence nationale des fréquences (ANFR). La démarche se fait en ligne, et c'est elle qui attribue au navire son numéro MMSI.",
        ),
        p(
          "Une VHF portable sans appel sélectif numérique n'a pas de MMSI à programmer. Dès qu'elle a l'ASN, elle en a besoin, comme une VHF fixe.",
        ),
        p(
          "Pour utiliser la VHF, le chef de bord doit aussi être titulaire du permis plaisance en eaux territoriales, ou du certificat restreint de radiotéléphoniste (CRR) au-delà.",
        ),
      ],
    },
    {
      category: "vie-de-l-entreprise",
      slug: "horaires-fetes-de-fin-d-annee",
      title: "Horaires des fêtes de fin d'année",
      summary:
        "Le service clients et les entrepôts ferment les 25 décembre et 1er janvier ; les dernières expéditions avant les fêtes partent le 23 décembre.",
      daysAgo: -6,
      picture: "/images/actualites/calendrier.svg",
      alt: "Dessin d'un calendrier de décembre, un jour de fermeture entouré",
      body: [
        p(
          "Le service clients et les deux entrepôts sont fermés les 25 décembre et 1er janvier. Les commandes confirmées avant le 23 décembre à 14 h partent avant les fêtes.",
        ),
        p("Le portail reste ouvert : les commandes passées pendant les fermetures partent le premier jour ouvré suivant."),
      ],
    },
  ];
}
