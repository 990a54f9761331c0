import { Link } from "@remix-run/react";
import type { NewsBlock } from "~/services/news/types";

/**
 * An item's body from its blocks: every text is a React text node, so nothing in it is ever
 * read as HTML (docs/decisions/0121-news-and-download-storage.md). Links stay on this site.
 */
export function NewsBody({ blocks }: { blocks: NewsBlock[] }) {
  return (
    <div className="news-body">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "paragraph":
            return <p key={index}>{block.text}</p>;
          case "heading":
            return <h2 key={index}>{block.text}</h2>;
          case "list":
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          case "link":
            return (
              <p key={index} className="news-body__link">
                <Link to={block.href}>{block.text}</Link>
              </p>
            );
        }
      })}
    </div>
  );
}
