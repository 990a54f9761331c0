import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContactThanks } from "~/components/contact/ContactThanks";
import { guardRequest } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Message envoyé · NautiDistrib" }];

/** /nous-contacter/merci: the acknowledgement after the contact form, with or without a session. */
export async function loader(args: LoaderFunctionArgs) {
  const active = await guardRequest(args);
  return { signedIn: active !== null };
}

export default function ContactThanksPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return <ContactThanks signedIn={signedIn} />;
}
