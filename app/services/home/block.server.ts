import type { HomeBlock } from "./types";
import type { HomeUser } from "./user.server";

/**
 * One block's data, or « unavailable » when its calls fail: the page still shows the others
 * (and the layout has already checked the session). The failure is logged with the request id.
 */
export async function settle<T>(user: HomeUser, block: string, load: () => Promise<T>): Promise<HomeBlock<T>> {
  try {
    return { state: "ready", data: await load() };
  } catch (error) {
    user.context.logger.warn({ block, err: error }, "home block unavailable");
    return { state: "unavailable" };
  }
}
