/** What routes use of the form pipeline: reading a form, answering it (app/services/forms/, decision 0101). */
export { UNKNOWN_INTENT, parseForm, textFields } from "./parse.server";
export { redirectWithToast, respond } from "./respond.server";
