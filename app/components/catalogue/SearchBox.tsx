import { Form, Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { productHref } from "~/services/catalogue/list-url";

export interface Suggestion {
  id: number;
  ref: string;
  title: string;
}

export const SUGGESTIONS_PATH = "/catalogue/suggestions";
const MIN_LENGTH = 2;
const DEBOUNCE_MS = 200;
const NO_SUGGESTIONS: readonly Suggestion[] = [];

/** "page": the catalogue's own box, with a visible label; "header": the compact box of every page. */
export type SearchBoxVariant = "page" | "header";

/** `landmark` names the form's search landmark: the catalogue page has both boxes, told apart so. */
const VARIANTS: Record<SearchBoxVariant, { inputId: string; label: string; landmark: string; placeholder?: string }> = {
  page: {
    inputId: "recherche-catalogue",
    label: "Rechercher une référence, un produit ou une marque",
    landmark: "Recherche dans le catalogue",
  },
  header: {
    inputId: "recherche-globale",
    label: "Rechercher dans le catalogue",
    landmark: "Recherche rapide",
    placeholder: "Référence, produit, marque…",
  },
};

/**
 * The products matching what is typed, asked after a pause in typing; none under MIN_LENGTH
 * characters. `cancel` drops a question not asked yet (the search was submitted meanwhile).
 */
function useSuggestions(query: string, defaultQuery: string): { suggestions: readonly Suggestion[]; cancel: () => void } {
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
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

  const suggestions = query.trim().length >= MIN_LENGTH ? (fetcher.data?.suggestions ?? NO_SUGGESTIONS) : NO_SUGGESTIONS;
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
  };
  return { suggestions, cancel };
}

function statusText(count: number): string {
  if (count === 0) return "";
  return `${count === 1 ? "1 suggestion" : `${count} suggestions`}, flèches haut et bas pour les parcourir`;
}

/**
 * A catalogue search form (GET /catalogue?q=): without JavaScript a plain form; with it, an
 * ARIA combobox whose listbox suggests products while typing (docs/decisions/0089). Focus
 * stays in the field: the arrows move the active option, Enter opens it (otherwise Enter
 * searches), Escape closes the list. Each option is the product's link, so a click, a middle
 * click or "open in a new tab" work as on any link.
 */
export function SearchBox({ defaultQuery, variant = "page" }: { defaultQuery: string; variant?: SearchBoxVariant }) {
  const [query, setQuery] = useState(defaultQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, cancel } = useSuggestions(query, defaultQuery);
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const baseId = useId();
  const listId = `${baseId}suggestions`;
  const statusId = `${baseId}etat`;
  const optionId = (index: number) => `${baseId}suggestion-${index}`;

  // A new answer is a new list: no option is active in it yet.
  useEffect(() => setActive(-1), [suggestions]);

  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  // Another page (the results after Enter, a link, a redirect) closes the list: the field keeps
  // the focus in the header, and an open list would cover the results' title, count and filters
  // (issue 36). Typing again opens it.
  useEffect(close, [locationKey]);

  /** Enter without a chosen option searches: the list closes at once, and no late question reopens it. */
  function onSubmit() {
    cancel();
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" && activeIndex >= 0) {
      const chosen = suggestions[activeIndex];
      if (!chosen) return;
      event.preventDefault();
      close();
      navigate(productHref(chosen.id));
    }
  }

  const { inputId, label, landmark, placeholder } = VARIANTS[variant];
  const input = (
    <input
      id={inputId}
      // A text field: HTML gives an <input type="search"> the searchbox role and allows no
      // combobox there (decision 0190); the keyboard's key still says « Rechercher ».
      type="text"
      enterKeyHint="search"
      name="q"
      value={query}
      placeholder={placeholder}
      onChange={(event) => {
        setQuery(event.target.value);
        setOpen(true);
        setActive(-1);
      }}
      onKeyDown={onKeyDown}
      onBlur={close}
      maxLength={200}
      autoComplete="off"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
      aria-describedby={statusId}
    />
  );
  const button = (
    <button type="submit" className="button">
      Rechercher
    </button>
  );
  const popup: ReactNode = (
    <>
      <p id={statusId} className="visually-hidden" aria-live="polite">
        {expanded ? statusText(suggestions.length) : ""}
      </p>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!expanded}>
        {expanded
          ? suggestions.map((suggestion, index) => (
              <li key={suggestion.id} role="none">
                <Link
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  tabIndex={-1}
                  to={productHref(suggestion.id)}
                  // Keeps the focus in the field, so the list does not close before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={close}
                >
                  <span className="suggestions__ref">{suggestion.ref}</span> {suggestion.title}
                </Link>
              </li>
            ))
          : null}
      </ul>
    </>
  );

  if (variant === "header") {
    return (
      <Form
        method="get"
        action="/catalogue"
        role="search"
        aria-label={landmark}
        className="search-box catalogue-search"
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        {input}
        {button}
        {popup}
      </Form>
    );
  }
  return (
    <div className="catalogue-search">
      <Form
        method="get"
        action="/catalogue"
        role="search"
        aria-label={landmark}
        className="search-box search-box--wide"
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId}>{label}</label>
        <div className="search-box__row">
          {input}
          {button}
        </div>
      </Form>
      {popup}
    </div>
  );
}
