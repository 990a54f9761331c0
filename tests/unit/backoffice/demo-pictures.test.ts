import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE_TREE, type CategoryNode } from "../../../server/backoffice/seed/catalogue-tree";
import { demoPicturesFor } from "../../../server/backoffice/seed/pictures";

function leafCodes(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => [...(node.leaf ? [node.leaf.code] : []), ...leafCodes(node.children ?? [])]);
}

describe("the demo catalogue's pictures", () => {
  it("gives every leaf of the tree a picture that public/ serves", () => {
    const codes = leafCodes(CATALOGUE_TREE);
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      const [picture] = demoPicturesFor(code);
      expect(picture, code).toMatch(/^\/images\/produits\/[a-z]+\.svg$/);
      expect(existsSync(path.join("public", picture ?? "")), picture).toBe(true);
    }
  });

  it("gives an unknown reference prefix no picture rather than a broken one", () => {
    expect(demoPicturesFor("ZZZ")).toEqual([]);
  });
});
