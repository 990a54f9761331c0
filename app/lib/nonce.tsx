import { createContext, useContext, type ReactNode } from "react";

/**
 * The Content-Security-Policy nonce of the response, given by the server to entry.server and
 * read by the document's <Scripts>. In the browser it is empty: the nonce is only checked on
 * the scripts the server sent.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
