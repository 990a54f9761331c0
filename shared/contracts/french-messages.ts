import { z } from "zod";

/**
 * zod's default messages in French, for every schema of the process (contracts, back-office
 * parseInput, the portal's forms): a field without a message of its own is refused with
 * "Entrée invalide : nombre attendu, chaîne de caractères reçu", never zod's English. zod keeps
 * this in one global configuration, read when an issue is raised; a message written in a
 * schema still outranks it. Imported for its side effect by primitives.ts, which the contracts
 * import, entities.ts among them (docs/decisions/0096-french-zod-messages.md).
 */
z.config(z.locales.fr());
