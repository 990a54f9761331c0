/**
 * The URL name of an imported category or brand, made once from its title when it is created
 * (the portal's links keep working when the ERP renames it), unique within its table.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "sans-titre";
}

/** A slug not in `taken` (which it joins): the title's, else with the reference, else numbered. */
export function uniqueSlug(title: string, reference: string, taken: Set<string>): string {
  const base = slugify(title);
  const candidates = [base, `${base}-${slugify(reference)}`];
  let slug = candidates.find((candidate) => !taken.has(candidate));
  for (let index = 2; !slug; index++) if (!taken.has(`${base}-${index}`)) slug = `${base}-${index}`;
  taken.add(slug);
  return slug;
}
