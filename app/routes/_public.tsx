import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { PublicFrame } from "~/components/layout/PublicFrame";
import { guardRequest } from "~/services/guards.server";

/** Public layout: pages for visitors without a session (an authenticated user is sent to /). */
export async function loader(args: LoaderFunctionArgs) {
  await guardRequest(args);
  return null;
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
