import { passwordStrength } from "@shared/domain/password";
import { ApiFailure } from "../http/errors";

/**
 * The back-office's side of the password rule (shared/domain/password.ts, decision 0116): a
 * weak password is a 422 weak_password whose issues are the French reasons, on `field`, so the
 * portal's form shows them under the field. `personal`: the person's name, e-mail, organization.
 */
export function assertStrongPassword(password: string, personal: readonly string[], field: string): void {
  const strength = passwordStrength(password, personal);
  if (strength.acceptable) return;
  throw new ApiFailure(422, "weak_password", "Ce mot de passe est trop faible.", {
    issues: strength.messages.map((message) => ({ path: field, message })),
  });
}
