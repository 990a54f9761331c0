import publicFormsStyles from "./public-forms.css";

/** The public forms' stylesheet, for the `links` of the routes that show one. */
export const publicFormsStylesheet = { rel: "stylesheet", href: publicFormsStyles } as const;
