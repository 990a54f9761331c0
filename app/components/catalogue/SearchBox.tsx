import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { productHref } from "./list-url";

export interface Suggestion {
  id: number;
  ref: string;
  title: string;
}

export const SUGGESTIONS_PATH = "/catalogue/suggestions";
const MIN_LENGTH = 2;
const DEBOUNCE_MS = 200;

/**
 * The catalogue's search form (GET /catalogue?q=, as the header's box): with JavaScript,
 * suggestions appear while typing, as links to the products.
 */
export function SearchBox({ defaultQuery }: { defaultQuery: string }) {
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
  const [query, setQuery] = useState(defaultQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { load } = fetcher;

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    const trimmed = query.trim();
    if (trimmed.length < MIN_LENGTH || trimmed === defaultQuery) return;
    timer.current = setTimeout(() => load(`${SUGGESTIONS_PATH}?q=${encodeURIComponent(trimmed)}`), DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [query, defaultQuery, load]);

  const suggestions = query.trim().length >= MIN_LENGTH ? (fetcher.data?.suggestions ?? []) : [];
  return (
    <div className="catalogue-search">
      <Form method="get" action="/catalogue" role="search" className="search-box search-box--wide">
        <label htmlFor="recherche-catalogue">Rechercher une référence, un produit ou une marque</label>
        <div className="search-box__row">
          <input
            id="recherche-catalogue"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={200}
            autoComplete="off"
            aria-describedby="suggestions-etat"
          />
          <button type="submit" className="button">
            Rechercher
          </button>
        </div>
      </Form>
      <p id="suggestions-etat" className="visually-hidden" aria-live="polite">
        {suggestions.length > 0 ? `${suggestions.length} suggestions` : ""}
      </p>
      {suggestions.length > 0 ? (
        <ul className="suggestions" aria-label="Suggestions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <Link to={productHref(suggestion.id)}>
                <span className="suggestions__ref">{suggestion.ref}</span> {suggestion.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
