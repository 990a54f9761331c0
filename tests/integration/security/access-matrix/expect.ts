import { KINDS, type Account, type Accounts, type Fixtures, type Kind } from "./accounts";

/**
 * The hand-written expectations of the access-control matrix: for each route key (« METHOD
 * pattern ») the request tried and what each account kind must get. `"in"` (the actions) means
 * let in: whatever answer but a refusal (a 400 for an empty form, a 409, a 429 are fine).
 */

export type Answer =
  200 | 201 | 204 | 400 | 401 | 403 | 404 | 405 | 409 | 410 | 422 | "login" | "clients" | "home" | "in" | `redirect ${string}`;
export type Observed = number | "login" | "clients" | "home" | `redirect ${string}`;

export interface Row {
  /** The concrete path tried, ids of C0001 in the dynamic segments. */
  path: (ids: Fixtures) => string;
  expect: Record<Kind, Answer>;
  /** The request ends or changes its session (logout, login-as): each kind tries it signed in anew. */
  fresh?: boolean;
  /** The JSON body an API row sends (an empty object otherwise). */
  body?: (ids: Fixtures) => unknown;
  /**
   * Ids made for this kind's request alone (an address or certificate it deletes, its own user
   * id), so that one kind's row does not change what another's finds.
   */
  make?: (ids: Fixtures, account: Account, accounts: Accounts) => Promise<Fixtures>;
}

/** Every kind gets `answer`, but those named. */
export function all(answer: Answer, except: Partial<Record<Kind, Answer>> = {}): Record<Kind, Answer> {
  return Object.fromEntries(KINDS.map((kind) => [kind, except[kind] ?? answer])) as Record<Kind, Answer>;
}

const REFUSALS: ReadonlySet<Observed> = new Set<Observed>([401, 403, 404, 405, "login", "clients"]);

export function matches(expected: Answer, observed: Observed): boolean {
  if (expected !== "in") return expected === observed;
  return !REFUSALS.has(observed) && (typeof observed !== "number" || observed < 500);
}

/** A status, or where a redirect sends (the login page, the client picker, home, elsewhere). */
export function observe(response: Response): Observed {
  if (response.status < 300 || response.status >= 400) return response.status;
  const target = new URL(response.headers.get("location") ?? "", "http://portail.test").pathname;
  if (target === "/connexion") return "login";
  if (target === "/clients") return "clients";
  if (target === "/") return "home";
  return `redirect ${target}`;
}

/** The failures of a matrix run: rows without expectation, expectations without route. */
export function coverage(routes: readonly string[], table: Readonly<Record<string, Row>>): string[] {
  const known = new Set(routes);
  return [
    ...routes.filter((route) => !(route in table)).map((route) => `route ${route} has no expectation`),
    ...Object.keys(table)
      .filter((key) => !known.has(key))
      .map((key) => `expectation ${key} names a route that no longer exists`),
  ];
}
