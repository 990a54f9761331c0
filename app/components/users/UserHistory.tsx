import { formatDateTime } from "@shared/domain/french-format";
import type { UserHistoryRow } from "~/services/users/types";

/** The latest changes to the organization's people: who, when, what. */
export function UserHistory({ rows }: { rows: UserHistoryRow[] }) {
  if (rows.length === 0) return <p>Aucune modification pour l'instant.</p>;
  return (
    <ol className="user-history">
      {rows.map((row) => (
        <li key={row.id}>
          <time dateTime={row.at}>{formatDateTime(row.at)}</time> — {row.author} : {row.target}, {row.summary}
        </li>
      ))}
    </ol>
  );
}
