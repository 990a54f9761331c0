import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/useHydrated";

/** socket.io-client comes in its own chunk, after hydration: it is not needed to show the page. */
const LiveCartChannel = lazy(() => import("./LiveCartChannel"));

/**
 * Mounted by the default layout: keeps the page in step with the organization's cart
 * (LiveCartChannel). Renders nothing; without JavaScript each page load shows the latest cart.
 */
export function LiveCartSync({ liveKey }: { liveKey: string | null }) {
  const hydrated = useHydrated();
  if (!hydrated || !liveKey) return null;
  return (
    <Suspense fallback={null}>
      <LiveCartChannel liveKey={liveKey} />
    </Suspense>
  );
}
