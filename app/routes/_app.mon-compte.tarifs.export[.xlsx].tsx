import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportPriceList, requirePricesUser } from "~/services/price-list/index.server";

/** /mon-compte/tarifs/export.xlsx: the filtered price list (or the whole catalogue) as an Excel workbook, streamed. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requirePricesUser(args);
  return exportPriceList(user, new URL(args.request.url), "xlsx", (error) =>
    args.context.logger.error({ err: error }, "price list export failed"),
  );
}
