import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage, errorTitle } from "~/components/ui/ErrorPage";
import { NewVersionNotice } from "~/components/NewVersionNotice";
import { Notifications } from "~/components/ui/Notifications";
import { useNonce } from "~/lib/nonce";
import { routeErrorMessage } from "~/lib/route-error";
import stylesHref from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Default title; pages set their own, and an error page gets its status's title. */
export const meta: MetaFunction = ({ error }) => {
  if (error === undefined) return [{ title: "NautiDistrib · Portail professionnel" }];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: `${errorTitle(status)} · NautiDistrib` }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, clearCookie } = await context.toasts.take(request);
  const headers = clearCookie ? { "Set-Cookie": clearCookie } : undefined;
  return data({ flash: toast, requestId: context.requestId }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        {children}
        <Notifications flash={rootData?.flash ?? null} />
        <NewVersionNotice />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} requestId={rootData?.requestId ?? null} message={routeErrorMessage(error)} />;
}
