import { Form } from "@remix-run/react";

export interface FlagSwitchProps {
  userId: number;
  userName: string;
  /** The form's intent: a right ("droit", with `flag`) or the admin role ("admin"). */
  intent: "droit" | "admin";
  flag?: string;
  label: string;
  on: boolean;
  /** Shown but not changeable (the last administrator, oneself). */
  disabled?: boolean;
}

/**
 * One switch = one small POST form whose button sends the value it turns the switch to: a
 * click works without JavaScript (a 303 back to the page with a toast), and the state the
 * server saves is the one asked, not a toggle of whatever it holds now.
 */
export function FlagSwitch({ userId, userName, intent, flag, label, on, disabled = false }: FlagSwitchProps) {
  return (
    <Form method="post" className="switch-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="utilisateur" value={userId} />
      {flag ? <input type="hidden" name="droit" value={flag} /> : null}
      <button
        type="submit"
        name="valeur"
        value={on ? "off" : "on"}
        role="switch"
        aria-checked={on}
        aria-label={`${label} — ${userName}`}
        className={on ? "switch switch--on" : "switch"}
        disabled={disabled}
      >
        <span aria-hidden="true">{on ? "Oui" : "Non"}</span>
      </button>
    </Form>
  );
}
