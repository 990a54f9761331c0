import { Link } from "@remix-run/react";
import type { CategoryLink } from "~/services/catalogue/types";

interface Family extends CategoryLink {
  children: CategoryLink[];
}

/** The first two levels of the tree: each family with an icon and its sub-categories. */
export function CatalogueFamilies({ families }: { families: Family[] }) {
  return (
    <ul className="families">
      {families.map((family) => (
        <li key={family.id} className="family">
          <h2 className="family__title">
            <Link to={family.href}>
              <span className="category-tile__icon" aria-hidden="true" data-hue={family.id % 6}>
                {family.title.charAt(0)}
              </span>
              {family.title}
            </Link>
          </h2>
          {family.children.length > 0 ? (
            <ul className="family__children">
              {family.children.map((child) => (
                <li key={child.id}>
                  <Link to={child.href}>{child.title}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
