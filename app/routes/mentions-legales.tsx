import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalNotice } from "~/components/legal/LegalNotice";
import { OpenPageFrame } from "~/components/layout/OpenPageFrame";
import { loadOpenPageFrame } from "~/services/layout/open-frame.server";

export const meta: MetaFunction = () => [{ title: "Mentions légales · NautiDistrib" }];

/**
 * Open to everyone, signed in or not (decision 0187): the publisher's identity must be
 * reachable by anyone, the login page's visitor included. Drawn in whichever frame fits.
 */
export function loader(args: LoaderFunctionArgs) {
  return loadOpenPageFrame(args);
}

export default function LegalNoticePage() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <OpenPageFrame member={member}>
      <LegalNotice />
    </OpenPageFrame>
  );
}
