import { Form, useNavigation } from "@remix-run/react";

export interface FlagSwitchProps {
  userId: number;
  userName: string;
  /** The form's intent: a right ("droit", with `flag`) or the admin role ("admin"). */
  intent: "droit" | "admin";
  flag?: string;
  label: string;
  on: boolean;
  /** Shown but not changeable (the last administrator, oneself); `describedBy` says why. */
  disabled?: boolean;
  describedBy?: string | undefined;
  /**
   * A right this one needs (invoices need prices, decision 0188): while that right is off, or
   * being switched off, this switch shows « Non », cannot be turned on, and says why under it.
   */
  requires?: { flag: string; on: boolean; reason: string; reasonId: string } | undefined;
}

/**
 * One switch = one small POST form whose button sends the value it turns the switch to
 * (docs/decisions/0118): a click works without JavaScript (a 303 back to the page with a
 * toast), and the state the server saves is the one asked, not a toggle of whatever it holds
 * now, so a second click on a page left open cannot undo a colleague's change. With
 * JavaScript the same form is sent by Remix: the switch shows the asked state while it runs,
 * and the page keeps its scroll position.
 */
export function FlagSwitch({ userId, userName, intent, flag, label, on, disabled = false, describedBy, requires }: FlagSwitchProps) {
  const navigation = useNavigation();
  const sent = navigation.formData;
  /** The value being sent for this person's right `name`, if its switch is the one sent. */
  const asked = (name: string | undefined): boolean | undefined =>
    sent?.get("intent") === intent && sent.get("utilisateur") === String(userId) && (name === undefined || sent.get("droit") === name)
      ? sent.get("valeur") === "on"
      : undefined;
  const allowed = requires ? (asked(requires.flag) ?? requires.on) : true;
  const shown = allowed && (asked(flag) ?? on);
  const reasonId = allowed ? describedBy : requires?.reasonId;
  return (
    <>
      <Form method="post" className="switch-form" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="utilisateur" value={userId} />
        {flag ? <input type="hidden" name="droit" value={flag} /> : null}
        <button
          type="submit"
          name="valeur"
          value={shown ? "off" : "on"}
          // A toggle button (aria-pressed): HTML allows role="switch" only on type="button", and
          // this one must send its form without JavaScript (decision 0190).
          aria-pressed={shown}
          aria-label={`${label} — ${userName}`}
          aria-describedby={reasonId}
          className={shown ? "switch switch--on" : "switch"}
          disabled={disabled || !allowed}
        >
          <span aria-hidden="true">{shown ? "Oui" : "Non"}</span>
        </button>
      </Form>
      {!allowed && requires ? (
        <p id={requires.reasonId} className="muted users-table__reason">
          {requires.reason}
        </p>
      ) : null}
    </>
  );
}
