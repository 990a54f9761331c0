import { Form, useNavigation } from "@remix-run/react";
import { APPROVAL_MESSAGE_MAX, REQUEST_APPROVAL_INTENT } from "~/services/checkout/types";

/**
 * « Demander la validation »: the summary's ending for a cart that needs approval
 * (docs/approvals.md), in place of the confirm button. As the confirmation, the form carries the
 * cart version and its key (one request however many clicks), and an optional message for the
 * person who approves.
 */
export function RequestApprovalForm({ version, idempotencyKey }: { version: number; idempotencyKey: string }) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formAction?.startsWith("/commander/recapitulatif") === true &&
    navigation.formData?.get("intent") === REQUEST_APPROVAL_INTENT;
  return (
    <Form method="post" className="confirm-order request-approval">
      <input type="hidden" name="intent" value={REQUEST_APPROVAL_INTENT} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="key" value={idempotencyKey} />
      <div className="field">
        <label htmlFor="approval-message">Message pour la personne qui valide (facultatif)</label>
        <textarea id="approval-message" name="message" rows={3} maxLength={APPROVAL_MESSAGE_MAX} aria-describedby="approval-message-aide" />
        <p id="approval-message-aide" className="field__hint">
          1 000 caractères au plus. Votre panier sera vidé : la demande garde ses lignes jusqu'à la décision.
        </p>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={sending} data-testid="request-approval">
        {sending ? "Envoi de la demande…" : "Demander la validation"}
      </button>
    </Form>
  );
}
