import { createCookie } from "@remix-run/node";
import { z } from "zod";

/**
 * One-shot messages for the next page, in their own cookie: set by an action before a
 * redirect, read and cleared by the root loader, shown by sonner and, without JavaScript,
 * in a status region of the page.
 */

export const toastMessage = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(300),
});
export type ToastMessage = z.infer<typeof toastMessage>;

export interface ToastCookie {
  /** Set-Cookie value carrying the message to the next page. */
  set(toast: ToastMessage): Promise<string>;
  /** The pending message, if any, and the Set-Cookie value that clears it. */
  take(request: Request): Promise<{ toast: ToastMessage | null; clearCookie: string | null }>;
}

export function createToastCookie(options: { secret: string; secure: boolean }): ToastCookie {
  const cookie = createCookie("portail_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: options.secure,
    secrets: [options.secret],
    maxAge: 60,
  });
  return {
    set: (toast) => cookie.serialize(toast),
    async take(request) {
      const raw: unknown = await cookie.parse(request.headers.get("cookie"));
      if (raw === null || raw === undefined) return { toast: null, clearCookie: null };
      const parsed = toastMessage.safeParse(raw);
      const clearCookie = await cookie.serialize("", { maxAge: 0 });
      return { toast: parsed.success ? parsed.data : null, clearCookie };
    },
  };
}
