import { asRouteError } from "~/services/route-errors.server";
import { backorderRow, orderRow } from "./rows.server";
import type { AccountHomeView, AccountShortcut } from "./types";
import type { OrdersUser } from "./user.server";

const LATEST = 5;

/** Links to the account's pages that exist, those the user's rights open (docs/specification.md §6). */
function shortcutsFor(user: OrdersUser): AccountShortcut[] {
  const { permissions } = user;
  const links: AccountShortcut[] = [
    { to: "/mon-compte/commandes", label: "Mes commandes" },
    { to: "/mon-compte/reliquats", label: "Mes reliquats" },
    { to: "/mon-compte/historique", label: "Historique d'achat" },
    { to: "/mon-compte/favoris", label: "Mes favoris" },
  ];
  if (permissions.canViewQuotes) links.push({ to: "/mon-compte/mes-devis", label: "Mes devis" });
  if (permissions.canViewInvoices) links.push({ to: "/mon-compte/factures", label: "Mes factures" });
  if (permissions.canViewPrices) links.push({ to: "/mon-compte/tarifs", label: "Mes tarifs" });
  if (permissions.canUpdateCart) {
    links.push({ to: "/mon-panier", label: "Mon panier" }, { to: "/mon-panier/commande-rapide", label: "Commande rapide" });
    links.push({ to: "/mon-compte/validations", label: "Validations de commandes" });
    links.push({ to: "/mon-compte/listes", label: "Listes de commande" });
  }
  if (permissions.canUpdateCart || permissions.canOrder) {
    links.push({ to: "/mon-compte/commandes-programmees", label: "Commandes programmées" });
  }
  if (permissions.canOrder) links.push({ to: "/mon-compte/retours", label: "Retours" });
  links.push({ to: "/mon-compte/references", label: "Mes références" });
  if (permissions.canPickClients) links.push({ to: "/clients", label: "Changer de client" });
  return links;
}

/**
 * /mon-compte: who is logged in for which organization, the shortcuts, the latest orders, the
 * open back-orders and the contacts. The contacts are asked for only when the class may see
 * them (`canViewContacts`: an organization's account, also when a contributor logged in as it;
 * never a people account), in parallel with the rest
 * (docs/decisions/0106-contacts-on-the-account-home.md).
 */
export async function loadAccountHome(user: OrdersUser): Promise<AccountHomeView> {
  const { user: account, master } = user.session;
  const [orders, backorders, contacts] = await Promise.all([
    user.upstream.orders.list(user.orgId, {}, { page: 1, size: LATEST }),
    user.upstream.orders.backorders(user.orgId, { page: 1, size: LATEST }),
    user.permissions.canViewContacts ? user.upstream.crm.contacts(user.orgId) : Promise.resolve(null),
  ]).catch(asRouteError);
  return {
    userName: account.obj_name,
    organizationName: account.obj_properties.org_name ?? account.obj_name,
    actingAs: master ? master.obj_name : null,
    shortcuts: shortcutsFor(user),
    latestOrders: orders.items.map(orderRow),
    orderTotal: orders.total,
    backorders: backorders.items.map((line) => backorderRow(line, false)),
    backorderTotal: backorders.total,
    showPrices: user.permissions.canViewPrices,
    contacts,
  };
}
