import { Form, Link } from "@remix-run/react";
import { WITHDRAW_PARAM, returnPath } from "~/services/returns/types";

/**
 * « Annuler la demande »: a link to the page's confirmation step (`?annuler=1`), whose form
 * alone sends the withdrawal (no JavaScript needed), as the schedules' deletion.
 */
export function WithdrawReturn({ number, confirm }: { number: string; confirm: boolean }) {
  if (!confirm) {
    return (
      <p>
        Tant que NautiDistrib n&apos;a pas répondu, vous pouvez annuler cette demande.{" "}
        <Link to={`${returnPath(number)}?${WITHDRAW_PARAM}=1#annulation`} className="button">
          Annuler la demande…
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" className="return-withdraw" id="annulation" aria-labelledby="annulation-titre">
      <h3 id="annulation-titre">Annuler la demande de retour {number} ?</h3>
      <p>Les articles redeviennent retournables tant que le délai de retour court.</p>
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="confirmation" value="oui" />
      <p className="return-withdraw__buttons">
        <button type="submit" className="button button--primary">
          Oui, annuler la demande
        </button>{" "}
        <Link to={returnPath(number)}>Non, garder la demande</Link>
      </p>
    </Form>
  );
}
