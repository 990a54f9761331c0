import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import type { CartView } from "../../services/cart-view.server";
import { Money } from "./Money";
import { useHydrated } from "./useHydrated";

/**
 * The delivery toggles: direct delivery (ldd) and Saturday. Without JavaScript the
 * "appliquer" button sends them; with it each change is sent at once and the totals follow.
 */
export function CartOptionsForm({ view }: { view: CartView }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const disabled = !view.canEdit;
  const submitOnChange = (event: FormEvent<HTMLFormElement>) => {
    if (hydrated) fetcher.submit(event.currentTarget, { method: "post", action: "/mon-panier?index" });
  };
  return (
    <fetcher.Form method="post" action="/mon-panier?index" className="cart-options" onChange={submitOnChange}>
      <input type="hidden" name="intent" value="options" />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <fieldset disabled={disabled}>
        <legend>Livraison</legend>
        <label className="cart-options__toggle">
          <input type="checkbox" name="ldd" defaultChecked={view.lddActive} data-testid="toggle-ldd" />
          Livraison directe chez votre client (express)
          {view.lddPrice !== null ? (
            <span className="muted">
              {" "}
              · forfait <Money cents={view.lddPrice} /> HT
            </span>
          ) : null}
        </label>
        <label className="cart-options__toggle">
          <input type="checkbox" name="saturday" defaultChecked={view.saturday} data-testid="toggle-saturday" />
          Livraison le samedi
          <span className="muted">
            {" "}
            · {view.todayIsFriday ? "facturée pour une commande passée aujourd'hui (vendredi)" : "facturée seulement pour une commande passée un vendredi"}
          </span>
        </label>
        {hydrated ? null : (
          <button type="submit" className="button">
            Appliquer
          </button>
        )}
      </fieldset>
    </fetcher.Form>
  );
}
