import { Form } from "@remix-run/react";
import type { UserIntent, UserRow } from "~/services/users/types";

function ActionButton({ user, intent, label }: { user: UserRow; intent: UserIntent; label: string }) {
  return (
    <Form method="post" className="inline-form">
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
 * account is deactivated or reactivated (never deleted: its orders keep their author). No
 * button to deactivate oneself: the back-office refuses it too.
 */
export function UserActions({ user }: { user: UserRow }) {
  if (user.state === "invited") {
    return (
      <>
        <ActionButton user={user} intent="renvoyer" label="Renvoyer l'invitation" />
        <ActionButton user={user} intent="revoquer" label="Révoquer l'invitation" />
      </>
    );
  }
  if (user.isSelf) return null;
  return user.state === "active" ? (
    <ActionButton user={user} intent="desactiver" label="Désactiver" />
  ) : (
    <ActionButton user={user} intent="reactiver" label="Réactiver" />
  );
}
