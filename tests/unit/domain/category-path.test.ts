import { describe, expect, it } from "vitest";
import type { Category } from "@shared/contracts/entities";
import { MAX_CATEGORY_DEPTH, canonicalSlugs, categoryTrailById, resolveCategoryPath } from "@shared/domain/category-path";

let nextId = 1;
function node(slug: string, children: Category[] = []): Category {
  const category: Category = { obj_id: nextId++, obj_slug: slug, obj_title: slug.toUpperCase(), obj_parent_id: null, obj_childs: children };
  for (const child of children) child.obj_parent_id = category.obj_id;
  return category;
}

// A chain six levels deep (a > b > c > d > e > f), a sibling root, and a slug used twice.
const f = node("f");
const chain = node("a", [node("b", [node("c", [node("d", [node("e", [f])])])]), node("doublon")]);
const tree: Category[] = [chain, node("voile", [node("doublon")])];
const fullPath = ["a", "b", "c", "d", "e", "f"];

describe("resolveCategoryPath", () => {
  it("finds the category at each depth when the path is the canonical chain", () => {
    for (let depth = 1; depth <= MAX_CATEGORY_DEPTH; depth += 1) {
      const slugs = fullPath.slice(0, depth);
      const resolution = resolveCategoryPath(tree, slugs);
      expect(resolution.kind).toBe("found");
      if (resolution.kind === "found") expect(canonicalSlugs(resolution.trail)).toEqual(slugs);
    }
  });

  it("redirects a wrong, missing or extra parent to the canonical chain", () => {
    for (const slugs of [["f"], ["a", "x", "f"], ["voile", "f"], ["b", "c", "d", "e", "f"], ["a", "c"]]) {
      const resolution = resolveCategoryPath(tree, slugs);
      expect(resolution.kind, slugs.join("/")).toBe("redirect");
      if (resolution.kind === "redirect") {
        expect(resolution.trail[resolution.trail.length - 1]?.obj_slug).toBe(slugs[slugs.length - 1]);
      }
    }
    const resolution = resolveCategoryPath(tree, ["a", "x", "f"]);
    expect(resolution.kind === "redirect" && canonicalSlugs(resolution.trail)).toEqual(fullPath);
  });

  it("redirects a slug typed with capitals to its lower-case canonical path", () => {
    const resolution = resolveCategoryPath(tree, ["A", "B"]);
    expect(resolution.kind === "redirect" && canonicalSlugs(resolution.trail)).toEqual(["a", "b"]);
  });

  it("answers not-found for an unknown slug, an empty path or one deeper than six levels", () => {
    expect(resolveCategoryPath(tree, ["a", "inconnu"])).toEqual({ kind: "not-found" });
    expect(resolveCategoryPath(tree, [])).toEqual({ kind: "not-found" });
    expect(resolveCategoryPath(tree, [...fullPath, "g"])).toEqual({ kind: "not-found" });
    // Even when it ends on a known category.
    expect(resolveCategoryPath(tree, ["x", ...fullPath])).toEqual({ kind: "not-found" });
    expect(resolveCategoryPath([], ["a"])).toEqual({ kind: "not-found" });
  });

  it("finds a slug used twice only by its exact chain, never by a guess", () => {
    expect(resolveCategoryPath(tree, ["voile", "doublon"]).kind).toBe("found");
    expect(resolveCategoryPath(tree, ["a", "doublon"]).kind).toBe("found");
    expect(resolveCategoryPath(tree, ["doublon"])).toEqual({ kind: "not-found" });
  });
});

describe("categoryTrailById", () => {
  it("returns the trail from the root to the category", () => {
    expect(categoryTrailById(tree, f.obj_id)?.map((c) => c.obj_slug)).toEqual(fullPath);
    expect(categoryTrailById(tree, chain.obj_id)?.map((c) => c.obj_slug)).toEqual(["a"]);
  });

  it("returns null for an id that is not in the tree", () => {
    expect(categoryTrailById(tree, 99_999)).toBeNull();
  });
});
