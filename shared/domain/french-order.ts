/**
 * French alphabetical order for what people read: « Écoute » between « Drisse » and « Manille »,
 * « Étoile de Mer » among the E's, numbers by value (« Taille 2 » before « Taille 10 »).
 * Databases here sort in byte order (PGlite and the CI server use the C collation), so lists
 * shown in name order are sorted with this. Built once: constructing a collator is costly.
 */
export const frenchOrder = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
