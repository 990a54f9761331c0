import { Form } from "@remix-run/react";
import { PART_NUMBER_INTENTS, type PartNumberRow } from "~/services/part-numbers/types";

/** The organization's codes, one row per product; a « Retirer » button each, with the `cart` right. */
export function PartNumbersTable({ rows, caption, canEdit }: { rows: readonly PartNumberRow[]; caption: string; canEdit: boolean }) {
  return (
    <table className="table part-numbers__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Votre code</th>
          <th scope="col">Référence</th>
          <th scope="col">Désignation</th>
          {canEdit ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.productId} data-testid={`part-number-${row.ref}`}>
            <th scope="row">{row.code}</th>
            <td>{row.ref}</td>
            <td>{row.title}</td>
            {canEdit ? (
              <td className="table__action">
                <Form method="post">
                  <input type="hidden" name="intent" value={PART_NUMBER_INTENTS.remove} />
                  <input type="hidden" name="productId" value={row.productId} />
                  <input type="hidden" name="ref" value={row.ref} />
                  <button type="submit" className="link-button" aria-label={`Retirer votre code ${row.code} de la référence ${row.ref}`}>
                    Retirer
                  </button>
                </Form>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
