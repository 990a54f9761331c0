import { data } from "@remix-run/node";

/** What a page says when the body it was sent is not a form it can read. */
export const UNREADABLE_FORM = "Le formulaire envoyé est illisible : rechargez la page et envoyez-le à nouveau.";

/**
 * The form of a request (urlencoded or multipart). A body that is not one (JSON, plain text, a
 * multipart cut short or without its boundary) is the sender's mistake: a French 400, shown by
 * the page's error boundary, never a 500 with a stack (decision 0159). Every action reads its
 * form here or through readMultipartForm (files); ESLint forbids `.formData()` elsewhere in app/.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
}
