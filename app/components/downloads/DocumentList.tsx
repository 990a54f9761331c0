import type { DownloadDocumentView } from "~/services/downloads/types";
import { formatDate, formatFileSize } from "@shared/domain/french-format";

/**
 * A category's documents: the title is the download link, with its type and size in the
 * link's name too (WCAG 2.4.4: a screen reader's list of links says what each one gives). A
 * plain <a>, not a Remix Link: the file is a resource route that answers with the bytes.
 */
export function DocumentList({ documents }: { documents: DownloadDocumentView[] }) {
  if (documents.length === 0) return <p>Aucun document n'est disponible ici pour le moment.</p>;
  return (
    <ul className="document-list" aria-label="Documents à télécharger">
      {documents.map((document) => (
        <li key={document.id} className="document">
          <p className="document__title">
            <a href={document.href} download={document.fileName}>
              {document.title}
              <span className="visually-hidden">{`, ${document.type}, ${formatFileSize(document.size)}`}</span>
            </a>
            {document.restricted ? <span className="document__badge">Réservé à votre organisation</span> : null}
          </p>
          {document.description ? <p className="document__description">{document.description}</p> : null}
          <p className="document__meta">
            <span className="document__type">{document.type}</span> · {formatFileSize(document.size)} · publié le{" "}
            {formatDate(document.publishedOn)}
          </p>
        </li>
      ))}
    </ul>
  );
}
