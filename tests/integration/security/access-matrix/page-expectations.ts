import { DEMO_SERVICE_TOKEN } from "../../../../server/backoffice/seed/organizations-data";
import { api, type Kind } from "./accounts";
import { all, type Answer, type Row } from "./expect";

/**
 * The portal's pages (docs/specification.md §2 and §6): GET for every page and resource route,
 * POST for every action, each with an empty form. Rules in short: a visitor is sent to
 * /connexion; a representative that has not chosen a client to /clients on a client's pages;
 * a missing flag is a 403 page (or a 404 where the page must not tell it exists); another
 * organization's ids are a 404.
 */

/** A signed-in page every account reads. */
const member = (except: Partial<Record<Kind, Answer>> = {}) => all(200, { visitor: "login", ...except });
/** A page of the client organization: a representative chooses a client first. */
const client = (except: Partial<Record<Kind, Answer>> = {}) => member({ contributor: "clients", ...except });
/** One of C0001's own records: the other organization gets a 404. */
const own = (except: Partial<Record<Kind, Answer>> = {}) => client({ otherOrg: 404, ...except });
/** An action: let in, or refused as its page is. */
const action = (page: Record<Kind, Answer>, except: Partial<Record<Kind, Answer>> = {}) =>
  Object.fromEntries(
    Object.entries(page).map(([kind, answer]) => [kind, except[kind as Kind] ?? (answer === 200 ? "in" : answer)]),
  ) as Record<Kind, Answer>;
const guestsOnly = all("home", { visitor: 200 });
/** The representatives' area: a customer account is told nothing exists there. */
const REPRESENTATIVES = all(404, { visitor: "login", contributor: 200, contributorAs: 200 });

/** A checkout step with an empty cart: to the login, the client picker, or back to the cart. */
const checkoutStep = all("redirect /mon-panier", { visitor: "login", contributor: "clients" });

/** Viewing orders and backorders is every account's (decision 0103): `orders` is for ordering. */
const toCart = all("redirect /mon-panier", { visitor: "login" });

const ORDERS = {} as const;
/** Every people account (the organization's account and representatives manage users and alerts). */
const PEOPLE_404 = { people: 404, noCart: 404, noOrders: 404, noQuotes: 404, noInvoices: 404, noPrices: 404 } as const;
const QUOTES = { noQuotes: 404 } as const;
/** Invoices are amounts: without prices, no invoices either (decision 0188). */
const INVOICES = { noInvoices: 403, noPrices: 403 } as const;
const PRICES = { noPrices: 403 } as const;
/** Returns are for whoever may order (docs/returns-portal.md): a 403 page saying so. */
const RETURNS = { noOrders: 403 } as const;
const CART = { noCart: 403 } as const;
const CART_404 = { noCart: 404 } as const;
/** A schedule of the buyer: the storekeeper, whom the no… kinds vary, is a colleague who is not an administrator. */
const COLLEAGUE_404 = { noCart: 404, noOrders: 404, noQuotes: 404, noInvoices: 404, noPrices: 404 } as const;

/** The fixture's return, accepted once (through the distributor's call) for its slip's row. */
let accepted: Promise<void> | null = null;
const acceptedReturn: Row["make"] = async (ids, _account, accounts) => {
  accepted ??= api(accounts.portal, DEMO_SERVICE_TOKEN, `/erp/returns/${ids.returnNumber}/accept`, { body: {} }).then((answer) => {
    if (answer.status !== 200) throw new Error(`acceptance of ${ids.returnNumber}: ${answer.status} ${JSON.stringify(answer.body)}`);
  });
  await accepted;
  return ids;
};

export const PAGE_EXPECTATIONS: Record<string, Row> = {
  "GET /": { path: () => "/", expect: client() },
  // Not found for everyone, a visitor too: nothing tells whether a page exists behind the login.
  "GET /*": { path: () => "/page-qui-nexiste-pas", expect: all(404) },
  "POST /*": { path: () => "/page-qui-nexiste-pas", expect: all(404) },
  "GET /accessibilite": { path: () => "/accessibilite", expect: all(200) },
  "GET /actualites": { path: () => "/actualites", expect: member() },
  "GET /actualites/:catSlug": { path: (ids) => `/actualites/${ids.newsCategory}`, expect: member() },
  "GET /actualites/:catSlug/:newsSlug": { path: (ids) => `/actualites/${ids.newsCategory}/${ids.newsSlug}`, expect: member() },
  "GET /catalogue": { path: () => "/catalogue", expect: client() },
  "GET /catalogue/*": { path: (ids) => `/catalogue/${ids.categoryPath}`, expect: client() },
  "GET /catalogue/marques": { path: () => "/catalogue/marques", expect: client() },
  "GET /catalogue/marques/:slug": { path: (ids) => `/catalogue/marques/${ids.brandSlug}`, expect: client() },
  "GET /catalogue/produit/:id": { path: (ids) => `/catalogue/produit/${ids.productId}`, expect: client() },
  // The search box's suggestions: product names only, for a representative too.
  "GET /catalogue/suggestions": { path: () => "/catalogue/suggestions?q=gilet", expect: member() },
  "GET /clients": { path: () => "/clients", expect: REPRESENTATIVES },
  "POST /clients": { path: () => "/clients", fresh: true, expect: action(REPRESENTATIVES) },
  "GET /clients/devis": { path: () => "/clients/devis", expect: REPRESENTATIVES },
  "GET /clients/devis/:id": { path: (ids) => `/clients/devis/${ids.quoteId}`, expect: REPRESENTATIVES },
  "POST /clients/devis/:id": { path: (ids) => `/clients/devis/${ids.quoteId}`, expect: action(REPRESENTATIVES) },
  "GET /clients/devis/:id/pieces-jointes/:attId": {
    path: (ids) => `/clients/devis/${ids.attachmentQuoteId}/pieces-jointes/${ids.attachmentId}`,
    expect: REPRESENTATIVES,
  },
  "GET /clients/devis/:id/proposition/:version.pdf": {
    path: (ids) => `/clients/devis/${ids.quoteId}/proposition/${ids.quoteVersion}.pdf`,
    expect: REPRESENTATIVES,
  },
  // The checkout with an empty cart (every account's here) sends back to the cart, whoever asks:
  // the steps name no id, so another organization only ever reaches its own cart.
  "GET /commander": { path: () => "/commander", expect: all("redirect /commander/livraison") },
  "GET /commander/consignes": { path: () => "/commander/consignes", expect: checkoutStep },
  "POST /commander/consignes": { path: () => "/commander/consignes", expect: checkoutStep },
  "GET /commander/livraison": { path: () => "/commander/livraison", expect: checkoutStep },
  "POST /commander/livraison": { path: () => "/commander/livraison", expect: checkoutStep },
  "GET /commander/recapitulatif": { path: () => "/commander/recapitulatif", expect: checkoutStep },
  // An empty form over an empty cart goes back (to the step, or to the cart without `cart`) before
  // any confirmation: the refusal without `orders` is tested in checkout/confirm-refusals.test.ts.
  "POST /commander/recapitulatif": {
    path: () => "/commander/recapitulatif",
    expect: all("redirect /commander/recapitulatif", { visitor: "login", contributor: "clients", noCart: "redirect /mon-panier" }),
  },
  "GET /commander/terminer": { path: () => "/commander/terminer", expect: checkoutStep },
  "GET /connexion": { path: () => "/connexion", expect: guestsOnly },
  "POST /connexion": { path: () => "/connexion", expect: action(guestsOnly) },
  "GET /demande-ouverture-compte": { path: () => "/demande-ouverture-compte", expect: guestsOnly },
  "POST /demande-ouverture-compte": { path: () => "/demande-ouverture-compte", expect: action(guestsOnly) },
  // The page asks « Se déconnecter ? »; only its POST ends the session.
  "GET /deconnexion": { path: () => "/deconnexion", expect: all(200, { visitor: "login" }) },
  "POST /deconnexion": { path: () => "/deconnexion", fresh: true, expect: all("login") },
  // The e-mails' links: the token is the only proof, so an unknown one is a 404 for everyone.
  "GET /desabonnement": { path: () => "/desabonnement", expect: all(404) },
  "POST /desabonnement": { path: () => "/desabonnement", expect: all(404) },
  "GET /invitation/:token": { path: () => "/invitation/jeton-inconnu", expect: all(404) },
  "POST /invitation/:token": { path: () => "/invitation/jeton-inconnu", expect: all(404) },
  // The old address of the brands' list.
  "GET /marques": { path: () => "/marques", expect: all("redirect /catalogue/marques") },
  // Open to visitors on purpose, against the spec's guard rule (decision 0187).
  "GET /mentions-legales": { path: () => "/mentions-legales", expect: all(200) },
  "GET /mon-compte": { path: () => "/mon-compte", expect: client() },
  // A person's alerts go to its organization's account (docs/alerts.md): 404 for a people account.
  "GET /mon-compte/alertes-emails": { path: () => "/mon-compte/alertes-emails", expect: member(PEOPLE_404) },
  "POST /mon-compte/alertes-emails": { path: () => "/mon-compte/alertes-emails", expect: action(member(PEOPLE_404)) },
  "GET /mon-compte/commandes": { path: () => "/mon-compte/commandes", expect: client({ ...ORDERS }) },
  // Scheduled replenishment (issue 38): whoever may order or fill the cart (every kind here has
  // one of the two); a schedule is its author's (the buyer, the `people` kind) and the
  // administrators'; the storekeeper (the no… kinds) does not see a colleague's (docs/replenishment-portal.md).
  "GET /mon-compte/commandes-programmees": { path: () => "/mon-compte/commandes-programmees", expect: client() },
  // The empty form is refused (400) with its messages: nothing is asked of the back-office.
  "POST /mon-compte/commandes-programmees": {
    path: () => "/mon-compte/commandes-programmees?index",
    expect: action(client(), { otherOrg: 400 }),
  },
  "GET /mon-compte/commandes-programmees/:id": {
    path: (ids) => `/mon-compte/commandes-programmees/${ids.scheduleId}`,
    expect: own({ ...COLLEAGUE_404 }),
  },
  // The empty form (no intent) is refused (400) before the schedule is asked for: nobody learns anything.
  "POST /mon-compte/commandes-programmees/:id": {
    path: (ids) => `/mon-compte/commandes-programmees/${ids.scheduleId}`,
    expect: action(own({ ...COLLEAGUE_404 }), { otherOrg: 400, noCart: 400, noOrders: 400, noQuotes: 400, noInvoices: 400, noPrices: 400 }),
  },
  "GET /mon-compte/commandes/:id": { path: (ids) => `/mon-compte/commandes/${ids.orderId}`, expect: own({ ...ORDERS }) },
  // The order's lines as CSV (issue 38): as its page; the amounts' columns only with `prices`.
  "GET /mon-compte/commandes/:id/export.csv": {
    path: (ids) => `/mon-compte/commandes/${ids.orderId}/export.csv`,
    expect: own({ ...ORDERS }),
  },
  "GET /mon-compte/commandes/:id/commander-a-nouveau": {
    path: (ids) => `/mon-compte/commandes/${ids.orderId}/commander-a-nouveau`,
    expect: own({ ...CART }),
  },
  "POST /mon-compte/commandes/:id/commander-a-nouveau": {
    path: (ids) => `/mon-compte/commandes/${ids.orderId}/commander-a-nouveau`,
    expect: action(own({ ...CART })),
  },
  "GET /mon-compte/commandes/export.csv": { path: () => "/mon-compte/commandes/export.csv", expect: client({ ...ORDERS }) },
  "GET /mon-compte/factures": { path: () => "/mon-compte/factures", expect: client({ ...INVOICES }) },
  "GET /mon-compte/factures/:id": { path: (ids) => `/mon-compte/factures/${ids.invoiceId}`, expect: own({ ...INVOICES }) },
  "GET /mon-compte/factures/:id.pdf": { path: (ids) => `/mon-compte/factures/${ids.invoiceId}.pdf`, expect: own({ ...INVOICES }) },
  "GET /mon-compte/factures/archive.zip": { path: () => "/mon-compte/factures/archive.zip", expect: client({ ...INVOICES }) },
  "POST /mon-compte/factures/archive.zip": { path: () => "/mon-compte/factures/archive.zip", expect: action(client({ ...INVOICES })) },
  "GET /mon-compte/factures/export.csv": { path: () => "/mon-compte/factures/export.csv", expect: client({ ...INVOICES }) },
  "GET /mon-compte/favoris": { path: () => "/mon-compte/favoris", expect: client() },
  "POST /mon-compte/favoris": { path: () => "/mon-compte/favoris", expect: action(client()) },
  "GET /mon-compte/historique": { path: () => "/mon-compte/historique", expect: client() },
  "GET /mon-compte/informations-personnelles": { path: () => "/mon-compte/informations-personnelles", expect: member() },
  "POST /mon-compte/informations-personnelles": { path: () => "/mon-compte/informations-personnelles", expect: action(member()) },
  // The order lists (issue 38, docs/order-lists.md): the `cart` right (a 403 page saying so);
  // the demo's shared list is the buyer's (people), read-only for the storekeeper (the no… kinds);
  // an empty form is refused (400) after the guard, and another organization's list is a 404.
  "GET /mon-compte/listes": { path: () => "/mon-compte/listes", expect: client({ ...CART }) },
  "POST /mon-compte/listes": { path: () => "/mon-compte/listes?index", expect: action(client({ ...CART })) },
  "GET /mon-compte/listes/:id": { path: (ids) => `/mon-compte/listes/${ids.orderListId}`, expect: own({ ...CART }) },
  "POST /mon-compte/listes/:id": { path: (ids) => `/mon-compte/listes/${ids.orderListId}`, expect: action(own({ ...CART })) },
  "GET /mon-compte/listes/:id/export.csv": { path: (ids) => `/mon-compte/listes/${ids.orderListId}/export.csv`, expect: own({ ...CART }) },
  "GET /mon-compte/listes/:id/export.xlsx": {
    path: (ids) => `/mon-compte/listes/${ids.orderListId}/export.xlsx`,
    expect: own({ ...CART }),
  },
  "GET /mon-compte/listes/ajouter": {
    path: () => "/mon-compte/listes/ajouter",
    expect: all("redirect /mon-compte/listes", { visitor: "login", contributor: "clients", ...CART }),
  },
  "POST /mon-compte/listes/ajouter": { path: () => "/mon-compte/listes/ajouter", expect: action(client({ ...CART })) },
  "GET /mon-compte/mes-devis": { path: () => "/mon-compte/mes-devis", expect: client({ ...QUOTES }) },
  "GET /mon-compte/mes-devis/:id": { path: (ids) => `/mon-compte/mes-devis/${ids.quoteId}`, expect: own({ ...QUOTES }) },
  // The empty form is refused (400) before the quote is asked for: another organization learns nothing.
  "POST /mon-compte/mes-devis/:id": {
    path: (ids) => `/mon-compte/mes-devis/${ids.quoteId}`,
    expect: action(own({ ...QUOTES, otherOrg: 400 })),
  },
  "GET /mon-compte/mes-devis/:id/pieces-jointes/:attId": {
    path: (ids) => `/mon-compte/mes-devis/${ids.attachmentQuoteId}/pieces-jointes/${ids.attachmentId}`,
    expect: own({ ...QUOTES }),
  },
  "GET /mon-compte/mes-devis/:id/proposition/:version.pdf": {
    path: (ids) => `/mon-compte/mes-devis/${ids.quoteId}/proposition/${ids.quoteVersion}.pdf`,
    expect: own({ ...QUOTES }),
  },
  "GET /mon-compte/mes-devis/nouveau": { path: () => "/mon-compte/mes-devis/nouveau", expect: client({ ...QUOTES }) },
  "POST /mon-compte/mes-devis/nouveau": { path: () => "/mon-compte/mes-devis/nouveau", expect: action(client({ ...QUOTES })) },
  // A representative acting for a client never sets the client's password.
  "GET /mon-compte/mot-de-passe": { path: () => "/mon-compte/mot-de-passe", expect: member({ contributorAs: 403 }) },
  "POST /mon-compte/mot-de-passe": { path: () => "/mon-compte/mot-de-passe", expect: action(member({ contributorAs: 403 })) },
  // The approval requests (issue 37): whoever may fill the cart; a request is its requester's
  // (the storekeeper, whom the no… kinds vary) and its approvers' (docs/approvals.md).
  "GET /mon-compte/validations": { path: () => "/mon-compte/validations", expect: client({ ...CART_404 }) },
  "GET /mon-compte/validations/:id": {
    path: (ids) => `/mon-compte/validations/${ids.approvalId}`,
    expect: own({ ...CART_404, people: 404 }),
  },
  // The empty form is refused (400) before the request is asked for: nobody learns anything.
  "POST /mon-compte/validations/:id": {
    path: (ids) => `/mon-compte/validations/${ids.approvalId}`,
    expect: action(own({ ...CART_404, people: 400, otherOrg: 400 })),
  },
  // The purchasing rules (issue 37): the users page's people; a representative acting for the
  // client reads them but its POST goes back to the page with the reason (docs/approvals.md).
  // The organization's own codes (issue 38): read by everyone of it, changed with `cart` only.
  "GET /mon-compte/references": { path: () => "/mon-compte/references", expect: client() },
  "POST /mon-compte/references": { path: () => "/mon-compte/references", expect: action(client({ ...CART })) },
  "GET /mon-compte/references/modele.csv": { path: () => "/mon-compte/references/modele.csv", expect: member() },
  "GET /mon-compte/regles-d-achat": { path: () => "/mon-compte/regles-d-achat", expect: member({ ...PEOPLE_404, contributor: 404 }) },
  "POST /mon-compte/regles-d-achat": {
    path: () => "/mon-compte/regles-d-achat",
    expect: action(member({ ...PEOPLE_404, contributor: 404 }), { contributorAs: "redirect /mon-compte/regles-d-achat" }),
  },
  "GET /mon-compte/reliquats": { path: () => "/mon-compte/reliquats", expect: client({ ...ORDERS }) },
  // The empty form is refused (422) before the `orders` flag is looked at (orders/backorders.server.ts).
  "POST /mon-compte/reliquats": { path: () => "/mon-compte/reliquats", expect: action(client({ noOrders: 422 })) },
  "GET /mon-compte/reliquats/export.csv": { path: () => "/mon-compte/reliquats/export.csv", expect: client({ ...ORDERS }) },
  // Returns (issue 39, docs/returns-portal.md): the `orders` right (a 403 page saying so); another
  // organization's order or return is a 404. The empty request form names no order: a 400 for
  // everyone let in; the return's empty form (no intent) is a 400 before the return is asked for.
  "GET /mon-compte/retours": { path: () => "/mon-compte/retours", expect: client({ ...RETURNS }) },
  "GET /mon-compte/retours/nouveau": {
    path: (ids) => `/mon-compte/retours/nouveau?commande=${ids.deliveredOrderId}`,
    expect: own({ ...RETURNS }),
  },
  "POST /mon-compte/retours/nouveau": { path: () => "/mon-compte/retours/nouveau", expect: action(client({ ...RETURNS })) },
  "GET /mon-compte/retours/:number": { path: (ids) => `/mon-compte/retours/${ids.returnNumber}`, expect: own({ ...RETURNS }) },
  "POST /mon-compte/retours/:number": {
    path: (ids) => `/mon-compte/retours/${ids.returnNumber}`,
    expect: action(own({ ...RETURNS }), { otherOrg: 400 }),
  },
  // The fixture's return accepted once by the distributor (its slip exists from then on).
  "GET /mon-compte/retours/:number/bon-de-retour.pdf": {
    path: (ids) => `/mon-compte/retours/${ids.returnNumber}/bon-de-retour.pdf`,
    make: acceptedReturn,
    expect: own({ ...RETURNS }),
  },
  "GET /mon-compte/retours/:number/photos/:photoId": {
    path: (ids) => `/mon-compte/retours/${ids.returnNumber}/photos/${ids.returnPhotoId}`,
    expect: own({ ...RETURNS }),
  },
  "GET /mon-compte/tarifs": { path: () => "/mon-compte/tarifs", expect: client({ ...PRICES }) },
  "GET /mon-compte/tarifs/export.csv": { path: () => "/mon-compte/tarifs/export.csv", expect: client({ ...PRICES }) },
  "GET /mon-compte/tarifs/export.xlsx": { path: () => "/mon-compte/tarifs/export.xlsx", expect: client({ ...PRICES }) },
  "GET /mon-compte/utilisateurs": { path: () => "/mon-compte/utilisateurs", expect: member({ ...PEOPLE_404, contributor: 404 }) },
  "POST /mon-compte/utilisateurs": {
    path: () => "/mon-compte/utilisateurs",
    expect: action(member({ ...PEOPLE_404, contributor: 404 })),
  },
  "GET /mon-panier": { path: () => "/mon-panier", expect: client() },
  // An index route's action is reached with ?index, as its form posts.
  // The empty form (no intent) is a 400 before the cart's rights are looked at: the refusals are
  // tested in cart/contributor-without-client.test.ts and cart/cart-page.test.ts.
  "POST /mon-panier": { path: () => "/mon-panier?index", expect: action(client({ contributor: 400, noCart: 400 })) },
  // The add-to-cart and certificate actions answer the cart page's forms: a GET, a refusal and
  // a representative without a client all go back to the cart, which says why (a toast).
  "GET /mon-panier/ajouter": { path: () => "/mon-panier/ajouter", expect: toCart },
  "POST /mon-panier/ajouter": {
    path: () => "/mon-panier/ajouter",
    expect: action(client(), { noCart: "redirect /mon-panier", contributor: "redirect /mon-panier" }),
  },
  "GET /mon-panier/certificats": { path: () => "/mon-panier/certificats", expect: toCart },
  "POST /mon-panier/certificats": {
    path: () => "/mon-panier/certificats",
    expect: action(client(), { noCart: "redirect /mon-panier", contributor: "redirect /mon-panier" }),
  },
  // A certificate file of C0001's cart: only C0001 (a representative without a client has no cart).
  "GET /mon-panier/certificats/:cerId": {
    path: (ids) => `/mon-panier/certificats/${ids.certificateId}`,
    expect: own({ contributor: 404 }),
  },
  // The quick order's page opens without `cart` (it says the account cannot order); its action refuses.
  "GET /mon-panier/commande-rapide": { path: () => "/mon-panier/commande-rapide", expect: client() },
  "POST /mon-panier/commande-rapide": { path: () => "/mon-panier/commande-rapide", expect: action(client({ ...CART })) },
  // The preview's refusal (no client chosen, no `cart`): a 403 whose body says why, without price nor stock.
  "GET /mon-panier/commande-rapide/apercu": {
    path: (ids) => `/mon-panier/commande-rapide/apercu?ref=${ids.productRef}`,
    expect: member({ contributor: 403, noCart: 403 }),
  },
  // The CSV template is the same file for everyone signed in.
  "GET /mon-panier/commande-rapide/modele.csv": { path: () => "/mon-panier/commande-rapide/modele.csv", expect: member() },
  "GET /mot-de-passe-oublie": { path: () => "/mot-de-passe-oublie", expect: guestsOnly },
  "POST /mot-de-passe-oublie": { path: () => "/mot-de-passe-oublie", expect: action(guestsOnly) },
  "GET /nous-contacter": { path: () => "/nous-contacter", expect: all(200) },
  "POST /nous-contacter": { path: () => "/nous-contacter?index", expect: all("in") },
  "GET /nous-contacter/merci": { path: () => "/nous-contacter/merci", expect: all(200) },
  // Without the e-mailed token the page has nothing to show: 404.
  "GET /nouveau-mot-de-passe": { path: () => "/nouveau-mot-de-passe", expect: all("home", { visitor: 404 }) },
  "POST /nouveau-mot-de-passe": { path: () => "/nouveau-mot-de-passe", expect: all("home", { visitor: 404 }) },
  "GET /politique-de-confidentialite": { path: () => "/politique-de-confidentialite", expect: all(200) },
  "GET /sante": { path: () => "/sante", expect: all(200) },
  "GET /sante/rendu": { path: () => "/sante/rendu", expect: all(200) },
  "GET /telechargements": { path: () => "/telechargements", expect: member() },
  "GET /telechargements/:catSlug": { path: (ids) => `/telechargements/${ids.downloadCategory}`, expect: member() },
  "GET /telechargements/:catSlug/:childSlug": {
    path: (ids) => `/telechargements/${ids.downloadCategory}/${ids.downloadChild}`,
    expect: member(),
  },
  "GET /telechargements/fichier/:id": { path: (ids) => `/telechargements/fichier/${ids.downloadId}`, expect: member() },
};
