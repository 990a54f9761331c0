/** What the forgotten and new password routes use (docs/requests.md, decision 0124). */
export {
  FORGOTTEN_PASSWORD_PATH,
  FORGOTTEN_PASSWORD_SENT_PATH,
  loadForgottenPassword,
  sendForgottenPasswordForm,
} from "./forgotten.server";
export { loadNewPassword, sendNewPasswordForm } from "./new-password.server";
