import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ActingForBanner } from "~/components/layout/ActingForBanner";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { addToCartStylesheet } from "~/components/panier/AddToCartForm";
import { LiveCartSync } from "~/components/realtime/LiveCartSync";
import { liveCartKeyOf } from "~/services/realtime/key.server";
import { requireUser } from "~/services/guards.server";
import { loadDefaultLayout } from "~/services/layout/layout.server";

/**
 * The add-to-cart form and its modal appear on the catalogue's pages (product, lists,
 * search, favourites) and the cart's: every one of them is under this layout.
 */
export const links: LinksFunction = () => [addToCartStylesheet];

/** Default layout: every authenticated page except the client picker. */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  // One back-office call confirms the token and carries the cart count (layout.server.ts).
  const layout = await loadDefaultLayout(args, active);
  return { ...layout, liveCartKey: liveCartKeyOf(active.session) };
}

export default function DefaultLayout() {
  const layout = useLoaderData<typeof loader>();
  return (
    <div className="page">
      {layout.actingFor ? <ActingForBanner {...layout.actingFor} /> : null}
      <SiteHeader
        organizationName={layout.organizationName}
        userName={layout.userName}
        cartCount={layout.cartCount}
        canEditCart={layout.canEditCart}
        access={layout.access}
      />
      <main id="contenu" className="page__main">
        <Outlet />
      </main>
      <SiteFooter />
      <LiveCartSync liveKey={layout.liveCartKey} />
    </div>
  );
}
