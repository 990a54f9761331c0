import { useCallback, useRef, useState } from "react";

/**
 * A controlled form field kept in step with the saved cart. When a revalidation brings a new
 * saved value (the user's own save, or live sync after a colleague's), the field takes it,
 * unless the user has changed the field meanwhile: what they typed is never replaced.
 * `saved` is what the page shows as saved: the form sends it as `was:<field>`, so the server
 * writes only the fields the user changed (cart-intents.server.ts).
 *
 * The field is controlled from the first render, the server's too: before the scripts have
 * loaded it is a plain form field the user may already change. The component calls `adopt`
 * with what the field holds when React attaches it (a ref callback, at hydration, before any
 * effect): a value other than the one drawn is the user's change, shown from then on like
 * any change made with JavaScript on. `adopt` says whether it was one.
 */
export function useSavedField<T>(saved: T, sameAs: (shown: T, saved: T) => boolean = Object.is) {
  const [state, setState] = useState({ saved, shown: saved });
  let current = state;
  if (!Object.is(state.saved, saved)) {
    const untouched = Object.is(state.shown, state.saved);
    current = { saved, shown: untouched || sameAs(state.shown, saved) ? saved : state.shown };
    // Adjusting state while rendering (not in an effect): no frame shows the stale value.
    setState(current);
  }
  const show = useCallback((value: T) => setState((previous) => ({ ...previous, shown: value })), []);
  const reset = useCallback(() => setState((previous) => ({ ...previous, shown: previous.saved })), []);
  // What the first render drew in the field: the server's HTML when the page hydrates.
  const drawn = useRef(saved);
  const adopt = useCallback(
    (value: T): boolean => {
      if (Object.is(value, drawn.current)) return false;
      drawn.current = value;
      show(value);
      return true;
    },
    [show],
  );
  return { shown: current.shown, saved: current.saved, show, reset, adopt };
}
