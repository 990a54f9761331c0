import { HONEYPOT_FIELD, HONEYPOT_LABEL } from "~/services/contact/types";

/**
 * The honeypot of the public forms (decision 0123): out of sight (visually hidden), out of the
 * accessibility tree (aria-hidden) and out of the tab order, never autofilled. People leave it
 * empty; a robot that fills every field gives itself away.
 */
export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{HONEYPOT_LABEL}</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
