import type { HeadersFunction } from "@remix-run/node";

/**
 * The `headers` of the public forms' routes: a throttled form's Retry-After (decision 0123)
 * reaches the browser only this way, Remix sending an action's own headers through its route's
 * `headers` export. Nothing else is added.
 */
export const throttledFormHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
