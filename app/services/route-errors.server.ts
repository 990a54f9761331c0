import { data } from "@remix-run/node";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * Turns a back-office failure into the answer a page gives: 404 when the thing does not
 * exist (or belongs to another organization), a French 503 when the back-office is down.
 * Anything else is a bug and goes to the 500 page, without its details.
 */
export function asRouteError(error: unknown): never {
  if (error instanceof UpstreamError) {
    if (error.status === 404 || error.status === 403) throw data({ message: null }, { status: 404 });
    if (error.isUnavailable) throw data({ message: error.message }, { status: 503 });
    throw data({ message: error.message }, { status: error.status });
  }
  throw error;
}
