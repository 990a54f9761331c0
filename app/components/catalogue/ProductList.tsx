import { ListControls } from "./ListControls";
import { listSearch } from "./list-url";
import { Pagination } from "./Pagination";
import { ProductCard } from "./ProductCard";
import type { ProductListView, StockEntry } from "./types";

interface ProductListProps {
  list: ProductListView;
  stocks: Record<number, StockEntry>;
  /** Heading of the list (visually hidden when the page title says it already). */
  heading: string;
  emptyMessage: string;
}

function countText(total: number): string {
  if (total === 0) return "Aucun produit";
  return total === 1 ? "1 produit" : `${new Intl.NumberFormat("fr-FR").format(total)} produits`;
}

/** A product list with its controls, notices, count and pagination (category, brand, search, favourites). */
export function ProductList({ list, stocks, heading, emptyMessage }: ProductListProps) {
  const beyondLastPage = list.total > 0 && list.items.length === 0;
  return (
    <section className="product-list" aria-labelledby="liste-produits">
      <div className="product-list__header">
        <h2 id="liste-produits">
          {heading} <span className="product-list__count">({countText(list.total)})</span>
        </h2>
        <ListControls params={list.params} brands={list.brands} canSortByPrice={list.canViewPrices} />
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
          ) : (
            emptyMessage
          )}
        </p>
      ) : (
        <ul className="product-grid">
          {list.items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} stock={stocks[product.id]} canUpdateCart={list.canUpdateCart} />
            </li>
          ))}
        </ul>
      )}
      <Pagination params={list.params} pageCount={list.pageCount} />
    </section>
  );
}
