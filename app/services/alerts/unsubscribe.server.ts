import { data } from "@remix-run/node";
import { z } from "zod";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm } from "~/services/forms/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { UnsubscribeView } from "./types";
import { readForm } from "~/services/forms/read.server";

/**
 * The page of an alert's « Ne plus recevoir cette alerte » link (/desabonnement?jeton=…,
 * docs/alerts.md « Unsubscribe »). Public: the signed token is the proof, so it works signed in
 * or not, and calls the back-office without the session's token. GET never changes anything
 * (mail scanners open links): it says which alert and offers one button; POST turns it off.
 */

/** What a token may be made of (alerts/tokens.ts): anything else is no link of ours. */
const TOKEN = /^[A-Za-z0-9._-]{1,200}$/;

const answer = (view: UnsubscribeView, status = 200) => data<UnsubscribeView>(view, { status });
const refused = () => answer({ state: "refused" }, 404);

/** A dead link is the page's answer, not an error: 404 tampered or unknown, 410 used; an outage is the 503 page. */
function deadLink(error: unknown) {
  if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) return refused();
  if (error instanceof UpstreamError && error.status === 410) return answer({ state: "used", label: null }, 410);
  return asRouteError(error);
}

export async function loadUnsubscribe(context: PortalLoadContext, request: Request) {
  const token = new URL(request.url).searchParams.get("jeton") ?? "";
  if (!TOKEN.test(token)) return refused();
  try {
    const link = await context.upstreamFor(null).alerts.unsubscribeInfo(token);
    return link.unsubscribed ? answer({ state: "used", label: link.label }, 410) : answer({ state: "ask", token, label: link.label });
  } catch (error) {
    return deadLink(error);
  }
}

const unsubscribeForm = z.object({ jeton: z.string().regex(TOKEN, "Ce lien de désabonnement n'est pas valable.") });

/** POST /desabonnement: the button's form carries the token; the back-office turns the alert off once. */
export async function unsubscribeFromForm(context: PortalLoadContext, request: Request) {
  const parsed = parseForm(await readForm(request), unsubscribeForm);
  if (!parsed.ok) return refused();
  try {
    const done = await context.upstreamFor(null).alerts.unsubscribe(parsed.data.jeton);
    return answer({ state: "done", label: done.label });
  } catch (error) {
    return deadLink(error);
  }
}
