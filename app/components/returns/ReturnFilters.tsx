import { Form } from "@remix-run/react";
import { FilterActions, FilterNotices, SelectField, optionsOf } from "~/components/ui/ListFilterParts";
import { RETURNS_PATH, type ReturnFilterNotice, type ReturnFilterValues, type ReturnStatus } from "~/services/returns/types";

/** The returns' filter: a GET form, so the URL holds it and it works without JavaScript. */
export function ReturnFilters({
  values,
  notices,
  statuses,
}: {
  values: ReturnFilterValues;
  notices: ReturnFilterNotice[];
  statuses: readonly ReturnStatus[];
}) {
  return (
    <Form method="get" className="list-controls order-filters" aria-label="Filtrer les retours">
      <FilterNotices notices={notices} className="order-filters__notices" />
      <SelectField id="retours-statut" name="statut" label="Statut" value={values.statut} emptyLabel="Tous" options={optionsOf(statuses)} />
      <FilterActions resetTo={RETURNS_PATH} className="order-filters__actions" />
    </Form>
  );
}
