import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PrivacyPolicy } from "~/components/legal/PrivacyPolicy";
import { requireUser } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Politique de confidentialité · NautiDistrib" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return null;
}

export default function PrivacyPolicyPage() {
  return <PrivacyPolicy />;
}
