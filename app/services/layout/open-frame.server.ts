import { guardRequest, type GuardArgs } from "~/services/guards.server";
import { liveCartKeyOf } from "~/services/realtime/key.server";
import { loadDefaultLayout } from "./layout.server";

/**
 * The frame of a page open to everyone (the contact pages, the accessibility statement): the
 * default layout's data for a signed-in user (the same back-office call as every authenticated
 * page, which also confirms the token), nothing for a visitor, who gets the public frame.
 */
export async function loadOpenPageFrame(args: GuardArgs) {
  const active = await guardRequest(args);
  if (!active) return { member: null };
  const layout = await loadDefaultLayout(args, active);
  return { member: { ...layout, liveCartKey: liveCartKeyOf(active.session) } };
}
