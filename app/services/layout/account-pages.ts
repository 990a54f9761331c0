import type { AuthUser } from "@shared/contracts/entities";
import { permissionsOf } from "@shared/domain/permissions";
import type { AccountMenuAccess, AccountPageLink } from "./types";

/**
 * Who may open which account page (issue 20, docs/users.md « Portal pages »), in one place for
 * the account menu, the account home and the pages' own guards. Pure: no server code, so the
 * menu component may use `settingsLinksFor` too.
 */

/** The organization account (also when a contributor logged in as it) or a people account made administrator. */
export function canManageUsers(user: AuthUser): boolean {
  return user.obj_class === "organization" || (user.obj_class === "people" && user.obj_properties.admin === true);
}

export function accountAccessOf(user: AuthUser, master: AuthUser | null): AccountMenuAccess {
  const permissions = permissionsOf(user, master);
  return {
    canViewQuotes: permissions.canViewQuotes,
    canViewInvoices: permissions.canViewInvoices,
    canViewPrices: permissions.canViewPrices,
    canPickClients: permissions.canPickClients,
    canUpdateCart: permissions.canUpdateCart,
    canSchedule: permissions.canUpdateCart || permissions.canOrder,
    canReturn: permissions.canOrder,
    canManageUsers: canManageUsers(user),
    canConfigureAlerts: permissions.canConfigureAlerts,
    // Acting for a client, the session is the client's: its password is not the contributor's to change.
    canChangePassword: master === null,
  };
}

/** The account's settings pages, in the order the menu and the home page show them. */
const SETTINGS_PAGES: readonly (AccountPageLink & { needs: keyof AccountMenuAccess | null })[] = [
  { to: "/mon-compte/informations-personnelles", label: "Informations personnelles", needs: null },
  { to: "/mon-compte/mot-de-passe", label: "Mot de passe", needs: "canChangePassword" },
  { to: "/mon-compte/utilisateurs", label: "Utilisateurs", needs: "canManageUsers" },
  { to: "/mon-compte/alertes-emails", label: "Alertes e-mail", needs: "canConfigureAlerts" },
];

/** The settings pages this access opens: never a link to a page that would answer 404. */
export function settingsLinksFor(access: AccountMenuAccess): AccountPageLink[] {
  return SETTINGS_PAGES.filter((page) => page.needs === null || access[page.needs]).map(({ to, label }) => ({ to, label }));
}
