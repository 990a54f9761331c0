import { useFetcher, useFetchers, useLocation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { addToCartFetchData, showAddToCartAnswer } from "~/components/cart/AddToCartForm";
import { AddToCartModal } from "~/components/cart/AddToCartModal";
import { ADD_TO_CART_ACTION, type AddToCartAnswer, type AddedToCart } from "~/services/cart/types";
import { FAVORITES_ACTION } from "./FavoriteToggle";

/**
 * The add-to-cart and favourite forms of a product list, handled once for the whole list.
 * Cards render plain forms (the no-JavaScript behaviour: a real POST and a redirect back with
 * a flash message); with JavaScript, their submit events bubble to the list, which sends them
 * by keyed fetchers: one per product and action, as when each card had its own fetcher, but
 * without a useFetcher per card on the server (24 cards, two forms each, rendered per request;
 * docs/decisions/0084-category-page-render-cost.md).
 */

const ADD_KEY = "carte-panier:";
const FAVORITE_KEY = "carte-favori:";

export interface CardActions {
  /** Where the forms send a browser without JavaScript back to. */
  back: string;
  /** Products whose add-to-cart call is running. */
  adding: ReadonlySet<number>;
  /** Favourite states asked for and not yet saved (optimistic), by product. */
  favoriteAsked: ReadonlyMap<number, boolean>;
  onSubmit: (event: FormEvent<HTMLElement>) => void;
  /** What the list renders once: the watchers of the running additions and the modal. */
  overlay: JSX.Element;
}

/**
 * Reads one keyed add-to-cart fetcher, mounted only from its submit to its answer. The router's
 * updates are transitions, so a busy page may never render the fetcher's running states: an
 * answer other than the one there at mount counts as the answer even if none was seen running.
 */
function AddToCartWatch({ fetcherKey, onAnswer }: { fetcherKey: string; onAnswer: (key: string, answer: AddToCartAnswer | null) => void }) {
  const fetcher = useFetcher<AddToCartAnswer>({ key: fetcherKey });
  const [started, setStarted] = useState(false);
  const [dataAtMount] = useState(() => fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle") setStarted(true);
    else if (started || fetcher.data !== dataAtMount) onAnswer(fetcherKey, fetcher.data ?? null);
  }, [fetcher.state, fetcher.data, started, dataAtMount, fetcherKey, onAnswer]);
  return null;
}

function productIdOf(data: FormData | undefined, field: string): number | null {
  const value = data?.get(field);
  return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
}

export function useCardActions(): CardActions {
  const location = useLocation();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const [watched, setWatched] = useState<string[]>([]);
  const [shown, setShown] = useState<AddedToCart | null>(null);

  const adding = new Set<number>();
  const favoriteAsked = new Map<number, boolean>();
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle") continue;
    if (fetcher.key.startsWith(ADD_KEY)) {
      const id = productIdOf(fetcher.formData, "productId");
      if (id !== null) adding.add(id);
    } else if (fetcher.key.startsWith(FAVORITE_KEY)) {
      const id = productIdOf(fetcher.formData, "product_id");
      // While the call runs and the page revalidates, show the state asked for.
      if (id !== null) favoriteAsked.set(id, fetcher.formData?.get("intent") === "add");
    }
  }

  const onAnswer = useCallback((key: string, answer: AddToCartAnswer | null) => {
    setWatched((keys) => keys.filter((watchedKey) => watchedKey !== key));
    if (answer) showAddToCartAnswer(answer, setShown);
  }, []);

  function onSubmit(event: FormEvent<HTMLElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const action = form.getAttribute("action");
    if (action === ADD_TO_CART_ACTION) {
      event.preventDefault();
      const data = addToCartFetchData(form);
      const key = `${ADD_KEY}${String(data.get("productId"))}`;
      setWatched((keys) => (keys.includes(key) ? keys : [...keys, key]));
      submit(data, { method: "post", action, navigate: false, fetcherKey: key });
    } else if (action === FAVORITES_ACTION) {
      event.preventDefault();
      const data = new FormData(form);
      submit(data, { method: "post", action, navigate: false, fetcherKey: `${FAVORITE_KEY}${String(data.get("product_id"))}` });
    }
  }

  const overlay = (
    <>
      {watched.map((key) => (
        <AddToCartWatch key={key} fetcherKey={key} onAnswer={onAnswer} />
      ))}
      {shown ? <AddToCartModal added={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
  return { back: `${location.pathname}${location.search}`, adding, favoriteAsked, onSubmit, overlay };
}
