import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MemberFrame } from "~/components/layout/MemberFrame";
import { addToCartStylesheet } from "~/components/cart/AddToCartForm";
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
  const { liveCartKey, ...layout } = useLoaderData<typeof loader>();
  return (
    <MemberFrame layout={layout} liveCartKey={liveCartKey}>
      <Outlet />
    </MemberFrame>
  );
}
