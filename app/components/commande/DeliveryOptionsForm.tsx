import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import { Money } from "~/components/ui/Money";
import { useHydrated } from "~/lib/useHydrated";

interface Props {
  lddActive: boolean;
  saturday: boolean;
  lddPrice: number | null;
  todayIsFriday: boolean;
}

/**
 * Direct delivery (ldd) and Saturday: without JavaScript the button saves them and the page
 * comes back with the shipping lines recomputed; with it each change is saved at once and
 * the page's data (lines, totals) is revalidated.
 */
export function DeliveryOptionsForm({ lddActive, saturday, lddPrice, todayIsFriday }: Props) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const submitOnChange = (event: FormEvent<HTMLFormElement>) => {
    if (hydrated) fetcher.submit(event.currentTarget, { method: "post" });
  };
  return (
    <fetcher.Form method="post" className="cart-options" onChange={submitOnChange}>
      <input type="hidden" name="intent" value="options" />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <fieldset>
        <legend>Options de livraison</legend>
        <label className="cart-options__toggle">
          <input type="checkbox" name="ldd" defaultChecked={lddActive} data-testid="toggle-ldd" />
          Livraison directe chez votre client (express)
          {lddPrice !== null ? (
            <span className="muted">
              {" "}
              · forfait <Money cents={lddPrice} /> HT
            </span>
          ) : null}
        </label>
        <label className="cart-options__toggle">
          <input type="checkbox" name="saturday" defaultChecked={saturday} data-testid="toggle-saturday" />
          Livraison le samedi
          <span className="muted">
            {" "}
            · {todayIsFriday ? "facturée pour une commande passée aujourd'hui (vendredi)" : "facturée seulement pour une commande passée un vendredi"}
          </span>
        </label>
        {hydrated ? null : (
          <button type="submit" className="button">
            Recalculer les frais de port
          </button>
        )}
      </fieldset>
    </fetcher.Form>
  );
}
