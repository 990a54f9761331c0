import { useSubmit } from "@remix-run/react";
import { useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from "react";

/** Keys that only move within a list's choices or leave it: they commit nothing by themselves. */
const NAVIGATION_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

function isKeyboardChoice(event: KeyboardEvent<HTMLFormElement>): boolean {
  return event.target instanceof HTMLSelectElement && (NAVIGATION_KEYS.has(event.key) || event.key.length === 1);
}

/**
 * Applies a GET list form as the buyer commits a choice, not at each step towards it: a closed
 * select changes value with every arrow key (and letter), which would reload the list each time
 * (issue 24). A change made with the mouse or a checkbox applies at once; a select moved with
 * the keyboard applies on Enter or when focus leaves it. Without JavaScript the form's
 * « Appliquer » button does it all.
 */
export function useApplyOnCommit() {
  const submit = useSubmit();
  const pending = useRef<HTMLSelectElement | null>(null);
  const apply = (form: HTMLFormElement) => {
    pending.current = null;
    submit(form, { preventScrollReset: true, replace: true });
  };
  return {
    onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
      if (isKeyboardChoice(event)) pending.current = event.target as HTMLSelectElement;
      else if (event.key === "Enter" && pending.current === event.target) {
        event.preventDefault();
        apply(event.currentTarget);
      }
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      if (pending.current !== null && pending.current === event.target) return;
      apply(event.currentTarget);
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const left: EventTarget = event.target;
      if (pending.current !== null && pending.current === left) apply(event.currentTarget);
    },
  };
}
