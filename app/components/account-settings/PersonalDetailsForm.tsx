import { Form } from "@remix-run/react";
import type { DetailsView, PersonalInfoRefusal } from "~/services/account-settings/types";
import { TextField } from "~/components/users/FormFields";

/** Name, job title, e-mail and phone of the logged-in account; the phone in French or « +code » format. */
export function PersonalDetailsForm({ details, refusal }: { details: DetailsView; refusal?: PersonalInfoRefusal | undefined }) {
  const mine = refusal?.form === "infos" ? refusal : undefined;
  const value = (field: keyof DetailsView & string) => mine?.values[field] ?? String(details[field]);
  const errors = mine?.errors ?? {};
  return (
    <Form method="post" className="form" aria-labelledby="infos-titre">
      <h2 id="infos-titre">Vos coordonnées</h2>
      {mine ? (
        <p className="form__error form__error--global" role="alert">
          {mine.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="infos" />
      {details.nameEditable ? (
        <>
          <TextField
            id="infos-name"
            name="name"
            label="Nom et prénom"
            defaultValue={value("name")}
            error={errors.name}
            autoComplete="name"
            maxLength={100}
            required
          />
          <TextField
            id="infos-title"
            name="title"
            label="Fonction"
            defaultValue={value("title")}
            error={errors.title}
            autoComplete="organization-title"
            maxLength={100}
          />
        </>
      ) : (
        <p>
          Raison sociale : <strong>{details.name}</strong> (modifiable par votre commercial uniquement)
        </p>
      )}
      <TextField
        id="infos-email"
        name="email"
        type="email"
        label="Adresse e-mail"
        defaultValue={value("email")}
        error={errors.email}
        autoComplete="email"
        maxLength={120}
        required
        hint="C'est aussi l'identifiant de connexion."
      />
      <TextField
        id="infos-phone"
        name="phone"
        type="tel"
        label="Téléphone"
        defaultValue={value("phone")}
        error={errors.phone}
        autoComplete="tel"
        maxLength={40}
        hint="Par exemple 02 97 84 12 50, ou +32 … pour un numéro étranger."
      />
      <button type="submit" className="button">
        Enregistrer mes coordonnées
      </button>
    </Form>
  );
}
