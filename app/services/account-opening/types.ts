import type { AccountOpeningField } from "@shared/contracts/requests";
import type { Choice, FormRefusal } from "~/services/contact/types";

/** View models of /demande-ouverture-compte, shared by its service and components. */

export interface AccountOpeningView {
  activities: Choice[];
  countries: Choice[];
  /** The page after the form: the request is received (its reference is in the acknowledgement e-mail). */
  sent: boolean;
  maxMessageLength: number;
}

export type AccountOpeningRefusal = FormRefusal<AccountOpeningField>;
