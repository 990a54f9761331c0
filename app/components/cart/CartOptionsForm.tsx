import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CartView } from "~/services/cart/types";
import { FETCH_MODE_FIELD, FETCH_MODE_VALUE, type FormAnswer } from "~/services/forms/types";
import { Money } from "~/components/ui/Money";
import { useHydrated } from "~/lib/useHydrated";
import { FreeShippingNotice, OptionCost } from "./ShippingOffers";
import { useSavedField } from "./useSavedField";

const CART_ACTION = "/mon-panier?index";

type OptionName = "ldd" | "saturday";

const checkboxValue = (checked: boolean) => (checked ? "on" : "off");

/**
 * One delivery option: the box shown, the saved state, and its own fetcher (toggling one
 * option never cancels the other's save). A refused save is not revalidated: the box goes
 * back to the saved state and the reason is kept for the form to show.
 *
 * `ref` reads the box when React takes it over: a box the user toggled before the page
 * hydrated keeps its state and is `unsent` until the form sends it like a toggle.
 */
function useOptionToggle(saved: boolean) {
  const field = useSavedField(saved);
  const fetcher = useFetcher<FormAnswer>();
  const [failure, setFailure] = useState<string | null>(null);
  const [unsent, setUnsent] = useState(false);
  const { reset, adopt } = field;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setFailure(fetcher.data.ok ? null : fetcher.data.message);
    if (!fetcher.data.ok) reset();
  }, [fetcher.state, fetcher.data, reset]);
  const ref = useCallback(
    (input: HTMLInputElement | null) => {
      if (input && adopt(input.checked)) setUnsent(true);
    },
    [adopt],
  );
  const markSent = useCallback(() => setUnsent(false), []);
  return { ...field, fetcher, failure, ref, unsent, markSent };
}

interface CartOptionsFormProps {
  view: CartView;
  /** Where the form posts: the cart's action, or the delivery step's (/commander/livraison). */
  action?: string;
  legend?: string;
  /** The button that sends the form without JavaScript. */
  applyLabel?: string;
}

/**
 * The delivery toggles, direct delivery (ldd) and Saturday, on /mon-panier and on
 * /commander/livraison alike: one form, so the two pages cannot drift apart. Without
 * JavaScript the button sends them; with it each change is sent at once and the totals follow.
 * Every box goes with the state shown before the change (`was:`), so the one left alone
 * never undoes a colleague's choice (services/cart/intents.server.ts, decision 0090).
 */
export function CartOptionsForm({ view, action = CART_ACTION, legend = "Livraison", applyLabel = "Appliquer" }: CartOptionsFormProps) {
  const hydrated = useHydrated();
  const options = { ldd: useOptionToggle(view.lddActive), saturday: useOptionToggle(view.saturday) };
  // One line per distinct reason: both saves refused by an unavailable back-office say it once.
  const failures = [...new Set([options.ldd.failure, options.saturday.failure])].filter((failure) => failure !== null);

  const submit = (changed: OptionName, before: Record<OptionName, boolean>, after: Record<OptionName, boolean>) => {
    const fields: Record<string, string> = {
      intent: "options",
      [FETCH_MODE_FIELD]: FETCH_MODE_VALUE,
      "was:ldd": checkboxValue(before.ldd),
      "was:saturday": checkboxValue(before.saturday),
    };
    if (after.ldd) fields.ldd = "on";
    if (after.saturday) fields.saturday = "on";
    options[changed].fetcher.submit(fields, { method: "post", action });
  };

  const toggle = (changed: OptionName, checked: boolean) => {
    const before = { ldd: options.ldd.shown, saturday: options.saturday.shown };
    options[changed].show(checked);
    if (!hydrated) return;
    submit(changed, before, { ...before, [changed]: checked });
  };

  // The boxes toggled before the page hydrated go as if toggled one after the other once it
  // has: each by its own fetcher, with the saved state of the boxes not yet sent as `was:`.
  // Sent from a timer that the cleanup cancels, like the quantity's debounce: useFetcher aborts
  // its submission when its component unmounts, StrictMode's rehearsed unmount included.
  const unsent = { ldd: options.ldd.unsent, saturday: options.saturday.unsent };
  const latest = useRef({ options, submit });
  useEffect(() => {
    latest.current = { options, submit };
  });
  useEffect(() => {
    if (!unsent.ldd && !unsent.saturday) return;
    const timer = setTimeout(() => {
      const { options: now, submit: send } = latest.current;
      let before = { ldd: now.ldd.saved, saturday: now.saturday.saved };
      for (const changed of ["ldd", "saturday"] as const) {
        if (!now[changed].unsent) continue;
        const after = { ...before, [changed]: now[changed].shown };
        send(changed, before, after);
        now[changed].markSent();
        before = after;
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [unsent.ldd, unsent.saturday]);

  return (
    <form method="post" action={action} className="cart-options">
      <input type="hidden" name="intent" value="options" />
      <input type="hidden" name="was:ldd" value={checkboxValue(options.ldd.saved)} />
      <input type="hidden" name="was:saturday" value={checkboxValue(options.saturday.saved)} />
      <fieldset disabled={!view.canEdit}>
        <legend>{legend}</legend>
        {view.freeShipping ? <FreeShippingNotice progress={view.freeShipping} /> : null}
        <label className="cart-options__toggle">
          <input
            type="checkbox"
            name="ldd"
            ref={options.ldd.ref}
            checked={options.ldd.shown}
            onChange={(event) => toggle("ldd", event.target.checked)}
            data-testid="toggle-ldd"
          />
          Livraison directe chez votre client (express)
          {view.optionCosts !== null ? (
            <span className="muted" data-testid="ldd-cost">
              {" "}
              · <OptionCost cents={view.optionCosts.ldd} />
              {view.lddPrice !== null ? (
                <>
                  , forfait de <Money cents={view.lddPrice} /> compris
                </>
              ) : null}
            </span>
          ) : null}
        </label>
        <label className="cart-options__toggle">
          <input
            type="checkbox"
            name="saturday"
            ref={options.saturday.ref}
            checked={options.saturday.shown}
            onChange={(event) => toggle("saturday", event.target.checked)}
            data-testid="toggle-saturday"
          />
          Livraison le samedi
          <span className="muted" data-testid="saturday-cost">
            {" "}
            ·{" "}
            {view.todayIsFriday ? (
              <>
                {view.optionCosts !== null ? (
                  <>
                    <OptionCost cents={view.optionCosts.saturday} />,{" "}
                  </>
                ) : null}
                facturée pour une commande passée aujourd&apos;hui (vendredi)
              </>
            ) : (
              "facturée seulement pour une commande passée un vendredi : sans supplément aujourd'hui"
            )}
          </span>
        </label>
        {failures.map((failure) => (
          <p key={failure} className="form__error" role="alert">
            {failure}
          </p>
        ))}
        {hydrated ? null : (
          <button type="submit" className="button">
            {applyLabel}
          </button>
        )}
      </fieldset>
    </form>
  );
}
