import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as layoutRoute from "~/routes/_app";
import * as homeRoute from "~/routes/_app.mon-compte._index";
import * as usersRoute from "~/routes/_app.mon-compte.utilisateurs";
import { LOGINS, actingFor, cookieFor, load, orgIdOf, post, startUsersPagesBed, toastOf, userIdOf, type UsersPagesBed } from "./harness";

/**
 * The links to the four issue-20 pages in the account menu (the default layout's loader) and
 * on the account home, each for those who may open it, judged on the back-office's fresh view
 * of the user: a person made administrator sees « Utilisateurs » on its next page.
 */

let bed: UsersPagesBed;

beforeAll(async () => {
  bed = await startUsersPagesBed("users-menu");
});
afterAll(() => bed.close());

type LayoutData = Awaited<ReturnType<typeof layoutRoute.loader>>;
type HomeData = Awaited<ReturnType<typeof homeRoute.loader>>;

const menu = async (cookie: string) => (await load<LayoutData>(bed, layoutRoute.loader, "/mon-compte", cookie)).access;
const homeLinks = async (cookie: string) =>
  (await load<HomeData>(bed, homeRoute.loader, "/mon-compte", cookie)).settings.map((link) => link.to);

const INFO = "/mon-compte/informations-personnelles";
const PASSWORD = "/mon-compte/mot-de-passe";
const USERS = "/mon-compte/utilisateurs";
const ALERTS = "/mon-compte/alertes-emails";

describe("the account's settings pages", () => {
  it("are all four for an organization account", async () => {
    const cookie = await cookieFor(bed, LOGINS.organization);
    expect(await menu(cookie)).toMatchObject({ canManageUsers: true, canConfigureAlerts: true, canChangePassword: true });
    expect(await homeLinks(cookie)).toEqual([INFO, PASSWORD, USERS, ALERTS]);
  });

  it("are one's details and password for a people account, and the users once made administrator", async () => {
    const cookie = await cookieFor(bed, LOGINS.storekeeper);
    expect(await menu(cookie)).toMatchObject({ canManageUsers: false, canConfigureAlerts: false, canChangePassword: true });
    expect(await homeLinks(cookie)).toEqual([INFO, PASSWORD]);
    const organization = await cookieFor(bed, LOGINS.organization);
    const granted = await post(
      bed,
      usersRoute.action,
      USERS,
      { intent: "admin", utilisateur: String(await userIdOf(bed, LOGINS.storekeeper)), valeur: "on" },
      organization,
    );
    expect((await toastOf(bed, granted))?.type).toBe("success");
    // The same session cookie, not logged in again.
    expect((await menu(cookie)).canManageUsers).toBe(true);
    expect(await homeLinks(cookie)).toEqual([INFO, PASSWORD, USERS]);
  });

  it("leave the users out for a contributor on its own account, and the password out while it acts for a client", async () => {
    const contributor = await cookieFor(bed, LOGINS.contributor);
    expect(await menu(contributor)).toMatchObject({
      canManageUsers: false,
      canConfigureAlerts: true,
      canChangePassword: true,
      canPickClients: true,
    });
    const acting = await actingFor(bed, contributor, await orgIdOf(bed, LOGINS.organization));
    expect(await menu(acting)).toMatchObject({
      canManageUsers: true,
      canConfigureAlerts: true,
      canChangePassword: false,
      canPickClients: true,
    });
    expect(await homeLinks(acting)).toEqual([INFO, USERS, ALERTS]);
  });
});
