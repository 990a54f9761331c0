import { Form, useNavigation } from "@remix-run/react";

/**
 * The confirm button. The form carries the cart version and its key only: totals are
 * recomputed on the server. With JavaScript the button is disabled while the order is sent;
 * without it, a second click reaches the server with the same key and changes nothing.
 */
export function ConfirmOrderForm({ version, idempotencyKey }: { version: number; idempotencyKey: string }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction?.startsWith("/commander/recapitulatif") === true;
  return (
    <Form method="post" className="confirm-order">
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="key" value={idempotencyKey} />
      <button type="submit" className="button button--primary button--block" disabled={sending} data-testid="confirm-order">
        {sending ? "Confirmation en cours…" : "Confirmer la commande"}
      </button>
    </Form>
  );
}
