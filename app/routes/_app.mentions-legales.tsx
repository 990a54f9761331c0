import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LegalNotice } from "~/components/legal/LegalNotice";
import { requireUser } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Mentions légales · NautiDistrib" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return null;
}

export default function LegalNoticePage() {
  return <LegalNotice />;
}
