/** One line of a form or a file that was not taken, with where it came from and why. */
export interface RefusedLine {
  line: number;
  input: string;
  message: string;
  /** The part of the form it came from (the quick order's grid, text or file), when there are several. */
  source?: string;
}

/**
 * The table every import and the quick order show after a send: each refused line with its
 * number, what was typed and the French reason (« Motif »). The same columns everywhere, so a
 * customer reads the quick order's, a list's and the own codes' refusals alike.
 */
export function RefusedLinesTable({
  caption,
  lines,
  withSource = false,
}: {
  caption: string;
  lines: readonly RefusedLine[];
  withSource?: boolean;
}) {
  return (
    <table className="table refused-lines">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {withSource ? <th scope="col">Origine</th> : null}
          <th scope="col">Ligne</th>
          <th scope="col">Saisie</th>
          <th scope="col">Motif</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((refused, index) => (
          <tr key={`${refused.source ?? ""}-${refused.line}-${index}`} className="refused-lines__line">
            {withSource ? <td>{refused.source}</td> : null}
            <td>{refused.line}</td>
            <td>
              <code>{refused.input}</code>
            </td>
            <td>{refused.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
