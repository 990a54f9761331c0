import { z } from "zod";
import type { PortalLoadContext } from "./context.server";
import type { ActiveUser } from "./guards.server";
import { UpstreamError } from "~/services/upstream/index.server";

/** The two things a contributor does from /clients, as the form's `intent`. */
export const clientsIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login-as"), slave_id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("back-to-master") }),
]);
export type ClientsIntent = z.infer<typeof clientsIntent>;

export interface IntentResult {
  /** Where the browser goes next (a 303 after the POST). */
  location: string;
  /** Set-Cookie values: the updated session and the toast. */
  cookies: string[];
}

/**
 * Login-as: the session now holds the client organization as user and the contributor as
 * master (docs/specification.md §4); the back-office keeps the master's expiry.
 */
export async function loginAsClient(context: PortalLoadContext, active: ActiveUser, slaveId: number): Promise<IntentResult> {
  const { session, upstream } = active;
  const masterId = session.master?.obj_id ?? session.user.obj_id;
  try {
    const next = await upstream.auth.loginAs(masterId, slaveId);
    return {
      location: "/",
      cookies: [
        await context.sessions.replace(session, next),
        await context.toasts.set({ type: "success", message: `Vous agissez pour le compte de ${next.user.obj_name}.` }),
      ],
    };
  } catch (error) {
    return refusal(context, error, "Ce client ne fait pas partie de votre portefeuille.");
  }
}

/** Back to the contributor's own account: the master becomes the user again. */
export async function backToMaster(context: PortalLoadContext, active: ActiveUser): Promise<IntentResult> {
  const { session, upstream } = active;
  if (!session.master) return { location: "/clients", cookies: [] };
  try {
    const next = await upstream.auth.backToMaster();
    return {
      location: "/clients",
      cookies: [
        await context.sessions.replace(session, next),
        await context.toasts.set({ type: "info", message: "Vous êtes revenu à votre compte." }),
      ],
    };
  } catch (error) {
    return refusal(context, error, "Le retour à votre compte a échoué.");
  }
}

async function refusal(context: PortalLoadContext, error: unknown, refusedMessage: string): Promise<IntentResult> {
  if (!(error instanceof UpstreamError)) throw error;
  const message = error.isUnavailable ? error.message : refusedMessage;
  return { location: "/clients", cookies: [await context.toasts.set({ type: "error", message })] };
}
