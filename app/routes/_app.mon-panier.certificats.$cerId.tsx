import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { attachmentDisposition, fileNameForType } from "@shared/contracts/certificates";
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
  // The name ends with the extension of the checked type whatever the back-office (an ERP's) stored.
  return new Response(Buffer.from(file.content_base64, "base64"), {
    headers: {
      "Content-Type": file.mime,
      "Content-Disposition": attachmentDisposition(fileNameForType(file.file_name, file.mime)),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
