import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ApprovalActionsView } from "~/services/approvals/request-types";
import type { FormAnswer } from "~/services/forms/types";

/**
 * The request page's actions, only those the back-office offers (`actions`): each a plain POST
 * with its `intent` (no JavaScript needed), answered with a 303 and a toast. A refusal without
 * its reason is drawn again with the message under the field and what was typed.
 */
export function ApprovalActionForms({
  number,
  actions,
  approveTotalHt,
  answer,
}: {
  number: string;
  actions: ApprovalActionsView;
  approveTotalHt: number | null;
  answer: FormAnswer | null;
}) {
  const refusal = answer && !answer.ok && answer.values?.intent === "refuse" ? answer : null;
  const reasonError = refusal ? (refusal.errors?.motif ?? refusal.message) : undefined;
  const otherError = answer && !answer.ok && answer.values?.intent !== "refuse" ? answer.message : null;
  return (
    <div className="request-actions">
      {otherError ? (
        <p className="form__error form__error--global" role="alert">
          {otherError}
        </p>
      ) : null}
      {actions.approve ? (
        <ActionForm intent="approve" title="Approuver la demande">
          <input type="hidden" name="total_ht" value={approveTotalHt === null ? "" : String(approveTotalHt)} />
          <p>La commande sera passée au nom du demandeur, aux prix d'aujourd'hui affichés ci-dessus.</p>
          <Submit label="Approuver" primary />
        </ActionForm>
      ) : null}
      {actions.refuse ? (
        <ActionForm intent="refuse" title="Refuser la demande">
          <div className="field">
            <label htmlFor="refus-motif">Motif du refus (le demandeur le lira)</label>
            <textarea
              id="refus-motif"
              name="motif"
              rows={3}
              maxLength={1000}
              required
              defaultValue={refusal?.values?.motif ?? ""}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "refus-motif-erreur" : undefined}
            />
            {reasonError ? (
              <p id="refus-motif-erreur" className="form__error" role="alert">
                {reasonError}
              </p>
            ) : null}
          </div>
          <Submit label="Refuser" />
        </ActionForm>
      ) : null}
      {actions.withdraw ? (
        <ActionForm intent="withdraw" title="Retirer la demande">
          <p>La demande {number} ne sera plus proposée aux valideurs.</p>
          <Submit label="Retirer la demande" />
        </ActionForm>
      ) : null}
      {actions.restore ? (
        <ActionForm intent="restore" title="Remettre les produits dans le panier">
          <p>Les produits de la demande rejoignent le panier partagé de votre organisation, aux prix d'aujourd'hui.</p>
          <Submit label="Remettre dans le panier" />
        </ActionForm>
      ) : null}
    </div>
  );
}

function ActionForm({ intent, title, children }: { intent: string; title: string; children: ReactNode }) {
  return (
    <Form method="post" className="form request-form" aria-labelledby={`demande-${intent}-titre`}>
      <h3 id={`demande-${intent}-titre`}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function Submit({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <p>
      <button type="submit" className={primary ? "button button--primary" : "button"}>
        {label}
      </button>
    </p>
  );
}
