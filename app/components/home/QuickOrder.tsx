import { Form, Link } from "@remix-run/react";
import { INITIAL_FORM_KEY } from "~/components/quick-order/QuickOrderForm";
import type { QuickOrderView } from "~/services/home/types";

/**
 * A few references and quantities, sent to the quick order page's own action: it adds them to
 * the shared cart and answers with its report (what was added, what was not and why), so the
 * rules stay in one place and the form works without JavaScript.
 */
export function QuickOrder({ quickOrder }: { quickOrder: QuickOrderView }) {
  return (
    <>
      <Form method="post" action="/mon-panier/commande-rapide" className="form home-quick-order">
        <input type="hidden" name="form_key" value={INITIAL_FORM_KEY} />
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Référence</th>
              <th scope="col">Quantité</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: quickOrder.rows }, (_unused, index) => (
              <tr key={index}>
                <td>
                  <label htmlFor={`accueil-ref-${index}`} className="visually-hidden">
                    Référence, ligne {index + 1}
                  </label>
                  <input id={`accueil-ref-${index}`} type="text" name={`ref_${index}`} maxLength={60} autoComplete="off" />
                </td>
                <td>
                  <label htmlFor={`accueil-qty-${index}`} className="visually-hidden">
                    Quantité, ligne {index + 1}
                  </label>
                  <input id={`accueil-qty-${index}`} type="text" inputMode="numeric" name={`qty_${index}`} maxLength={6} placeholder="1" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="button button--primary">
          Ajouter au panier
        </button>
      </Form>
      <p>
        <Link to="/mon-panier/commande-rapide">Plus de lignes, un collage depuis un tableur ou un fichier</Link>
      </p>
    </>
  );
}
