import { ListControls } from "./ListControls";
import { hasActiveFilters, listSearch } from "~/services/catalogue/list-url";
import { Pagination } from "./Pagination";
import { ProductCard } from "./ProductCard";
import { ResetFiltersLink } from "./ResetFiltersLink";
import { useCardActions } from "./useCardActions";
import type { ProductListView, StockEntry } from "~/services/catalogue/types";
import { formatQuantity } from "@shared/domain/french-format";

interface ProductListProps {
  list: ProductListView;
  stocks: Record<number, StockEntry>;
  /** Heading of the list (visually hidden when the page title says it already). */
  heading: string;
  emptyMessage: string;
}

function countText(total: number): string {
  return total === 1 ? "1 produit" : `${formatQuantity(total)} produits`;
}

/** A product list with its controls, notices, count and pagination (category, brand, search, favourites). */
export function ProductList({ list, stocks, heading, emptyMessage }: ProductListProps) {
  const beyondLastPage = list.total > 0 && list.items.length === 0;
  const actions = useCardActions();
  return (
    <section className="product-list" aria-labelledby="liste-produits">
      <div className="product-list__header">
        <h2 id="liste-produits">
          {/* No « (Aucun produit) » in the heading: the list's own message says it below. */}
          {heading}
          {list.total > 0 ? <span className="product-list__count"> ({countText(list.total)})</span> : null}
        </h2>
        <ListControls params={list.params} brands={list.brands} canViewPrices={list.canViewPrices} />
      </div>
      {list.notices.length > 0 ? (
        <ul className="notice" role="status">
          {list.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {list.items.length === 0 ? (
        <p className="empty-state">
          {beyondLastPage ? (
            <>
              Cette page est au-delà de la dernière. <a href={listSearch(list.params, { page: 1 })}>Revenir à la première page</a>
            </>
          ) : hasActiveFilters(list.params) ? (
            <>
              {emptyMessage} <ResetFiltersLink params={list.params} />
            </>
          ) : (
            emptyMessage
          )}
        </p>
      ) : (
        // The cards' forms submit to the list (useCardActions.ts): submit events bubble.
        <ul className="product-grid" onSubmit={actions.onSubmit}>
          {list.items.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                stock={stocks[product.id]}
                canUpdateCart={list.canUpdateCart}
                back={actions.back}
                adding={actions.adding.has(product.id)}
                favorite={actions.favoriteAsked.get(product.id) ?? product.isFavorite}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination params={list.params} pageCount={list.pageCount} />
      {actions.overlay}
    </section>
  );
}
