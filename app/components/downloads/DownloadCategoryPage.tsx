import type { DownloadCategoryView } from "~/services/downloads/types";
import { DocumentList } from "./DocumentList";
import { DownloadCategoryGrid } from "./DownloadCategoryGrid";
import { DownloadTrail } from "./DownloadTrail";

/** A category's page, top or sub-category: the trail, its sub-categories, its documents. */
export function DownloadCategoryPage({ view }: { view: DownloadCategoryView }) {
  const { category, parent, children, documents } = view;
  return (
    <div className="content-page">
      <DownloadTrail crumbs={parent ? [parent] : []} current={category.title} />
      <h1>{category.title}</h1>
      {category.description ? <p className="content-page__lead">{category.description}</p> : null}
      {children.length > 0 ? <DownloadCategoryGrid categories={children} label={`Rubriques de « ${category.title} »`} /> : null}
      {children.length === 0 || documents.length > 0 ? <DocumentList documents={documents} /> : null}
    </div>
  );
}
