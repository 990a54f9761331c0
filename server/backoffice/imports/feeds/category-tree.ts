import type { LineIssue } from "../reader/table";

/** Six levels at most, as the categories table checks (0001_core) and the catalogue draws. */
export const MAX_CATEGORY_LEVEL = 6;

/** A category of the file: its line, reference, title and parent's reference. */
export interface CategoryLine {
  line: number;
  reference: string;
  title: string;
  parentReference: string | null;
}

/** A category already in the database, keyed by its ERP reference, or `#id` for one without. */
export interface StoredCategory {
  key: string;
  parentKey: string | null;
}

export interface TreeCheck {
  /** The lines that can be applied together. */
  accepted: CategoryLine[];
  issues: LineIssue[];
  /** Each category's level once the accepted lines are applied, by key. */
  levels: Map<string, number>;
}

const PARENT = "Référence parent";

/**
 * Checks the file's categories against the stored tree as it would be once they are applied:
 * an unknown parent, a cycle, a seventh level. A refused line is taken out and the check runs
 * again (its children then have an unknown parent), until what is left holds together: the
 * same set whether the file is applied whole (then nothing is) or with --skip-invalid.
 */
export function checkCategoryTree(lines: readonly CategoryLine[], stored: readonly StoredCategory[]): TreeCheck {
  const refusedAt = new Map<string, number>();
  const issues: LineIssue[] = [];
  let accepted = [...lines];
  for (;;) {
    const parents = new Map<string, string | null>(stored.map((category) => [category.key, category.parentKey]));
    for (const line of accepted) parents.set(line.reference, line.parentReference);
    const found = new Map<number, LineIssue>();
    for (const line of accepted) {
      if (line.parentReference === null || parents.has(line.parentReference)) continue;
      const refused = refusedAt.get(line.parentReference);
      const message = refused ? `est la catégorie de la ligne ${refused}, refusée` : "n'est pas une catégorie connue";
      found.set(line.line, { line: line.line, column: PARENT, value: line.parentReference, message });
    }
    const levels = found.size === 0 ? measure(parents, accepted, found) : new Map<string, number>();
    if (found.size === 0) return { accepted, issues: issues.sort((a, b) => a.line - b.line), levels };
    for (const issue of found.values()) issues.push(issue);
    const lineOf = new Map(accepted.map((line) => [line.line, line]));
    for (const lineNumber of found.keys()) {
      const line = lineOf.get(lineNumber);
      if (line) refusedAt.set(line.reference, lineNumber);
    }
    accepted = accepted.filter((line) => !found.has(line.line));
  }
}

/** Every category's level; the file lines making a cycle or a seventh level go into `found`. */
function measure(parents: Map<string, string | null>, lines: readonly CategoryLine[], found: Map<number, LineIssue>): Map<string, number> {
  const byReference = new Map(lines.map((line) => [line.reference, line]));
  const levels = new Map<string, number>();
  for (const key of parents.keys()) {
    const path: string[] = [];
    let current: string | null = key;
    while (current !== null && !levels.has(current) && !path.includes(current)) {
      path.push(current);
      current = parents.get(current) ?? null;
    }
    if (current !== null && path.includes(current)) {
      const cycle = path.slice(path.indexOf(current));
      cycle.forEach((member, index) => {
        // Told from the line's own category: « A → B → A ».
        const shown = [...cycle.slice(index), ...cycle.slice(0, index), member].join(" → ");
        const line = byReference.get(member);
        if (line)
          found.set(line.line, {
            line: line.line,
            column: PARENT,
            value: line.parentReference ?? "",
            message: `ferait une boucle : ${shown}`,
          });
      });
      return levels;
    }
    let level = current === null ? 0 : (levels.get(current) ?? 0);
    for (const member of path.reverse()) levels.set(member, ++level);
  }
  for (const [key, level] of levels) {
    if (level <= MAX_CATEGORY_LEVEL) continue;
    // Blame the nearest line of the file at or above the too-deep category: it moved it there.
    let current: string | null = key;
    while (current !== null && !byReference.has(current)) current = parents.get(current) ?? null;
    const line = current === null ? undefined : byReference.get(current);
    if (line && !found.has(line.line)) {
      found.set(line.line, {
        line: line.line,
        column: PARENT,
        value: line.parentReference ?? "",
        message: `placerait « ${key} » au niveau ${level} : six niveaux au plus`,
      });
    }
  }
  return levels;
}
