import { useEffect, type RefObject } from "react";
import type { ListParams } from "~/services/catalogue/types";

/**
 * The list form's fields are uncontrolled (a plain GET form without JavaScript), so a link to
 * another state of the list (« Réinitialiser les filtres », the browser's back) would leave them
 * showing the old one. They are set to the URL's state instead of remounting the form, which
 * would lose the focus of the field just changed.
 */
export function useFieldsFollow(form: RefObject<HTMLFormElement | null>, params: ListParams): void {
  const { sort, brandId, inStock, promo } = params;
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const field = (name: string) => fields.namedItem(name);
    const sortField = field("tri");
    if (sortField instanceof HTMLSelectElement) sortField.value = sort;
    const brandField = field("marque");
    if (brandField instanceof HTMLSelectElement) brandField.value = brandId === null ? "" : String(brandId);
    const stockField = field("stock");
    if (stockField instanceof HTMLInputElement) stockField.checked = inStock;
    const promoField = field("promo");
    if (promoField instanceof HTMLInputElement) promoField.checked = promo;
  }, [form, sort, brandId, inStock, promo]);
}
