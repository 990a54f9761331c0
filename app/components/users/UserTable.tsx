import { formatDateTime } from "@shared/domain/french-format";
import { USER_FLAGS, USER_FLAG_LABELS, USER_STATE_LABELS, type UserRow } from "~/services/users/types";
import { FlagSwitch } from "./FlagSwitch";
import { UserActions } from "./UserActions";

function LastLogin({ user }: { user: UserRow }) {
  if (user.state === "invited" && user.invitationExpiresAt) {
    return user.invitationExpired ? (
      <>Invitation expirée le {formatDateTime(user.invitationExpiresAt)} : renvoyez-la</>
    ) : (
      <>Invitation valable jusqu'au {formatDateTime(user.invitationExpiresAt)}</>
    );
  }
  return <>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : "Jamais"}</>;
}

/** Why a person's admin role or state cannot be changed from here, if it cannot; null otherwise. */
function lockReason(user: UserRow, activeAdmins: number): string | null {
  if (user.isSelf) return "C'est vous : un autre administrateur peut changer votre rôle.";
  if (user.isAdmin && user.state === "active" && activeAdmins <= 1)
    return "Dernier administrateur : nommez-en un autre avant de lui retirer ce rôle ou de le désactiver.";
  return null;
}

/** Under the invoices switch of a person without prices (decision 0188). */
const INVOICES_NEED_PRICES_NOTE = "Accordez d'abord « Voir les prix » : une facture montre les montants.";
const INVOICES_FOLLOW_PRICES =
  "Les factures montrent les montants : « Voir les factures » demande « Voir les prix », et retirer « Voir les prix » retire aussi « Voir les factures ».";

/**
 * The organization's people accounts: one row each, its five rights and the admin role as
 * switches (each a small form, FlagSwitch). The back-office refuses to remove the last active
 * administrator and to deactivate oneself; the page does not offer it either and says why
 * under the role's switch. Rights stay editable in every state: they apply once the person
 * logs in (invited) or comes back (reactivated).
 */
export function UserTable({ rows }: { rows: UserRow[] }) {
  const activeAdmins = rows.filter((row) => row.isAdmin && row.state === "active").length;
  return (
    <div className="users-table__scroll">
      <p className="muted">{INVOICES_FOLLOW_PRICES}</p>
      <table className="table users-table">
        <caption>Utilisateurs de l'organisation</caption>
        <thead>
          <tr>
            <th scope="col">Utilisateur</th>
            <th scope="col">État</th>
            <th scope="col">Dernière connexion</th>
            {USER_FLAGS.map((flag) => (
              <th scope="col" key={flag}>
                {USER_FLAG_LABELS[flag]}
              </th>
            ))}
            <th scope="col">Administrateur</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => {
            const reason = lockReason(user, activeAdmins);
            const reasonId = reason ? `utilisateur-${user.id}-verrou` : undefined;
            return (
              <tr key={user.id} data-state={user.state}>
                <th scope="row">
                  {user.name}
                  {user.isSelf ? <span className="muted"> (vous)</span> : null}
                  <br />
                  <span className="muted">{user.email}</span>
                </th>
                <td>{USER_STATE_LABELS[user.state]}</td>
                <td>
                  <LastLogin user={user} />
                </td>
                {USER_FLAGS.map((flag) => (
                  <td key={flag}>
                    {/* The column's title, shown where the table's header is hidden (narrow screens). */}
                    <span className="users-table__label" aria-hidden="true">
                      {USER_FLAG_LABELS[flag]}
                    </span>
                    <FlagSwitch
                      userId={user.id}
                      userName={user.name}
                      intent="droit"
                      flag={flag}
                      label={USER_FLAG_LABELS[flag]}
                      on={user.flags[flag]}
                      requires={
                        flag === "invoices"
                          ? {
                              flag: "prices",
                              on: user.flags.prices,
                              reason: INVOICES_NEED_PRICES_NOTE,
                              reasonId: `utilisateur-${user.id}-factures`,
                            }
                          : undefined
                      }
                    />
                  </td>
                ))}
                <td>
                  <span className="users-table__label" aria-hidden="true">
                    Administrateur
                  </span>
                  <FlagSwitch
                    userId={user.id}
                    userName={user.name}
                    intent="admin"
                    label="Administrateur"
                    on={user.isAdmin}
                    disabled={user.state === "disabled" || reason !== null}
                    describedBy={reasonId}
                  />
                  {reason ? (
                    <p id={reasonId} className="muted users-table__reason">
                      {reason}
                    </p>
                  ) : null}
                </td>
                <td>
                  <UserActions user={user} locked={reason !== null} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
