import type { OrgPerson, UserChange, UsersResponse } from "@shared/contracts/users";
import { USER_FLAGS, USER_FLAG_LABELS, type UserFlag, type UserHistoryRow, type UserRow, type UsersView } from "./types";

/** The history lines shown: the latest changes, the back-office sends them newest first. */
const HISTORY_LIMIT = 30;

function rowOf(person: OrgPerson, selfId: number): UserRow {
  return {
    id: person.usr_id,
    name: person.name,
    email: person.email,
    flags: { ...person.flags },
    isAdmin: person.is_admin,
    state: person.state,
    lastLoginAt: person.last_login_at,
    invitationExpiresAt: person.invitation?.expires_at ?? null,
    invitationExpired: person.invitation?.expired ?? false,
    isSelf: person.usr_id === selfId,
  };
}

function isFlag(name: string): name is UserFlag {
  return (USER_FLAGS as readonly string[]).includes(name);
}

/** « Voir les prix retiré, Passer commande accordé »: the flags a change set, in words. */
function flagsSummary(details: UserChange["details"]): string {
  const parts = Object.entries(details ?? {})
    .filter(([name, value]) => isFlag(name) && typeof value === "boolean")
    .map(([name, value]) => `${USER_FLAG_LABELS[name as UserFlag]} ${value ? "accordé" : "retiré"}`);
  return parts.length > 0 ? parts.join(", ") : "droits modifiés";
}

const SUMMARIES: Record<Exclude<UserChange["change"], "flags">, string> = {
  created: "compte créé par le distributeur",
  invited: "invité",
  invitation_resent: "invitation renvoyée",
  invitation_revoked: "invitation révoquée",
  invitation_accepted: "invitation acceptée",
  admin_granted: "devenu administrateur",
  admin_removed: "n'est plus administrateur",
  disabled: "désactivé",
  enabled: "réactivé",
  password_changed: "mot de passe changé",
  details_changed: "informations personnelles modifiées",
};

function historyRow(change: UserChange, index: number): UserHistoryRow {
  return {
    id: index,
    at: change.at,
    author: change.actor_name,
    target: change.target_name,
    summary: change.change === "flags" ? flagsSummary(change.details) : SUMMARIES[change.change],
  };
}

/** The page's view of GET /api/crm/users: `selfId` is the caller (no self-deactivation). */
export function usersViewOf(response: UsersResponse, selfId: number): UsersView {
  return {
    rows: response.people.map((person) => rowOf(person, selfId)),
    history: response.history.slice(0, HISTORY_LIMIT).map(historyRow),
  };
}
