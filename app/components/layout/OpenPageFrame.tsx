import type { ReactNode } from "react";
import type { DefaultLayoutData } from "~/services/layout/types";
import { MemberFrame } from "./MemberFrame";
import { PublicFrame } from "./PublicFrame";

/** What `loadOpenPageFrame` gives a page open to everyone: the signed-in layout's data, or null for a visitor. */
export type OpenPageMember = (DefaultLayoutData & { liveCartKey: string | null }) | null;

/**
 * The frame of a page open to everyone (the legal notice, the privacy policy): the public
 * header and footer for a visitor, the signed-in header, menus and live cart for a member.
 */
export function OpenPageFrame({ member, children }: { member: OpenPageMember; children: ReactNode }) {
  if (!member) return <PublicFrame wide>{children}</PublicFrame>;
  const { liveCartKey, ...layout } = member;
  return (
    <MemberFrame layout={layout} liveCartKey={liveCartKey}>
      {children}
    </MemberFrame>
  );
}
