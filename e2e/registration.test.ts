import { MESSAGES } from "@tandem/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openBrowser } from "./browser";
import {
  errorOf,
  field,
  fillBasicInfo,
  fillSecurityStep,
  goToSecurityStep,
  newRegistrant,
  startServer,
  type TestServer,
} from "./pages";

const ORGANIZER_CODE = "e2e-organizer-code-long-enough";
const NEXT_YEAR = new Date().getFullYear() + 1;

let server: TestServer;
let baseUrl: string;
let chromium: Awaited<ReturnType<typeof openBrowser>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: "registration-admin@example.org",
    ADMIN_PASSWORD: "registration-admin-pw",
    ORGANIZER_CODE,
  });
  baseUrl = server.baseUrl;
  chromium = await openBrowser();
  context = chromium.context;
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

beforeEach(async () => {
  await page?.close();
  await context.clearCookies();
  page = await context.newPage();
});

const continueButton = () => page.getByRole("button", { name: "Continue" });
const backButton = () => page.getByRole("button", { name: "Back" });
const createButton = () => page.getByRole("button", { name: "Create Account" });
const studentQuestion = () => page.getByRole("radiogroup", { name: "Are you a student?" });
const reasonSelect = () => page.getByRole("combobox", { name: "Why are you not eligible?" });

/** Collects the JSON bodies the page sends to one API path. */
function captureBodies(path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${baseUrl}/api${path}`) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return bodies;
}

describe("step 1: basic info", () => {
  it("shows each field's message when it is left and re-checks it while typing", async () => {
    await page.goto(`${baseUrl}/register`);

    await field(page, "First Name").focus();
    await field(page, "Last Name").focus();
    await expect(errorOf(page, "First Name").textContent()).resolves.toBe(MESSAGES.firstNameMin);
    await field(page, "First Name").fill("Ad");
    await errorOf(page, "First Name").waitFor({ state: "detached" });

    await field(page, "Email").focus();
    await expect(errorOf(page, "Last Name").textContent()).resolves.toBe(MESSAGES.lastNameMin);
    await field(page, "Last Name").fill("L");
    await expect(errorOf(page, "Last Name").textContent()).resolves.toBe(MESSAGES.lastNameMin);
    await field(page, "Last Name").fill("Lo");
    await errorOf(page, "Last Name").waitFor({ state: "detached" });

    await field(page, "Email").fill("not-an-email");
    await expect(errorOf(page, "Email").textContent()).resolves.toBe(MESSAGES.emailInvalid);
    await field(page, "Email").fill("ada@example.org");
    await errorOf(page, "Email").waitFor({ state: "detached" });
  });

  it("does not open step 2 until first name, last name and e-mail are valid", async () => {
    await page.goto(`${baseUrl}/register`);
    await continueButton().click();

    await expect(errorOf(page, "First Name").textContent()).resolves.toBe(MESSAGES.firstNameMin);
    await expect(errorOf(page, "Last Name").textContent()).resolves.toBe(MESSAGES.lastNameMin);
    await expect(errorOf(page, "Email").textContent()).resolves.toBe(MESSAGES.emailInvalid);
    expect(await studentQuestion().count()).toBe(0);
    // Step 1 is the floor: there is nothing to go back to.
    expect(await backButton().count()).toBe(0);

    await fillBasicInfo(page, newRegistrant("step-one"));
    await continueButton().click();
    await studentQuestion().waitFor();
  });
});

describe("moving between steps", () => {
  it("goes back one step at a time, keeps what was typed, and stops at step 1", async () => {
    const person = newRegistrant("navigation");
    await goToSecurityStep(page, baseUrl, person);

    await backButton().click();
    await studentQuestion().waitFor();
    await expect(field(page, "Field of Study").inputValue()).resolves.toBe("Mathematics");
    await expect(field(page, "Expected Graduation Year").inputValue()).resolves.toBe(
      String(NEXT_YEAR),
    );

    await backButton().click();
    await expect(field(page, "Email").inputValue()).resolves.toBe(person.email);
    expect(await backButton().count()).toBe(0);

    await continueButton().click();
    await continueButton().click();
    await field(page, "Password").waitFor();
  });
});

describe("step 2: profile", () => {
  beforeEach(async () => {
    await page.goto(`${baseUrl}/register`);
    await fillBasicInfo(page, newRegistrant("profile"));
    await continueButton().click();
    await studentQuestion().waitFor();
  });

  it("starts as a student and requires the graduation year, field of study and area", async () => {
    expect(await page.getByRole("radio", { name: "Yes" }).isChecked()).toBe(true);
    await continueButton().click();

    await expect(errorOf(page, "Expected Graduation Year").textContent()).resolves.toBe(
      MESSAGES.gradYearRequired,
    );
    await expect(errorOf(page, "Field of Study").textContent()).resolves.toBe(
      MESSAGES.fieldRequired,
    );
    await expect(errorOf(page, "Area of Interest").textContent()).resolves.toBe(
      MESSAGES.fieldRequired,
    );
    expect(await field(page, "Password").count()).toBe(0);
  });

  it("empties the position on every change of the student answer and drops the graduation year", async () => {
    await field(page, "Expected Graduation Year").fill(String(NEXT_YEAR));
    await field(page, "Field of Study").fill("Physics");
    await field(page, "Area of Interest").fill("Insurance");

    await page.getByRole("radio", { name: "No" }).check();
    await expect(field(page, "Position").inputValue()).resolves.toBe("");
    expect(await field(page, "Expected Graduation Year").count()).toBe(0);
    await expect(field(page, "Area of Interest").inputValue()).resolves.toBe("Insurance");
    expect(await errorOf(page, "Position").count()).toBe(0);

    await field(page, "Position").fill("Analyst");
    await page.getByRole("radio", { name: "Yes" }).check();
    await expect(field(page, "Field of Study").inputValue()).resolves.toBe("");
    await expect(field(page, "Expected Graduation Year").inputValue()).resolves.toBe("");
  });

  it("lets a non-student continue with a position and area only", async () => {
    await page.getByRole("radio", { name: "No" }).check();
    await continueButton().click();
    await expect(errorOf(page, "Position").textContent()).resolves.toBe(MESSAGES.fieldRequired);

    await field(page, "Position").fill("Data Scientist");
    await field(page, "Area of Interest").fill("Retail Banking");
    await continueButton().click();
    await field(page, "Password").waitFor();
  });
});

describe("step 3: security", () => {
  beforeEach(async () => {
    await goToSecurityStep(page, baseUrl, newRegistrant("security"));
  });

  it("refuses to submit with errors and says so until they are fixed", async () => {
    await createButton().click();

    const formError = page.getByText(MESSAGES.registrationInvalid, { exact: true });
    await formError.waitFor();
    await expect(errorOf(page, "Password").textContent()).resolves.toBe(MESSAGES.passwordMin);
    await expect(errorOf(page, "I agree to the Privacy Policy").textContent()).resolves.toBe(
      MESSAGES.termsRequired,
    );

    await field(page, "Password").fill("12345");
    await expect(errorOf(page, "Password").textContent()).resolves.toBe(MESSAGES.passwordMin);
    await field(page, "Password").fill("123456");
    await field(page, "Confirm Password").fill("1234567");
    await expect(errorOf(page, "Confirm Password").textContent()).resolves.toBe(
      MESSAGES.passwordsDontMatch,
    );
    await field(page, "Confirm Password").fill("123456");
    await errorOf(page, "Confirm Password").waitFor({ state: "detached" });

    expect(await formError.isVisible()).toBe(true);
    await page.getByRole("checkbox", { name: "I agree to the Privacy Policy" }).check();
    await formError.waitFor({ state: "detached" });
  });

  it("re-checks the confirmation when the password changes", async () => {
    await field(page, "Password").fill("secret-one");
    await field(page, "Confirm Password").fill("secret-one");
    await field(page, "Password").fill("secret-two");
    await expect(errorOf(page, "Confirm Password").textContent()).resolves.toBe(
      MESSAGES.passwordsDontMatch,
    );
  });

  it("reveals and hides each password with its own toggle", async () => {
    const password = field(page, "Password");
    await expect(password.getAttribute("type")).resolves.toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("text");
    await expect(field(page, "Confirm Password").getAttribute("type")).resolves.toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("password");
  });

  it("links the privacy policy and requires agreeing to it", async () => {
    await expect(
      page.getByRole("link", { name: "Privacy Policy" }).getAttribute("href"),
    ).resolves.toBe("/privacy-policy");
    await fillSecurityStep(page, "good-password");
    await page.getByRole("checkbox", { name: "I agree to the Privacy Policy" }).uncheck();
    await expect(errorOf(page, "I agree to the Privacy Policy").textContent()).resolves.toBe(
      MESSAGES.termsRequired,
    );
    await createButton().click();
    await page.getByText(MESSAGES.registrationInvalid, { exact: true }).waitFor();
  });

  it("links to sign-in", async () => {
    await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
    await page.waitForURL(`${baseUrl}/login`);
  });
});

describe("eligibility and organizers", () => {
  beforeEach(async () => {
    await goToSecurityStep(page, baseUrl, newRegistrant("organizer"));
  });

  async function chooseOrganizer() {
    await page.getByRole("radio", { name: "I am not eligible to compete" }).check();
    await reasonSelect().click();
    await page.getByRole("option", { name: "Organizer" }).click();
    await field(page, "Admin Password").waitFor();
  }

  it("starts eligible; not eligible asks why, and only Organizer is offered", async () => {
    expect(await page.getByRole("radio", { name: "I am eligible to compete" }).isChecked()).toBe(
      true,
    );
    expect(await reasonSelect().count()).toBe(0);

    await page.getByRole("radio", { name: "I am not eligible to compete" }).check();
    await fillSecurityStep(page, "good-password");
    await createButton().click();
    await expect(errorOf(page, "Why are you not eligible?").textContent()).resolves.toBe(
      MESSAGES.ineligibilityRequired,
    );
    await page.getByText(MESSAGES.registrationInvalid, { exact: true }).waitFor();

    await reasonSelect().click();
    const options = page.getByRole("option");
    await options.first().waitFor();
    await expect(options.allTextContents()).resolves.toEqual(["Organizer"]);
    await page.keyboard.press("Escape");

    // Eligible again: the reason's error goes with it, and so does the form's message.
    await page.getByRole("radio", { name: "I am eligible to compete" }).check();
    await page.getByText(MESSAGES.registrationInvalid, { exact: true }).waitFor({
      state: "detached",
    });
    expect(await page.getByText(MESSAGES.ineligibilityRequired).count()).toBe(0);
  });

  it("requires the admin password for organizers", async () => {
    await chooseOrganizer();
    await fillSecurityStep(page, "good-password");
    await createButton().click();
    await expect(errorOf(page, "Admin Password").textContent()).resolves.toBe(
      MESSAGES.adminPasswordRequired,
    );
  });

  it("asks the server about the code when the field is left and shows the on-blur message", async () => {
    const checks = captureBodies("/organizer-code/verify");
    await chooseOrganizer();
    await field(page, "Admin Password").fill("not-the-code");
    await field(page, "Password").focus();
    await expect(errorOf(page, "Admin Password").textContent()).resolves.toBe(
      MESSAGES.adminPasswordInvalidOnBlur,
    );
    expect(checks).toEqual([{ adminPassword: "not-the-code" }]);

    await field(page, "Admin Password").fill(ORGANIZER_CODE);
    await field(page, "Password").focus();
    await errorOf(page, "Admin Password").waitFor({ state: "detached" });
  });

  it("choosing eligible again clears the reason and the admin password", async () => {
    await chooseOrganizer();
    await field(page, "Admin Password").fill("something");

    await page.getByRole("radio", { name: "I am eligible to compete" }).check();
    expect(await reasonSelect().count()).toBe(0);
    expect(await field(page, "Admin Password").count()).toBe(0);

    await page.getByRole("radio", { name: "I am not eligible to compete" }).check();
    await expect(reasonSelect().inputValue()).resolves.toBe("");
    expect(await field(page, "Admin Password").count()).toBe(0);
  });

  it("puts the server's 'Invalid admin password' on the field, then signs up with the right code", async () => {
    const signups = captureBodies("/save-user-signup");
    await chooseOrganizer();
    await fillSecurityStep(page, "organizer-password");
    await field(page, "Admin Password").fill("wrong-code");
    await createButton().click();
    // Leaving the field asks the server about the code too, and its on-blur message may show
    // first; the sign-up's answer is the one that stays.
    const exactly = new RegExp(
      `^${MESSAGES.adminPasswordInvalid.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
    );
    await errorOf(page, "Admin Password").filter({ hasText: exactly }).waitFor();
    await expect(errorOf(page, "Admin Password").textContent()).resolves.toBe(
      MESSAGES.adminPasswordInvalid,
    );

    await field(page, "Admin Password").fill(ORGANIZER_CODE);
    await createButton().click();
    await page.getByRole("heading", { name: MESSAGES.registrationSuccessTitle }).waitFor();

    expect(signups).toHaveLength(2);
    const body = signups[1]!;
    expect(body).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      fullName: "Ada Lovelace",
      isStudent: true,
      gradYear: NEXT_YEAR,
      position: "Mathematics",
      area: "Healthcare",
      eligible: false,
      ineligibilityType: "organizer",
      adminPassword: ORGANIZER_CODE,
      rememberMe: true,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        "adminPassword",
        "area",
        "eligible",
        "email",
        "firstName",
        "fullName",
        "gradYear",
        "ineligibilityType",
        "isStudent",
        "lastName",
        "password",
        "position",
        "rememberMe",
      ].sort(),
    );
  });
});

describe("the sign-up call", () => {
  it("sends no graduation year, reason or admin password for an eligible non-student", async () => {
    const signups = captureBodies("/save-user-signup");
    const person = newRegistrant("payload");
    await page.goto(`${baseUrl}/register`);
    await fillBasicInfo(page, person);
    await continueButton().click();
    await field(page, "Expected Graduation Year").fill(String(NEXT_YEAR));
    await page.getByRole("radio", { name: "No" }).check();
    await field(page, "Position").fill("Engineer");
    await field(page, "Area of Interest").fill("Manufacturing");
    await continueButton().click();
    await fillSecurityStep(page, person.password);
    await createButton().click();
    await page.getByText(MESSAGES.registrationSuccessBody).waitFor();

    expect(signups).toEqual([
      {
        firstName: person.firstName,
        lastName: person.lastName,
        fullName: `${person.firstName} ${person.lastName}`,
        email: person.email,
        password: person.password,
        isStudent: false,
        position: "Engineer",
        area: "Manufacturing",
        eligible: true,
        rememberMe: true,
      },
    ]);
  });

  it("shows the server's error when the e-mail is already registered", async () => {
    const person = newRegistrant("duplicate");
    await goToSecurityStep(page, baseUrl, person);
    await fillSecurityStep(page, person.password);
    await createButton().click();
    await page.getByRole("heading", { name: MESSAGES.registrationSuccessTitle }).waitFor();

    await page.evaluate("localStorage.clear(); sessionStorage.clear();");
    await context.clearCookies();
    await goToSecurityStep(page, baseUrl, person);
    await fillSecurityStep(page, person.password);
    await createButton().click();
    const alert = page.getByRole("alert").filter({ hasText: "already exists" });
    await alert.waitFor();
    expect(page.url()).toBe(`${baseUrl}/register`);
  });
});
