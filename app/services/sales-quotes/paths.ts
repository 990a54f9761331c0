import { quotePathsUnder } from "~/services/quotes/paths";

/** Where the representative's quote pages live (under the contributor's blank area, /clients). */
export const SALES_QUOTE_PATHS = quotePathsUnder("/clients/devis");
