import type { Category } from "../contracts/entities";

/** The category tree is at most 6 levels deep (docs/specification.md §9): 5 parents, then the slug. */
export const MAX_CATEGORY_DEPTH = 6;

export type CategoryPathResolution =
  /** The path is the category's canonical one: `trail` goes from the root to the category. */
  | { kind: "found"; trail: Category[] }
  /** The last slug names one category but the parents are wrong or missing. */
  | { kind: "redirect"; trail: Category[] }
  | { kind: "not-found" };

/** Root-to-node trails of every category, depth first (the tree is small: a few hundred nodes). */
function* trails(nodes: readonly Category[], parents: Category[] = []): Generator<Category[]> {
  for (const node of nodes) {
    const trail = [...parents, node];
    yield trail;
    yield* trails(node.obj_childs, trail);
  }
}

/** The trail from the root to the category with this id, or null when there is none. */
export function categoryTrailById(tree: readonly Category[], id: number): Category[] | null {
  for (const trail of trails(tree)) {
    if (trail[trail.length - 1]?.obj_id === id) return trail;
  }
  return null;
}

/** Slugs of the canonical path of a trail: every level from the root, in order. */
export function canonicalSlugs(trail: readonly Category[]): string[] {
  return trail.map((category) => category.obj_slug);
}

/**
 * Checks a path of slugs against the real tree. Slugs compare exactly (they are lower-case
 * ASCII in the tree; a path with capitals is not the canonical one). The canonical path is the
 * whole chain from the root: a path that ends on a known slug but with wrong, missing or extra
 * parents is answered with a redirect to it, provided the slug names exactly one category
 * (docs/decisions/0040-category-paths.md). Anything deeper than 6 levels does not exist.
 */
export function resolveCategoryPath(tree: readonly Category[], slugs: readonly string[]): CategoryPathResolution {
  if (slugs.length === 0 || slugs.length > MAX_CATEGORY_DEPTH) return { kind: "not-found" };

  // Walk down from the roots: the exact chain is found without scanning the whole tree.
  let level: readonly Category[] = tree;
  const exact: Category[] = [];
  for (const slug of slugs) {
    const next = level.find((category) => category.obj_slug === slug);
    if (!next) break;
    exact.push(next);
    level = next.obj_childs;
  }
  if (exact.length === slugs.length) return { kind: "found", trail: exact };

  const lastSlug = slugs[slugs.length - 1]?.toLowerCase();
  const candidates = [...trails(tree)].filter((trail) => trail[trail.length - 1]?.obj_slug === lastSlug);
  const [only, ...others] = candidates;
  return only && others.length === 0 ? { kind: "redirect", trail: only } : { kind: "not-found" };
}
