import { Form } from "@remix-run/react";
import type { UserIntent, UserRow } from "~/services/users/types";

function ActionButton({ user, intent, label }: { user: UserRow; intent: UserIntent; label: string }) {
  return (
    <Form method="post" className="inline-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="utilisateur" value={user.id} />
      <button type="submit" className="link-button" aria-label={`${label} : ${user.name}`}>
        {label}
      </button>
    </Form>
  );
}

/**
 * What can be done to a person besides its rights: an invitation is re-sent or revoked; an
 * account is deactivated or reactivated (never deleted: its orders keep their author).
 * `locked`: oneself or the last administrator, whom the back-office refuses to deactivate;
 * no button then (the reason is under the role's switch). Reactivating is always offered.
 */
export function UserActions({ user, locked = false }: { user: UserRow; locked?: boolean }) {
  if (user.state === "invited") {
    return (
      <div className="user-actions">
        <ActionButton user={user} intent="renvoyer" label="Renvoyer l'invitation" />
        <ActionButton user={user} intent="revoquer" label="Révoquer l'invitation" />
      </div>
    );
  }
  if (user.state === "disabled") return <ActionButton user={user} intent="reactiver" label="Réactiver" />;
  return locked ? null : <ActionButton user={user} intent="desactiver" label="Désactiver" />;
}
