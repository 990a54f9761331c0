import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { publicFormsStylesheet } from "~/components/contact/styles";
import { MemberFrame } from "~/components/layout/MemberFrame";
import { PublicFrame } from "~/components/layout/PublicFrame";
import { loadOpenPageFrame } from "~/services/layout/open-frame.server";

export const links: LinksFunction = () => [publicFormsStylesheet];

/**
 * /nous-contacter and its acknowledgement: open to everyone (docs/specification.md §2), so
 * neither the public layout (visitors only) nor the default one (members only) can hold them.
 * This frame draws the one that fits whoever asks: the default layout's header, menu and live
 * cart for a signed-in user, the public header for a visitor.
 */
export function loader(args: LoaderFunctionArgs) {
  return loadOpenPageFrame(args);
}

export default function ContactFrame() {
  const { member } = useLoaderData<typeof loader>();
  if (!member) {
    return (
      <PublicFrame wide>
        <Outlet />
      </PublicFrame>
    );
  }
  const { liveCartKey, ...layout } = member;
  return (
    <MemberFrame layout={layout} liveCartKey={liveCartKey} wide>
      <Outlet />
    </MemberFrame>
  );
}
