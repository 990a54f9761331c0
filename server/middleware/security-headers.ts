import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeadersOptions {
  production: boolean;
  /** Image servers allowed beside the portal itself (IMAGE_ORIGINS, already checked: https origins). */
  imageOrigins?: readonly string[];
}

/**
 * Security headers of every answer, with an enforced Content-Security-Policy whose nonce
 * changes per request: only the scripts the server rendered run.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const imgSrc = ["'self'", "data:", ...(options.imageOrigins ?? [])].join(" ");
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        // sonner injects its stylesheet at runtime.
        "style-src 'self' 'unsafe-inline'",
        `img-src ${imgSrc}`,
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
