import { Link } from "@remix-run/react";

/**
 * The pieces every account list's filter form shares (orders, invoices, price list, quotes):
 * each list keeps its own fields, ids and names, and the GET form keeps the filters in the URL.
 */

export interface FilterNoticeItem {
  field: string;
  message: string;
}

/** What the loader corrected or ignored in the query string, said once above the fields. */
export function FilterNotices({ notices, className }: { notices: readonly FilterNoticeItem[]; className: string }) {
  if (notices.length === 0) return null;
  return (
    <div className={`notice list-controls__notices ${className}`} role="status">
      <ul>
        {notices.map((notice) => (
          <li key={`${notice.field}-${notice.message}`}>{notice.message}</li>
        ))}
      </ul>
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select whose value is shown only when it is one of its choices. */
export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  emptyLabel: string;
  options: readonly SelectOption[];
}) {
  const { id, name, label, value, emptyLabel, options } = props;
  return (
    <div className="list-controls__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={options.some((option) => option.value === value) ? value : ""}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A date field's value must be a real date (YYYY-MM-DD): a date the list ignored and explains
 * (« 2026-02-30 ») leaves the field empty rather than make the HTML invalid (decision 0190).
 */
export function realDateOrEmpty(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : "";
}

/** The « Du » and « Au » date fields (names `du` and `au`). */
export function DateRangeFields({ idPrefix, du, au }: { idPrefix: string; du: string; au: string }) {
  return (
    <>
      <div className="list-controls__field">
        <label htmlFor={`${idPrefix}-du`}>Du</label>
        <input id={`${idPrefix}-du`} name="du" type="date" defaultValue={realDateOrEmpty(du)} />
      </div>
      <div className="list-controls__field">
        <label htmlFor={`${idPrefix}-au`}>Au</label>
        <input id={`${idPrefix}-au`} name="au" type="date" defaultValue={realDateOrEmpty(au)} />
      </div>
    </>
  );
}

/** Submit, and a link back to the list without any filter. */
export function FilterActions({ resetTo, className }: { resetTo: string; className: string }) {
  return (
    <div className={`list-controls__actions ${className}`}>
      <button type="submit" className="button">
        Filtrer
      </button>
      <Link to={resetTo}>Effacer les filtres</Link>
    </div>
  );
}

/** Plain strings as select options (statuses, states). */
export const optionsOf = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));
