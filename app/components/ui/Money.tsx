import { formatEuros } from "@shared/domain/french-format";

/** An amount in cents, or a dash when it is not shown to this user. */
export function Money({ cents }: { cents: number | null }) {
  return <span className="money">{cents === null ? "—" : formatEuros(cents)}</span>;
}
