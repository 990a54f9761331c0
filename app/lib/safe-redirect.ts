/**
 * A redirect target is honoured only when it is a path of this site: it starts with a single
 * "/", has no backslash (browsers read "/\evil.com" as "//evil.com") and no control character.
 * It goes into a Location header, which holds bytes only: every character outside printable
 * ASCII is percent-encoded as a browser would (decision 0165), so a crafted `/。/x` lands on that
 * path instead of failing with a 500. A lone surrogate cannot be encoded: the target is refused.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (/\p{Surrogate}/u.test(value)) return null;
  return value.replace(/[^\u0021-\u007e]/gu, (character) => encodeURIComponent(character));
}
