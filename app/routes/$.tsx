import { data } from "@remix-run/node";

/**
 * Every path no route claims: a 404 shown by the root error boundary. It answers 404 with or
 * without a session (a guard redirect would hide that the page does not exist).
 */
export function loader() {
  throw data({ message: null }, { status: 404 });
}

export function action() {
  throw data({ message: null }, { status: 404 });
}

// A component makes this a page route, so the 404 renders the error page instead of a bare body.
export default function NotFound() {
  return null;
}
