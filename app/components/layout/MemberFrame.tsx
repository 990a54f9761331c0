import type { ReactNode } from "react";
import { LiveCartSync } from "~/components/realtime/LiveCartSync";
import type { DefaultLayoutData } from "~/services/layout/types";
import { ActingForBanner } from "./ActingForBanner";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/**
 * The signed-in frame: the banner of a contributor acting for a client, the header and its
 * menus, the page, the footer, and the live cart channel. Drawn by the default layout and by
 * the pages open to everyone when someone is signed in (the contact pages).
 */
export function MemberFrame({
  layout,
  liveCartKey,
  children,
  wide = false,
}: {
  layout: DefaultLayoutData;
  liveCartKey: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
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
      <main id="contenu" className={wide ? "page__main page__main--form" : "page__main"}>
        {children}
      </main>
      <SiteFooter />
      <LiveCartSync liveKey={liveCartKey} />
    </div>
  );
}
