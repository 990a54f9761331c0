import { frenchDateTime } from "~/components/compte/format";
import { USER_FLAGS, USER_FLAG_LABELS, USER_STATE_LABELS, type UserRow } from "~/services/users/types";
import { FlagSwitch } from "./FlagSwitch";
import { UserActions } from "./UserActions";

function LastLogin({ user }: { user: UserRow }) {
  if (user.state === "invited" && user.invitationExpiresAt) return <>Invitation valable jusqu'au {frenchDateTime(user.invitationExpiresAt)}</>;
  return <>{user.lastLoginAt ? frenchDateTime(user.lastLoginAt) : "Jamais"}</>;
}

/**
 * The organization's people accounts: one row each, its five rights and the admin role as
 * switches. The only administrator left cannot lose the role (the back-office refuses it as
 * well), so its switch is shown disabled with the reason.
 */
export function UserTable({ rows }: { rows: UserRow[] }) {
  const admins = rows.filter((row) => row.isAdmin && row.state === "active").length;
  return (
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
          const lastAdmin = user.isAdmin && admins <= 1;
          return (
            <tr key={user.id}>
              <th scope="row">
                {user.name}
                <br />
                <span className="muted">{user.email}</span>
              </th>
              <td>{USER_STATE_LABELS[user.state]}</td>
              <td>
                <LastLogin user={user} />
              </td>
              {USER_FLAGS.map((flag) => (
                <td key={flag}>
                  <FlagSwitch userId={user.id} userName={user.name} intent="droit" flag={flag} label={USER_FLAG_LABELS[flag]} on={user.flags[flag]} disabled={user.state === "disabled"} />
                </td>
              ))}
              <td>
                <FlagSwitch userId={user.id} userName={user.name} intent="admin" label="Administrateur" on={user.isAdmin} disabled={user.state !== "active" || lastAdmin || (user.isSelf && user.isAdmin)} />
                {lastAdmin ? <p className="muted">Dernier administrateur</p> : null}
              </td>
              <td>
                <UserActions user={user} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
