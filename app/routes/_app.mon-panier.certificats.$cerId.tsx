import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

/**
 * Download of an MMSI certificate. The back-office answers only for the user's own
 * organization (another's is a 404); the file goes out as an attachment, never rendered.
 */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  const cerId = args.params.cerId ?? "";
  if (!/^[0-9a-f-]{36}$/.test(cerId)) throw data({ message: null }, { status: 404 });
  const file = await active.upstream.certificates.download(cerId).catch(asRouteError);
  return new Response(Buffer.from(file.content_base64, "base64"), {
    headers: {
      "Content-Type": file.mime,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
