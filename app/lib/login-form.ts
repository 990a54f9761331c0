import { z } from "zod";
import type { FieldErrors } from "~/services/forms/types";
import { safeRedirectPath } from "./safe-redirect";

/** The login form's fields, with the French messages shown under each field. */
export const loginFormSchema = z.object({
  login: z
    .string({ error: "Saisissez votre identifiant." })
    .trim()
    .min(1, { error: "Saisissez votre identifiant." })
    .max(120, { error: "L'identifiant ne peut dépasser 120 caractères." }),
  password: z
    .string({ error: "Saisissez votre mot de passe." })
    .min(1, { error: "Saisissez votre mot de passe." })
    .max(200, { error: "Le mot de passe ne peut dépasser 200 caractères." }),
  redirectTo: z
    .string()
    .optional()
    .transform((value) => safeRedirectPath(value)),
});

/** The message under each field, and under `form` a refusal of the whole form (wrong credentials, service unavailable). */
export type LoginFormErrors = FieldErrors<"login" | "password" | "form">;
