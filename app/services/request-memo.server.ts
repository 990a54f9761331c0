/**
 * Answers shared by the loaders of ONE request. Remix runs the layout's loader and the page's
 * side by side with the same load context, and both may need the same back-office answer
 * (/auth/me: the layout for the session and badge, the cart page for the cart's version).
 * Each is asked once per request; a failure is shared as well, which is what both would get.
 */
export class RequestMemo {
  private readonly answers = new Map<string, Promise<unknown>>();

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.answers.get(key) as Promise<T> | undefined;
    if (known) return known;
    const answer = load();
    this.answers.set(key, answer);
    return answer;
  }
}
