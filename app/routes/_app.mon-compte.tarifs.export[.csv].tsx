import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportPriceList, requirePricesUser } from "~/services/price-list/index.server";

/** /mon-compte/tarifs/export.csv: the filtered price list (or the whole catalogue) for French Excel, streamed. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requirePricesUser(args);
  return exportPriceList(user, new URL(args.request.url), "csv", (error) =>
    args.context.logger.error({ err: error }, "price list export failed"),
  );
}
