import { useEffect, useState } from "react";

/** False on the server and the first client render, true once React has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
