import type { ReactNode } from "react";

/**
 * A cell of a `.table` that says its column on a phone (decision 0149, 0189): under 40rem the
 * header row is hidden and `.table td[data-label]::before` (app.css) writes `label` before the
 * value. `label` is the column header's text, so a phone reads « Total HT  13 900,90 € » where
 * a computer reads the column. Every account list labels its cells through this one component.
 * The value is one span, so that a cell of several pieces (a status and its note) stays one
 * block beside its name.
 */
export function LabelledCell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={className} data-label={label}>
      <span className="table__value">{children}</span>
    </td>
  );
}
