import { apiKey, expectPath } from "./fixtures";
import {
  expect,
  fillForeignForm,
  linkFromMail,
  loginAsApplicant,
  logout,
  mailCount,
  mailTexts,
  NEW_PASSWORD,
  newCitizen,
  newForeigner,
  newLinkFromMail,
  signUpCitizen,
  submitLogin,
  submitSignUp,
  tamper,
  test,
  type Person,
} from "./accounts-fixtures";
import type { Page } from "@playwright/test";

// The journeys: a citizen and a foreign national each sign up, read their mail from the
// outbox, activate, log in, recover the password, log in with the new one — and the old one fails.
// Both run with JavaScript off and on (the "nojs" and "js" projects).

const WRONG_LOGIN = "Surel atau kata sandi salah.";

/** Recovery from the login page's "Lupa kata sandi?" to the change-success page. */
async function recoverPassword(page: Page, loginPath: string, person: Person) {
  await page.goto(loginPath);
  await page.getByRole("link", { name: "Lupa kata sandi?" }).click();
  await expectPath(page, "/forgot-password");
  await expect(page.getByRole("heading", { name: "Lupa Kata Sandi", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "LANJUTKAN" }).click();
  await expectPath(page, "/forgot-password/email");

  const before = mailCount(person.email);
  await page.getByLabel("Alamat Surel", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: "KIRIM TAUTAN" }).click();
  await expectPath(page, "/forgot-password/email-send");
  await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();

  const link = await newLinkFromMail(person.email, "recovery", before);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Buat Kata Sandi Baru" })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();

  await test.step("a confirmation that does not match is refused", async () => {
    await page.getByLabel("Kata Sandi Baru", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Konfirmasi Kata Sandi Baru", { exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();
    await expect(page.getByLabel("Konfirmasi Kata Sandi Baru", { exact: true })).toHaveAccessibleDescription(
      /Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi/,
    );
  });

  await page.getByLabel("Kata Sandi Baru", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Konfirmasi Kata Sandi Baru", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();
  await expectPath(page, "/forgot-password/change-success");
  await expect(page.getByRole("heading", { name: "Kata sandi berhasil diubah" })).toBeVisible();

  await test.step("the recovery link works once", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Tautan tidak dapat digunakan" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("sudah pernah digunakan");
    await expect(page.getByRole("link", { name: "MINTA TAUTAN BARU" })).toHaveAttribute("href", "/forgot-password/email");
  });
}

/** After recovery: the old password fails, the new one logs in. */
async function oldPasswordFailsNewWorks(page: Page, loginPath: string, person: Person) {
  await submitLogin(page, loginPath, person.email, person.password);
  await expect(page.getByRole("alert")).toContainText(WRONG_LOGIN);
  await expectPath(page, loginPath);
  await loginAsApplicant(page, loginPath, person, NEW_PASSWORD);
}

test("a citizen signs up, activates the account from the mail, logs in and recovers the password", async ({ page, request }, testInfo) => {
  const citizen = newCitizen(testInfo);

  await test.step("the login page leads to the sign-up, whose FAQ is the 'cannot create an account' article", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Daftar di sini" }).click();
    await expectPath(page, "/sign-up");
    await expect(page).toHaveTitle("Daftar Akun — Adaptasi Nakes LLN");
    const config = await request.get("/api/v1/config/public", { headers: { "x-adaptasiapikey": apiKey() } });
    const { data } = (await config.json()) as { data: { faq: { signUp: string } } };
    await expect(page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute(
      "href",
      data.faq.signUp,
    );
  });

  await test.step("sign up", async () => {
    await signUpCitizen(page, citizen);
    await expect(page.getByText(citizen.email)).toBeVisible();
    await expect(page.getByText(/24 jam/)).toBeVisible();
    await expect(page.getByRole("link", { name: "KE HALAMAN MASUK" })).toHaveAttribute("href", "/login");
    // The activation mail is in before the next steps count mails.
    await linkFromMail(citizen.email, "activation");
  });

  await test.step("a second sign-up with the same e-mail gets the same answer, and the owner a mail instead", async () => {
    // Mail goes out after the answer: the two mails may arrive in either order, so the test looks
    // for the owner's mail among all of them rather than taking the newest.
    const ownerMail = "mencoba membuat akun baru di Adaptasi Nakes LLN dengan alamat surel ini";
    expect(mailTexts(citizen.email).some((text) => text.includes(ownerMail))).toBe(false);
    await signUpCitizen(page, { ...newCitizen(testInfo, "Budi Kedua"), email: citizen.email });
    await expect(page.getByText(citizen.email)).toBeVisible();
    await expect(page.getByText(/sudah terdaftar, tidak ada akun baru yang dibuat/)).toBeVisible();
    await expect.poll(() => mailTexts(citizen.email).filter((text) => text.includes(ownerMail)).length).toBe(1);
  });

  await test.step("logging in before activation says so and offers a new activation link", async () => {
    await submitLogin(page, "/login", citizen.email, citizen.password);
    await expect(page.getByRole("alert")).toContainText("Akun Anda belum diaktifkan");
    const resend = page.getByRole("link", { name: /Kirim ulang tautan aktivasi/ });
    await expect(resend).toHaveAttribute("href", "/account-activation");
    await resend.click();
    await expectPath(page, "/account-activation");
    const before = mailCount(citizen.email);
    await page.getByLabel("Alamat Surel", { exact: true }).fill(citizen.email);
    await page.getByRole("button", { name: "KIRIM ULANG TAUTAN AKTIVASI" }).click();
    await expectPath(page, "/account-activation/success-resend");
    await expect(page.getByRole("heading", { name: "Tautan aktivasi dikirim" })).toBeVisible();
    await expect.poll(() => mailCount(citizen.email)).toBeGreaterThan(before);
  });

  const link = await linkFromMail(citizen.email, "activation");

  await test.step("a tampered activation link is refused with a clear message and a resend form", async () => {
    await page.goto(tamper(link));
    await expect(page.getByRole("heading", { name: "Aktivasi akun gagal" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Tautan tidak valid");
    await expect(page.getByRole("button", { name: "KIRIM ULANG TAUTAN AKTIVASI" })).toBeVisible();
  });

  await test.step("the newest activation link activates the account", async () => {
    await page.goto(link);
    // An activated citizen is sent to /login, with the news.
    await expectPath(page, "/login");
    await expect(page.getByText(`Akun ${citizen.email} sudah aktif.`)).toBeVisible();
  });

  await test.step("the same link a second time says it was used", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Aktivasi akun gagal" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("sudah pernah digunakan");
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toBeVisible();
  });

  await test.step("log in, the sign-up is closed to a logged-in user, log out", async () => {
    await page.getByRole("link", { name: "MASUK", exact: true }).first().click();
    await expectPath(page, "/login");
    await loginAsApplicant(page, "/login", citizen, citizen.password);
    await page.goto("/sign-up");
    await expectPath(page, "/");
    await logout(page);
  });

  await test.step("recover the password", async () => {
    await recoverPassword(page, "/login", citizen);
  });

  await test.step("the old password fails, the new one works", async () => {
    await oldPasswordFailsNewWorks(page, "/login", citizen);
  });
});

test("a foreign national signs up in two steps, activates, logs in at /wna/login and recovers the password", async ({ page, request }, testInfo) => {
  // A right-to-left, non-Latin name goes through the whole journey.
  const foreigner = newForeigner(testInfo, "مريم العلي");

  await test.step("the foreign login page leads to step 1, which needs both answers", async () => {
    await page.goto("/wna/login");
    await page.getByRole("link", { name: "Daftar di sini" }).click();
    await expectPath(page, "/wna/sign-up/welcome");
    await expect(page.getByText("Langkah 1 dari 2")).toBeVisible();
    await page.getByRole("button", { name: "LANJUTKAN" }).click();
    await expect(page.getByRole("alert")).toContainText("Kawasan Ekonomi Khusus (KEK) harus diisi");
    await expect(page.getByRole("alert")).toContainText("Jalur Pendaftaran harus diisi");
    await expectPath(page, "/wna/sign-up/welcome");
  });

  await test.step("step 1: KEK and pathway", async () => {
    await page
      .getByRole("group", { name: /Kawasan Ekonomi Khusus/ })
      .getByRole("radio", { name: "Ya" })
      .check();
    await page.getByRole("radio", { name: "Spesialis (SPE)" }).check();
    await page.getByRole("button", { name: "LANJUTKAN" }).click();
    await expectPath(page, "/wna/sign-up");
    await expect(page.getByText("Langkah 2 dari 2")).toBeVisible();
    const choices = page.getByRole("region", { name: "Pilihan Anda" });
    await expect(choices).toContainText("Ya");
    await expect(choices).toContainText("Spesialis (SPE)");
  });

  await test.step("the passport number typed survives a failed post and a change of step 1", async () => {
    await page.getByLabel("Nomor Paspor / Identitas Asing", { exact: true }).fill(foreigner.foreignId);
    // Enter submits the sign-up (not "Ubah", which comes first on the page).
    await page.getByLabel("Nomor Paspor / Identitas Asing", { exact: true }).press("Enter");
    await expect(page.getByLabel("Kewarganegaraan", { exact: true })).toHaveAccessibleDescription(/Kewarganegaraan harus diisi/);
    await page.getByRole("button", { name: /Ubah pilihan KEK/ }).click();
    await expectPath(page, "/wna/sign-up/welcome");
    await expect(page.getByRole("radio", { name: "Spesialis (SPE)" })).toBeChecked();
    await page
      .getByRole("group", { name: /Kawasan Ekonomi Khusus/ })
      .getByRole("radio", { name: "Tidak" })
      .check();
    await page.getByRole("radio", { name: "Lainnya (OTH)" }).check();
    await page.getByRole("button", { name: "LANJUTKAN" }).click();
    await expectPath(page, "/wna/sign-up");
    await expect(page.getByRole("region", { name: "Pilihan Anda" })).toContainText("Lainnya (OTH)");
    await expect(page.getByLabel("Nomor Paspor / Identitas Asing", { exact: true })).toHaveValue(foreigner.foreignId);
  });

  await test.step("step 2: identity, contact and password", async () => {
    await fillForeignForm(page, foreigner);
    await submitSignUp(page);
    await expectPath(page, "/wna/sign-up/result");
    await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();
    await expect(page.getByText(foreigner.email)).toBeVisible();
    await expect(page.getByRole("link", { name: "KE HALAMAN MASUK" })).toHaveAttribute("href", "/wna/login");
  });

  await test.step("the draft is gone: step 2 sends back to step 1", async () => {
    await page.goto("/wna/sign-up");
    await expectPath(page, "/wna/sign-up/welcome");
  });

  await test.step("activate from the mail", async () => {
    await page.goto(await linkFromMail(foreigner.email, "activation"));
    // A foreign national is sent to their own login page, /wna/login.
    await expectPath(page, "/wna/login");
    await expect(page.getByText(`Akun ${foreigner.email} sudah aktif.`)).toBeVisible();
  });

  await test.step("log in at /wna/login; the account is marked foreign, with step 1's answers", async () => {
    await loginAsApplicant(page, "/wna/login", foreigner, foreigner.password);
    const login = await request.post("/api/v1/login", {
      headers: { "x-adaptasiapikey": apiKey() },
      data: { email: foreigner.email, password: foreigner.password },
    });
    const { token } = (await login.json()) as { token: { token: string } };
    const me = await request.get("/api/v1/admin/get-me", { headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token.token}` } });
    const { data } = (await me.json()) as { data: { user: { full_name: string; is_foreign?: boolean; phone: string | null } } };
    expect(data.user.full_name).toBe(foreigner.fullName);
    expect(data.user.is_foreign).toBe(true);
    // The international number typed with its "+" and spaces ("+60 12 345 6789") is kept as its digits.
    expect(data.user.phone).toBe(foreigner.phone.replace(/\s+/g, ""));
    // The pathway chosen in step 1 (OTH) is the one offered first when choosing a pathway.
    await page.goto("/registration-path");
    await expect(page.getByRole("radio", { name: "Lainnya", exact: true })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Reguler", exact: true })).not.toBeChecked();
    await logout(page);
  });

  await test.step("recover the password from /wna/login", async () => {
    await recoverPassword(page, "/wna/login", foreigner);
  });

  await test.step("the old password fails, the new one works", async () => {
    await oldPasswordFailsNewWorks(page, "/wna/login", foreigner);
  });
});
